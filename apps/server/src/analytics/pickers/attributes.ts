/** Product attributes and their terms (GET /products/attributes, …/terms). */
import type { AttributeBody, AttributeTermRow } from '@storelens/api';
import { containsPattern } from '../../db/sql';
import type { ReportContext } from '../context';
import {
  addContains,
  idConditions,
  LIKE,
  type PickerPaging,
  pickerOrder,
  pickerPage,
} from './page';

/** An attribute in the WC v3 shape. */
const attributeItem = (a: { id: number; name: string; slug: string }): AttributeBody => ({
  id: Number(a.id),
  name: a.name,
  slug: a.slug,
  type: 'select',
  order_by: 'menu_order',
  has_archives: false,
});

/** GET /products/attributes: every attribute, or those whose label matches `search`. */
export async function searchAttributes(ctx: ReportContext, search: string | undefined) {
  const rows = await ctx.sql.query<{ id: number; name: string; slug: string }>(
    `SELECT id, name, slug FROM attributes${search ? ` WHERE LOWER(name) ${LIKE}` : ''} ORDER BY name, id`,
    search ? [containsPattern(search)] : [],
  );
  return rows.map(attributeItem);
}

/** One attribute by numeric id or slug (`color` or `pa_color`), or undefined. */
export async function findAttribute(ctx: ReportContext, idOrSlug: string) {
  const numeric = /^\d+$/.test(idOrSlug);
  // Digits past the largest id name no attribute (PostgreSQL would refuse the bigint).
  if (numeric && !Number.isSafeInteger(Number(idOrSlug))) return undefined;
  const rows = await ctx.sql.query<{ id: number; name: string; slug: string }>(
    numeric
      ? 'SELECT id, name, slug FROM attributes WHERE id = ?'
      : 'SELECT id, name, slug FROM attributes WHERE slug = ? OR slug = ?',
    numeric ? [Number(idOrSlug)] : [idOrSlug, `pa_${idOrSlug}`],
  );
  return rows[0] ? attributeItem(rows[0]) : undefined;
}

/** GET /products/attributes/{id}/terms with the number of products using each term. */
export async function attributeTerms(
  ctx: ReportContext,
  attributeId: number,
  s: PickerPaging & { search: string | undefined; include: readonly number[] },
) {
  const where = ['t.attribute_id = ?'];
  const params: unknown[] = [attributeId];
  if (s.search) addContains(where, params, 't.name', s.search);
  where.push(...idConditions('t.id', s.include));
  const countSql =
    '(SELECT COUNT(DISTINCT pa.product_id) FROM product_attributes pa WHERE pa.term_id = t.id)';
  const dir = s.order === 'desc' ? 'DESC' : 'ASC';
  const column: Record<string, string> = {
    id: 't.id',
    name: 't.name',
    slug: 't.slug',
    menu_order: 't.menu_order',
    count: countSql,
  };
  const order = pickerOrder(s, 't.id', column[s.orderby] ?? 't.name', dir);
  const result = await pickerPage<{
    id: number;
    name: string;
    slug: string;
    menu_order: number;
    count: number;
  }>(
    ctx,
    `attribute_terms t WHERE ${where.join(' AND ')}`,
    params,
    `t.id, t.name, t.slug, t.menu_order, ${countSql} AS count`,
    order,
    s,
  );
  return {
    ...result,
    rows: result.rows.map(
      (r): AttributeTermRow => ({
        id: Number(r.id),
        name: r.name,
        slug: r.slug,
        description: '',
        menu_order: Number(r.menu_order),
        count: Number(r.count),
      }),
    ),
  };
}
