/*
 * Product details the product-like list reports show beside their figures: records by id,
 * the store's low-stock threshold and `extended_info` (docs/api.md, "Analytics: lists").
 */
import type { CostSource } from '@storelens/api';
import { nowGmt } from '../clock';
import { costInForce, enteredCostsWin, readCostHistories } from '../costs/unit-costs';
import { fromUnits } from '../money';
import { getOptions } from '../options';
import type { ReportContext } from './context';
import { idsSql } from './filters';
import { escapeHtml, stripTags } from './paging';
import { inIds, preparedSql } from './pickers/page';

/** The store's low-stock threshold (minimum 1). */
export async function lowStockThreshold(ctx: ReportContext): Promise<number> {
  const o = await getOptions(ctx.db, ['woocommerce_notify_low_stock_amount']);
  return Math.max(1, Number(o.get('woocommerce_notify_low_stock_amount') ?? 2));
}

interface ProductRecord {
  id: number;
  parent_id: number;
  type: string;
  name: string;
  slug: string;
  sku: string;
  price: number;
  image_url: string;
  stock_status: string;
  stock_quantity: number | null;
  manage_stock: number;
  low_stock_amount: number | null;
}

/** Product records by id. */
export async function productsById(
  ctx: ReportContext,
  ids: readonly number[],
): Promise<Map<number, ProductRecord>> {
  if (!ids.length) return new Map();
  const rows = await ctx.sql.query<ProductRecord>(
    `SELECT id, parent_id, type, name, slug, sku, price, image_url, stock_status, stock_quantity,
       manage_stock, low_stock_amount FROM products WHERE id IN ${idsSql([...new Set(ids)])}`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** `extended_info` of products and variations (docs/api.md, "Analytics: lists"). */
export async function productInfo(
  ctx: ReportContext,
  ids: readonly number[],
  withVariations: boolean,
) {
  const records = await productsById(ctx, ids);
  const threshold = await lowStockThreshold(ctx);
  const cats = new Map<number, number[]>();
  const variations = new Map<number, number[]>();
  if (ids.length) {
    for (const r of await ctx.sql.query<{ product_id: number; category_id: number }>(
      `SELECT product_id, category_id FROM product_categories WHERE product_id IN ${idsSql([...new Set(ids)])} ORDER BY category_id`,
    )) {
      const list = cats.get(Number(r.product_id)) ?? [];
      list.push(Number(r.category_id));
      cats.set(Number(r.product_id), list);
    }
    if (withVariations) {
      for (const r of await ctx.sql.query<{ id: number; parent_id: number }>(
        `SELECT id, parent_id FROM products WHERE parent_id IN ${idsSql([...new Set(ids)])} ORDER BY id`,
      )) {
        const list = variations.get(Number(r.parent_id)) ?? [];
        list.push(Number(r.id));
        variations.set(Number(r.parent_id), list);
      }
    }
  }
  const costs = await costsInForce(ctx, records);
  return (id: number) => {
    const p = records.get(id);
    if (!p) return { name: '(Deleted)' };
    return {
      name: stripTags(p.name),
      price: ctx.money(Number(p.price)),
      image: p.image_url ? `<img src="${escapeHtml(p.image_url)}" alt="" />` : '',
      permalink: `/?post_type=product&p=${id}`,
      category_ids: cats.get(id) ?? [],
      stock_status: p.stock_status,
      stock_quantity: p.stock_quantity === null ? null : Number(p.stock_quantity),
      manage_stock: Number(p.manage_stock) === 1,
      low_stock_amount: p.low_stock_amount === null ? threshold : Number(p.low_stock_amount),
      ...(withVariations && p.type === 'variable' ? { variations: variations.get(id) ?? [] } : {}),
      sku: p.sku,
      ...costs(id),
    };
  };
}

/**
 * The unit cost in force today of each record and where it comes from (costs/unit-costs.ts);
 * a variation without one of its own takes its product's.
 */
async function costsInForce(ctx: ReportContext, records: ReadonlyMap<number, ProductRecord>) {
  const ids = [...records.values()].flatMap((p) =>
    Number(p.parent_id) > 0 ? [Number(p.id), Number(p.parent_id)] : [Number(p.id)],
  );
  const histories = await readCostHistories(ctx.sql, ids);
  const win = histories.entered.size > 0 && (await enteredCostsWin(ctx.sql));
  const now = nowGmt();
  return (id: number): { cost: number | null; cost_source: CostSource } => {
    const p = records.get(id)!;
    const found = costInForce(histories, win, id, Number(p.parent_id), now);
    return {
      cost: found.cost === null ? null : fromUnits(found.cost, 4),
      cost_source: found.source,
    };
  };
}

/** A variation's attribute and the option it takes. */
export interface VariationAttribute {
  id: number;
  name: string;
  option: string;
}

/**
 * The attributes of each of `ids` (variations, whose rows are products), in attribute order,
 * for the variations list's extended info and the variations picker.
 */
export async function variationAttributes(
  ctx: ReportContext,
  ids: readonly number[],
): Promise<Map<number, VariationAttribute[]>> {
  const attrs = new Map<number, VariationAttribute[]>();
  if (!ids.length) return attrs;
  const page = inIds(ctx, 'pa.product_id', ids);
  for (const a of await preparedSql(ctx).query<VariationAttribute & { product_id: number }>(
    `SELECT pa.product_id, a.id, a.name, t.name AS option FROM product_attributes pa
     JOIN attributes a ON a.id = pa.attribute_id JOIN attribute_terms t ON t.id = pa.term_id
     WHERE ${page.sql} ORDER BY a.id`,
    page.params,
  )) {
    const list = attrs.get(Number(a.product_id)) ?? [];
    list.push({ id: Number(a.id), name: a.name, option: a.option });
    attrs.set(Number(a.product_id), list);
  }
  return attrs;
}
