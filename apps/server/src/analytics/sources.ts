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
import { DATE_KIND, type ReportContext } from './context';
import { type FilterColumns, type ReportFilters, rowFilter, type SqlCondition } from './filters';
import { PROFIT_SORTS, withProfitSort } from './list-parts';
import { profitMetrics } from './metrics';
import { edgeCondition, type ListRange, monthAnswerable, monthPlan } from './month-source';
import { type ListPaging, type ListResult, pagedQuery, rangeCondition } from './paging';
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
export const sourceDayReads = { enabled: true, taken: 0 };

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
): DayPlan | undefined {
  if (!sourceDayReads.enabled) return undefined;
  const statusesOnly =
    monthAnswerable(filters, { variation: false }) &&
    filters.productIncludes.length +
      filters.productExcludes.length +
      filters.categoryIncludes.length +
      filters.categoryExcludes.length ===
      0 &&
    !filters.sources?.length;
  if (!statusesOnly) return undefined;
  const plan = monthPlan(range);
  if (!plan || (plan.months.length === 0 && plan.days.length === 0)) return undefined;
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
      parts.push('d.day >= ?');
      params.push(p.from);
    }
    if (p.to !== undefined) {
      parts.push('d.day < ?');
      params.push(p.to);
    }
    return parts.length ? `(${parts.join(' AND ')})` : '1=1';
  });
  sourceDayReads.taken++;
  return {
    days: { sql: sql.length === 1 ? sql[0]! : `(${sql.join(' OR ')})`, params },
    partial: edgeCondition({ ...plan, nullDates: false }, `os.${ctx.dateColumn}`, 'partial'),
  };
}

/** source_day rows (alias `d`) of a plan's whole days, a dimension and the request's statuses. */
function dayWhere(
  ctx: ReportContext,
  filters: ReportFilters,
  plan: DayPlan,
  dimension: string,
): SqlCondition {
  const status = rowFilter(
    filters,
    ctx.settings.excludedStatuses,
    { orderId: 'NULL', status: 'd.status' },
    'order',
  );
  return {
    sql: `d.date_kind = ? AND d.dimension = ? AND ${plan.days.sql} AND ${status.sql}`,
    params: [DATE_KIND[ctx.dateColumn], dimension, ...plan.days.params, ...status.params],
  };
}

/** The order rows of a plan's partial days (the request's statuses; its filters are statuses). */
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

/** Parameters of `GET /reports/sources`. */
export interface SourcesListParams extends ListPaging {
  groupby: SourceDimension;
  range: { after: string | undefined; before: string | undefined };
  filters: ReportFilters;
  orderby: (typeof sourcesListOrderby)[number];
  search: string | undefined;
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  const plan = dayPlan(ctx, p.filters, p.range);
  let source: SqlCondition;
  if (plan) {
    const days = dayWhere(ctx, p.filters, plan, p.groupby);
    const edges = plan.partial && rowsOf(partialWhere(ctx, p.filters, plan.partial));
    source = {
      sql: `SELECT u.value, MAX(u.title) AS title, SUM(u.orders_count) AS orders_count,
        SUM(u.net_revenue) AS net_revenue, SUM(u.new_customers) AS new_customers,
        SUM(u.items_sold) AS items_sold, ${ORDER_MEASURES.map((m) => `SUM(u.${m}) AS ${m}`).join(', ')}
      FROM (SELECT d.value AS value, MAX(d.title) AS title, ${DAY_SUMS}
        FROM source_day d WHERE ${days.sql} GROUP BY d.value${edges ? `\n UNION ALL ${edges.sql}` : ''}) u
      GROUP BY u.value`,
      params: [...days.params, ...(edges?.params ?? [])],
    };
  } else source = rowsOf(rowsWhere(ctx, p.filters, p.range));
  const grouped = source.sql;
  const params: unknown[] = [...source.params];
  // The range's orders ride along with each row (the groups are computed once for both).
  let inner = `SELECT g.value, g.title, g.orders_count, g.net_revenue, g.new_customers,
      g.items_sold, ${ORDER_MEASURES.map((m) => `g.${m}`).join(', ')},
      CASE WHEN g.orders_count = 0 THEN 0 ELSE g.net_revenue * 1.0 / g.orders_count END AS avg_order_value,
      SUM(g.orders_count) OVER () AS all_orders
    FROM (${grouped}) g`;
  if (p.search) {
    // Searched values are shared out of every value's orders, not only the found ones.
    inner = `SELECT * FROM (${inner}) s WHERE LOWER(s.value) LIKE ? ESCAPE '\\'`;
    params.push(likeText(p.search.toLowerCase()));
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
      return {
        value: v,
        label: sourceLabel(p.groupby, v, String(r.title ?? '')),
        groupby: p.groupby,
        orders_count: orders,
        net_revenue: ctx.money(net),
        new_customers: Number(r.new_customers ?? 0),
        avg_order_value: ctx.money(orders === 0 ? 0 : Math.round(net / orders)),
        orders_share: all === 0 ? 0 : Math.round((orders / all) * 10000) / 100,
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
      });
      values = top.rows.map((r) => r.value);
    }
    segments = values.map((v, i) => ({ id: i + 1, label: sourceLabel(segmentby, v) }));
    if (values.length) {
      const segmentOf = (value: string) =>
        `CASE ${values.map((_, i) => `WHEN ${value} = ? THEN ${i + 1}`).join(' ')} ELSE 0 END`;
      segmentSql = segmentOf(dimensionSql(segmentby));
      daySeg = segmentOf('d.value');
      segmentParams.push(...values);
    }
  }
  const plan = p.interval === 'hour' ? undefined : dayPlan(ctx, p.filters, range);
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
    const days = dayWhere(ctx, p.filters, plan, segmentby ?? 'source_type');
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
  for (const r of rows) {
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
    extraTotals: await unknownReasons(ctx, where, plan && { plan, filters: p.filters }),
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
  days?: { plan: DayPlan; filters: ReportFilters },
) {
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
