/** The products picker (GET /products): in-memory search, rows in the WC v3 product shape. */
import type { ProductSearchRow } from '@storelens/api';
import { containsPattern } from '../../db/sql';
import type { ReportContext } from '../context';
import { idsSql } from '../filters';
import { type ListResult, link, stripTags } from '../paging';
import { searchSet } from '../search/load';
import type { SearchSet } from '../search/set';
import {
  allMatching,
  idConditions,
  inIds,
  LIKE,
  type PickerPaging,
  pageFromSet,
  pickerOrder,
  pickerPage,
  SET_ORDER,
} from './page';

export interface ProductRow {
  id: number;
  parent_id: number;
  type: string;
  name: string;
  slug: string;
  sku: string;
  price: number;
  regular_price: number;
  image_url: string;
  stock_status: string;
  stock_quantity: number | null;
  manage_stock: number;
  low_stock_amount: number | null;
  total_sales: number;
  date_created: string;
  date_created_gmt: string;
  description: string;
}

export const PRODUCT_SELECT = `p.id, p.parent_id, p.type, p.name, p.slug, p.sku, p.price, p.regular_price,
  p.image_url, p.stock_status, p.stock_quantity, p.manage_stock, p.low_stock_amount, p.total_sales,
  p.date_created, p.date_created_gmt, p.description`;

/** Parameters of the products search. */
export interface ProductSearch extends PickerPaging {
  search: string | undefined;
  include: readonly number[];
  exclude: readonly number[];
  type: string | undefined;
  sku: string | undefined;
  category: readonly number[];
  lowThreshold: number;
  /** Only products low in stock (`low_in_stock` in productItem), counted before paging. */
  lowInStock?: boolean;
  /**
   * WooCommerce's `status`: `any` (the default) is every status but the trash, as WordPress
   * reads "any"; another names the one status, `trash` included.
   */
  status?: string;
}

/** SQL for productItem's `low_in_stock`, so that the filter applies before paging and totals. */
function lowInStockSql(alias: string, threshold: number): { sql: string; params: unknown[] } {
  const c = (name: string) => (alias ? `${alias}.${name}` : name);
  return {
    sql: `${c('manage_stock')} = 1 AND ${c('stock_status')} = 'instock' AND ${c('stock_quantity')} IS NOT NULL AND ${c('stock_quantity')} > 0 AND ${c('stock_quantity')} <= COALESCE(${c('low_stock_amount')}, ?)`,
    params: [threshold],
  };
}

export const PRODUCT_ORDER: Record<string, string> = {
  date: 'p.date_created',
  id: 'p.id',
  title: 'p.name',
  slug: 'p.slug',
  price: 'p.price',
  popularity: 'p.total_sales',
  rating: 'p.average_rating',
};

/** The WC v3 product fields the client reads, plus `low_in_stock`. */
export function productItem(
  ctx: ReportContext,
  r: ProductRow,
  lowThreshold: number,
): ProductSearchRow {
  const qty = r.stock_quantity === null ? null : Number(r.stock_quantity);
  const low = r.low_stock_amount === null ? lowThreshold : Number(r.low_stock_amount);
  return {
    id: Number(r.id),
    name: stripTags(r.name),
    slug: r.slug,
    permalink: `/?post_type=product&p=${Number(r.id)}`,
    date_created: r.date_created.replace(' ', 'T'),
    date_created_gmt: r.date_created_gmt.replace(' ', 'T'),
    type: r.type,
    parent_id: Number(r.parent_id),
    sku: r.sku,
    price: String(ctx.money(Number(r.price))),
    regular_price: String(ctx.money(Number(r.regular_price))),
    total_sales: Number(r.total_sales),
    manage_stock: Number(r.manage_stock) === 1,
    stock_quantity: qty,
    stock_status: r.stock_status,
    low_stock_amount: r.low_stock_amount === null ? null : Number(r.low_stock_amount),
    low_in_stock:
      Number(r.manage_stock) === 1 &&
      r.stock_status === 'instock' &&
      qty !== null &&
      qty > 0 &&
      qty <= low,
    images: r.image_url ? [{ id: 0, src: r.image_url, name: '', alt: '' }] : [],
    _links: { self: link(`/wc-analytics/products/${Number(r.id)}`) },
  };
}

/** GET /wc-analytics/products: name or SKU contains `search`. */
export async function searchProducts(ctx: ReportContext, s: ProductSearch) {
  const sort = SET_ORDER[s.orderby];
  const anyStatus = (s.status ?? 'any') === 'any';
  // The in-memory set holds the products of any status but the trash.
  if (sort && !s.include.length && anyStatus) {
    const result = await productsFromSet(ctx, await searchSet(ctx.db, 'products'), s, sort);
    return { ...result, rows: result.rows.map((r) => productItem(ctx, r, s.lowThreshold)) };
  }
  const where: string[] = ['p.parent_id = 0', anyStatus ? "p.status <> 'trash'" : 'p.status = ?'];
  const params: unknown[] = anyStatus ? [] : [s.status];
  if (s.search && s.status === 'trash') {
    // The search set leaves out the trash: its products are matched here, case-insensitively
    // (without the set's folding of accents), in name or SKU.
    const pattern = containsPattern(s.search);
    where.push(`(LOWER(p.name) ${LIKE} OR LOWER(p.sku) ${LIKE})`);
    params.push(pattern, pattern);
  } else if (s.search) {
    const set = await searchSet(ctx.db, 'products');
    const matching = inIds(ctx, 'p.id', allMatching(set, ['text'], s.search));
    where.push(matching.sql);
    params.push(...matching.params);
  }
  if (s.sku) {
    where.push('p.sku = ?');
    params.push(s.sku);
  }
  where.push(...idConditions('p.id', s.include, s.exclude));
  if (s.type) {
    where.push('p.type = ?');
    params.push(s.type);
  }
  if (s.lowInStock) {
    const low = lowInStockSql('p', s.lowThreshold);
    where.push(low.sql);
    params.push(...low.params);
  }
  if (s.category.length)
    where.push(
      `p.id IN (SELECT product_id FROM product_categories WHERE category_id IN ${idsSql(s.category)})`,
    );
  const dir = s.order === 'asc' ? 'ASC' : 'DESC';
  const order = pickerOrder(s, 'p.id', PRODUCT_ORDER[s.orderby] ?? 'p.date_created', dir);
  const result = await pickerPage<ProductRow>(
    ctx,
    `products p WHERE ${where.join(' AND ')}`,
    params,
    PRODUCT_SELECT,
    order,
    s,
  );
  return { ...result, rows: result.rows.map((r) => productItem(ctx, r, s.lowThreshold)) };
}

/**
 * A products page from the in-memory set: the filters the set holds (type, exclude) apply
 * there; `sku` and `category` are read as id lists first.
 */
async function productsFromSet(
  ctx: ReportContext,
  set: SearchSet,
  s: ProductSearch,
  sort: string,
): Promise<ListResult<ProductRow>> {
  let allowed: Set<number> | undefined;
  if (s.sku || s.category.length || s.lowInStock) {
    const where = ['parent_id = 0', "status <> 'trash'"];
    const params: unknown[] = [];
    if (s.lowInStock) {
      const low = lowInStockSql('', s.lowThreshold);
      where.push(low.sql);
      params.push(...low.params);
    }
    if (s.sku) {
      where.push('sku = ?');
      params.push(s.sku);
    }
    if (s.category.length)
      where.push(
        `id IN (SELECT product_id FROM product_categories WHERE category_id IN ${idsSql(s.category)})`,
      );
    const rows = await ctx.sql.query<{ id: number }>(
      `SELECT id FROM products WHERE ${where.join(' AND ')}`,
      params,
    );
    allowed = new Set(rows.map((r) => Number(r.id)));
  }
  const exclude = new Set(s.exclude);
  const types = set.columns.type!;
  const accept =
    s.type || exclude.size || allowed
      ? (row: number) => {
          const id = set.ids[row]!;
          return (
            (!s.type || types[row] === s.type) && !exclude.has(id) && (!allowed || allowed.has(id))
          );
        }
      : undefined;
  return pageFromSet<ProductRow>(ctx, set, s, {
    term: s.search,
    fields: ['text'],
    accept,
    sort,
    select: PRODUCT_SELECT,
    from: "products p WHERE p.parent_id = 0 AND p.status <> 'trash'",
  });
}
