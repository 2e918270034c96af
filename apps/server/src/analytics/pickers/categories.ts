/** The product categories picker (GET /products/categories). */
import type { CategorySearchRow } from '@storelens/api';
import type { ReportContext } from '../context';
import { link } from '../paging';
import { addContains, idConditions, type PickerPaging, pickerOrder, pickerPage } from './page';

/** GET /products/categories: with product counts. */
export async function searchCategories(
  ctx: ReportContext,
  s: PickerPaging & {
    search: string | undefined;
    include: readonly number[];
    exclude: readonly number[];
    parent: number | undefined;
    hideEmpty: boolean;
  },
) {
  const where: string[] = ['1=1'];
  const params: unknown[] = [];
  if (s.search) addContains(where, params, 'c.name', s.search);
  where.push(...idConditions('c.id', s.include, s.exclude));
  if (s.parent !== undefined) {
    where.push('c.parent_id = ?');
    params.push(s.parent);
  }
  const countSql = '(SELECT COUNT(*) FROM product_categories pc WHERE pc.category_id = c.id)';
  if (s.hideEmpty) where.push(`${countSql} > 0`);
  const dir = s.order === 'desc' ? 'DESC' : 'ASC';
  const column: Record<string, string> = {
    id: 'c.id',
    name: 'c.name',
    slug: 'c.slug',
    term_group: 'c.id',
    description: 'c.description',
    count: countSql,
  };
  const order = pickerOrder(s, 'c.id', column[s.orderby] ?? 'c.name', dir);
  const result = await pickerPage<{
    id: number;
    name: string;
    slug: string;
    parent_id: number;
    description: string;
    count: number;
  }>(
    ctx,
    `categories c WHERE ${where.join(' AND ')}`,
    params,
    `c.id, c.name, c.slug, c.parent_id, c.description, ${countSql} AS count`,
    order,
    s,
  );
  return {
    ...result,
    rows: result.rows.map(
      (r): CategorySearchRow => ({
        id: Number(r.id),
        name: r.name,
        slug: r.slug,
        parent: Number(r.parent_id),
        description: r.description,
        display: 'default',
        image: null,
        menu_order: 0,
        count: Number(r.count),
        _links: { self: link(`/wc-analytics/products/categories/${Number(r.id)}`) },
      }),
    ),
  };
}
