/** The variations picker (GET /products/{id}/variations and /variations). */
import type { VariationSearchRow } from '@storelens/api';
import type { ReportContext } from '../context';
import { type ListResult, link, stripTags } from '../paging';
import { variationAttributes } from '../product-records';
import { searchSet } from '../search/load';
import {
  allMatching,
  idConditions,
  inIds,
  type PickerPaging,
  pageFromSet,
  pickerOrder,
  pickerPage,
  SET_ORDER,
} from './page';
import { PRODUCT_ORDER, PRODUCT_SELECT, type ProductRow, productItem } from './products';

/** Parameters of a variations search (one parent, or every parent). */
export interface VariationSearch extends PickerPaging {
  parent: number | undefined;
  search: string | undefined;
  include: readonly number[];
  exclude: readonly number[];
}

/** GET /products/{id}/variations and /variations: name, SKU or attribute values. */
export async function searchVariations(ctx: ReportContext, s: VariationSearch) {
  type Row = ProductRow & { parent_name: string | null };
  const select = `${PRODUCT_SELECT}, pp.name AS parent_name`;
  const from =
    "products p LEFT JOIN products pp ON pp.id = p.parent_id WHERE p.type = 'variation' AND p.status <> 'trash'";
  const sort = SET_ORDER[s.orderby];
  let result: ListResult<Row>;
  // One parent's variations without a search are few: SQL reads them through its index.
  if (sort && !s.include.length && (s.search || s.parent === undefined)) {
    const set = await searchSet(ctx.db, 'variations');
    const exclude = new Set(s.exclude);
    const parents = set.columns.parent!;
    const accept =
      s.parent !== undefined || exclude.size
        ? (row: number) =>
            (s.parent === undefined || parents[row] === s.parent) && !exclude.has(set.ids[row]!)
        : undefined;
    result = await pageFromSet<Row>(ctx, set, s, {
      term: s.search,
      fields: ['text'],
      accept,
      sort,
      select,
      from,
    });
  } else {
    const where: string[] = [];
    const params: unknown[] = [];
    if (s.parent !== undefined) {
      where.push('p.parent_id = ?');
      params.push(s.parent);
    }
    if (s.search) {
      const set = await searchSet(ctx.db, 'variations');
      const matching = inIds(ctx, 'p.id', allMatching(set, ['text'], s.search));
      where.push(matching.sql);
      params.push(...matching.params);
    }
    where.push(...idConditions('p.id', s.include, s.exclude));
    const dir = s.order === 'asc' ? 'ASC' : 'DESC';
    const order = pickerOrder(s, 'p.id', PRODUCT_ORDER[s.orderby] ?? 'p.date_created', dir);
    result = await pickerPage<Row>(ctx, [from, ...where].join(' AND '), params, select, order, s);
  }
  const ids = result.rows.map((r) => Number(r.id));
  const attrs = await variationAttributes(ctx, ids);
  return {
    ...result,
    rows: result.rows.map((r): VariationSearchRow => {
      const item = productItem(ctx, r, 1);
      return {
        ...item,
        name: stripTags(r.parent_name ?? r.name),
        type: 'variation',
        description: r.description,
        attributes: attrs.get(Number(r.id)) ?? [],
        image: item.images[0] ?? null,
        _links: {
          self: link(`/wc-analytics/products/${Number(r.parent_id)}/variations/${Number(r.id)}`),
          up: link(`/wc-analytics/products/${Number(r.parent_id)}`),
        },
      };
    }),
  };
}
