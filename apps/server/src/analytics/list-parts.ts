/*
 * What the list reports (products, variations, categories, coupons, taxes; docs/api.md, "Analytics:
 * lists") share: their parameters, the line sums, and the month plan that splits a range into
 * month-rollup rows, day-rollup rows and lookup rows put together in one statement
 * (month-source.ts). Sums use the
 * same definitions as the stats reports: items sold = SUM(qty), net = SUM(line net), orders =
 * distinct non-refund orders. Filters the rollups cannot answer read the lookup rows for the whole
 * range.
 */
import { LINE_MEASURES, type LineMeasureColumn } from '../db/measures';
import type { ReportContext } from './context';
import { idsSql, type ReportFilters, rowFilter, type SqlCondition } from './filters';
import { grossProfitMetrics } from './metrics';
import { unionAll } from './month-source';
import { type ListPaging, type ListResult, rangeCondition } from './paging';
import { type ListRange, listPlan, rollupsAnswer } from './plan';
import { LINE_COLUMNS } from './report-stats';

export type { ListRange } from './plan';

/** Each line measure (db/measures.ts) summed over the rows of `alias`, named as its column. */
export const measureSums = (alias: string) =>
  LINE_MEASURES.map((m) => `SUM(${alias}.${m}) AS ${m}`).join(', ');

/** The same measures as plain columns of `alias`, for a union's rows of single lines. */
export const measureColumns = (alias: string) =>
  LINE_MEASURES.map((m) => `${alias}.${m} AS ${m}`).join(', ');

/** The same measures as zeros, for a union's rows that carry none. */
export const noMeasures = () => LINE_MEASURES.map((m) => `0 AS ${m}`).join(', ');

export const LINE_SUMS = `SUM(opl.product_qty) AS items_sold, SUM(opl.product_net_revenue) AS net_revenue,
  COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END) AS orders_count,
  ${measureSums('opl')}`;

export interface LineSums extends Record<LineMeasureColumn, number> {
  items_sold: number;
  net_revenue: number;
  orders_count: number;
}

/** The list sorts by profit figures (`orderby`), each computed over a grouped row. */
export const PROFIT_SORTS = ['cost_of_goods', 'gross_profit', 'gross_margin'] as const;

/**
 * A list's source with the profit figure it is sorted by as the column `profit_sort` (NULL
 * where unknown, as the row shows it: `grossProfitMetrics`), or the source as it is.
 */
export function withProfitSort(
  source: SqlCondition,
  orderBy: string,
): { source: SqlCondition; orderBy: string; nullable: boolean } {
  if (!(PROFIT_SORTS as readonly string[]).includes(orderBy))
    return { source, orderBy, nullable: false };
  const unknown = '(s.items_sold <> 0 AND s.costed_items = 0)';
  const expr = {
    cost_of_goods: `CASE WHEN ${unknown} THEN NULL ELSE s.cost_of_goods END`,
    gross_profit: `CASE WHEN ${unknown} THEN NULL ELSE s.net_revenue - s.cost_of_goods END`,
    gross_margin: `CASE WHEN ${unknown} OR s.net_revenue = 0 THEN NULL
      ELSE (s.net_revenue - s.cost_of_goods) * 1.0 / s.net_revenue END`,
  }[orderBy as (typeof PROFIT_SORTS)[number]];
  return {
    source: {
      sql: `SELECT s.*, ${expr} AS profit_sort FROM (${source.sql}) s`,
      params: source.params,
    },
    orderBy: 'profit_sort',
    nullable: true,
  };
}

/** A list row's gross profit fields from its sums (`grossProfitMetrics`). */
export const rowProfit = (r: Record<string, unknown>, money: (units: number) => number) =>
  grossProfitMetrics(
    {
      net: Number(r.net_revenue ?? 0),
      items: Number(r.items_sold ?? 0),
      cost: Number(r.cost_of_goods ?? 0),
      costedItems: Number(r.costed_items ?? 0),
      costedNet: Number(r.costed_net ?? 0),
    },
    money,
  );

/** Parameters of a product-like list report. */
export interface ProductListParams extends ListPaging {
  range: ListRange;
  filters: ReportFilters;
  orderby: string;
  extendedInfo: boolean;
  /** Read the lookup rows for the whole range even where the rollups could answer. */
  lookupOnly?: boolean;
}

/** ` AND column IN (ids)` when the request names ids, else nothing. */
export const andIdIn = (column: string, ids: readonly number[]) =>
  ids.length ? ` AND ${column} IN ${idsSql(ids)}` : '';

/** Joins the parts that exist into one UNION ALL (callers guarantee at least one). */
export const union = (...parts: (SqlCondition | false | undefined)[]) =>
  unionAll(parts.map((x) => x || undefined));

/**
 * Lookup rows the latest-first scan reads before the page is found from each item's last sale
 * instead: two chunks (2,000 and 8,000 lines), a few milliseconds, where the probes cost about
 * as much as the items of the range (17 ms for 200 products, 33 ms for 636 variations at 1M
 * orders on PostgreSQL).
 */
export const LAST_SALE_SCAN_LIMIT = 10_000;

/**
 * A page of the products or variations list sorted by last sale, without reading every line of
 * the range (the aggregate by last sale did: 850 ms for the products of a month at 10M orders
 * on PostgreSQL, 1 s for the products of a year oldest first at 1M). The sums and the count
 * come from `sums` (the list's rollup source), as for the other sort orders; the order comes
 * from the lines:
 * - latest first (the API's default), the lines are read from the date index in that order,
 *   the first line of a product (variation) being its last sale, until the page's are found;
 * - oldest first, or when that scan passes `scanLimit` lines (a deep page, or sales long before
 *   the range's end), each item of the sums has its last sale read from the item's own
 *   (item, date) index, one probe of one entry per item, and the items are sorted on it.
 * Undefined, for the aggregate to answer, when the request is not by last sale over a range
 * the rollups can answer (else the aggregate is as cheap).
 */
export async function pageByLastSale<T extends Record<string, unknown>>(
  ctx: ReportContext,
  p: ProductListParams,
  {
    key,
    sums,
    scanLimit,
  }: { key: 'product_id' | 'variation_id'; sums: () => SqlCondition; scanLimit: number },
): Promise<ListResult<T> | undefined> {
  const answerable = rollupsAnswer(key === 'variation_id' ? 'variation' : 'product', p.filters);
  if (
    p.orderby !== 'date' ||
    (p.range.after === undefined && p.range.before === undefined) ||
    listPlan(p, answerable) === undefined
  )
    return undefined;
  const col = `opl.${ctx.dateColumn}`;
  const filter = rowFilter(p.filters, ctx.settings.excludedStatuses, LINE_COLUMNS, 'line');
  const range = rangeCondition(col, p.range);
  const lines = {
    col,
    where: { sql: `${filter.sql}${range.sql}`, params: [...filter.params, ...range.params] },
  };
  const source = sums();
  // The count goes side by side with the scan (PostgreSQL), which needs it only to stop early.
  const counting = ctx.sql
    .query<{ n: number }>(`SELECT COUNT(*) AS n FROM (${source.sql}) t`, source.params)
    .then((r) => Number(r[0]?.n ?? 0));
  // (Awaited below; a failed scan must not leave its rejection unhandled.)
  counting.catch(() => {});
  const scanned =
    p.order === 'desc' ? await latestFirst(ctx, p, key, lines, scanLimit, counting) : undefined;
  const total = await counting;
  const totalPages = Math.ceil(total / p.perPage);
  if (p.page > totalPages) return { rows: [], total, totalPages };
  const rows = scanned
    ? await pageOfIds<T>(ctx, key, source, scanned)
    : await byLastSaleProbes<T>(ctx, p, key, source, lines);
  return { rows, total, totalPages };
}

/** The lines a page by last sale orders its items by: date column and condition (alias opl). */
interface SaleLines {
  col: string;
  where: SqlCondition;
}

/**
 * The ids of the page, latest sale first, read from the lines in date order (with each one's
 * product, a variation's parent); undefined past `scanLimit` lines. `items` (the range's
 * number of items) is awaited only when the first chunk does not hold the page.
 */
async function latestFirst(
  ctx: ReportContext,
  p: ProductListParams,
  key: 'product_id' | 'variation_id',
  { col, where }: SaleLines,
  scanLimit: number,
  items: Promise<number>,
): Promise<{ ids: number[]; productOf: Map<number, number> } | undefined> {
  // (`+variation_id`: the lines are found by date, not by scanning the variation index.)
  const only = key === 'variation_id' ? ' AND +opl.variation_id > 0' : '';
  let wanted = p.page * p.perPage;
  const order: number[] = [];
  const productOf = new Map<number, number>();
  let after: { date: string; id: number } | undefined;
  let read = 0;
  for (let chunk = 2_000; order.length < wanted; chunk *= 4) {
    if (read >= scanLimit) return undefined;
    // Keyset on (date, id): an item's later lines at the same second add nothing.
    const rows = await ctx.sql.query<{ id: number; product: number; d: string }>(
      `SELECT opl.${key} AS id, opl.product_id AS product, ${col} AS d
       FROM order_product_lookup opl
       WHERE ${where.sql}${only}${after ? ` AND (${col} < ? OR (${col} = ? AND opl.${key} < ?))` : ''}
       ORDER BY ${col} DESC, opl.${key} DESC LIMIT ?`,
      [...where.params, ...(after ? [after.date, after.date, after.id] : []), chunk],
    );
    read += rows.length;
    for (const r of rows) {
      const id = Number(r.id);
      if (!productOf.has(id)) {
        productOf.set(id, Number(r.product));
        order.push(id);
      }
    }
    const last = rows.at(-1);
    if (!last || rows.length < chunk) break;
    after = { date: String(last.d), id: Number(last.id) };
    // A page at or past the end: no more to find than the range's items.
    if (read === rows.length) wanted = Math.min(wanted, await items);
  }
  return { ids: order.slice((p.page - 1) * p.perPage, p.page * p.perPage), productOf };
}

/** The rows of `sums` for the ids found by the scan, in its order. */
async function pageOfIds<T extends Record<string, unknown>>(
  ctx: ReportContext,
  key: 'product_id' | 'variation_id',
  source: SqlCondition,
  { ids, productOf }: { ids: number[]; productOf: Map<number, number> },
): Promise<T[]> {
  const found = ids.length
    ? await ctx.sql.query<T>(
        `SELECT g.* FROM (${source.sql}) g WHERE g.${key} IN ${idsSql(ids)}`,
        source.params,
      )
    : [];
  const byId = new Map(found.map((r) => [Number(r[key]), r]));
  return ids.map(
    (id) =>
      byId.get(id) ??
      ({
        [key]: id,
        product_id: productOf.get(id),
        items_sold: 0,
        net_revenue: 0,
        orders_count: 0,
      } as unknown as T),
  );
}

/**
 * The page of `sums` ordered by each item's last sale in the range, then id (the aggregate's
 * order), the last sale read per item as the first entry of its (item, date) index walked
 * backwards from the range's end (an ORDER BY … LIMIT 1 both engines answer from the index,
 * where SQLite would read the item's whole range for a MAX with conditions).
 */
function byLastSaleProbes<T>(
  ctx: ReportContext,
  p: ProductListParams,
  key: 'product_id' | 'variation_id',
  source: SqlCondition,
  { col, where }: SaleLines,
): Promise<T[]> {
  const dir = p.order === 'asc' ? 'ASC' : 'DESC';
  return ctx.sql.query<T>(
    `SELECT g.* FROM (${source.sql}) g
     ORDER BY (SELECT ${col} FROM order_product_lookup opl
       WHERE opl.${key} = g.${key} AND ${where.sql} ORDER BY ${col} DESC LIMIT 1) ${dir},
       g.${key} ${dir}
     LIMIT ? OFFSET ?`,
    [...source.params, ...where.params, p.perPage, (p.page - 1) * p.perPage],
  );
}
