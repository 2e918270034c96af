import type {
  DateType,
  IntervalKind,
  RevenueStatsResponse,
  RevenueSubtotals,
  RevenueTotals,
} from '@storelens/api';
import type { Db } from '../db/database';
import { RawSql } from '../db/sql';
import { parseMultiset } from '../ingest/contributions';
import { fromUnits } from '../money';
import type { StoreSettings } from '../options';
import { zone } from '../timezone';
import { bucketId, bucketsBetween, wallMs, wallText } from './intervals';

/** Validated revenue stats request; `after`/`before` are local wall-clock, inclusive. */
export interface RevenueStatsParams {
  after: string;
  before: string;
  interval: IntervalKind;
  page: number;
  perPage: number;
  order: 'asc' | 'desc';
  orderby: string;
  dateType: DateType;
  fields: readonly string[] | undefined;
}

/** The answer with its paging totals (for the X-WP-* headers). */
export interface RevenueStatsResult {
  body: RevenueStatsResponse | { totals: Record<string, never>; intervals: [] };
  total: number;
  totalPages: number;
}

interface Acc {
  orders_count: number;
  num_items_sold: number;
  total_sales: number;
  net_total: number;
  tax_total: number;
  shipping_total: number;
  refunds: number;
  coupons: number;
  couponIds: Set<number>;
}

const METRICS = [
  'orders_count',
  'num_items_sold',
  'total_sales',
  'net_total',
  'tax_total',
  'shipping_total',
  'refunds',
  'coupons',
] as const;

const KIND: Record<DateType, string> = {
  date_paid: 'paid',
  date_created: 'created',
  date_completed: 'completed',
};

const emptyAcc = (): Acc => ({
  orders_count: 0,
  num_items_sold: 0,
  total_sales: 0,
  net_total: 0,
  tax_total: 0,
  shipping_total: 0,
  refunds: 0,
  coupons: 0,
  couponIds: new Set(),
});

const HOUR = 3_600_000;
const DAY = 86_400_000;
const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step;
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * Splits [after, before] into the pieces each source answers exactly: whole local days from
 * the day rollup, whole hours from the hour rollup, and the partial hours at the edges from
 * the per-order lookup rows. Ranges are [from, to) in wall-clock ms.
 */
export function planRange(after: string, before: string) {
  const a = wallMs(after);
  const b = wallMs(before) + 1000;
  const raw: [number, number][] = [];
  const hours: [number, number][] = [];
  const days: [number, number][] = [];
  const hA = ceilTo(a, HOUR);
  const hB = floorTo(b, HOUR);
  if (hA >= hB) {
    if (a < b) raw.push([a, b]);
    return { raw, hours, days };
  }
  if (a < hA) raw.push([a, hA]);
  if (hB < b) raw.push([hB, b]);
  const dA = ceilTo(hA, DAY);
  const dB = floorTo(hB, DAY);
  if (dA >= dB) {
    hours.push([hA, hB]);
  } else {
    if (hA < dA) hours.push([hA, dA]);
    days.push([dA, dB]);
    if (dB < hB) hours.push([dB, hB]);
  }
  return { raw, hours, days };
}

/** Revenue stats from the rollups and lookup tables. */
export async function revenueStats(
  db: Db,
  settings: StoreSettings,
  params: RevenueStatsParams,
): Promise<RevenueStatsResult> {
  const sql = new RawSql(db.kysely, db.engine);
  const kind = KIND[params.dateType];
  const column = params.dateType;
  const excluded = settings.excludedStatuses;
  const notExcluded = excluded.length
    ? ` AND status NOT IN (${excluded.map(() => '?').join(',')})`
    : '';
  const buckets = bucketsBetween(
    params.after,
    params.before,
    params.interval,
    settings.startOfWeek,
  );
  const byId = new Map(buckets.map((b) => [b.id, emptyAcc()]));
  const accFor = (local: string) =>
    byId.get(bucketId(local, params.interval, settings.startOfWeek));
  const plan = planRange(params.after, params.before);

  const addRollup = (row: Record<string, number | string>, local: string) => {
    const acc = accFor(local);
    if (!acc) return;
    for (const m of METRICS) acc[m] += Number(row[m]);
    for (const [id, n] of parseMultiset(String(row.coupon_ids))) if (n > 0) acc.couponIds.add(id);
  };
  const rollupSelect = `SELECT bucket, ${METRICS.join(', ')}, coupon_ids`;
  for (const [from, to] of plan.days) {
    const rows = await sql.query<Record<string, number | string>>(
      `${rollupSelect} FROM revenue_day WHERE date_kind = ? AND bucket >= ? AND bucket < ?${notExcluded}`,
      [kind, wallText(from).slice(0, 10), wallText(to).slice(0, 10), ...excluded],
    );
    for (const r of rows) addRollup(r, `${r.bucket} 00:00:00`);
  }
  for (const [from, to] of plan.hours) {
    const rows = await sql.query<Record<string, number | string>>(
      `${rollupSelect} FROM revenue_hour WHERE date_kind = ? AND bucket >= ? AND bucket < ?${notExcluded}`,
      [kind, wallText(from).slice(0, 13), wallText(to).slice(0, 13), ...excluded],
    );
    for (const r of rows) addRollup(r, `${r.bucket}:00:00`);
  }
  for (const [from, to] of plan.raw) {
    const range = [wallText(from), wallText(to), ...excluded];
    const rows = await sql.query<Record<string, number | string>>(
      `SELECT ${column} AS d, parent_id, num_items_sold, total_sales, net_total, tax_total, shipping_total
       FROM order_stats WHERE ${column} >= ? AND ${column} < ?${notExcluded}`,
      range,
    );
    for (const r of rows) {
      const acc = accFor(String(r.d));
      if (!acc) continue;
      const net = Number(r.net_total);
      acc.orders_count += Number(r.parent_id) === 0 ? 1 : 0;
      acc.num_items_sold += Number(r.num_items_sold);
      acc.total_sales += Number(r.total_sales);
      acc.net_total += net;
      acc.tax_total += Number(r.tax_total);
      acc.shipping_total += Number(r.shipping_total);
      acc.refunds += net < 0 ? -net : 0;
    }
    const coupons = await sql.query<{ d: string; coupon_id: number; discount_amount: number }>(
      `SELECT ${column} AS d, coupon_id, discount_amount FROM order_coupon_lookup
       WHERE ${column} >= ? AND ${column} < ?${notExcluded}`,
      range,
    );
    for (const c of coupons) {
      const acc = accFor(c.d);
      if (!acc) continue;
      acc.coupons += Number(c.discount_amount);
      acc.couponIds.add(Number(c.coupon_id));
    }
  }

  const products = await distinctProducts(sql, plan, kind, column, excluded, notExcluded);
  const precision = settings.currencyPrecision;
  const money = (units: number) => fromUnits(units, precision);
  const present = (acc: Acc): RevenueSubtotals => ({
    total_sales: money(acc.total_sales),
    net_revenue: money(acc.net_total),
    gross_sales: money(
      acc.total_sales + acc.coupons - acc.tax_total - acc.shipping_total + acc.refunds,
    ),
    refunds: money(acc.refunds),
    shipping: money(acc.shipping_total),
    taxes: money(acc.tax_total),
    coupons: money(acc.coupons),
    coupons_count: acc.couponIds.size,
    orders_count: acc.orders_count,
    num_items_sold: acc.num_items_sold,
  });

  const all = emptyAcc();
  for (const acc of byId.values()) {
    for (const m of METRICS) all[m] += acc[m];
    for (const id of acc.couponIds) all.couponIds.add(id);
  }
  const keep = pickFields(params.fields);
  const totals = keep({ ...present(all), products } as RevenueTotals);

  const zoneOf = zone(settings.timezone);
  let intervals = buckets.map((b) => ({
    interval: b.id,
    date_start: b.start,
    date_start_gmt: zoneOf.toGmt(b.start),
    date_end: b.end,
    date_end_gmt: zoneOf.toGmt(b.end),
    subtotals: { ...keep(present(byId.get(b.id)!)), segments: [] },
  }));
  intervals = sortIntervals(intervals, params.orderby, params.order);
  const total = intervals.length;
  const totalPages = Math.ceil(total / params.perPage);
  if (params.page > totalPages) {
    return { body: { totals: {}, intervals: [] }, total, totalPages };
  }
  const start = (params.page - 1) * params.perPage;
  return {
    body: {
      totals: { ...totals, segments: [] },
      intervals: intervals.slice(start, start + params.perPage),
    } as RevenueStatsResponse,
    total,
    totalPages,
  };
}

/** Distinct products sold in the range: the day rollup for whole days, lookups for the rest. */
async function distinctProducts(
  sql: RawSql,
  plan: ReturnType<typeof planRange>,
  kind: string,
  column: string,
  excluded: readonly string[],
  notExcluded: string,
): Promise<number> {
  const ids = new Set<number>();
  for (const [from, to] of plan.days) {
    const rows = await sql.query<{ id: number }>(
      `SELECT p.id FROM products p WHERE p.parent_id = 0 AND EXISTS (
         SELECT 1 FROM product_day d WHERE d.date_kind = ? AND d.product_id = p.id
         AND d.day >= ? AND d.day < ?${notExcluded.replaceAll('status', 'd.status')})`,
      [kind, wallText(from).slice(0, 10), wallText(to).slice(0, 10), ...excluded],
    );
    for (const r of rows) ids.add(Number(r.id));
  }
  for (const [from, to] of [...plan.hours, ...plan.raw]) {
    const rows = await sql.query<{ product_id: number }>(
      `SELECT DISTINCT product_id FROM order_product_lookup WHERE ${column} >= ? AND ${column} < ?${notExcluded}`,
      [wallText(from), wallText(to), ...excluded],
    );
    for (const r of rows) ids.add(Number(r.product_id));
  }
  return ids.size;
}

function pickFields(fields: readonly string[] | undefined) {
  return <T extends object>(values: T): T => {
    if (!fields) return values;
    const known = fields.filter((f) => f in values);
    if (known.length === 0) return values;
    return Object.fromEntries(known.map((f) => [f, values[f as keyof T]])) as T;
  };
}

const ORDERBY_FIELD: Record<string, string> = {
  items_sold: 'num_items_sold',
  taxes: 'taxes',
  net_revenue: 'net_revenue',
};

function sortIntervals<T extends { interval: string; subtotals: object }>(
  intervals: T[],
  orderby: string,
  order: 'asc' | 'desc',
): T[] {
  const dir = order === 'asc' ? 1 : -1;
  if (orderby === 'date') {
    return [...intervals].sort(
      (a, b) => dir * (a.interval < b.interval ? -1 : a.interval > b.interval ? 1 : 0),
    );
  }
  const field = ORDERBY_FIELD[orderby] ?? orderby;
  const value = (i: T) => Number((i.subtotals as Record<string, unknown>)[field] ?? 0);
  return [...intervals].sort(
    (a, b) =>
      dir * (value(a) - value(b)) ||
      (a.interval < b.interval ? -1 : a.interval > b.interval ? 1 : 0),
  );
}
