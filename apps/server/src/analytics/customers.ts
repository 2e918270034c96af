/*
 * Customers list and stats (API.md Part B §2.17–§2.18): the customer lookup joined with each
 * customer's order aggregates (excluded statuses left out; order dates only when given).
 */
import { MONEY_SCALE } from '../money';
import type { ReportContext } from './context';
import { idsSql, noFilters, statusDefault } from './filters';
import { type ListPaging, type ListResult, link, pagedQuery, rangeCondition } from './paging';

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
  /** Order dates (local); undefined bounds mean no date filter. */
  range: { after: string | undefined; before: string | undefined };
}

/** Escapes LIKE wildcards; used with ESCAPE '\\'. */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The inner select: one row per matching customer with aggregates (units for money). */
function customersInner(ctx: ReportContext, f: CustomerFilters, withAggregates = true) {
  const status = statusDefault(noFilters, ctx.settings.excludedStatuses, 'os.status');
  const range = rangeCondition('os.date_created', f.range);
  const hasRange = f.range.after !== undefined || f.range.before !== undefined;
  const params: unknown[] = withAggregates ? [...status.params, ...range.params] : [];
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

  let where = hasRange ? 'a.customer_id IS NOT NULL' : '1=1';
  if (clauses.length) {
    where += ` AND (${clauses.map((c) => c.sql).join(f.match === 'any' ? ' OR ' : ' AND ')})`;
    params.push(...clauses.flatMap((c) => c.params));
  }
  if (f.customers.length) where += ` AND c.id IN ${idsSql(f.customers)}`;
  if (f.search) {
    const fields = {
      name: ["c.first_name || ' ' || c.last_name"],
      username: ['c.username'],
      email: ['c.email'],
      all: ["c.first_name || ' ' || c.last_name", 'c.username', 'c.email'],
    }[f.searchby];
    where += ` AND (${fields.map((x) => `LOWER(${x}) LIKE ? ESCAPE '\\'`).join(' OR ')})`;
    for (const _ of fields) params.push(likeText(f.search.toLowerCase()));
  }
  const sql = `SELECT c.id, c.user_id, c.username, c.first_name, c.last_name,
      c.first_name || ' ' || c.last_name AS name, c.email, c.country, c.city, c.state, c.postcode,
      c.date_registered, c.date_registered_gmt, c.date_last_active, c.date_last_active_gmt,
      COALESCE(a.orders_count, 0) AS orders_count, COALESCE(a.total_spend, 0) AS total_spend,
      ${AVG_EXPR} AS avg_order_value, a.date_last_order
    FROM customers c LEFT JOIN ${
      withAggregates
        ? `(${aggregatesSql(`os.customer_id > 0 AND ${status.sql}${range.sql}`)})`
        : '(SELECT 0 AS customer_id, 0 AS orders_count, 0 AS total_spend, NULL AS date_last_order)'
    } a ON a.customer_id = c.id
    WHERE ${where}`;
  return { sql, params };
}

/** Per-customer order aggregates over order_stats rows matching `where` (alias os). */
const aggregatesSql = (where: string) =>
  `SELECT os.customer_id, SUM(CASE WHEN os.parent_id = 0 THEN 1 ELSE 0 END) AS orders_count,
     SUM(os.total_sales) AS total_spend,
     MAX(CASE WHEN os.parent_id = 0 THEN os.date_created END) AS date_last_order
   FROM order_stats os WHERE ${where} GROUP BY os.customer_id`;

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
};

const iso = (v: unknown) => (v ? String(v).replace(' ', 'T') : null);

/** GET /reports/customers. */
export async function customersList(
  ctx: ReportContext,
  f: CustomerFilters,
  p: ListPaging & { orderby: string },
): Promise<ListResult<Record<string, unknown>>> {
  // Without order-date, aggregate rules or an aggregate sort, page the customers first and
  // aggregate only the page's orders (the picker's path: an index seek per customer).
  const noRules = (r: NumberRule | DateRule) => Object.values(r).every((v) => v === undefined);
  const pageFirst =
    f.range.after === undefined &&
    f.range.before === undefined &&
    [f.ordersCount, f.totalSpend, f.avgOrderValue, f.lastOrder].every(noRules) &&
    !['orders_count', 'total_spend', 'avg_order_value'].includes(p.orderby);
  const inner = customersInner(ctx, f, !pageFirst);
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    inner.sql,
    inner.params,
    SORT[p.orderby] ?? 'date_registered',
    'id',
    p,
  );
  if (pageFirst && result.rows.length) {
    const status = statusDefault(noFilters, ctx.settings.excludedStatuses, 'os.status');
    const ids = result.rows.map((r) => Number(r.id));
    const aggregates = await ctx.sql.query<Record<string, unknown>>(
      aggregatesSql(`os.customer_id IN ${idsSql(ids)} AND ${status.sql}`),
      status.params,
    );
    const byId = new Map(aggregates.map((a) => [Number(a.customer_id), a]));
    for (const r of result.rows) {
      const a = byId.get(Number(r.id));
      r.orders_count = a?.orders_count ?? 0;
      r.total_spend = a?.total_spend ?? 0;
      r.date_last_order = a?.date_last_order ?? null;
    }
  }
  return {
    ...result,
    rows: result.rows.map((r) => {
      const orders = Number(r.orders_count);
      const spend = Number(r.total_spend);
      const userId = Number(r.user_id);
      return {
        id: Number(r.id),
        user_id: userId,
        name: String(r.name ?? '').trim(),
        first_name: r.first_name,
        last_name: r.last_name,
        username: r.username,
        email: r.email,
        country: r.country,
        city: r.city,
        state: r.state,
        postcode: r.postcode,
        date_registered: iso(r.date_registered),
        date_registered_gmt: iso(r.date_registered_gmt),
        date_last_active: iso(r.date_last_active),
        date_last_active_gmt: iso(r.date_last_active_gmt),
        orders_count: orders,
        total_spend: ctx.money(spend),
        avg_order_value: ctx.money(orders === 0 ? 0 : Math.round(spend / orders)),
        date_last_order: iso(r.date_last_order),
        _links: userId ? { customer: link(`/wc/v3/customers/${userId}`) } : {},
      };
    }),
  };
}

/** GET /reports/customers/stats: counts and averages over the matching customers. */
export async function customersStats(ctx: ReportContext, f: CustomerFilters) {
  const inner = customersInner(ctx, f);
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
  const r = rows[0];
  return {
    customers_count: Number(r?.n ?? 0),
    avg_orders_count: Math.round(Number(r?.o ?? 0) * 100) / 100,
    avg_total_spend: ctx.money(Math.round(Number(r?.s ?? 0))),
    avg_avg_order_value: ctx.money(Math.round(Number(r?.a ?? 0))),
  };
}
