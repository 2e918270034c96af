/*
 * What the list reports (products, variations, categories, coupons, taxes; docs/api.md, "Analytics:
 * lists") share: their parameters, the line sums, and the month plan that splits a range into
 * month-rollup rows and lookup rows put together in one statement (month-source.ts). Sums use the
 * same definitions as the stats reports: items sold = SUM(qty), net = SUM(line net), orders =
 * distinct non-refund orders. Filters the rollups cannot answer read the lookup rows for the whole
 * range.
 */
import type { ReportContext } from './context';
import { idsSql, type ReportFilters, type SqlCondition } from './filters';
import {
  complementCondition,
  complementMonthCondition,
  dayCondition,
  edgeCondition,
  type ListRange,
  type MonthPlan,
  monthCondition,
  monthPlan,
  unionAll,
} from './month-source';
import type { ListPaging } from './paging';

export type { ListRange } from './month-source';

export const LINE_SUMS = `SUM(opl.product_qty) AS items_sold, SUM(opl.product_net_revenue) AS net_revenue,
  COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END) AS orders_count`;

/** LINE_SUMS negated (the lookup rows a complemented month takes away). */
export const LINE_SUMS_TAKEN = `-SUM(opl.product_qty) AS items_sold, -SUM(opl.product_net_revenue) AS net_revenue,
  -COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END) AS orders_count`;

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
  /** Read the lookup rows for the whole range even where month rollups could answer. */
  lookupOnly?: boolean;
  /** Read edge months from the lookup rows only, never whole less the rest (tests). */
  noComplements?: boolean;
}

/**
 * The month plan of a list request, or undefined when the lookup rows must answer it.
 * `complements`: edge months may be read whole less the rest of the month (month-source.ts);
 * the list then keeps only groups with rows in the range (`complemented`).
 */
export function listPlan(
  p: ProductListParams,
  answerable: boolean,
  complements = false,
): MonthPlan | undefined {
  if (p.lookupOnly || !answerable) return undefined;
  const plan = monthPlan(p.range, { complements: complements && !p.noComplements });
  return plan &&
    (plan.months.length > 0 ||
      plan.ranges.length > 0 ||
      plan.complements.length > 0 ||
      plan.nullDates)
    ? plan
    : undefined;
}

/** The pieces of a list source that `complemented` puts together. */
interface ListParts {
  /** Rollup rows of the month table for the months of a condition (alias given inside). */
  month: (periods: SqlCondition, certain: string) => SqlCondition;
  /** Lookup rows of a date condition, summed (`sign` '') or taken away ('-'). */
  lookup: (dates: SqlCondition, sign: '' | '-', certain: string) => SqlCondition;
  /** Lookup rows of the group `u.<key>` in a date condition (for EXISTS). */
  rowsOf: (dates: SqlCondition) => SqlCondition;
  /**
   * The day rollup's rows for whole edge days (`alias` its alias), when the list has one: the
   * lookup rows then answer only the partial days.
   */
  day?: { alias: string; rows: (days: SqlCondition, certain: string) => SqlCondition };
  /** The month table's alias in `month`, and the lookup's date column. */
  alias: string;
  column: string;
  /** The summed output columns. */
  sums: readonly string[];
}

/**
 * The UNION ALL of a list's rollup and lookup parts and, when the plan complements edge
 * months, the HAVING of its outer GROUP BY. A complemented month's groups are its month rows
 * less its lookup rows outside the range; a group that only they give is in the list when it
 * has a row inside the range, as the lookup query would group it: known when its sums are
 * not all zero, else asked of the lookup (rare: rows whose sums cancel out).
 */
export function complemented(
  ctx: ReportContext,
  plan: MonthPlan,
  parts: ListParts,
): { union: SqlCondition; having: SqlCondition } {
  const months = monthCondition(ctx, plan, parts.alias);
  const days = parts.day && dayCondition(ctx, plan, parts.day.alias);
  const edges = edgeCondition(plan, parts.column, parts.day ? 'partial' : 'all');
  const whole = complementMonthCondition(ctx, plan, parts.alias);
  const outside = complementCondition(plan, parts.column, 'outside');
  const inside = complementCondition(plan, parts.column, 'inside');
  if (!whole || !inside) {
    return {
      union: union(
        months && parts.month(months, ''),
        days && parts.day!.rows(days, ''),
        edges && parts.lookup(edges, '', ''),
      ),
      having: { sql: '', params: [] },
    };
  }
  const certain = ', 1 AS certain';
  const uncertain = ', 0 AS certain';
  const rows = parts.rowsOf(inside);
  return {
    union: union(
      months && parts.month(months, certain),
      days && parts.day!.rows(days, certain),
      edges && parts.lookup(edges, '', certain),
      parts.month(whole, uncertain),
      outside && parts.lookup(outside, '-', uncertain),
    ),
    having: {
      sql: ` HAVING MAX(u.certain) = 1 OR ${parts.sums
        .map((c) => `SUM(u.${c}) <> 0`)
        .join(' OR ')} OR EXISTS (${rows.sql})`,
      params: rows.params,
    },
  };
}

/** ` AND column IN (ids)` when the request names ids, else nothing. */
export const andIdIn = (column: string, ids: readonly number[]) =>
  ids.length ? ` AND ${column} IN ${idsSql(ids)}` : '';

/** Joins the parts that exist into one UNION ALL (callers guarantee at least one). */
export const union = (...parts: (SqlCondition | false | undefined)[]) =>
  unionAll(parts.map((x) => x || undefined));
