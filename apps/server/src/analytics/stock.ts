/*
 * Stock report and the downloads list (docs/api.md, "Analytics: lists" and "Analytics: stats").
 */
import type { DownloadsListRow, StockListRow } from '@storelens/api';
import type { ReportContext } from './context';
import { idsSql } from './filters';
import {
  type ListPaging,
  type ListResult,
  link,
  pagedQuery,
  rangeCondition,
  stripTags,
} from './paging';
import { lowStockThreshold } from './product-records';
import { type DownloadFilters, downloadWhere } from './report-stats';

/** Stock list types. */
export type StockType = 'all' | 'lowstock' | 'instock' | 'outofstock' | 'onbackorder';

/** The low-stock condition: managed, in stock, above zero, at or below the threshold. */
const lowStockSql = (threshold: number) =>
  `p.manage_stock = 1 AND p.stock_status = 'instock' AND p.stock_quantity > 0
   AND p.stock_quantity <= COALESCE(p.low_stock_amount, ${Math.max(1, Math.trunc(threshold))})`;

/** Parameters of the stock list. */
export interface StockParams extends ListPaging {
  type: StockType;
  orderby: string;
  include: readonly number[];
  exclude: readonly number[];
  parent: readonly number[];
  parentExclude: readonly number[];
  offset: number | undefined;
}

/** GET /reports/stock: products and variations (not variable parents' own rows excluded). */
export async function stockList(
  ctx: ReportContext,
  p: StockParams,
): Promise<ListResult<StockListRow>> {
  const threshold = await lowStockThreshold(ctx);
  let where = "p.status = 'publish'";
  if (p.type === 'lowstock') where += ` AND ${lowStockSql(threshold)}`;
  else if (p.type !== 'all') where += ` AND p.stock_status = '${p.type}'`;
  if (p.include.length) where += ` AND p.id IN ${idsSql(p.include)}`;
  if (p.exclude.length) where += ` AND p.id NOT IN ${idsSql(p.exclude)}`;
  if (p.parent.length) where += ` AND p.parent_id IN ${idsSql(p.parent)}`;
  if (p.parentExclude.length) where += ` AND p.parent_id NOT IN ${idsSql(p.parentExclude)}`;
  const inner = `SELECT p.id, p.parent_id, p.name AS title, p.sku, p.stock_status, p.stock_quantity,
      p.manage_stock, p.low_stock_amount, p.date_created AS date FROM products p WHERE ${where}`;
  const orderBy = { include: 'id' }[p.orderby] ?? p.orderby;
  const paging = p.offset !== undefined ? { ...p, page: 1 + Math.floor(p.offset / p.perPage) } : p;
  const result = await pagedQuery<Record<string, unknown>>(ctx, inner, [], orderBy, 'id', paging);
  return {
    ...result,
    rows: result.rows.map((r): StockListRow => {
      const id = Number(r.id);
      const parent = Number(r.parent_id);
      return {
        id,
        parent_id: parent,
        name: stripTags(String(r.title)),
        sku: String(r.sku),
        stock_status: String(r.stock_status),
        stock_quantity: r.stock_quantity === null ? null : Number(r.stock_quantity),
        manage_stock: Number(r.manage_stock) === 1,
        low_stock_amount: r.low_stock_amount === null ? threshold : Number(r.low_stock_amount),
        _links: parent
          ? {
              product: link(`/wc-analytics/products/${parent}/variations/${id}`),
              parent: link(`/wc-analytics/products/${parent}`),
            }
          : { product: link(`/wc-analytics/products/${id}`) },
      };
    }),
  };
}

/** GET /reports/stock/stats: counts per stock status, low stock and all products. */
export async function stockStats(ctx: ReportContext) {
  const threshold = await lowStockThreshold(ctx);
  const rows = await ctx.sql.query<Record<string, number>>(
    `SELECT COUNT(*) AS products,
       SUM(CASE WHEN ${lowStockSql(threshold)} THEN 1 ELSE 0 END) AS lowstock,
       SUM(CASE WHEN p.stock_status = 'instock' THEN 1 ELSE 0 END) AS instock,
       SUM(CASE WHEN p.stock_status = 'outofstock' THEN 1 ELSE 0 END) AS outofstock,
       SUM(CASE WHEN p.stock_status = 'onbackorder' THEN 1 ELSE 0 END) AS onbackorder
     FROM products p WHERE p.status = 'publish'`,
  );
  const r = rows[0] ?? {};
  return {
    totals: {
      products: Number(r.products ?? 0),
      lowstock: Number(r.lowstock ?? 0),
      instock: Number(r.instock ?? 0),
      outofstock: Number(r.outofstock ?? 0),
      onbackorder: Number(r.onbackorder ?? 0),
    },
  };
}

/** GET /reports/downloads: one row per logged download. */
export async function downloadsList(
  ctx: ReportContext,
  p: ListPaging & {
    orderby: 'date' | 'product';
    range: { after: string | undefined; before: string | undefined };
    filters: DownloadFilters;
  },
): Promise<ListResult<DownloadsListRow>> {
  const where = downloadWhere(p.filters);
  const range = rangeCondition('dl.timestamp', p.range);
  const inner = `SELECT dl.id, dl.product_id, dl.timestamp AS date, dl.timestamp_gmt AS date_gmt,
      dl.download_id, pd.name AS file_name, pd.file AS file_path, dl.order_id, os.parent_id,
      dl.user_id, (SELECT c.username FROM customers c WHERE c.user_id = dl.user_id
        AND dl.user_id > 0 ORDER BY c.id LIMIT 1) AS username, dl.user_ip_address AS ip_address
    FROM download_log dl LEFT JOIN product_downloads pd ON pd.id = dl.download_id
    LEFT JOIN order_stats os ON os.order_id = dl.order_id
    WHERE ${where.sql}${range.sql}`;
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    inner,
    [...where.params, ...range.params],
    p.orderby === 'product' ? 'product_id' : 'date',
    'id',
    p,
    // Plain rows, read in date order from the timestamp index (see pagedQuery).
    { countApart: true },
  );
  return {
    ...result,
    rows: result.rows.map(
      (r): DownloadsListRow => ({
        id: Number(r.id),
        product_id: Number(r.product_id),
        date: String(r.date),
        date_gmt: String(r.date_gmt),
        download_id: String(r.download_id),
        file_name: String(r.file_name ?? ''),
        file_path: String(r.file_path ?? ''),
        order_id: Number(r.order_id),
        order_number: String(Number(r.parent_id ?? 0) || Number(r.order_id)),
        user_id: Number(r.user_id),
        username: String(r.username ?? ''),
        ip_address: String(r.ip_address),
        _links: {
          product: [
            { href: `/wp-json/wc-analytics/products/${Number(r.product_id)}`, embeddable: true },
          ],
        },
      }),
    ),
  };
}
