/*
 * Whole-range totals for the performance indicators (docs/api.md, "Analytics: indicators,
 * leaderboards, index"), read without the
 * per-bucket work of the stats reports: an indicator is a stats total over `after`/`before`,
 * so each source is summed once. Definitions are the stats reports' own (metrics.ts), and
 * the sources the same as theirs: revenue day/hour rollups with order rows at the edges
 * (revenue.ts), the coupon, tax and variation month and day rollups through the list sources
 * (month-source.ts `rangeSums`).
 */
import { countDistinct } from '../db/dialect';
import { REVENUE_VALUE_COLUMNS } from '../db/rollups';
import type { ReportContext } from './context';
import { DATE_KIND } from './context';
import { noFilters, rowFilter, statusDefault } from './filters';
import { wallText } from './intervals';
import { addOrderRow, emptyOrderAcc, type OrderAcc } from './metrics';
import { rangeSums } from './month-source';
import { planRange } from './plan';
import {
  couponRowsQuery,
  ORDER_COLUMNS,
  orderRowsQuery,
  ROLLUP_COLUMNS,
  sumRevenueRollups,
} from './revenue';

/** A closed local range, as the stats reports take it. */
export interface TotalsRange {
  after: string;
  before: string;
}

/**
 * Order-level sums of the range without filters (revenue/stats and orders/stats totals):
 * whole days and hours from the revenue rollups, order rows for the partial hours. Distinct
 * coupons and customers are not collected (no indicator shows them).
 */
export async function orderTotals(ctx: ReportContext, range: TotalsRange): Promise<OrderAcc> {
  const acc = emptyOrderAcc();
  const excluded = ctx.settings.excludedStatuses;
  const rollup = rowFilter(noFilters, excluded, ROLLUP_COLUMNS, 'order');
  const plan = planRange(range.after, range.before);
  const sums = await sumRevenueRollups(
    ctx,
    plan,
    rollup,
    Object.fromEntries(REVENUE_VALUE_COLUMNS.map((c) => [c, c])) as Record<
      (typeof REVENUE_VALUE_COLUMNS)[number],
      string
    >,
  );
  for (const c of REVENUE_VALUE_COLUMNS) acc[c] += sums[c];
  const filter = rowFilter(noFilters, excluded, ORDER_COLUMNS, 'order');
  for (const [from, to] of plan.raw) {
    for (const r of await orderRowsQuery(ctx, filter, wallText(from), wallText(to)))
      addOrderRow(acc, r);
    for (const c of await couponRowsQuery(ctx, filter, wallText(from), wallText(to)))
      acc.coupons += Number(c.discount_amount);
  }
  return acc;
}

const statusOf = (ctx: ReportContext) => (alias: string) =>
  statusDefault(noFilters, ctx.settings.excludedStatuses, `${alias}.status`);

/** coupons/stats totals: discount amount (coupon month rollup) and distinct orders. */
export async function couponTotals(
  ctx: ReportContext,
  range: TotalsRange,
): Promise<{ amount: number; orders_count: number }> {
  const { amount } = await rangeSums(ctx, range, {
    month: 'coupon_month',
    day: 'coupon_day',
    lookup: 'order_coupon_lookup',
    sums: { amount: ['amount', 'discount_amount'] },
    filter: statusOf(ctx),
  });
  // An order with two coupons counts once: per-coupon rollup counts cannot give that.
  // coupon_order_day (migration 018) counts each order once per day, so whole days add up;
  // the partial hours at the edges count distinct orders of the coupon rows. An order's coupon
  // rows share its date and status, the (date, status) index's columns.
  const plan = planRange(range.after, range.before);
  let orders = 0;
  const dayStatus = statusOf(ctx)('c');
  for (const [from, to] of plan.days) {
    const [r] = await ctx.sql.query<{ n: number | null }>(
      `SELECT SUM(c.orders) AS n FROM coupon_order_day c
       WHERE c.date_kind = ? AND c.day >= ? AND c.day < ? AND ${dayStatus.sql}`,
      [
        DATE_KIND[ctx.dateColumn],
        wallText(from).slice(0, 10),
        wallText(to).slice(0, 10),
        ...dayStatus.params,
      ],
    );
    orders += Number(r?.n ?? 0);
  }
  const col = `ocl.${ctx.dateColumn}`;
  const status = statusOf(ctx)('ocl');
  for (const [from, to] of [...plan.hours, ...plan.raw]) {
    const [r] = await ctx.sql.query<{ n: number }>(
      countDistinct(
        ctx.sql.engine,
        'ocl.order_id',
        [col, 'ocl.status'],
        'order_coupon_lookup ocl',
        `${col} >= ? AND ${col} < ? AND ${status.sql}`,
      ),
      [wallText(from), wallText(to), ...status.params],
    );
    orders += Number(r?.n ?? 0);
  }
  return { amount: amount ?? 0, orders_count: orders };
}

/** taxes/stats totals of the tax amounts (tax month rollup). */
export async function taxTotals(
  ctx: ReportContext,
  range: TotalsRange,
): Promise<{ total_tax: number; order_tax: number; shipping_tax: number }> {
  const t = await rangeSums(ctx, range, {
    month: 'tax_month',
    day: 'tax_day',
    lookup: 'order_tax_lookup',
    sums: {
      total_tax: ['total_tax', 'total_tax'],
      order_tax: ['order_tax', 'order_tax'],
      shipping_tax: ['shipping_tax', 'shipping_tax'],
    },
    filter: statusOf(ctx),
  });
  return {
    total_tax: t.total_tax ?? 0,
    order_tax: t.order_tax ?? 0,
    shipping_tax: t.shipping_tax ?? 0,
  };
}

/**
 * variations/stats items sold (variation month rollup; the edges from variation lines), which
 * the stats report would read line by line for the whole range.
 */
export async function variationItemsSold(ctx: ReportContext, range: TotalsRange): Promise<number> {
  const status = statusOf(ctx);
  const { items_sold } = await rangeSums(ctx, range, {
    month: 'variation_month',
    day: 'variation_day',
    lookup: 'order_product_lookup',
    sums: { items_sold: ['items_sold', 'product_qty'] },
    // Month and day rows are variations only; lookup rows are every line. (`+variation_id`: the edge
    // rows are found by date; PostgreSQL otherwise ANDs in a bitmap of every variation line.)
    filter: (alias) => {
      const s = status(alias);
      return alias === 'l'
        ? { sql: `${s.sql} AND +${alias}.variation_id > 0`, params: s.params }
        : s;
    },
  });
  return items_sold ?? 0;
}

/**
 * downloads/stats total without filters: download log entries in the range, whole local days
 * from `download_day` (migration 018, kept by triggers on the log) and the partial hours at the
 * edges from the log itself.
 */
export async function downloadTotal(ctx: ReportContext, range: TotalsRange): Promise<number> {
  const plan = planRange(range.after, range.before);
  let total = 0;
  for (const [from, to] of plan.days) {
    const [r] = await ctx.sql.query<{ n: number | null }>(
      'SELECT SUM(downloads) AS n FROM download_day WHERE day >= ? AND day < ?',
      [wallText(from).slice(0, 10), wallText(to).slice(0, 10)],
    );
    total += Number(r?.n ?? 0);
  }
  for (const [from, to] of [...plan.hours, ...plan.raw]) {
    const [r] = await ctx.sql.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM download_log dl WHERE dl.timestamp >= ? AND dl.timestamp < ?',
      [wallText(from), wallText(to)],
    );
    total += Number(r?.n ?? 0);
  }
  return total;
}
