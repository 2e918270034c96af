/*
 * What the list reports (products, variations, categories, coupons, taxes; docs/api.md, "Analytics:
 * lists") share: their parameters, the line sums, and the month plan that splits a range into
 * month-rollup rows, day-rollup rows and lookup rows put together in one statement
 * (month-source.ts). Sums use the
 * same definitions as the stats reports: items sold = SUM(qty), net = SUM(line net), orders =
 * distinct non-refund orders. Filters the rollups cannot answer read the lookup rows for the whole
 * range.
 */
import { idsSql, type ReportFilters, type SqlCondition } from './filters';
import { type ListRange, type MonthPlan, monthPlan, unionAll } from './month-source';
import type { ListPaging } from './paging';

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
