/*
 * Customers list and stats (docs/api.md, "Analytics: lists" and "Analytics: stats"): the
 * customer lookup joined with each
 * customer's order aggregates (excluded statuses left out; order dates only when given).
 * Without an order-date range the aggregates are all-time: they are read from
 * customer_totals (analytics/customer-totals.ts) when it is current, else computed from
 * order_stats on the request as with a range.
 */
import type { CustomersListRow } from '@storelens/api';
import type { Db } from '../db/database';
import { nullsLow } from '../db/dialect';
import { CUSTOMER_TOTALS_SORTS } from '../db/rollups';
import { containsPattern } from '../db/sql';
import { MONEY_SCALE } from '../money';
import type { ReportContext } from './context';
import { customerTotalsCurrent, PROFIT_SUMS } from './customer-totals';
import { idsSql, noFilters, rowFilter, type SegmentNarrowing, statusDefault } from './filters';
import { grossProfitMetrics } from './metrics';
import { type ListPaging, type ListResult, link, pagedQuery, rangeCondition } from './paging';
import { readVersion } from './search/load';
import { customerSourceClauses, type SourceFilter } from './sources';

/** A numeric rule: min and/or max (inclusive only when both are given, as WooCommerce does). */
export interface NumberRule {
  min?: number;
  max?: number;
}

/** A date rule on local wall-clock text: after and/or before, inclusive. */
export interface DateRule {
  after?: string;
  before?: string;
}

/** The customers report filters, normalised (between → min/max, dates local). */
export interface CustomerFilters {
  match: 'all' | 'any';
  search: string | undefined;
  searchby: 'name' | 'username' | 'email' | 'all';
  nameIncludes: readonly number[];
  nameExcludes: readonly number[];
  usernameIncludes: readonly number[];
  usernameExcludes: readonly number[];
  emailIncludes: readonly number[];
  emailExcludes: readonly number[];
  countryIncludes: readonly string[];
  countryExcludes: readonly string[];
  registered: DateRule;
  lastActive: DateRule;
  ordersCount: NumberRule;
  totalSpend: NumberRule;
  avgOrderValue: NumberRule;
  lastOrder: DateRule;
  customers: readonly number[];
  /** Only these customers (a cohort cell's or an RFM group's), when set. */
  only?: readonly number[];
  /** Order dates (local); undefined bounds mean no date filter. */
  range: { after: string | undefined; before: string | undefined };
  /** The source of each customer's first order (first touch); none when absent. */
  sources?: readonly SourceFilter[];
}

/**
 * Where the inner select reads each customer's aggregates: computed from order_stats (with the
 * order-date range), read from customer_totals (all time, when current), or none (zeros, the
 * page's figures filled in afterwards).
 */
type AggregateSource = 'orders' | 'totals' | 'none';

const hasRange = (f: CustomerFilters) =>
  f.range.after !== undefined || f.range.before !== undefined;

/** The customer columns of a row (alias c). */
const CUSTOMER_COLUMNS = `c.id, c.user_id, c.username, c.first_name, c.last_name,
      c.first_name || ' ' || c.last_name AS name, c.email, c.country, c.city, c.state, c.postcode,
      c.date_registered, c.date_registered_gmt, c.date_last_active, c.date_last_active_gmt`;

/** The inner select: one row per matching customer with aggregates (units for money). */
function customersInner(
  ctx: ReportContext,
  f: CustomerFilters,
  source: AggregateSource,
  { byProfit = false } = {},
) {
  const status = statusDefault(noFilters, ctx.settings.excludedStatuses, 'os.status');
  const range = rangeCondition('os.date_created', f.range);
  // Without aggregates (the page's are read afterwards), a range keeps the customers with an
  // order or refund in it, found by the (customer, date) index.
  const ordered =
    source === 'none' && hasRange(f)
      ? `EXISTS (SELECT 1 FROM order_stats os WHERE os.customer_id = c.id AND ${status.sql}${range.sql})`
      : undefined;
  const params: unknown[] =
    source === 'orders' || ordered ? [...status.params, ...range.params] : [];
  const clauses: { sql: string; params: unknown[] }[] = [];
  const ids = (list: readonly number[], negate: boolean) => {
    if (list.length)
      clauses.push({ sql: `c.id ${negate ? 'NOT IN' : 'IN'} ${idsSql(list)}`, params: [] });
  };
  ids(f.nameIncludes, false);
  ids(f.nameExcludes, true);
  ids(f.usernameIncludes, false);
  ids(f.usernameExcludes, true);
  ids(f.emailIncludes, false);
  ids(f.emailExcludes, true);
  for (const [list, negate] of [
    [f.countryIncludes, false],
    [f.countryExcludes, true],
  ] as const) {
    if (list.length)
      clauses.push({
        sql: `c.country ${negate ? 'NOT IN' : 'IN'} (${list.map(() => '?').join(',')})`,
        params: list.map((c) => c.toUpperCase()),
      });
  }
  const dateRule = (col: string, r: DateRule) => {
    if (r.after) clauses.push({ sql: `${col} >= ?`, params: [r.after] });
    if (r.before) clauses.push({ sql: `${col} <= ?`, params: [r.before] });
  };
  dateRule('c.date_registered', f.registered);
  dateRule('c.date_last_active', f.lastActive);
  dateRule('a.date_last_order', f.lastOrder);
  const numberRule = (expr: string, r: NumberRule, scale: number) => {
    const both = r.min !== undefined && r.max !== undefined;
    if (r.min !== undefined)
      clauses.push({ sql: `${expr} ${both ? '>=' : '>'} ?`, params: [r.min * scale] });
    if (r.max !== undefined)
      clauses.push({ sql: `${expr} ${both ? '<=' : '<'} ?`, params: [r.max * scale] });
  };
  numberRule('COALESCE(a.orders_count, 0)', f.ordersCount, 1);
  numberRule('COALESCE(a.total_spend, 0)', f.totalSpend, MONEY_SCALE);
  numberRule(AVG_EXPR, f.avgOrderValue, MONEY_SCALE);
  if (f.sources?.length) clauses.push(...customerSourceClauses(f.sources));

  let where = ordered ?? (hasRange(f) ? 'a.customer_id IS NOT NULL' : '1=1');
  if (clauses.length) {
    where += ` AND (${clauses.map((c) => c.sql).join(f.match === 'any' ? ' OR ' : ' AND ')})`;
    params.push(...clauses.flatMap((c) => c.params));
  }
  if (f.customers.length) where += ` AND c.id IN ${idsSql(f.customers)}`;
  if (f.only) where += ` AND c.id IN ${idsSql(f.only)}`;
  if (f.search) {
    const fields = {
      name: ["c.first_name || ' ' || c.last_name"],
      username: ['c.username'],
      email: ['c.email'],
      all: ["c.first_name || ' ' || c.last_name", 'c.username', 'c.email'],
    }[f.searchby];
    where += ` AND (${fields.map((x) => `LOWER(${x}) LIKE ? ESCAPE '\\'`).join(' OR ')})`;
    for (const _ of fields) params.push(containsPattern(f.search));
  }
  const aggregates = {
    orders: `(${aggregatesSql(`os.customer_id > 0 AND ${status.sql}${range.sql}`, { profit: byProfit })})`,
    totals: 'customer_totals',
    none: '(SELECT 0 AS customer_id, 0 AS orders_count, 0 AS total_spend, NULL AS date_last_order)',
  }[source];
  // Aggregated here, the row carries its profit sums (and gross profit, to sort by), and so
  // does a customer_totals row, which keeps them; else the page's are read afterwards
  // (`withProfitSums`).
  const sums = PROFIT_SUMS.map((m) => `COALESCE(a.${m}, 0) AS ${m}`).join(', ');
  const profit = byProfit
    ? `, ${sums}, ${GROSS_PROFIT_EXPR} AS gross_profit`
    : source === 'totals'
      ? `, ${sums}`
      : '';
  const sql = `SELECT ${CUSTOMER_COLUMNS},
      COALESCE(a.orders_count, 0) AS orders_count, COALESCE(a.total_spend, 0) AS total_spend,
      ${AVG_EXPR} AS avg_order_value, a.date_last_order${profit}
    FROM customers c LEFT JOIN ${aggregates} a ON a.customer_id = c.id
    WHERE ${where}`;
  return { sql, params };
}

/** Whether the all-time aggregates can come from customer_totals for these filters. */
async function totalsSource(ctx: ReportContext, f: CustomerFilters): Promise<boolean> {
  return !hasRange(f) && customerTotalsCurrent(ctx.sql, ctx.settings.excludedStatuses);
}

/**
 * True when a rule other than `search` and `customers` (include) narrows the customers: an
 * id or country list, a number or date rule, or an order-date range.
 */
export function hasCustomerRules(f: CustomerFilters): boolean {
  return (
    [
      f.nameIncludes,
      f.nameExcludes,
      f.usernameIncludes,
      f.usernameExcludes,
      f.emailIncludes,
      f.emailExcludes,
      f.countryIncludes,
      f.countryExcludes,
      f.sources ?? [],
    ].some((list) => list.length > 0) ||
    [f.registered, f.lastActive, f.ordersCount, f.totalSpend, f.avgOrderValue, f.lastOrder].some(
      ruleSet,
    ) ||
    hasRange(f)
  );
}

/** True when a number or date rule has any bound. */
const ruleSet = (r: NumberRule | DateRule) => Object.values(r).some((v) => v !== undefined);

/** True when no filter narrows the customers (every customer is listed). */
const unfiltered = (f: CustomerFilters): boolean =>
  !f.search && f.customers.length === 0 && !f.only && !hasCustomerRules(f);

/**
 * The sorts on an aggregate customer_totals keeps, each with an index of its column and the
 * customer id: orders_count, total_spend, avg_order_value (migration 006) and gross_profit
 * (migration 046, which is why it is not among CUSTOMER_TOTALS_SORTS, whose indexes 006
 * creates).
 */
const TOTALS_SORTS = [...CUSTOMER_TOTALS_SORTS, 'gross_profit'] as const;

type TotalsSort = (typeof TOTALS_SORTS)[number];

const isTotalsSort = (orderby: string): orderby is TotalsSort =>
  (TOTALS_SORTS as readonly string[]).includes(orderby);

/** The number of customers and their lowest and highest id, per store, with the customers
 * version (migration 005) they were read at. */
const customerCounts = new WeakMap<
  Db,
  { version: string; n: number; lo: number | null; hi: number | null }
>();

/**
 * The number of customers, and whether every customer_totals row is known to belong to one
 * without a join: the customer ids are contiguous (count = max - min + 1, the usual case) and
 * the rows' ids lie within them. The count is kept until the customers table changes (its
 * version, which every insert or delete changes): PostgreSQL counts 4.5 million customers in
 * about 270 ms, on every unfiltered customers list. The totals' ends are two index ends.
 */
async function customersCoverage(ctx: ReportContext) {
  const { n, lo, hi } = await customersCounted(ctx);
  const [t] = await ctx.sql.query<Record<'tlo' | 'thi', number | null>>(
    `SELECT (SELECT MIN(customer_id) FROM customer_totals) AS tlo,
       (SELECT MAX(customer_id) FROM customer_totals) AS thi`,
  );
  const [tlo, thi] = [t?.tlo, t?.thi].map((v) => (v == null ? null : Number(v)));
  const contained =
    tlo === null || (lo != null && hi != null && hi - lo + 1 === n && tlo! >= lo && thi! <= hi);
  return { customers: n, contained };
}

/** The number of customers and their lowest and highest id, kept until the customers change. */
async function customersCounted(ctx: ReportContext) {
  const version = await readVersion(ctx.sql, 'customers');
  let counts = customerCounts.get(ctx.db);
  if (counts?.version !== version) {
    const [r] = await ctx.sql.query<Record<'n' | 'lo' | 'hi', number | null>>(
      `SELECT (SELECT COUNT(*) FROM customers) AS n, (SELECT MIN(id) FROM customers) AS lo,
         (SELECT MAX(id) FROM customers) AS hi`,
    );
    counts = {
      version,
      n: Number(r?.n ?? 0),
      lo: r?.lo == null ? null : Number(r.lo),
      hi: r?.hi == null ? null : Number(r.hi),
    };
    customerCounts.set(ctx.db, counts);
  }
  return counts;
}

/** The number of rows of a query. */
async function countRows(ctx: ReportContext, sql: string, params: readonly unknown[] = []) {
  const [r] = await ctx.sql.query<{ n: number }>(`SELECT COUNT(*) AS n FROM (${sql}) t`, params);
  return Number(r?.n ?? 0);
}

/**
 * The matching customers sorted on an aggregate read from customer_totals (`inner` is the
 * 'totals' inner select, alias a), walking that sort's index. The order is the aggregate
 * query's (value, then id, in one direction), where a customer without a row has 0: in
 * descending order, rows above 0 (index walk), then customers at 0 (a row at 0 or none, by
 * id), then rows below 0 (index walk), then rows whose value is NULL (gross profit unknown,
 * lowest as `NULLABLE_SORTS` say: index walk); ascending, the reverse. Each part is read with
 * its own LIMIT/OFFSET and counted only when the page starts past it. `all`: no filter, so the
 * total is the number of customers and, when the rows are known to belong to customers, a part
 * is counted on its index alone.
 */
async function listByTotals(
  ctx: ReportContext,
  inner: { sql: string; params: unknown[] },
  all: boolean,
  sort: TotalsSort,
  p: ListPaging,
): Promise<ListResult<Record<string, unknown>>> {
  const dir = p.order === 'asc' ? 'ASC' : 'DESC';
  const coverage = all ? await customersCoverage(ctx) : undefined;
  const total = coverage ? coverage.customers : await countRows(ctx, inner.sql, inner.params);
  const part = (condition: string, order: string) => ({
    rows: (limit: number, offset: number) =>
      ctx.sql.query<Record<string, unknown>>(
        `${inner.sql} AND ${condition} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...inner.params, limit, offset],
      ),
    count: () =>
      coverage?.contained
        ? countRows(ctx, `SELECT 1 FROM customer_totals a WHERE ${condition}`)
        : countRows(ctx, `${inner.sql} AND ${condition}`, inner.params),
  });
  // A nullable column's index sorts NULL lowest (migration 046): the ORDER BY says so too,
  // else PostgreSQL would not read the index in its order.
  const nullable = NULLABLE_SORTS.has(sort);
  const byValue = `a.${sort} ${dir}${nullable ? nullsLow(ctx.sql.engine, dir) : ''}, a.customer_id ${dir}`;
  const above = part(`a.${sort} > 0`, byValue);
  const below = part(`a.${sort} < 0`, byValue);
  // Rows only (a customer without one is at 0, not unknown); every row's customer_id is above
  // 0, and saying so, not IS NOT NULL, lets SQLite join the rows to their customers and walk
  // the index (with IS NOT NULL it kept the left join and sorted every customer).
  const unknown = nullable ? [part(`a.customer_id > 0 AND a.${sort} IS NULL`, byValue)] : [];
  const zero = {
    ...part(
      nullable ? `(a.${sort} = 0 OR a.customer_id IS NULL)` : `COALESCE(a.${sort}, 0) = 0`,
      `c.id ${dir}`,
    ),
    count: async () => {
      let rest = total - (await above.count()) - (await below.count());
      for (const u of unknown) rest -= await u.count();
      return rest;
    },
  };
  const parts =
    p.order === 'asc' ? [...unknown, below, zero, above] : [above, zero, below, ...unknown];
  const rows: Record<string, unknown>[] = [];
  let offset = (p.page - 1) * p.perPage;
  for (const part of parts) {
    const need = p.perPage - rows.length;
    if (need === 0 || offset >= total) break;
    const found = await part.rows(need, offset);
    rows.push(...found);
    // The part ended inside the page (offset 0 for the next), or before it (skip its rows).
    if (rows.length < p.perPage) offset = found.length ? 0 : offset - (await part.count());
  }
  return { rows, total, totalPages: Math.ceil(total / p.perPage) };
}

/**
 * Pages an inner select with a count and a plain ORDER BY … LIMIT, which an index on the sort
 * column can answer, instead of a window count over every row. `all`: no filter, so the
 * total is the number of customers.
 */
async function pageCounted(
  ctx: ReportContext,
  inner: { sql: string; params: unknown[] },
  all: boolean,
  orderBy: string,
  p: ListPaging,
): Promise<ListResult<Record<string, unknown>>> {
  const dir = p.order === 'asc' ? 'ASC' : 'DESC';
  const nulls = NULLABLE_SORTS.has(orderBy) ? nullsLow(ctx.sql.engine, dir) : '';
  const total = all
    ? (await customersCounted(ctx)).n
    : await countRows(ctx, inner.sql, inner.params);
  const offset = (p.page - 1) * p.perPage;
  const rows =
    offset >= total
      ? []
      : await ctx.sql.query<Record<string, unknown>>(
          `SELECT t.* FROM (${inner.sql}) t ORDER BY t.${orderBy} ${dir}${nulls}, t.id ${dir}
           LIMIT ? OFFSET ?`,
          [...inner.params, p.perPage, offset],
        );
  return { rows, total, totalPages: Math.ceil(total / p.perPage) };
}

/**
 * Gross profit in money units over an aggregate row (alias a), NULL when unknown (as
 * customer_totals.gross_profit is generated, migration 046).
 */
const GROSS_PROFIT_EXPR = `CASE WHEN COALESCE(a.num_items_sold, 0) <> 0
    AND COALESCE(a.costed_items, 0) = 0 THEN NULL
  ELSE COALESCE(a.net_total, 0) - COALESCE(a.cost_of_goods, 0) END`;

/** The profit sums over order_stats rows (alias os), named as their columns. */
const profitSumsSql = () => PROFIT_SUMS.map((m) => `SUM(os.${m}) AS ${m}`).join(', ');

/**
 * Per-customer order aggregates over order_stats rows matching `where` (alias os); with
 * `profit`, the profit sums too (which no covering index holds: only the sort by gross profit
 * aggregates them for every customer, the other lists read the page's afterwards).
 */
const aggregatesSql = (where: string, { profit = false } = {}) =>
  `SELECT os.customer_id, SUM(CASE WHEN os.parent_id = 0 THEN 1 ELSE 0 END) AS orders_count,
     SUM(os.total_sales) AS total_spend,
     MAX(CASE WHEN os.parent_id = 0 THEN os.date_created END) AS date_last_order${
       profit ? `, ${profitSumsSql()}` : ''
     }
   FROM order_stats os WHERE ${where} GROUP BY os.customer_id`;

/**
 * The page's rows with their profit sums: those the inner select did not aggregate are read
 * for the page's customers from order_stats, over the rows their orders and total spend count
 * (excluded statuses left out, the order-date range when given).
 */
async function withProfitSums(
  ctx: ReportContext,
  rows: Record<string, unknown>[],
  range: CustomerFilters['range'],
): Promise<void> {
  const missing = rows.filter((r) => r.net_total === undefined);
  if (missing.length === 0) return;
  const status = statusDefault(noFilters, ctx.settings.excludedStatuses, 'os.status');
  const inRange = rangeCondition('os.date_created', range);
  const found = await ctx.sql.query<Record<string, unknown>>(
    `SELECT os.customer_id, ${profitSumsSql()} FROM order_stats os
     WHERE ${ctx.sql.inIdList('os.customer_id')} AND ${status.sql}${inRange.sql}
     GROUP BY os.customer_id`,
    [
      ctx.sql.idList(missing.map((r) => Number(r.id ?? r.customer_id))),
      ...status.params,
      ...inRange.params,
    ],
  );
  const byId = new Map(found.map((a) => [Number(a.customer_id), a]));
  for (const r of missing) {
    const a = byId.get(Number(r.id ?? r.customer_id));
    for (const m of PROFIT_SUMS) r[m] = a?.[m] ?? 0;
  }
}

const AVG_EXPR =
  'CASE WHEN COALESCE(a.orders_count, 0) = 0 THEN 0 ELSE a.total_spend * 1.0 / a.orders_count END';

const SORT: Record<string, string> = {
  date_registered: 'date_registered',
  username: 'username',
  name: 'name',
  country: 'country',
  city: 'city',
  state: 'state',
  postcode: 'postcode',
  date_last_active: 'date_last_active',
  orders_count: 'orders_count',
  total_spend: 'total_spend',
  avg_order_value: 'avg_order_value',
  gross_profit: 'gross_profit',
};

/**
 * Sorts whose column may be NULL (guests have no registration date, a customer whose items'
 * costs are all unknown no gross profit): NULL sorts lowest.
 */
const NULLABLE_SORTS = new Set(['date_registered', 'date_last_active', 'gross_profit']);

const iso = (v: unknown) => (v ? String(v).replace(' ', 'T') : null);

/** GET /reports/customers. */
export async function customersList(
  ctx: ReportContext,
  f: CustomerFilters,
  p: ListPaging & { orderby: string },
): Promise<ListResult<CustomersListRow>> {
  const totals = await totalsSource(ctx, f);
  const all = unfiltered(f);
  // Sorted on an aggregate customer_totals keeps (gross profit included: summing every
  // customer's orders on the request took 2.4 s at 1M orders on SQLite), its index is walked;
  // the rows carry their profit sums.
  if (totals && isTotalsSort(p.orderby)) {
    const inner = customersInner(ctx, f, 'totals');
    const found = await listByTotals(ctx, inner, all, p.orderby, p);
    return shapeRows(ctx, found);
  }
  // Without aggregate rules or an aggregate sort, page the customers first and read only the
  // page's aggregates (by customer id); with an order-date range, of the customers with an
  // order in it. Aggregating every order of the range first took 2.8 s for a year at 1M
  // orders on PostgreSQL.
  // Sorted by gross profit with a range (or totals not current), every matching customer's
  // figures are aggregated from order_stats on the request.
  const byProfit = p.orderby === 'gross_profit';
  const pageFirst =
    ![f.ordersCount, f.totalSpend, f.avgOrderValue, f.lastOrder].some(ruleSet) &&
    !isTotalsSort(p.orderby);
  const source: AggregateSource = pageFirst ? 'none' : totals ? 'totals' : 'orders';
  const inner = customersInner(ctx, f, source, { byProfit });
  const orderBy = SORT[p.orderby] ?? 'date_registered';
  // Aggregated on the request, the count and the page would each aggregate: one windowed pass.
  const result =
    source === 'orders' && !all
      ? await pagedQuery<Record<string, unknown>>(ctx, inner.sql, inner.params, orderBy, 'id', p, {
          nullable: NULLABLE_SORTS.has(orderBy),
        })
      : await pageCounted(ctx, inner, all, orderBy, p);
  if (pageFirst && result.rows.length) {
    const ids = result.rows.map((r) => Number(r.id));
    let aggregates: Record<string, unknown>[];
    if (totals) {
      aggregates = await ctx.sql.query<Record<string, unknown>>(
        `SELECT customer_id, orders_count, total_spend, date_last_order, ${PROFIT_SUMS.join(', ')}
         FROM customer_totals WHERE customer_id IN ${idsSql(ids)}`,
      );
    } else {
      const status = statusDefault(noFilters, ctx.settings.excludedStatuses, 'os.status');
      const range = rangeCondition('os.date_created', f.range);
      // The same rows give the page's profit sums: read in this one pass, not again below.
      aggregates = await ctx.sql.query<Record<string, unknown>>(
        aggregatesSql(`os.customer_id IN ${idsSql(ids)} AND ${status.sql}${range.sql}`, {
          profit: true,
        }),
        [...status.params, ...range.params],
      );
    }
    const byId = new Map(aggregates.map((a) => [Number(a.customer_id), a]));
    for (const r of result.rows) {
      const a = byId.get(Number(r.id));
      r.orders_count = a?.orders_count ?? 0;
      r.total_spend = a?.total_spend ?? 0;
      r.date_last_order = a?.date_last_order ?? null;
      for (const m of PROFIT_SUMS) r[m] = a?.[m] ?? 0;
    }
  }
  await withProfitSums(ctx, result.rows, f.range);
  return shapeRows(ctx, result);
}

/** The customers report's filters with only an order-date range set. */
export function rangeOnlyFilters(range: CustomerFilters['range']): CustomerFilters {
  return {
    match: 'all',
    search: undefined,
    searchby: 'name',
    nameIncludes: [],
    nameExcludes: [],
    usernameIncludes: [],
    usernameExcludes: [],
    emailIncludes: [],
    emailExcludes: [],
    countryIncludes: [],
    countryExcludes: [],
    registered: {},
    lastActive: {},
    ordersCount: {},
    totalSpend: {},
    avgOrderValue: {},
    lastOrder: {},
    customers: [],
    range,
  };
}

/** Customers a top-spend walk reads before it gives way to the aggregate query. */
const TOP_WALK_LIMIT = 20_000;
/** Customers from which a chunk of the walk is summed in two queries at once (PostgreSQL). */
const SPLIT_CHUNK = 1024;

interface RangeAggregate {
  customer_id: number;
  orders_count: number;
  total_spend: number;
  date_last_order: string | null;
}

/**
 * The first `limit` customers by spend within an order-date range (the customers leaderboard):
 * the same rows as the range list sorted by total_spend descending, without aggregating every
 * order of the range. Customers are read from customer_totals in descending `gross_spend`
 * (all-time positive spend, which no range can exceed) and their range figures computed
 * through the order_stats customer index, a growing chunk at a time. The walk stops once the
 * last of the best `limit` spent more than the bound of the customers not yet read: none of
 * them can rank. When the totals are not current, or the walk grows long (fewer than `limit`
 * customers spent anything), the list's aggregate query answers.
 */
export async function topCustomersBySpend(
  ctx: ReportContext,
  range: CustomerFilters['range'],
  limit: number,
  { walkLimit = TOP_WALK_LIMIT, splitChunk = SPLIT_CHUNK } = {},
): Promise<CustomersListRow[]> {
  const viaList = async () =>
    (
      await customersList(ctx, rangeOnlyFilters(range), {
        page: 1,
        perPage: limit,
        order: 'desc',
        orderby: 'total_spend',
      })
    ).rows;
  if (!(await customerTotalsCurrent(ctx.sql, ctx.settings.excludedStatuses))) return viaList();
  const status = statusDefault(noFilters, ctx.settings.excludedStatuses, 'os.status');
  const inRange = rangeCondition('os.date_created', range);
  const ranks = (a: RangeAggregate, b: RangeAggregate) =>
    b.total_spend - a.total_spend || b.customer_id - a.customer_id;
  let best: RangeAggregate[] = [];
  let chunk = Math.max(64, limit * 4);
  let read = 0;
  // The walk goes on from the last customer read (keyset, not OFFSET, so no chunk walks the
  // index again) and only over customers whose bound can still reach the last of the best:
  // without that floor a chunk read past the point where the walk could stop, up to twice the
  // customers it needed.
  type Bound = { customer_id: number; gross_spend: number };
  const boundsAfter = (
    after: { spend: number; id: number } | undefined,
    floor: number | undefined,
    size: number,
  ): Promise<Bound[]> => {
    const where = [
      ...(after ? ['(gross_spend < ? OR (gross_spend = ? AND customer_id < ?))'] : []),
      ...(floor !== undefined ? ['gross_spend >= ?'] : []),
    ];
    const rows = ctx.sql.query<Bound>(
      `SELECT customer_id, gross_spend FROM customer_totals
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY gross_spend DESC, customer_id DESC LIMIT ?`,
      [
        ...(after ? [after.spend, after.spend, after.id] : []),
        ...(floor !== undefined ? [floor] : []),
        size,
      ],
    );
    // Awaited by the next round, unless the walk ends first.
    rows.catch(() => undefined);
    return rows;
  };
  let after: { spend: number; id: number } | undefined;
  // The next chunk's customers, given the floor. On PostgreSQL they are read while this chunk
  // is summed, on another connection (at 10M orders the walk's seven reads of them took a
  // quarter of its time), with the floor of the round before: the current one holds them
  // below. SQLite's one connection would read them before the sums anyway, and for nothing
  // when the walk stops, so there they are read when needed.
  let next: ((floor: number | undefined) => Promise<Bound[]>) | undefined = (floor) =>
    boundsAfter(undefined, floor, chunk);
  for (; next; chunk *= 2) {
    if (read >= walkLimit) return viaList();
    const floor = best.length === limit ? best[limit - 1]!.total_spend : undefined;
    const fetched: Bound[] = await next(floor);
    const bounds =
      floor === undefined ? fetched : fetched.filter((b) => Number(b.gross_spend) >= floor);
    read += bounds.length;
    const end: Bound | undefined = fetched[fetched.length - 1];
    if (end) after = { spend: Number(end.gross_spend), id: Number(end.customer_id) };
    // Another chunk only after a full one wholly above the floor: fewer means no customer is
    // left whose bound reaches it.
    next = undefined;
    if (fetched.length === chunk && bounds.length === fetched.length) {
      const [from, size] = [after, chunk * 2];
      next = (current) => boundsAfter(from, current, size);
      if (ctx.sql.engine === 'postgres') {
        const started = next(floor);
        next = () => started;
      }
    }
    if (bounds.length) {
      const ids = bounds.map((b) => Number(b.customer_id));
      const sum = (part: number[]) =>
        ctx.sql.query<RangeAggregate>(
          `SELECT a.* FROM (${aggregatesSql(
            `${ctx.sql.inIdList('os.customer_id')} AND ${status.sql}${inRange.sql}`,
          )}) a WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = a.customer_id)`,
          [ctx.sql.idList(part), ...status.params, ...inRange.params],
        );
      // PostgreSQL runs a query on one core: a long chunk is summed in halves on two of the
      // pool's connections at once (SQLite's one connection would take them in turn).
      const halves =
        ctx.sql.engine === 'postgres' && ids.length >= splitChunk
          ? [ids.slice(0, ids.length >> 1), ids.slice(ids.length >> 1)]
          : [ids];
      const found = (await Promise.all(halves.map(sum))).flat();
      const rows = found.map((r) => ({
        customer_id: Number(r.customer_id),
        orders_count: Number(r.orders_count),
        total_spend: Number(r.total_spend),
        date_last_order: r.date_last_order,
      }));
      best = [...best, ...rows].sort(ranks).slice(0, limit);
    }
    const kept = best[limit - 1];
    if (kept && after && kept.total_spend > after.spend) break;
  }
  if (best.length === 0) return [];
  const customers = await ctx.sql.query<Record<string, unknown>>(
    `SELECT ${CUSTOMER_COLUMNS} FROM customers c WHERE c.id IN ${idsSql(best.map((b) => b.customer_id))}`,
  );
  const byId = new Map(customers.map((c) => [Number(c.id), c]));
  const page: Record<string, unknown>[] = best.map((b) => ({ ...byId.get(b.customer_id), ...b }));
  await withProfitSums(ctx, page, range);
  return shapeRows(ctx, { rows: page, total: page.length, totalPages: 1 }).rows;
}

/** The response rows of a page (money in currency units, dates ISO). */
function shapeRows(
  ctx: ReportContext,
  result: ListResult<Record<string, unknown>>,
): ListResult<CustomersListRow> {
  return {
    ...result,
    rows: result.rows.map((r): CustomersListRow => {
      const orders = Number(r.orders_count);
      const spend = Number(r.total_spend);
      const userId = Number(r.user_id);
      return {
        id: Number(r.id),
        user_id: userId,
        name: String(r.name ?? '').trim(),
        first_name: String(r.first_name),
        last_name: String(r.last_name),
        username: String(r.username),
        email: String(r.email),
        country: String(r.country),
        city: String(r.city),
        state: String(r.state),
        postcode: String(r.postcode),
        date_registered: iso(r.date_registered),
        date_registered_gmt: iso(r.date_registered_gmt),
        date_last_active: iso(r.date_last_active),
        date_last_active_gmt: iso(r.date_last_active_gmt),
        orders_count: orders,
        total_spend: ctx.money(spend),
        avg_order_value: ctx.money(orders === 0 ? 0 : Math.round(spend / orders)),
        date_last_order: iso(r.date_last_order),
        ...customerProfit(r, ctx.money),
        _links: userId ? { customer: link(`/wc/v3/customers/${userId}`) } : {},
      };
    }),
  };
}

/** A row's profit fields from its sums: `grossProfitMetrics`, as every report's. */
function customerProfit(r: Record<string, unknown>, money: (units: number) => number) {
  const { cost_of_goods, gross_profit, cost_coverage } = grossProfitMetrics(
    {
      net: Number(r.net_total ?? 0),
      items: Number(r.num_items_sold ?? 0),
      cost: Number(r.cost_of_goods ?? 0),
      costedItems: Number(r.costed_items ?? 0),
      costedNet: Number(r.costed_net ?? 0),
    },
    money,
  );
  return { cost_of_goods, gross_profit, cost_coverage };
}

/** GET /reports/customers/stats: counts and averages over the matching customers. */
export async function customersStats(ctx: ReportContext, f: CustomerFilters) {
  const totals = await totalsSource(ctx, f);
  if (totals && unfiltered(f)) {
    // Every customer: sums over the totals rows (customers without one add 0) over the
    // number of customers, when the rows are known to belong to listed customers.
    const { customers, contained } = await customersCoverage(ctx);
    if (contained) {
      const [r] = await ctx.sql.query<{ o: number | null; s: number | null; a: number | null }>(
        `SELECT SUM(orders_count) AS o, SUM(total_spend) AS s, SUM(avg_order_value) AS a
         FROM customer_totals`,
      );
      const avg = (sum: number | null | undefined) =>
        customers ? Number(sum ?? 0) / customers : 0;
      return statsTotals(ctx, { n: customers, o: avg(r?.o), s: avg(r?.s), a: avg(r?.a) });
    }
  }
  const inner = customersInner(ctx, f, totals ? 'totals' : 'orders');
  const rows = await ctx.sql.query<{
    n: number;
    o: number | null;
    s: number | null;
    a: number | null;
  }>(
    `SELECT COUNT(*) AS n, AVG(orders_count * 1.0) AS o, AVG(total_spend * 1.0) AS s,
       AVG(avg_order_value * 1.0) AS a FROM (${inner.sql}) t`,
    inner.params,
  );
  return statsTotals(ctx, rows[0]);
}

/** The stats body from the count and the averages. */
function statsTotals(
  ctx: ReportContext,
  r: { n: number; o: number | null; s: number | null; a: number | null } | undefined,
) {
  return {
    customers_count: Number(r?.n ?? 0),
    avg_orders_count: Math.round(Number(r?.o ?? 0) * 100) / 100,
    avg_total_spend: ctx.money(Math.round(Number(r?.s ?? 0))),
    avg_avg_order_value: ctx.money(Math.round(Number(r?.a ?? 0))),
  };
}

/**
 * The ids of every customer the filters match (a saved customers segment's members), with
 * all-time aggregates for the aggregate rules.
 */
export async function matchingCustomerIds(
  ctx: ReportContext,
  f: CustomerFilters,
): Promise<number[]> {
  const inner = customersInner(ctx, f, (await totalsSource(ctx, f)) ? 'totals' : 'orders');
  const rows = await ctx.sql.query<{ id: number }>(
    `SELECT t.id FROM (${inner.sql}) t ORDER BY t.id`,
    inner.params,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The customers of a saved segment's narrowing (for the Customers report): a customers
 * segment's own, or the customers with an order or refund an orders segment's filters match.
 */
export async function segmentCustomerIds(
  ctx: ReportContext,
  narrowing: SegmentNarrowing,
): Promise<number[]> {
  if ('customers' in narrowing) return [...narrowing.customers];
  const filter = rowFilter(
    narrowing.orders,
    ctx.settings.excludedStatuses,
    {
      orderId: 'os.order_id',
      parentId: 'os.parent_id',
      status: 'os.status',
      returning: 'os.returning_customer',
    },
    'order',
  );
  const rows = await ctx.sql.query<{ customer_id: number }>(
    `SELECT DISTINCT os.customer_id FROM order_stats os WHERE os.customer_id > 0 AND ${filter.sql}`,
    filter.params,
  );
  return rows.map((r) => Number(r.customer_id)).sort((a, b) => a - b);
}
