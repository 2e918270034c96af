import type { ReportContext } from './context';
import { idsSql, type ReportFilters } from './filters';
import type { Segment } from './stats';

/** What `segmentby` may name across the stats reports. */
export type SegmentBy =
  | 'product'
  | 'category'
  | 'variation'
  | 'coupon'
  | 'customer_type'
  | 'tax_rate_id';

/** The tax code of a rate: COUNTRY-STATE-NAME-PRIORITY, empty parts left out. */
export function taxCode(r: { country: string; state: string; name: string; priority: number }) {
  return [r.country, r.state, r.name, String(r.priority)].filter((p) => p !== '').join('-');
}

/**
 * Every segment id a `segmentby` shows (zero-filled even without data; docs/api.md,
 * "Segments"):
 * all products (or the included ones, narrowed by categories), the variations of the one
 * included product, categories, coupons, new/returning, tax rates.
 */
export async function segmentUniverse(
  ctx: ReportContext,
  by: SegmentBy,
  f: ReportFilters,
): Promise<Segment[]> {
  const { sql } = ctx;
  const rows = async (text: string, params: unknown[] = []) =>
    (await sql.query<{ id: number; label: string }>(text, params)).map((r) => ({
      id: Number(r.id),
      label: String(r.label),
    }));
  switch (by) {
    case 'product': {
      let where = 'parent_id = 0';
      if (f.productIncludes.length) where += ` AND id IN ${idsSql(f.productIncludes)}`;
      if (f.categoryIncludes.length)
        where += ` AND id IN (SELECT product_id FROM product_categories WHERE category_id IN ${idsSql(f.categoryIncludes)})`;
      return rows(`SELECT id, name AS label FROM products WHERE ${where}`);
    }
    case 'variation': {
      if (f.productIncludes.length !== 1) return [];
      const parent = f.productIncludes[0]!;
      let where = `parent_id = ${idsSql([parent]).slice(1, -1)}`;
      if (f.variationIncludes.length) where += ` AND id IN ${idsSql(f.variationIncludes)}`;
      const list = await rows(`SELECT id, name AS label FROM products WHERE ${where}`);
      if (!f.variationIncludes.length) {
        const p = await rows('SELECT id, name AS label FROM products WHERE id = ?', [parent]);
        list.push({ id: 0, label: p[0]?.label ?? '' });
      }
      return list;
    }
    case 'category':
      return rows(
        `SELECT id, name AS label FROM categories${f.categoryIncludes.length ? ` WHERE id IN ${idsSql(f.categoryIncludes)}` : ''}`,
      );
    case 'coupon':
      return rows(
        `SELECT id, code AS label FROM coupons${f.couponIncludes.length ? ` WHERE id IN ${idsSql(f.couponIncludes)}` : ''}`,
      );
    case 'customer_type':
      return [
        { id: 0, label: 'new' },
        { id: 1, label: 'returning' },
      ];
    case 'tax_rate_id': {
      const list = await sql.query<{
        id: number;
        country: string;
        state: string;
        name: string;
        priority: number;
      }>(
        `SELECT id, country, state, name, priority FROM tax_rates${f.taxRateIncludes.length ? ` WHERE id IN ${idsSql(f.taxRateIncludes)}` : ''}`,
      );
      return list.map((r) => ({ id: Number(r.id), label: taxCode(r) }));
    }
  }
}

/** Category ids of each product (for category segments). */
export async function categoriesOfProducts(ctx: ReportContext): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  const rows = await ctx.sql.query<{ product_id: number; category_id: number }>(
    'SELECT product_id, category_id FROM product_categories',
  );
  for (const r of rows) {
    const list = out.get(Number(r.product_id)) ?? [];
    list.push(Number(r.category_id));
    out.set(Number(r.product_id), list);
  }
  return out;
}
