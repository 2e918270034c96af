/*
 * Where orders come from (docs/metrics.md, "Sources"): orders, net sales, new customers and
 * average order value per value of an attribution dimension, the payment method or the
 * channel; the source filters of the orders, customers and sources reports; the distinct
 * values a picker searches. Every order-level rule is the orders report's: the date column of
 * the request, the excluded statuses, refunds as negative rows on their own date carrying
 * their order's source.
 */
import {
  type SourceDimension,
  type SourceFilterQuery,
  type SourcesListRow,
  type SourceValueRow,
  sourceDimensions,
  type sourcesListOrderby,
  UNKNOWN_SOURCE,
} from '@storelens/api';
import { type MeasureColumn, ORDER_MEASURES } from '../db/measures';
import { containsPattern } from '../db/sql';
import { DATE_KIND, type ReportContext } from './context';
import { countedSql, customerTimeCurrent, PERSON_MAP_SQL, requestSettings } from './customer-time';
import { type FilterColumns, type ReportFilters, rowFilter, type SqlCondition } from './filters';
import { PROFIT_SORTS, withProfitSort } from './list-parts';
import { profitMetrics } from './metrics';
import { edgeCondition } from './month-source';
import { type ListPaging, type ListResult, pagedQuery, rangeCondition } from './paging';
import { clausesOf, type ListRange, type MonthPlan, monthPlan, rollupsAnswer } from './plan';
import { PATH_SEPARATOR, pathDimension, SOURCE_PATHS } from './source-paths';
import {
  assembleStats,
  BucketAccs,
  type Segment,
  type StatsRequest,
  type StatsResult,
} from './stats';

/** One source filter: a dimension's values, kept (`is`) or left out (`is not`). */
export interface SourceFilter {
  dimension: SourceDimension;
  values: readonly string[];
  negate: boolean;
}

/** The source filters of a request (`<dimension>_is`, `<dimension>_is_not`). */
export function sourceFiltersFromQuery(q: SourceFilterQuery): SourceFilter[] {
  const out: SourceFilter[] = [];
  for (const dimension of sourceDimensions) {
    for (const negate of [false, true]) {
      const values = q[`${dimension}_is${negate ? '_not' : ''}` as keyof SourceFilterQuery];
      if (values?.length)
        out.push({ dimension, values: [...new Set(values.map(foldValue(dimension)))], negate });
    }
  }
  return out;
}

/** The attribution dimensions (the others are columns of `orders`). */
const ATTRIBUTION: Partial<Record<SourceDimension, string>> = {
  source_type: 'source_type',
  origin: 'origin',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  device_type: 'device_type',
};

/**
 * A filter value as the grouping writes it: attribution values are stored case-folded (the
 * origin label excepted, whose `unknown` is the only folded form), payment methods and
 * channels are folded when grouped.
 */
const foldValue = (dimension: SourceDimension) => (value: string) =>
  dimension === 'origin' && value.toLowerCase() !== UNKNOWN_SOURCE
    ? value.trim()
    : value.trim().toLowerCase();

/**
 * The grouping value of a dimension in SQL, over `order_attribution` as `a` (an order without
 * a row reads NULLs: a LEFT JOIN) and `orders` as `o`: the stored value, `unknown` when empty.
 */
export function dimensionSql(dimension: SourceDimension, a = 'a', o = 'o'): string {
  const column = ATTRIBUTION[dimension];
  if (dimension === 'origin')
    return `CASE WHEN ${a}.origin IS NULL OR ${a}.origin = '' OR ${a}.origin = 'Unknown' THEN '${UNKNOWN_SOURCE}' ELSE ${a}.origin END`;
  if (column)
    return `CASE WHEN ${a}.${column} IS NULL OR ${a}.${column} = '' THEN '${UNKNOWN_SOURCE}' ELSE ${a}.${column} END`;
  return `CASE WHEN ${o}.${dimension} IS NULL OR ${o}.${dimension} = '' THEN '${UNKNOWN_SOURCE}' ELSE LOWER(${o}.${dimension}) END`;
}

const isAttribution = (d: SourceDimension) => ATTRIBUTION[d] !== undefined;

/** A path's compound value in SQL, over `a` and `o` as `dimensionSql`. */
const pathValueSql = (path: readonly SourceDimension[]) =>
  path.map((d) => dimensionSql(d)).join(` || '${PATH_SEPARATOR}' || `);

/** The value of a dimension of the Sources rollups (one of the report's, or a path's) in SQL. */
export function rollupValueSql(dimension: string): string {
  const path = SOURCE_PATHS.find((p) => pathDimension(p) === dimension);
  return path ? pathValueSql(path) : dimensionSql(dimension as SourceDimension);
}

/** How a drill-down reads a path's compound rows. */
interface Drill {
  /** The compound dimension. */
  dimension: string;
  /** The parents' values and the separators, which every row of the drill-down starts with. */
  prefix: string;
  /** The filters on the parents, as conditions on one order's values (`a`, `o`). */
  parents: SqlCondition;
}

/**
 * The path that answers `groupby` under a request's source filters, when those filters are
 * exactly one value (`is`) of each dimension above it on the path, and under `any` no other
 * clause widens them. `groupby` undefined: any path under those parents (its rows sum to the
 * parents' orders, whatever the child).
 */
function drillOf(f: ReportFilters, groupby: SourceDimension | undefined): Drill | undefined {
  const sources = f.sources ?? [];
  if (sources.length === 0 || sources.some((s) => s.negate || s.values.length !== 1)) return;
  if (f.match === 'any' && sources.length + f.statusIs.length + f.statusIsNot.length > 1) return;
  const byDimension = new Map(sources.map((s) => [s.dimension, s.values[0]!]));
  if (byDimension.size !== sources.length) return;
  const path = SOURCE_PATHS.find(
    (p) =>
      (groupby === undefined || p.at(-1) === groupby) &&
      p.length - 1 === byDimension.size &&
      p.slice(0, -1).every((d) => byDimension.has(d)),
  );
  if (!path) return;
  const parents = path.slice(0, -1);
  return {
    dimension: pathDimension(path),
    prefix: parents.map((d) => `${byDimension.get(d)}${PATH_SEPARATOR}`).join(''),
    parents: {
      sql: parents.map((d) => `${dimensionSql(d)} = ?`).join(' AND '),
      params: parents.map((d) => byDimension.get(d)),
    },
  };
}

/** A compound value's condition (its prefix) and its child's value, over `column`. */
function drillColumns(drill: Drill, column: string): { where: SqlCondition; value: string } {
  // Characters, not UTF-16 units: SUBSTR counts characters on both engines.
  const length = Array.from(drill.prefix).length;
  return {
    where: { sql: `SUBSTR(${column}, 1, ${length}) = ?`, params: [drill.prefix] },
    value: `SUBSTR(${column}, ${length + 1})`,
  };
}

/** The filters without the source filters (a drill-down's rollup rows answer those). */
const withoutSources = (f: ReportFilters): ReportFilters => ({ ...f, sources: [] });

/** The checkout channels, over `orders o` (an unknown source there: tracking blocked or not yet on). */
const CHECKOUT_SQL = `(o.created_via IS NULL OR o.created_via IN ('', 'checkout', 'store-api'))`;

/**
 * Why a row's source is unknown, in SQL over `a` and `o` as `fromSql(true)` joins them: `known`
 * when it is not, else no attribution record, not made at the checkout, or a checkout order
 * (before the store's first attributed order, or tracking blocked).
 */
export const UNKNOWN_REASON_SQL = `CASE WHEN ${dimensionSql('source_type')} <> '${UNKNOWN_SOURCE}' THEN 'known'
  WHEN a.order_id IS NULL THEN 'no_record' WHEN NOT ${CHECKOUT_SQL} THEN 'not_checkout'
  ELSE 'checkout' END`;

/**
 * Which requests read source_day (migration 040, ingest/source-day.ts): `enabled` off makes
 * every request scan the order rows (the tests compare both); `taken` counts the requests that
 * read it.
 */
export const sourceDayReads = { enabled: true, taken: 0, drilled: 0 };

/** Whole local days ([from, to), 'YYYY-MM-DD'; an absent bound is open) from source_day. */
interface DayPlan {
  /** The whole days, as a condition on `d.day`. */
  days: SqlCondition;
  /** The rest of the range (partial days), as a condition on the order rows' date, if any. */
  partial: SqlCondition | undefined;
}

/** 'YYYY-MM' → the first day of the month after it. */
function monthAfter(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * How source_day answers a request: its whole local days from the rollup, the hours at the
 * edges from the order rows, split by the list reports' planner (month-source.ts; its whole
 * months and edge days are all days here). Undefined, for the order rows to answer it all,
 * when a filter needs them (anything but statuses) or the range has no whole day.
 */
function dayPlan(
  ctx: ReportContext,
  filters: ReportFilters,
  range: ListRange,
  drill?: Drill,
): DayPlan | undefined {
  if (!sourceDayReads.enabled) return undefined;
  // Source filters only as a drill-down's path (its parents' values are the rows' prefix).
  const statusesOnly =
    rollupsAnswer('source', filters) && (!filters.sources?.length || drill !== undefined);
  if (!statusesOnly) return undefined;
  const plan = monthPlan(range);
  if (!plan || (plan.months.length === 0 && plan.days.length === 0)) return undefined;
  sourceDayReads.taken++;
  if (drill) sourceDayReads.drilled++;
  return {
    days: wholeDays(plan, 'd.day'),
    partial: edgeCondition({ ...plan, nullDates: false }, `os.${ctx.dateColumn}`, 'partial'),
  };
}

/** A plan's whole days (months and days) as a condition on a 'YYYY-MM-DD' column. */
function wholeDays(plan: MonthPlan, column: string): SqlCondition {
  const pieces: { from?: string | undefined; to?: string | undefined }[] = [
    ...plan.months.map((m) => ({
      from: m.first && `${m.first}-01`,
      // (The last month of year 9999 ends the days: '10000-…' would sort before them.)
      to: m.last && m.last !== '9999-12' ? monthAfter(m.last) : undefined,
    })),
    ...plan.days,
  ].sort((a, b) => ((a.from ?? '') < (b.from ?? '') ? -1 : 1));
  const merged: typeof pieces = [];
  for (const p of pieces) {
    const last = merged.at(-1);
    if (last && (last.to === undefined || (p.from !== undefined && last.to >= p.from))) {
      if (last.to !== undefined && (p.to === undefined || p.to > last.to)) last.to = p.to;
    } else merged.push({ ...p });
  }
  const params: unknown[] = [];
  const sql = merged.map((p) => {
    const parts: string[] = [];
    if (p.from !== undefined) {
      parts.push(`${column} >= ?`);
      params.push(p.from);
    }
    if (p.to !== undefined) {
      parts.push(`${column} < ?`);
      params.push(p.to);
    }
    return parts.length ? `(${parts.join(' AND ')})` : '1=1';
  });
  if (sql.length === 0) return { sql: '1=0', params };
  return { sql: sql.length === 1 ? sql[0]! : `(${sql.join(' OR ')})`, params };
}

/**
 * source_day rows (alias `d`) of a plan's whole days, a dimension (a drill-down's: its path's,
 * under its parents' prefix) and the request's statuses.
 */
function dayWhere(
  ctx: ReportContext,
  filters: ReportFilters,
  plan: DayPlan,
  dimension: string,
  drill?: Drill,
): SqlCondition {
  const status = rowFilter(
    withoutSources(filters),
    ctx.settings.excludedStatuses,
    { orderId: 'NULL', status: 'd.status' },
    'order',
  );
  const prefix = drill && drillColumns(drill, 'd.value').where;
  return {
    sql: `d.date_kind = ? AND d.dimension = ? AND ${plan.days.sql} AND ${status.sql}${prefix ? ` AND ${prefix.sql}` : ''}`,
    params: [
      DATE_KIND[ctx.dateColumn],
      drill?.dimension ?? dimension,
      ...plan.days.params,
      ...status.params,
      ...(prefix?.params ?? []),
    ],
  };
}

/**
 * The order rows of a plan's partial days, under the request's filters (statuses, and a
 * drill-down's source filters).
 */
function partialWhere(ctx: ReportContext, filters: ReportFilters, partial: SqlCondition) {
  const col = `os.${ctx.dateColumn}`;
  const filter = rowFilter(filters, ctx.settings.excludedStatuses, ORDER_COLUMNS, 'order');
  return {
    sql: `${col} IS NOT NULL AND ${filter.sql} AND ${partial.sql}`,
    params: [...filter.params, ...partial.params],
  };
}

/** source_day's sums (alias `d`) named as the report's. */
const DAY_SUMS = `SUM(d.orders_count) AS orders_count, SUM(d.net_total) AS net_revenue,
      SUM(d.new_customers) AS new_customers, SUM(d.num_items_sold) AS items_sold,
      ${ORDER_MEASURES.map((m) => `SUM(d.${m}) AS ${m}`).join(', ')}`;
const placeholders = (values: readonly unknown[]) => `(${values.map(() => '?').join(',')})`;

/**
 * The value of an order row's dimension, as a scalar subquery on its order (`orderKey`: the
 * order's id, a refund's order for attribution; a refund's own row in `orders` carries its
 * order's method and channel): `unknown` when the order has no attribution row.
 */
function rowValueSql(dimension: SourceDimension, orderKey: string, rowId: string): string {
  if (isAttribution(dimension))
    return `COALESCE((SELECT ${dimensionSql(dimension, 'a_s')} FROM order_attribution a_s WHERE a_s.order_id = ${orderKey}), '${UNKNOWN_SOURCE}')`;
  return `COALESCE((SELECT ${dimensionSql(dimension, 'a_s', 'o_s')} FROM orders o_s WHERE o_s.id = ${rowId}), '${UNKNOWN_SOURCE}')`;
}

/**
 * The source filters as clauses on order rows (order_stats, order_product_lookup): the row's
 * order (a refund's parent) has one of the values, or none of them. One clause per filter,
 * joined with the other advanced filters by `match` (filterClauses).
 */
export function sourceClauses(
  filters: readonly SourceFilter[],
  cols: { orderId: string; parentId?: string | undefined },
): SqlCondition[] {
  const key = cols.parentId
    ? `(CASE WHEN ${cols.parentId} > 0 THEN ${cols.parentId} ELSE ${cols.orderId} END)`
    : cols.orderId;
  return filters.map((f) => ({
    sql: `${rowValueSql(f.dimension, key, cols.orderId)} ${f.negate ? 'NOT IN' : 'IN'} ${placeholders(f.values)}`,
    params: [...f.values],
  }));
}

/**
 * The source filters on customers (alias `c`), first touch: the value of each customer's
 * first counted order (customer_first_order); `unknown` for a customer without one.
 */
export function customerSourceClauses(filters: readonly SourceFilter[]): SqlCondition[] {
  return filters.map((f) => {
    const value = isAttribution(f.dimension)
      ? `(SELECT ${dimensionSql(f.dimension, 'a_s')} FROM customer_first_order cfo_s
          JOIN order_attribution a_s ON a_s.order_id = cfo_s.order_id WHERE cfo_s.customer_id = c.id)`
      : `(SELECT ${dimensionSql(f.dimension, 'a_s', 'o_s')} FROM customer_first_order cfo_s
          JOIN orders o_s ON o_s.id = cfo_s.order_id WHERE cfo_s.customer_id = c.id)`;
    return {
      sql: `COALESCE(${value}, '${UNKNOWN_SOURCE}') ${f.negate ? 'NOT IN' : 'IN'} ${placeholders(f.values)}`,
      params: [...f.values],
    };
  });
}

const SOURCE_TYPE_LABELS: Readonly<Record<string, string>> = {
  utm: 'UTM',
  organic: 'Organic',
  referral: 'Referral',
  typein: 'Direct',
  admin: 'Web admin',
  mobile_app: 'Mobile app',
  unknown: 'Unknown',
};

const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  checkout: 'Checkout',
  'store-api': 'Checkout (blocks)',
  admin: 'Admin',
  'rest-api': 'REST API',
  pos: 'Point of sale',
  unknown: 'Unknown',
};

/** What the dashboard shows for a value (a payment method's title when it has one). */
export function sourceLabel(dimension: SourceDimension, value: string, title = ''): string {
  if (value === UNKNOWN_SOURCE) return 'Unknown';
  if (dimension === 'source_type') return SOURCE_TYPE_LABELS[value] ?? value;
  if (dimension === 'created_via') return CHANNEL_LABELS[value] ?? value;
  if (dimension === 'payment_method') return title || value;
  return value;
}

/** The FROM clause of the report: order rows, their order's attribution and order. */
function fromSql(withOrders: boolean): string {
  return `order_stats os
    LEFT JOIN order_attribution a
      ON a.order_id = (CASE WHEN os.parent_id > 0 THEN os.parent_id ELSE os.order_id END)${
        withOrders ? '\n    LEFT JOIN orders o ON o.id = os.order_id' : ''
      }`;
}

/**
 * The sums every row of the report has (money in units): orders (refunds are no orders), net
 * sales (refunds negative), new customers (orders that are their customer's first counted
 * order, so each customer once), items sold and every measure (db/measures.ts) the profit
 * figures are made of, as the orders report sums them.
 */
const SUMS = `SUM(CASE WHEN os.parent_id = 0 THEN 1 ELSE 0 END) AS orders_count,
      SUM(os.net_total) AS net_revenue,
      SUM(CASE WHEN os.parent_id = 0 AND os.returning_customer = 0 AND os.customer_id > 0
        THEN 1 ELSE 0 END) AS new_customers,
      SUM(os.num_items_sold) AS items_sold,
      ${ORDER_MEASURES.map((m) => `SUM(os.${m}) AS ${m}`).join(', ')}`;

/** A row's (or interval's) sums as the profit figures are made of them (`profitMetrics`). */
const profitSums = (r: {
  net: number;
  items: number;
  measures: Record<MeasureColumn, number>;
}) => ({
  net: r.net,
  items: r.items,
  cost: r.measures.cost_of_goods,
  costedItems: r.measures.costed_items,
  costedNet: r.measures.costed_net,
  fees: r.measures.payment_fees,
});

/** The measures of a row read back, as numbers. */
const measuresOf = (r: Record<string, unknown>) =>
  Object.fromEntries(ORDER_MEASURES.map((m) => [m, Number(r[m] ?? 0)])) as Record<
    MeasureColumn,
    number
  >;

/** order_stats as `os` (revenue.ts has the same; not imported, filters.ts imports this file). */
const ORDER_COLUMNS: FilterColumns = {
  orderId: 'os.order_id',
  parentId: 'os.parent_id',
  status: 'os.status',
  returning: 'os.returning_customer',
};

/** The order rows a request reads: its range, status rule and advanced filters. */
function rowsWhere(
  ctx: ReportContext,
  filters: ReportFilters,
  range: { after: string | undefined; before: string | undefined },
): SqlCondition {
  const col = `os.${ctx.dateColumn}`;
  const filter = rowFilter(filters, ctx.settings.excludedStatuses, ORDER_COLUMNS, 'order');
  const r = rangeCondition(col, range);
  return {
    sql: `${col} IS NOT NULL AND ${filter.sql}${r.sql}`,
    params: [...filter.params, ...r.params],
  };
}

/**
 * Which requests read source_first_day (migration 041, ingest/source-first.ts) or
 * person_summary's first orders: `enabled` off makes every request rank the orders (the tests
 * compare both); `taken` counts those that read the day rows, `joined` the filtered ones that
 * joined the first orders.
 */
export const sourceFirstReads = { enabled: true, taken: 0, joined: 0 };

/** True when a request has no filter at all (statuses, advanced filters, segment). */
function unfiltered(f: ReportFilters): boolean {
  return clausesOf(f).size === 0;
}

/**
 * First-touch customers per value of a dimension, as SQL rows (`value`, `first_customers`,
 * `repeat_customers`): the persons (customers over time, analytics/customer-time.ts) whose
 * first counted order (earliest by the request's date, then lowest id) is in the range,
 * passes the request's filters and carries the value; of them, those with two or more
 * counted orders to date. When the tables hold the request's settings: without a filter,
 * from source_first_day's whole days and the first orders among the cut days' orders (at
 * person_summary's first_at, the lowest id); with one, from person_summary's persons first in
 * the range, each first order (`first_order`, migration 044) read by its id and kept when it
 * passes the filters. Else by ranking every counted order (slower, the same figures).
 */
async function firstCustomersSql(
  ctx: ReportContext,
  groupby: SourceDimension,
  filters: ReportFilters,
  range: ListRange,
): Promise<SqlCondition> {
  const value = dimensionSql(groupby);
  const s = requestSettings(ctx);
  const c = countedSql(s);
  // A drill-down reads its path's rows under its parents' prefix; its edge days' first
  // orders are kept when they carry the parents' values.
  const drill = unfiltered(withoutSources(filters)) ? drillOf(filters, groupby) : undefined;
  const plan =
    sourceFirstReads.enabled && (unfiltered(filters) || drill) ? monthPlan(range) : undefined;
  if (plan && (await customerTimeCurrent(ctx.sql, s))) {
    sourceFirstReads.taken++;
    const days = wholeDays(plan, 'f.day');
    const path = drill && drillColumns(drill, 'f.value');
    const edges = edgeCondition({ ...plan, nullDates: false }, c.col, 'partial');
    // A person whose first order is in a cut day: their counted orders there (the date
    // index) at their first_at, the lowest id.
    const edgeSql = edges
      ? `
      UNION ALL
      SELECT ${value} AS value, COUNT(*) AS first_customers,
        SUM(CASE WHEN e.orders >= 2 THEN 1 ELSE 0 END) AS repeat_customers
      FROM (SELECT x.person, ps.orders, MIN(x.order_id) AS first_id
        FROM (SELECT COALESCE(cp.person, os.customer_id) AS person, os.order_id, ${c.col} AS at
          FROM order_stats os LEFT JOIN customer_persons cp ON cp.customer_id = os.customer_id
          WHERE os.parent_id = 0 AND ${c.sql} AND ${edges.sql}) x
        JOIN person_summary ps ON ps.person = x.person AND ps.first_at = x.at
        GROUP BY x.person, ps.orders) e
      LEFT JOIN order_attribution a ON a.order_id = e.first_id
      LEFT JOIN orders o ON o.id = e.first_id${
        drill
          ? `
      WHERE ${drill.parents.sql}`
          : ''
      }
      GROUP BY ${value}`
      : '';
    return {
      sql: `SELECT u.value, SUM(u.first_customers) AS first_customers,
        SUM(u.repeat_customers) AS repeat_customers
      FROM (SELECT ${path?.value ?? 'f.value'} AS value, SUM(f.customers) AS first_customers,
          SUM(f.repeat_customers) AS repeat_customers
        FROM source_first_day f
        WHERE f.dimension = ? AND ${days.sql}${path ? ` AND ${path.where.sql}` : ''}
        GROUP BY ${path?.value ?? 'f.value'}${edgeSql}) u
      GROUP BY u.value`,
      params: [
        drill?.dimension ?? groupby,
        ...days.params,
        ...(path?.where.params ?? []),
        ...(edges ? [...c.params, ...edges.params, ...(drill?.parents.params ?? [])] : []),
      ],
    };
  }
  const where = rowsWhere(ctx, filters, range);
  if (sourceFirstReads.enabled && (await customerTimeCurrent(ctx.sql, s))) {
    // Filtered: each person whose first order is in the range (person_summary's first_at
    // index), that order read by its id and kept when it passes the request's filters.
    sourceFirstReads.joined++;
    const bounds = rangeCondition('ps.first_at', range);
    return {
      sql: `SELECT ${value} AS value, COUNT(*) AS first_customers,
        SUM(CASE WHEN ps.orders >= 2 THEN 1 ELSE 0 END) AS repeat_customers
      FROM person_summary ps
      JOIN order_stats os ON os.order_id = ps.first_order
      LEFT JOIN order_attribution a ON a.order_id = os.order_id
      LEFT JOIN orders o ON o.id = os.order_id
      WHERE ps.first_order IS NOT NULL${bounds.sql} AND ${where.sql}
      GROUP BY ${value}`,
      params: [...bounds.params, ...where.params],
    };
  }
  const person = 'COALESCE(pm.person, os.customer_id)';
  return {
    sql: `SELECT ${value} AS value, COUNT(*) AS first_customers,
      SUM(CASE WHEN r.orders >= 2 THEN 1 ELSE 0 END) AS repeat_customers
    FROM (SELECT x.order_id, x.orders FROM (
        SELECT os.order_id,
          ROW_NUMBER() OVER (PARTITION BY ${person} ORDER BY ${c.col}, os.order_id) AS n,
          COUNT(*) OVER (PARTITION BY ${person}) AS orders
        FROM order_stats os LEFT JOIN (${PERSON_MAP_SQL}) pm ON pm.guest = os.customer_id
        WHERE os.parent_id = 0 AND ${c.sql}) x
      WHERE x.n = 1) r
    JOIN order_stats os ON os.order_id = r.order_id
    LEFT JOIN order_attribution a ON a.order_id = os.order_id
    LEFT JOIN orders o ON o.id = os.order_id
    WHERE ${where.sql}
    GROUP BY ${value}`,
    params: [...c.params, ...where.params],
  };
}

/** Parameters of `GET /reports/sources`. */
export interface SourcesListParams extends ListPaging {
  groupby: SourceDimension;
  range: { after: string | undefined; before: string | undefined };
  filters: ReportFilters;
  orderby: (typeof sourcesListOrderby)[number];
  search: string | undefined;
  /**
   * `false` for callers that read only the values and their orders (the stats' top values):
   * the first-touch customers are not counted, and read 0.
   */
  firstCustomers?: boolean;
}

/** Repeat customers over first customers, a fraction to four places (0 when none). */
export const repeatRate = (repeat: number, first: number) =>
  first === 0 ? 0 : Math.round((repeat / first) * 10000) / 10000;

/** `GET /reports/sources`: one row per value of the dimension. */
export async function sourcesList(
  ctx: ReportContext,
  p: SourcesListParams,
): Promise<ListResult<SourcesListRow>> {
  const withOrders = !isAttribution(p.groupby);
  const value = dimensionSql(p.groupby);
  const title = p.groupby === 'payment_method' ? 'MAX(o.payment_method_title)' : "''";
  const rowsOf = (where: SqlCondition) => ({
    sql: `SELECT ${value} AS value, ${title} AS title, ${SUMS}
    FROM ${fromSql(withOrders)} WHERE ${where.sql} GROUP BY ${value}`,
    params: where.params,
  });
  const drill = drillOf(p.filters, p.groupby);
  const plan = dayPlan(ctx, p.filters, p.range, drill);
  let source: SqlCondition;
  if (plan) {
    const days = dayWhere(ctx, p.filters, plan, p.groupby, drill);
    const dayValue = drill ? drillColumns(drill, 'd.value').value : 'd.value';
    const edges = plan.partial && rowsOf(partialWhere(ctx, p.filters, plan.partial));
    source = {
      sql: `SELECT u.value, MAX(u.title) AS title, SUM(u.orders_count) AS orders_count,
        SUM(u.net_revenue) AS net_revenue, SUM(u.new_customers) AS new_customers,
        SUM(u.items_sold) AS items_sold, ${ORDER_MEASURES.map((m) => `SUM(u.${m}) AS ${m}`).join(', ')}
      FROM (SELECT ${dayValue} AS value, MAX(d.title) AS title, ${DAY_SUMS}
        FROM source_day d WHERE ${days.sql} GROUP BY ${dayValue}${edges ? `\n UNION ALL ${edges.sql}` : ''}) u
      GROUP BY u.value`,
      params: [...days.params, ...(edges?.params ?? [])],
    };
  } else source = rowsOf(rowsWhere(ctx, p.filters, p.range));
  const grouped = source.sql;
  // Each first-touch customer's first order is one of the range's orders with the value.
  const firsts: SqlCondition =
    p.firstCustomers === false
      ? { sql: 'SELECT NULL AS value, 0 AS first_customers, 0 AS repeat_customers', params: [] }
      : await firstCustomersSql(ctx, p.groupby, p.filters, p.range);
  const params: unknown[] = [...source.params, ...firsts.params];
  // The range's orders ride along with each row (the groups are computed once for both).
  let inner = `SELECT g.value, g.title, g.orders_count, g.net_revenue, g.new_customers,
      g.items_sold, ${ORDER_MEASURES.map((m) => `g.${m}`).join(', ')},
      CASE WHEN g.orders_count = 0 THEN 0 ELSE g.net_revenue * 1.0 / g.orders_count END AS avg_order_value,
      SUM(g.orders_count) OVER () AS all_orders,
      COALESCE(fc.first_customers, 0) AS first_customers,
      COALESCE(fc.repeat_customers, 0) AS repeat_customers,
      CASE WHEN COALESCE(fc.first_customers, 0) = 0 THEN 0
        ELSE fc.repeat_customers * 1.0 / fc.first_customers END AS repeat_rate
    FROM (${grouped}) g LEFT JOIN (${firsts.sql}) fc ON fc.value = g.value`;
  if (p.search) {
    // Searched values are shared out of every value's orders, not only the found ones.
    inner = `SELECT * FROM (${inner}) s WHERE LOWER(s.value) LIKE ? ESCAPE '\\'`;
    params.push(containsPattern(p.search));
  }
  // The profit sorts: the figure as the row shows it, null where unknown (list-parts.ts).
  const sorted = (PROFIT_SORTS as readonly string[]).includes(p.orderby)
    ? withProfitSort({ sql: inner, params }, p.orderby)
    : { source: { sql: inner, params }, orderBy: p.orderby, nullable: false };
  const page = await pagedQuery<Record<string, unknown>>(
    ctx,
    sorted.source.sql,
    sorted.source.params,
    sorted.orderBy,
    'value',
    p,
    { nullable: sorted.nullable },
  );
  const all = Number(page.rows[0]?.all_orders ?? 0);
  return {
    ...page,
    rows: page.rows.map((r): SourcesListRow => {
      const orders = Number(r.orders_count ?? 0);
      const net = Number(r.net_revenue ?? 0);
      const v = String(r.value);
      const firstCustomers = Number(r.first_customers ?? 0);
      const repeatCustomers = Number(r.repeat_customers ?? 0);
      return {
        value: v,
        label: sourceLabel(p.groupby, v, String(r.title ?? '')),
        groupby: p.groupby,
        orders_count: orders,
        net_revenue: ctx.money(net),
        new_customers: Number(r.new_customers ?? 0),
        avg_order_value: ctx.money(orders === 0 ? 0 : Math.round(net / orders)),
        orders_share: all === 0 ? 0 : Math.round((orders / all) * 10000) / 100,
        first_customers: firstCustomers,
        repeat_customers: repeatCustomers,
        repeat_rate: repeatRate(repeatCustomers, firstCustomers),
        ...profitMetrics(
          profitSums({ net, items: Number(r.items_sold ?? 0), measures: measuresOf(r) }),
          ctx.money,
        ),
      };
    }),
  };
}

/** The accumulator of one interval (and segment) of sources/stats. */
interface SourceAcc {
  orders: number;
  net: number;
  fresh: number;
  unknown: number;
  items: number;
  measures: Record<MeasureColumn, number>;
}

/** Parameters of `GET /reports/sources/stats`. */
export interface SourcesStatsParams extends StatsRequest {
  filters: ReportFilters;
  segmentby: SourceDimension | undefined;
  values: readonly string[];
}

/** How many values a segmented answer shows when none are asked. */
export const TOP_SEGMENTS = 10;

/** `GET /reports/sources/stats`. */
export async function sourcesStats(
  ctx: ReportContext,
  p: SourcesStatsParams,
): Promise<StatsResult> {
  const money = ctx.money;
  const kind = {
    empty: (): SourceAcc => ({
      orders: 0,
      net: 0,
      fresh: 0,
      unknown: 0,
      items: 0,
      measures: measuresOf({}),
    }),
    merge: (into: SourceAcc, from: SourceAcc) => {
      into.orders += from.orders;
      into.net += from.net;
      into.fresh += from.fresh;
      into.unknown += from.unknown;
      into.items += from.items;
      for (const m of ORDER_MEASURES) into.measures[m] += from.measures[m];
    },
    present: (a: SourceAcc) => ({
      orders_count: a.orders,
      net_revenue: money(a.net),
      new_customers: a.fresh,
      avg_order_value: money(a.orders === 0 ? 0 : Math.round(a.net / a.orders)),
      unknown_orders_count: a.unknown,
      ...profitMetrics(profitSums(a), money),
    }),
  };
  const accs = new BucketAccs(kind, p, ctx.settings.startOfWeek);
  const range = { after: p.after, before: p.before };
  const where = rowsWhere(ctx, p.filters, range);
  const col = `os.${ctx.dateColumn}`;
  const width = p.interval === 'hour' ? 13 : 10;
  const unknown = dimensionSql('source_type');
  const segmentby = p.segmentby;
  const withOrders = segmentby !== undefined && !isAttribution(segmentby);
  // Under a drill-down's filters, the path of the segments' dimension (any path below the
  // filters' dimensions without segments: each order is under one child).
  const drill = drillOf(p.filters, segmentby);
  const dayValue = drill ? drillColumns(drill, 'd.value').value : 'd.value';
  let segments: Segment[] | undefined;
  let segmentSql = '';
  let daySeg = '';
  const segmentParams: unknown[] = [];
  if (segmentby) {
    let values = [...new Set(p.values.map(foldValue(segmentby)))];
    if (!values.length) {
      const top = await sourcesList(ctx, {
        groupby: segmentby,
        range,
        filters: p.filters,
        orderby: 'orders_count',
        order: 'desc',
        page: 1,
        perPage: TOP_SEGMENTS,
        search: undefined,
        firstCustomers: false,
      });
      values = top.rows.map((r) => r.value);
    }
    segments = values.map((v, i) => ({ id: i + 1, label: sourceLabel(segmentby, v) }));
    if (values.length) {
      const segmentOf = (value: string) =>
        `CASE ${values.map((_, i) => `WHEN ${value} = ? THEN ${i + 1}`).join(' ')} ELSE 0 END`;
      segmentSql = segmentOf(dimensionSql(segmentby));
      daySeg = segmentOf(dayValue);
      segmentParams.push(...values);
    }
  }
  const plan = p.interval === 'hour' ? undefined : dayPlan(ctx, p.filters, range, drill);
  const rowsOf = (rowsWhere: SqlCondition) =>
    ctx.sql.query<Record<string, unknown>>(
      `SELECT x.k AS k, MIN(x.t) AS t, x.seg AS seg,
       SUM(CASE WHEN x.parent_id = 0 THEN 1 ELSE 0 END) AS orders_count,
       SUM(x.net_total) AS net_revenue,
       SUM(CASE WHEN x.parent_id = 0 AND x.returning_customer = 0 AND x.customer_id > 0
         THEN 1 ELSE 0 END) AS new_customers,
       SUM(CASE WHEN x.parent_id = 0 AND x.source_type = '${UNKNOWN_SOURCE}' THEN 1 ELSE 0 END) AS unknown_orders,
       SUM(x.num_items_sold) AS items_sold,
       ${ORDER_MEASURES.map((m) => `SUM(x.${m}) AS ${m}`).join(', ')}
     FROM (SELECT SUBSTR(${col}, 1, ${width}) AS k, ${col} AS t, ${segmentSql || '0'} AS seg,
         os.parent_id, os.net_total, os.returning_customer, os.customer_id, ${unknown} AS source_type,
         os.num_items_sold, ${ORDER_MEASURES.map((m) => `os.${m}`).join(', ')}
       FROM ${fromSql(withOrders)} WHERE ${rowsWhere.sql}) x
     GROUP BY x.k, x.seg`,
      [...segmentParams, ...rowsWhere.params],
    );
  let rows: Record<string, unknown>[];
  if (plan) {
    // Each order row is under one value of every dimension: the segments' dimension (else the
    // source type) sums to the totals.
    const days = dayWhere(ctx, p.filters, plan, segmentby ?? 'source_type', drill);
    rows = await ctx.sql.query<Record<string, unknown>>(
      `SELECT x.k AS k, MIN(x.t) AS t, x.seg AS seg, SUM(x.orders_count) AS orders_count,
         SUM(x.net_total) AS net_revenue, SUM(x.new_customers) AS new_customers,
         SUM(x.unknown_orders) AS unknown_orders, SUM(x.num_items_sold) AS items_sold,
         ${ORDER_MEASURES.map((m) => `SUM(x.${m}) AS ${m}`).join(', ')}
       FROM (SELECT d.day AS k, d.day AS t, ${daySeg || '0'} AS seg, d.orders_count,
           d.net_total, d.new_customers, d.unknown_orders, d.num_items_sold,
           ${ORDER_MEASURES.map((m) => `d.${m}`).join(', ')}
         FROM source_day d WHERE ${days.sql}) x
       GROUP BY x.k, x.seg`,
      [...segmentParams, ...days.params],
    );
    for (const r of rows) r.t = `${String(r.t).slice(0, 10)} 00:00:00`;
    if (plan.partial) rows.push(...(await rowsOf(partialWhere(ctx, p.filters, plan.partial))));
  } else rows = await rowsOf(where);
  let unknownOrders = 0;
  for (const r of rows) {
    unknownOrders += Number(r.unknown_orders ?? 0);
    const add: SourceAcc = {
      orders: Number(r.orders_count ?? 0),
      net: Number(r.net_revenue ?? 0),
      fresh: Number(r.new_customers ?? 0),
      unknown: Number(r.unknown_orders ?? 0),
      items: Number(r.items_sold ?? 0),
      measures: measuresOf(r),
    };
    const t = String(r.t);
    const acc = accs.at(t);
    if (acc) kind.merge(acc, add);
    const s = Number(r.seg ?? 0);
    if (s > 0) {
      const sacc = accs.segmentAt(t, s);
      if (sacc) kind.merge(sacc, add);
    }
  }
  return assembleStats(accs, {
    timezone: ctx.settings.timezone,
    segments,
    extraTotals: await unknownReasons(
      ctx,
      where,
      unknownOrders,
      // source_day's `unknown_reason` rows are not kept per path: a drill-down reads rows.
      plan && !drill ? { plan, filters: p.filters } : undefined,
    ),
  });
}

/**
 * Why the range's unknown orders are unknown (docs/metrics.md, "Sources"): no attribution
 * record; not made at the checkout; checkout orders before the store's first attributed
 * order; the other checkout orders (tracking blocked).
 */
async function unknownReasons(
  ctx: ReportContext,
  where: SqlCondition,
  unknownOrders: number,
  days?: { plan: DayPlan; filters: ReportFilters },
) {
  // The reasons split the range's unknown orders: none, nothing to read (a drill-down into a
  // known source).
  if (unknownOrders === 0)
    return {
      unknown_no_record: 0,
      unknown_not_checkout: 0,
      unknown_before_attribution: 0,
      unknown_blocked: 0,
    };
  // The first in creation order (the orders' index on it, migration 040).
  const [first] = await ctx.sql.query<{ d: string | null }>(
    `SELECT o.date_created_gmt AS d FROM orders o JOIN order_attribution a ON a.order_id = o.id
     WHERE a.source_type <> '' AND a.source_type <> '${UNKNOWN_SOURCE}'
     ORDER BY o.date_created_gmt LIMIT 1`,
  );
  const since = first?.d ?? null;
  if (days) return unknownReasonsByDay(ctx, where, since, days);
  const checkout = CHECKOUT_SQL;
  const before = since === null ? '1=1' : 'o.date_created_gmt < ?';
  const [r] = await ctx.sql.query<Record<string, number | null>>(
    `SELECT
       SUM(CASE WHEN a.order_id IS NULL THEN 1 ELSE 0 END) AS no_record,
       SUM(CASE WHEN a.order_id IS NOT NULL AND NOT ${checkout} THEN 1 ELSE 0 END) AS not_checkout,
       SUM(CASE WHEN a.order_id IS NOT NULL AND ${checkout} AND ${before} THEN 1 ELSE 0 END) AS before_attribution,
       SUM(CASE WHEN a.order_id IS NOT NULL AND ${checkout} AND NOT (${before}) THEN 1 ELSE 0 END) AS blocked
     FROM ${fromSql(true)}
     WHERE os.parent_id = 0 AND ${dimensionSql('source_type')} = '${UNKNOWN_SOURCE}' AND ${where.sql}`,
    [...(since === null ? [] : [since, since]), ...where.params],
  );
  return {
    unknown_no_record: Number(r?.no_record ?? 0),
    unknown_not_checkout: Number(r?.not_checkout ?? 0),
    unknown_before_attribution: Number(r?.before_attribution ?? 0),
    unknown_blocked: Number(r?.blocked ?? 0),
  };
}

/**
 * `unknownReasons` from source_day's `unknown_reason` rows and the partial days' order rows;
 * the checkout orders split at the store's first attributed order by reading those created
 * before it (from the oldest, by the orders' creation index).
 */
async function unknownReasonsByDay(
  ctx: ReportContext,
  where: SqlCondition,
  since: string | null,
  { plan, filters }: { plan: DayPlan; filters: ReportFilters },
) {
  const days = dayWhere(ctx, filters, plan, 'unknown_reason');
  const edges = plan.partial && partialWhere(ctx, filters, plan.partial);
  const counts = await ctx.sql.query<{ v: string; n: number | string | null }>(
    `SELECT u.v AS v, SUM(u.n) AS n FROM (
       SELECT d.value AS v, SUM(d.orders_count) AS n FROM source_day d WHERE ${days.sql}
       GROUP BY d.value${
         edges
           ? `
       UNION ALL
       SELECT ${UNKNOWN_REASON_SQL} AS v, SUM(CASE WHEN os.parent_id = 0 THEN 1 ELSE 0 END) AS n
       FROM ${fromSql(true)} WHERE ${edges.sql} GROUP BY ${UNKNOWN_REASON_SQL}`
           : ''
       }) u GROUP BY u.v`,
    [...days.params, ...(edges?.params ?? [])],
  );
  const count = (v: string) => Number(counts.find((c) => c.v === v)?.n ?? 0);
  const checkout = count('checkout');
  let before = checkout;
  if (since !== null && checkout > 0) {
    const [r] = await ctx.sql.query<{ n: number | string | null }>(
      // From the orders created before it, by their creation index (CROSS JOIN keeps SQLite
      // from reading the range's order rows first; `+` keeps it off the parent index).
      `SELECT COUNT(*) AS n FROM orders o CROSS JOIN order_stats os
       LEFT JOIN order_attribution a ON a.order_id = os.order_id
       WHERE o.date_created_gmt < ? AND os.order_id = o.id AND +os.parent_id = 0
         AND ${UNKNOWN_REASON_SQL} = 'checkout' AND ${where.sql}`,
      [since, ...where.params],
    );
    before = Number(r?.n ?? 0);
  }
  return {
    unknown_no_record: count('no_record'),
    unknown_not_checkout: count('not_checkout'),
    unknown_before_attribution: before,
    unknown_blocked: checkout - before,
  };
}

/** Parameters of `GET /reports/sources/values`. */
export interface SourceValuesParams {
  dimension: SourceDimension;
  search: string | undefined;
  include: readonly string[];
  page: number;
  perPage: number;
}

/**
 * `GET /reports/sources/values`: a dimension's distinct values with their orders (every date
 * and status), most orders first, searched by words they contain; `include` values are
 * answered whatever the search. The stored values are grouped from the column's index
 * (migration 036), then folded and merged here (payment methods and channels are folded when
 * grouped, an empty value is `unknown`).
 */
export async function sourceValues(
  ctx: ReportContext,
  p: SourceValuesParams,
): Promise<ListResult<SourceValueRow>> {
  const column = ATTRIBUTION[p.dimension] ?? p.dimension;
  const title = p.dimension === 'payment_method' ? 'MAX(payment_method_title)' : "''";
  const grouped = await ctx.sql.query<{ v: string | null; title: string | null; n: number }>(
    isAttribution(p.dimension)
      ? `SELECT ${column} AS v, '' AS title, COUNT(*) AS n FROM order_attribution GROUP BY ${column}`
      : `SELECT ${column} AS v, ${title} AS title, COUNT(*) AS n FROM orders
         WHERE type = 'order' GROUP BY ${column}`,
  );
  const merged = new Map<string, { title: string; n: number }>();
  for (const g of grouped) {
    const raw = String(g.v ?? '').trim();
    const value =
      raw === '' || (p.dimension === 'origin' && raw === 'Unknown')
        ? UNKNOWN_SOURCE
        : foldValue(p.dimension)(raw);
    const row = merged.get(value) ?? { title: '', n: 0 };
    row.n += Number(g.n);
    row.title ||= String(g.title ?? '');
    merged.set(value, row);
  }
  const words = p.search?.toLowerCase();
  const include = new Set(p.include.map(foldValue(p.dimension)));
  const rows = [...merged]
    .filter(
      ([value]) =>
        (!words && include.size === 0) ||
        (words !== undefined && value.toLowerCase().includes(words)) ||
        include.has(value),
    )
    .sort(([va, a], [vb, b]) => b.n - a.n || (va < vb ? -1 : va > vb ? 1 : 0));
  const start = (p.page - 1) * p.perPage;
  return {
    rows: rows.slice(start, start + p.perPage).map(([value, r]) => ({
      value,
      label: sourceLabel(p.dimension, value, r.title),
      orders_count: r.n,
    })),
    total: rows.length,
    totalPages: Math.ceil(rows.length / p.perPage),
  };
}
