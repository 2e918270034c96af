/*
 * Order-level stats (revenue/stats and orders/stats): one engine, two presentations.
 * Unfiltered and status / new-returning filtered requests read the day and hour rollups for
 * whole days and hours and order rows only for the partial hours at the edges; any other
 * filter, a segmentby, or distinct customers read the lookup tables for the whole range.
 */

import { concatAgg, countDistinctPerGroup } from '../db/dialect';
import { LINE_MEASURES, ORDER_MEASURES } from '../db/measures';
import { forEachPositiveId } from '../db/multiset';
import { visitsMarkedStale } from '../ingest/item-visits';
import type { ReportContext } from './context';
import { DATE_KIND } from './context';
import {
  type FilterColumns,
  idsSql,
  oneItem,
  type ReportFilters,
  rowFilter,
  type SqlCondition,
} from './filters';
import { wallMs, wallText } from './intervals';
import {
  addLineToOrderAcc,
  addOrderRow,
  emptyOrderAcc,
  type LineFacts,
  mergeOrderAcc,
  type OrderAcc,
  type OrderStatsFacts,
  ordersMetrics,
  profitStatsMetrics,
  revenueMetrics,
} from './metrics';
import { planRange, rollupsAnswer, splitMonths } from './plan';
import { categoriesOfProducts, type SegmentBy, segmentUniverse } from './segments';
import {
  assembleStats,
  BucketAccs,
  type StatsKind,
  type StatsRequest,
  type StatsResult,
} from './stats';

/** Order-stats columns for the filter builder (alias `os`). */
export const ORDER_COLUMNS: FilterColumns = {
  orderId: 'os.order_id',
  parentId: 'os.parent_id',
  status: 'os.status',
  returning: 'os.returning_customer',
};

/** Revenue rollup columns: only status and new/returning exist there. */
export const ROLLUP_COLUMNS: FilterColumns = {
  orderId: 'NULL',
  status: 'status',
  returning: 'returning_customer',
};

/**
 * Whole-range sums over the revenue rollups: each named expression of `sums` summed over the
 * rows (of `filter`, on ROLLUP_COLUMNS) of the plan's whole days (revenue_day) and whole hours
 * (revenue_hour). The partial hours at the edges are the caller's (order rows).
 */
export async function sumRevenueRollups<K extends string>(
  ctx: ReportContext,
  plan: Pick<ReturnType<typeof planRange>, 'days' | 'hours'>,
  filter: SqlCondition,
  sums: Record<K, string>,
): Promise<Record<K, number>> {
  const names = Object.keys(sums) as K[];
  const totals = Object.fromEntries(names.map((k) => [k, 0])) as Record<K, number>;
  for (const [table, width, ranges] of [
    ['revenue_day', 10, plan.days],
    ['revenue_hour', 13, plan.hours],
  ] as const) {
    for (const [from, to] of ranges) {
      const [r] = await ctx.sql.query<Record<K, number | string | null>>(
        `SELECT ${names.map((k) => `SUM(${sums[k]}) AS ${k}`).join(', ')}
         FROM ${table} WHERE date_kind = ? AND bucket >= ? AND bucket < ? AND ${filter.sql}`,
        [
          DATE_KIND[ctx.dateColumn],
          wallText(from).slice(0, width),
          wallText(to).slice(0, width),
          ...filter.params,
        ],
      );
      for (const k of names) totals[k] += Number(r?.[k] ?? 0);
    }
  }
  return totals;
}

/** Which presentation an order-level report uses. */
export type OrderReport = 'revenue' | 'orders' | 'profit';

/** The order-level stats kind for a presentation. */
export function orderKind(
  report: OrderReport,
  money: (units: number) => number,
): StatsKind<OrderAcc> {
  return {
    empty: emptyOrderAcc,
    merge: mergeOrderAcc,
    present: (a) =>
      report === 'revenue'
        ? revenueMetrics(a, money)
        : report === 'profit'
          ? profitStatsMetrics(a, money)
          : ordersMetrics(a, money),
  };
}

/** Order rows of [from, to) (local), after filters. */
export function orderRowsQuery(ctx: ReportContext, filter: SqlCondition, from: string, to: string) {
  const col = `os.${ctx.dateColumn}`;
  return ctx.sql.query<OrderStatsFacts & { d: string; returning_customer: number }>(
    `SELECT ${col} AS d, os.order_id, os.parent_id, os.customer_id, os.returning_customer,
       os.num_items_sold, os.total_sales, os.net_total, os.tax_total, os.shipping_total,
       ${ORDER_MEASURES.map((m) => `os.${m}`).join(', ')}
     FROM order_stats os WHERE ${col} >= ? AND ${col} < ? AND ${filter.sql}`,
    [from, to, ...filter.params],
  );
}

/** Coupon rows of the orders in [from, to) (local), after filters. */
export function couponRowsQuery(
  ctx: ReportContext,
  filter: SqlCondition,
  from: string,
  to: string,
) {
  const col = `os.${ctx.dateColumn}`;
  return ctx.sql.query<{ d: string; order_id: number; coupon_id: number; discount_amount: number }>(
    `SELECT ${col} AS d, os.order_id, ocl.coupon_id, ocl.discount_amount
     FROM order_coupon_lookup ocl JOIN order_stats os ON os.order_id = ocl.order_id
     WHERE ${col} >= ? AND ${col} < ? AND ${filter.sql}`,
    [from, to, ...filter.params],
  );
}

/** Line rows of the orders in [from, to) (local), after order-level filters. */
export function lineRowsQuery(ctx: ReportContext, filter: SqlCondition, from: string, to: string) {
  const col = `os.${ctx.dateColumn}`;
  return ctx.sql.query<LineFacts & { d: string }>(
    `SELECT ${col} AS d, opl.order_id, opl.parent_id, opl.product_id, opl.variation_id,
       opl.customer_id, opl.product_qty, opl.product_net_revenue, opl.product_gross_revenue,
       opl.coupon_amount, opl.tax_amount, opl.shipping_amount, opl.shipping_tax_amount,
       ${LINE_MEASURES.map((m) => `opl.${m}`).join(', ')}
     FROM order_product_lookup opl JOIN order_stats os ON os.order_id = opl.order_id
     WHERE ${col} >= ? AND ${col} < ? AND ${filter.sql}`,
    [from, to, ...filter.params],
  );
}

/** Parameters of an order-level stats request. */
export interface OrderStatsParams extends StatsRequest {
  filters: ReportFilters;
  segmentby: SegmentBy | undefined;
}

/** True when a stats answer shows `field` (`fields[]` as `pickFields` applies it). */
function showsField(fields: readonly string[] | undefined, field: string, known: object): boolean {
  if (!fields || fields.includes(field)) return true;
  return !fields.some((f) => f in known);
}

/** revenue/stats or orders/stats. */
export async function orderStats(
  ctx: ReportContext,
  report: OrderReport,
  params: OrderStatsParams,
  /** `itemRollups: false` reads one-item filters from the lookups (tests compare the two). */
  options: { itemRollups?: boolean } = {},
): Promise<StatsResult> {
  const { settings } = ctx;
  const kind = orderKind(report, ctx.money);
  const accs = new BucketAccs(kind, params, settings.startOfWeek);
  const excluded = settings.excludedStatuses;
  const f = params.filters;
  const filter = rowFilter(f, excluded, ORDER_COLUMNS, 'order');
  const wantsCustomers =
    report === 'orders' && (!params.fields || params.fields.includes('total_customers'));
  const endExclusive = wallText(wallMs(params.before) + 1000);
  // One product, variation, category or coupon: whole days from item_day (migration 015).
  const single =
    params.segmentby !== undefined || params.interval === 'hour' || options.itemRollups === false
      ? undefined
      : oneItem(f);
  // Distinct customers of one product or variation over whole days come from its visits
  // (customerCountsFromVisits); otherwise, and for a category, from that item's lines alone
  // (customerCountsOfItem); the sums still from item_day. Every other request with customers
  // reads the order rows.
  const customersByItem = wantsCustomers && single !== undefined && single.type !== 'coupon';
  const byRows = (wantsCustomers && !customersByItem) || params.segmentby !== undefined;
  const item = byRows ? undefined : single;
  const useRollups = (rollupsAnswer('revenue', f) || item !== undefined) && !byRows;
  const presented = kind.present(kind.empty());
  const wantsProducts = showsField(params.fields, 'products', { ...presented, products: 0 });
  // The coupon multisets are concatenated and parsed per bucket only for `coupons_count`
  // (the Orders report asks for four fields without it).
  const wantsCoupons = showsField(params.fields, 'coupons_count', presented);

  const addOrders = async (from: string, to: string) => {
    for (const r of await orderRowsQuery(ctx, filter, from, to)) {
      const acc = accs.at(String(r.d));
      if (acc) addOrderRow(acc, r);
    }
    for (const c of await couponRowsQuery(ctx, filter, from, to)) {
      const acc = accs.at(String(c.d));
      if (!acc) continue;
      acc.coupons += Number(c.discount_amount);
      acc.couponIds.add(Number(c.coupon_id));
    }
  };
  /** Distinct products of the filtered orders' lines, from the lookups. */
  const productsByLookup = async () => {
    const col = `os.${ctx.dateColumn}`;
    const row = await ctx.sql.query<{ n: number }>(
      `SELECT COUNT(DISTINCT opl.product_id) AS n FROM order_product_lookup opl
       JOIN order_stats os ON os.order_id = opl.order_id
       WHERE ${col} >= ? AND ${col} < ? AND ${filter.sql}`,
      [params.after, endExclusive, ...filter.params],
    );
    return Number(row[0]?.n ?? 0);
  };

  let products = 0;
  let customersTotal: number | undefined;
  if (useRollups) {
    // The item's distinct customers are counted beside the sums: on PostgreSQL the query runs
    // on another connection meanwhile (SQLite's statements run one after the other anyway).
    // Its visits unless an import has marked them stale (ingest/item-visits.ts).
    const countCustomers = async (one: NonNullable<typeof item>) =>
      visitsAnswer(one, params.after, endExclusive) && !(await visitsMarkedStale(ctx.sql))
        ? customerCountsFromVisits(ctx, one, accs, params.after, endExclusive)
        : customerCountsOfItem(ctx, one, accs, params.after, endExclusive);
    const customerCounts = item && customersByItem ? countCustomers(item) : undefined;
    // Awaited below; a failure of the sums before then must not leave it unhandled.
    customerCounts?.catch(() => undefined);
    const plan = planRange(params.after, params.before);
    const rollupFilter = rowFilter(item?.rest ?? f, excluded, ROLLUP_COLUMNS, 'order');
    // The distinct products too (half the database's time for a year of revenue stats).
    const productCount =
      wantsProducts && !item ? distinctProductsByRollup(ctx, plan, rollupFilter, f) : undefined;
    productCount?.catch(() => undefined);
    const kindName = DATE_KIND[ctx.dateColumn];
    const read = async (table: string, width: number, from: number, to: number, suffix: string) => {
      const [bucket, where, keys] = item
        ? ['day', 'item_type = ? AND item_id = ? AND ', [item.type, item.id]]
        : ['bucket', '', []];
      const rows = await ctx.sql.query<Record<string, number | string>>(
        // One row per bucket: the statuses and customer types are summed by the engine, and
        // the coupon multisets concatenated (an id counts once it is positive anywhere).
        `SELECT ${bucket} AS bucket, SUM(orders_count) AS orders_count,
           SUM(num_items_sold) AS num_items_sold,
           SUM(total_sales) AS total_sales, SUM(net_total) AS net_total,
           SUM(tax_total) AS tax_total, SUM(shipping_total) AS shipping_total,
           SUM(refunds) AS refunds, SUM(coupons) AS coupons,
           ${ORDER_MEASURES.map((m) => `SUM(${m}) AS ${m}`).join(', ')}${
             wantsCoupons ? `, ${concatAgg(ctx.sql.engine, 'coupon_ids')} AS coupon_ids` : ''
           }
         FROM ${table} WHERE ${where}date_kind = ? AND ${bucket} >= ? AND ${bucket} < ?
           AND ${rollupFilter.sql}
         GROUP BY ${bucket}`,
        [
          ...keys,
          kindName,
          wallText(from).slice(0, width),
          wallText(to).slice(0, width),
          ...rollupFilter.params,
        ],
      );
      for (const r of rows) {
        const acc = accs.at(`${r.bucket}${suffix}`);
        if (!acc) continue;
        acc.orders_count += Number(r.orders_count);
        acc.num_items_sold += Number(r.num_items_sold);
        acc.total_sales += Number(r.total_sales);
        acc.net_total += Number(r.net_total);
        acc.tax_total += Number(r.tax_total);
        acc.shipping_total += Number(r.shipping_total);
        acc.refunds += Number(r.refunds);
        acc.coupons += Number(r.coupons);
        for (const m of ORDER_MEASURES) acc[m] += Number(r[m] ?? 0);
        if (wantsCoupons)
          forEachPositiveId(String(r.coupon_ids ?? ''), (id) => acc.couponIds.add(id));
      }
    };
    // Hour buckets need hour rows even for whole days.
    const byDay = params.interval === 'hour' ? [] : plan.days;
    const byHour = params.interval === 'hour' ? [...plan.days, ...plan.hours] : plan.hours;
    for (const [from, to] of byDay)
      await read(item ? 'item_day' : 'revenue_day', 10, from, to, ' 00:00:00');
    // item_day has no hours: an item's partial days come from its order rows.
    for (const [from, to] of byHour) {
      if (item) await addOrders(wallText(from), wallText(to));
      else await read('revenue_hour', 13, from, to, ':00:00');
    }
    for (const [from, to] of plan.raw) await addOrders(wallText(from), wallText(to));
    // The database counts the item's distinct customers over the whole range (partial days
    // included), per bucket and in total; those counts replace the sets the order rows filled.
    if (customerCounts) {
      const counts = await customerCounts;
      for (const b of accs.buckets)
        accs.byBucket.get(b.id)!.customerCount = counts.byBucket.get(b.id) ?? 0;
      customersTotal = counts.total;
    }
    if (wantsProducts) products = productCount ? await productCount : await productsByLookup();
  } else {
    await addOrders(params.after, endExclusive);
    if (wantsProducts) products = await productsByLookup();
  }

  let segments: Awaited<ReturnType<typeof segmentUniverse>> | undefined;
  if (params.segmentby) {
    segments = await segmentUniverse(ctx, params.segmentby, f);
    await fillOrderSegments(ctx, accs, params.segmentby, filter, params.after, endExclusive);
  }
  return assembleStats(accs, {
    timezone: settings.timezone,
    segments,
    extraTotals: {
      ...(wantsProducts ? { products } : {}),
      ...(customersTotal === undefined ? {} : { total_customers: customersTotal }),
    },
    orderbyAlias: { items_sold: 'num_items_sold' },
  });
}

/**
 * Whether item_visits (migration 025) counts one item's customers over a range: a product or
 * variation, under the excluded statuses alone (it counts no other status or customer-type
 * filter), over whole local days (`from` and `to` at midnight, `to` exclusive).
 */
function visitsAnswer(
  item: NonNullable<ReturnType<typeof oneItem>>,
  from: string,
  to: string,
): item is typeof item & { type: 'product' | 'variation' } {
  const { rest } = item;
  return (
    (item.type === 'product' || item.type === 'variation') &&
    rest.statusIs.length === 0 &&
    rest.statusIsNot.length === 0 &&
    !rest.customerType &&
    from.endsWith(' 00:00:00') &&
    to.endsWith(' 00:00:00')
  );
}

/**
 * One product's or variation's distinct customers per bucket and over the whole range, from
 * its visits (ingest/item-visits.ts): the visits of a span of days whose previous visit came
 * before the span's first day, one per customer. Reads the item's visit rows of the range, a
 * tenth of its lines for a best seller, where `customerCountsOfItem` reads every line.
 */
async function customerCountsFromVisits(
  ctx: ReportContext,
  item: { type: 'product' | 'variation'; id: number },
  accs: BucketAccs<OrderAcc>,
  from: string,
  to: string,
): Promise<{ byBucket: Map<string, number>; total: number }> {
  const first = from.slice(0, 10);
  // Summed in SQL down to what the buckets tell apart: a previous visit before the range
  // counts in every bucket (''), and one inside it counts in a day bucket, never in the total
  // (the range's first day stands for it). A best seller's year is 365-730 rows, where its
  // visit rows are 1,700 at 1M orders and more at 10M.
  const inRange = accs.request.interval === 'day' ? '?' : 'prev_day';
  const rows = await ctx.sql.query<{ day: string; prev_day: string; n: number }>(
    `SELECT day, CASE WHEN prev_day < ? THEN '' ELSE ${inRange} END AS prev_day, SUM(n) AS n
     FROM item_visits
     WHERE item_type = ? AND item_id = ? AND date_kind = ? AND day >= ? AND day < ?
     GROUP BY 1, 2`,
    [
      first,
      ...(inRange === '?' ? [first] : []),
      item.type,
      item.id,
      DATE_KIND[ctx.dateColumn],
      first,
      to.slice(0, 10),
    ],
  );
  const firstDayOf = new Map(accs.buckets.map((b) => [b.id, b.start.slice(0, 10)]));
  const byBucket = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    const day = String(r.day);
    const prev = String(r.prev_day);
    const n = Number(r.n);
    if (prev < first) total += n;
    const id = accs.idOf(`${day} 00:00:00`);
    if (id !== undefined && prev < firstDayOf.get(id)!)
      byBucket.set(id, (byBucket.get(id) ?? 0) + n);
  }
  return { byBucket, total };
}

/**
 * The distinct customers of the order and refund rows matching one product, variation or
 * category (and the rest of the filters: status, new/returning), per bucket of the request and
 * over the whole range, counted by the database from that item's lines: a row matches when it
 * has a line of the item, and its lines carry its customer, status, new/returning and dates.
 * Reads the item's lines only, through the (item, date, customer, status, new/returning)
 * indexes (migration 017) without visiting the table, and returns one row per bucket, where
 * sending the (day, customer) pairs to be counted here cost a row each.
 */
async function customerCountsOfItem(
  ctx: ReportContext,
  item: NonNullable<ReturnType<typeof oneItem>>,
  accs: BucketAccs<OrderAcc>,
  from: string,
  to: string,
): Promise<{ byBucket: Map<string, number>; total: number }> {
  const col = `opl.${ctx.dateColumn}`;
  const rest = rowFilter(item.rest, ctx.settings.excludedStatuses, LOOKUP_ORDER_COLUMNS, 'order');
  const [join, match] =
    item.type === 'category'
      ? ['JOIN product_categories pc ON pc.product_id = opl.product_id', 'pc.category_id = ?']
      : ['', `opl.${item.type}_id = ?`];
  // Day, month and year bucket ids are the local date's prefix; weeks and quarters are
  // told apart by their first seconds (the first bucket starts at `from`).
  const width = { day: 10, month: 7, year: 4 }[accs.request.interval as string];
  const starts = accs.buckets.slice(1).map((b) => b.start);
  const bucket =
    width !== undefined
      ? { sql: `substr(${col}, 1, ${width})`, params: [] as string[] }
      : {
          sql:
            starts.length === 0
              ? '0'
              : `CASE ${starts.map((_, i) => `WHEN ${col} < ? THEN ${i}`).join(' ')} ELSE ${starts.length} END`,
          params: starts,
        };
  const where = `${match} AND ${col} >= ? AND ${col} < ? AND opl.customer_id > 0 AND ${rest.sql}`;
  const count = countDistinctPerGroup(
    ctx.sql.engine,
    'opl.customer_id',
    bucket.sql,
    `order_product_lookup opl ${join}`,
    where,
  );
  const rows = await ctx.sql.query<{ bucket: string | number | null; n: number }>(
    count.sql,
    count.params(bucket.params, [item.id, from, to, ...rest.params]),
  );
  const byBucket = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    if (r.bucket === null) total = Number(r.n);
    else
      byBucket.set(
        width !== undefined ? String(r.bucket) : accs.buckets[Number(r.bucket)]!.id,
        Number(r.n),
      );
  }
  return { byBucket, total };
}

/** Line lookup columns for the order-level filters a one-item request keeps. */
const LOOKUP_ORDER_COLUMNS: FilterColumns = {
  orderId: 'NULL',
  status: 'opl.status',
  returning: 'opl.returning_customer',
};

/** Segments of order-level stats: customer type and coupon from order rows, the rest from lines. */
async function fillOrderSegments(
  ctx: ReportContext,
  accs: BucketAccs<OrderAcc>,
  by: SegmentBy,
  filter: SqlCondition,
  from: string,
  to: string,
) {
  const coupons = await couponRowsQuery(ctx, filter, from, to);
  const couponsOf = new Map<number, { id: number; amount: number }[]>();
  for (const c of coupons) {
    const list = couponsOf.get(Number(c.order_id)) ?? [];
    list.push({ id: Number(c.coupon_id), amount: Number(c.discount_amount) });
    couponsOf.set(Number(c.order_id), list);
  }
  const orderKey = (r: { order_id: number; parent_id: number }) =>
    Number(r.parent_id) === 0 ? Number(r.order_id) : Number(r.parent_id);
  if (by === 'customer_type' || by === 'coupon') {
    for (const r of await orderRowsQuery(ctx, filter, from, to)) {
      const d = String(r.d);
      if (by === 'customer_type') {
        const acc = accs.segmentAt(d, Number(r.returning_customer));
        if (!acc) continue;
        addOrderRow(acc, r);
        for (const c of couponsOf.get(Number(r.order_id)) ?? []) {
          acc.coupons += c.amount;
          acc.couponIds.add(c.id);
        }
        continue;
      }
      const own = Number(r.parent_id) === 0;
      for (const c of couponsOf.get(orderKey(r)) ?? []) {
        const acc = accs.segmentAt(d, c.id);
        if (!acc) continue;
        addOrderRow(acc, r);
        if (own) acc.coupons += c.amount;
        acc.couponIds.add(c.id);
      }
    }
    return;
  }
  const categories = by === 'category' ? await categoriesOfProducts(ctx) : undefined;
  for (const r of await lineRowsQuery(ctx, filter, from, to)) {
    const d = String(r.d);
    const ids =
      by === 'product'
        ? [Number(r.product_id)]
        : by === 'variation'
          ? [Number(r.variation_id)]
          : (categories!.get(Number(r.product_id)) ?? []);
    for (const id of ids) {
      const acc = accs.segmentAt(d, id);
      if (!acc) continue;
      addLineToOrderAcc(acc, r);
      for (const c of couponsOf.get(orderKey(r)) ?? []) acc.couponIds.add(c.id);
    }
  }
}

/**
 * Distinct products sold: the product month rollup for whole months (it has no new/returning
 * column, so a customer-type filter reads lookup rows throughout), lookup rows for the rest.
 * A product sold in an edge range is in the month rollup of the month holding it, so without
 * a customer-type filter the edge lookup reads only the products those months have that the
 * whole months did not: usually none.
 */
async function distinctProductsByRollup(
  ctx: ReportContext,
  plan: ReturnType<typeof planRange>,
  rollupFilter: SqlCondition,
  filters: ReportFilters,
): Promise<number> {
  // The rollup filter names only `status` and `returning_customer`, which lookups have.
  const ids = new Set<number>();
  const kind = DATE_KIND[ctx.dateColumn];
  const monthProducts = async (first: string, last: string, without: ReadonlySet<number>) => {
    const rows = await ctx.sql.query<{ id: number }>(
      `SELECT DISTINCT product_id AS id FROM product_month
       WHERE date_kind = ? AND month >= ? AND month <= ? AND ${rollupFilter.sql}`,
      [kind, first, last, ...rollupFilter.params],
    );
    return rows.map((r) => Number(r.id)).filter((id) => !without.has(id));
  };
  const split = filters.customerType ? { months: [], days: plan.days } : splitMonths(plan.days);
  for (const [first, last] of split.months) {
    for (const id of await monthProducts(first, last, ids)) ids.add(id);
  }
  const col = ctx.dateColumn;
  for (const [from, to] of [...split.days, ...plan.hours, ...plan.raw]) {
    let only = '';
    if (!filters.customerType) {
      const months = [wallText(from), wallText(to - 1000)].map((t) => t.slice(0, 7));
      const candidates = await monthProducts(months[0]!, months[1]!, ids);
      if (candidates.length === 0) continue;
      only = ` AND product_id IN ${idsSql(candidates)}`;
    }
    const rows = await ctx.sql.query<{ id: number }>(
      `SELECT DISTINCT product_id AS id FROM order_product_lookup
       WHERE ${col} >= ? AND ${col} < ? AND ${rollupFilter.sql}${only}`,
      [wallText(from), wallText(to), ...rollupFilter.params],
    );
    for (const r of rows) ids.add(Number(r.id));
  }
  return ids.size;
}
