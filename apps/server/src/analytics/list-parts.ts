/*
 * What the list reports (products, variations, categories, coupons, taxes; docs/api.md, "Analytics:
 * lists") share: their parameters, the line sums, and the month plan that splits a range into
 * month-rollup rows, day-rollup rows and lookup rows put together in one statement
 * (month-source.ts). Sums use the
 * same definitions as the stats reports: items sold = SUM(qty), net = SUM(line net), orders =
 * distinct non-refund orders. Filters the rollups cannot answer read the lookup rows for the whole
 * range.
 */
import type { ReportContext } from './context';
import { idsSql, type ReportFilters, rowFilter, type SqlCondition } from './filters';
import {
  type ListRange,
  type MonthPlan,
  monthAnswerable,
  monthPlan,
  unionAll,
} from './month-source';
import { type ListPaging, type ListResult, rangeCondition } from './paging';
import { LINE_COLUMNS } from './report-stats';

export type { ListRange } from './month-source';

export const LINE_SUMS = `SUM(opl.product_qty) AS items_sold, SUM(opl.product_net_revenue) AS net_revenue,
  COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END) AS orders_count`;

export interface LineSums {
  items_sold: number;
  net_revenue: number;
  orders_count: number;
}

/** Parameters of a product-like list report. */
export interface ProductListParams extends ListPaging {
  range: ListRange;
  filters: ReportFilters;
  orderby: string;
  extendedInfo: boolean;
  /** Read the lookup rows for the whole range even where the rollups could answer. */
  lookupOnly?: boolean;
}

/** The month plan of a list request, or undefined when the lookup rows must answer it. */
export function listPlan(p: ProductListParams, answerable: boolean): MonthPlan | undefined {
  if (p.lookupOnly || !answerable) return undefined;
  const plan = monthPlan(p.range);
  return plan && (plan.months.length > 0 || plan.days.length > 0 || plan.nullDates)
    ? plan
    : undefined;
}

/** ` AND column IN (ids)` when the request names ids, else nothing. */
export const andIdIn = (column: string, ids: readonly number[]) =>
  ids.length ? ` AND ${column} IN ${idsSql(ids)}` : '';

/** Joins the parts that exist into one UNION ALL (callers guarantee at least one). */
export const union = (...parts: (SqlCondition | false | undefined)[]) =>
  unionAll(parts.map((x) => x || undefined));

/** Lookup rows a page by last sale reads before the aggregate answers it instead. */
export const LAST_SALE_SCAN_LIMIT = 200_000;

/**
 * A page of the products or variations list sorted by last sale, latest first (the API's
 * default order), without reading every line of the range: the lines are read from the date
 * index in that order, the first line of a product (variation) being its last sale, until the
 * page's are found; their sums and the count come from `sums` (the list's rollup source), as
 * for the other sort orders. The aggregate by last sale read every line of the range (850 ms
 * for the products of a month at 10M orders on PostgreSQL). Undefined, for the aggregate to
 * answer, when the request is not latest sale first over a range the rollups can answer (else
 * the aggregate is as cheap), or when the scan passes `scanLimit` lines (a deep page, or sales
 * long before the range's end).
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
  const answerable = monthAnswerable(p.filters, { variation: key === 'variation_id' });
  if (
    p.orderby !== 'date' ||
    p.order !== 'desc' ||
    (p.range.after === undefined && p.range.before === undefined) ||
    listPlan(p, answerable) === undefined
  )
    return undefined;
  const col = `opl.${ctx.dateColumn}`;
  const filter = rowFilter(p.filters, ctx.settings.excludedStatuses, LINE_COLUMNS, 'line');
  const range = rangeCondition(col, p.range);
  // (`+variation_id`: the lines are found by date, not by scanning the variation index.)
  const only = key === 'variation_id' ? ' AND +opl.variation_id > 0' : '';
  const wanted = p.page * p.perPage;
  const order: number[] = [];
  /** The product of each item found (a variation's parent). */
  const productOf = new Map<number, number>();
  let after: { date: string; id: number } | undefined;
  let read = 0;
  for (let chunk = 2_000; order.length < wanted; chunk *= 4) {
    if (read >= scanLimit) return undefined;
    // Keyset on (date, id): an item's later lines at the same second add nothing.
    const rows = await ctx.sql.query<{ id: number; product: number; d: string }>(
      `SELECT opl.${key} AS id, opl.product_id AS product, ${col} AS d
       FROM order_product_lookup opl
       WHERE ${filter.sql}${range.sql}${only}${after ? ` AND (${col} < ? OR (${col} = ? AND opl.${key} < ?))` : ''}
       ORDER BY ${col} DESC, opl.${key} DESC LIMIT ?`,
      [
        ...filter.params,
        ...range.params,
        ...(after ? [after.date, after.date, after.id] : []),
        chunk,
      ],
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
  }
  const ids = order.slice((p.page - 1) * p.perPage, wanted);
  const source = sums();
  const [found, counted] = await Promise.all([
    ids.length
      ? ctx.sql.query<T>(
          `SELECT g.* FROM (${source.sql}) g WHERE g.${key} IN ${idsSql(ids)}`,
          source.params,
        )
      : [],
    ctx.sql.query<{ n: number }>(`SELECT COUNT(*) AS n FROM (${source.sql}) t`, source.params),
  ]);
  const byId = new Map(found.map((r) => [Number(r[key]), r]));
  const rows = ids.map(
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
  const total = Number(counted[0]?.n ?? 0);
  return { rows, total, totalPages: Math.ceil(total / p.perPage) };
}
