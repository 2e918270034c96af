/*
 * Stats of the product-like, coupon, tax and download reports, on the shared envelope. Each
 * reads its lookup table for the range (dates on the report date column), with the same filter
 * builder and metric definitions as the order reports.
 */
import { LINE_MEASURES } from '../db/measures';
import type { ReportContext } from './context';
import { DATE_KIND } from './context';
import {
  andSegment,
  idsSql,
  type ReportFilters,
  rowFilter,
  type SegmentNarrowing,
  statusDefault,
} from './filters';
import { wallMs, wallText } from './intervals';
import {
  addLine,
  addTaxRow,
  type CouponAcc,
  couponsMetrics,
  type DownloadAcc,
  emptyCouponAcc,
  emptyLineAcc,
  emptyTaxAcc,
  type LineAcc,
  mergeCouponAcc,
  mergeLineAcc,
  mergeTaxAcc,
  productsMetrics,
  type TaxAcc,
  taxesMetrics,
  variationsMetrics,
} from './metrics';
import { planRange, rollupsAnswer } from './plan';
import { ROLLUP_COLUMNS } from './revenue';
import { categoriesOfProducts, type SegmentBy, segmentUniverse } from './segments';
import { assembleStats, BucketAccs, type StatsRequest, type StatsResult } from './stats';

/** Line-table columns for the filter builder (alias `opl`). */
export const LINE_COLUMNS = {
  orderId: 'opl.order_id',
  parentId: 'opl.parent_id',
  status: 'opl.status',
  returning: 'opl.returning_customer',
  product: 'opl.product_id',
  variation: 'opl.variation_id',
} as const;

/** Coupon lookup columns (alias `ocl`) a saved segment's clause is read on. */
export const COUPON_COLUMNS = {
  orderId: 'ocl.order_id',
  status: 'ocl.status',
  returning: 'ocl.returning_customer',
} as const;

/** Tax lookup columns (alias `otl`) a saved segment's clause is read on. */
export const TAX_COLUMNS = {
  orderId: 'otl.order_id',
  parentId: 'otl.parent_id',
  status: 'otl.status',
} as const;

/** A stats request with filters and an optional segmentby. */
export interface FilteredStatsParams extends StatsRequest {
  filters: ReportFilters;
  segmentby: SegmentBy | undefined;
}

const endOf = (before: string) => wallText(wallMs(before) + 1000);

/** products/stats (variations: only variation lines, plus variations_count). */
export async function productStats(
  ctx: ReportContext,
  report: 'products' | 'variations',
  params: FilteredStatsParams,
): Promise<StatsResult> {
  const money = ctx.money;
  const accs = new BucketAccs<LineAcc>(
    {
      empty: emptyLineAcc,
      merge: mergeLineAcc,
      present: (a) =>
        report === 'products' ? productsMetrics(a, money) : variationsMetrics(a, money),
    },
    params,
    ctx.settings.startOfWeek,
  );
  const filter = rowFilter(params.filters, ctx.settings.excludedStatuses, LINE_COLUMNS, 'line');
  const col = `opl.${ctx.dateColumn}`;
  const by = params.segmentby;
  const categories = by === 'category' ? await categoriesOfProducts(ctx) : undefined;
  const addLines = async (from: string, to: string) => {
    const rows = await ctx.sql.query<{
      d: string;
      order_id: number;
      parent_id: number;
      product_id: number;
      variation_id: number;
      product_qty: number;
      product_net_revenue: number;
    }>(
      `SELECT ${col} AS d, opl.order_id, opl.parent_id, opl.product_id, opl.variation_id,
         opl.product_qty, opl.product_net_revenue, ${LINE_MEASURES.map((m) => `opl.${m}`).join(', ')}
       FROM order_product_lookup opl
       WHERE ${col} >= ? AND ${col} < ? AND ${filter.sql}${report === 'variations' ? ' AND opl.variation_id > 0' : ''}`,
      [from, to, ...filter.params],
    );
    for (const r of rows) {
      const d = String(r.d);
      const acc = accs.at(d);
      if (!acc) continue;
      addLine(acc, r);
      if (!by) continue;
      const ids =
        by === 'product'
          ? [Number(r.product_id)]
          : by === 'variation'
            ? [Number(r.variation_id)]
            : (categories!.get(Number(r.product_id)) ?? []);
      for (const id of ids) addLine(accs.segmentAt(d, id)!, r);
    }
  };
  // Items sold and net sales are additive and equal the order-level sums (a line's net is its
  // total; an order's net is the sum of its lines), so whole days come from the revenue day
  // rollup when nothing needs distinct orders or line-level filters (the items-sold indicator).
  const additiveOnly =
    params.fields !== undefined &&
    params.fields.length > 0 &&
    params.fields.every((f) => f === 'items_sold' || f === 'net_revenue');
  if (
    report === 'products' &&
    additiveOnly &&
    !by &&
    params.interval !== 'hour' &&
    rollupsAnswer('revenue', params.filters)
  ) {
    const plan = planRange(params.after, params.before);
    const rollup = rowFilter(
      params.filters,
      ctx.settings.excludedStatuses,
      ROLLUP_COLUMNS,
      'order',
    );
    for (const [from, to] of plan.days) {
      const rows = await ctx.sql.query<{ day: string; items_sold: number; net_revenue: number }>(
        `SELECT bucket AS day, SUM(num_items_sold) AS items_sold, SUM(net_total) AS net_revenue
         FROM revenue_day WHERE date_kind = ? AND bucket >= ? AND bucket < ? AND ${rollup.sql}
         GROUP BY bucket`,
        [
          DATE_KIND[ctx.dateColumn],
          wallText(from).slice(0, 10),
          wallText(to).slice(0, 10),
          ...rollup.params,
        ],
      );
      for (const r of rows) {
        const acc = accs.at(`${r.day} 00:00:00`);
        if (!acc) continue;
        acc.items_sold += Number(r.items_sold);
        acc.net_revenue += Number(r.net_revenue);
      }
    }
    for (const [from, to] of [...plan.hours, ...plan.raw])
      await addLines(wallText(from), wallText(to));
  } else {
    await addLines(params.after, endOf(params.before));
  }
  return assembleStats(accs, {
    timezone: ctx.settings.timezone,
    segments: by ? await segmentUniverse(ctx, by, params.filters) : undefined,
  });
}

/** coupons/stats: discount amounts from the coupon lookup (refunds have no coupon rows). */
export async function couponStats(
  ctx: ReportContext,
  params: FilteredStatsParams,
): Promise<StatsResult> {
  const money = ctx.money;
  const accs = new BucketAccs<CouponAcc>(
    { empty: emptyCouponAcc, merge: mergeCouponAcc, present: (a) => couponsMetrics(a, money) },
    params,
    ctx.settings.startOfWeek,
  );
  const f = params.filters;
  const status = statusDefault(f, ctx.settings.excludedStatuses, 'ocl.status');
  const segment = andSegment(f, COUPON_COLUMNS);
  const only = `${f.couponIncludes.length ? ` AND ocl.coupon_id IN ${idsSql(f.couponIncludes)}` : ''}${segment.sql}`;
  const col = `ocl.${ctx.dateColumn}`;
  const range = [params.after, endOf(params.before), ...status.params, ...segment.params];
  const rows = await ctx.sql.query<{
    d: string;
    order_id: number;
    coupon_id: number;
    discount_amount: number;
  }>(
    `SELECT ${col} AS d, ocl.order_id, ocl.coupon_id, ocl.discount_amount FROM order_coupon_lookup ocl
     WHERE ${col} >= ? AND ${col} < ? AND ${status.sql}${only}`,
    range,
  );
  const by = params.segmentby;
  const couponsOf = new Map<number, number[]>();
  for (const r of rows) {
    const d = String(r.d);
    const acc = accs.at(d);
    if (!acc) continue;
    const add = (a: CouponAcc) => {
      a.amount += Number(r.discount_amount);
      a.coupons.add(Number(r.coupon_id));
      a.orders.add(Number(r.order_id));
    };
    add(acc);
    if (by === 'coupon') add(accs.segmentAt(d, Number(r.coupon_id))!);
    const list = couponsOf.get(Number(r.order_id)) ?? [];
    list.push(Number(r.coupon_id));
    couponsOf.set(Number(r.order_id), list);
  }
  if (by && by !== 'coupon') {
    // Product-like segments: each line's own discount, in the orders that used a coupon.
    const categories = by === 'category' ? await categoriesOfProducts(ctx) : undefined;
    const lcol = `opl.${ctx.dateColumn}`;
    const lines = await ctx.sql.query<{
      d: string;
      order_id: number;
      product_id: number;
      variation_id: number;
      coupon_amount: number;
    }>(
      `SELECT ${lcol} AS d, opl.order_id, opl.product_id, opl.variation_id, opl.coupon_amount
       FROM order_product_lookup opl
       WHERE ${lcol} >= ? AND ${lcol} < ? AND opl.parent_id = 0 AND opl.order_id IN (
         SELECT ocl.order_id FROM order_coupon_lookup ocl WHERE ${status.sql}${only})`,
      range,
    );
    for (const l of lines) {
      const ids =
        by === 'product'
          ? [Number(l.product_id)]
          : by === 'variation'
            ? [Number(l.variation_id)]
            : (categories!.get(Number(l.product_id)) ?? []);
      for (const id of ids) {
        const acc = accs.segmentAt(String(l.d), id);
        if (!acc) continue;
        acc.amount += Number(l.coupon_amount);
        acc.orders.add(Number(l.order_id));
        for (const c of couponsOf.get(Number(l.order_id)) ?? []) acc.coupons.add(c);
      }
    }
  }
  return assembleStats(accs, {
    timezone: ctx.settings.timezone,
    segments: by ? await segmentUniverse(ctx, by, f) : undefined,
  });
}

/** taxes/stats: tax per rate rows (refund rows give tax back). */
export async function taxStats(
  ctx: ReportContext,
  params: FilteredStatsParams,
): Promise<StatsResult> {
  const money = ctx.money;
  const accs = new BucketAccs<TaxAcc>(
    { empty: emptyTaxAcc, merge: mergeTaxAcc, present: (a) => taxesMetrics(a, money) },
    params,
    ctx.settings.startOfWeek,
  );
  const f = params.filters;
  const status = statusDefault(f, ctx.settings.excludedStatuses, 'otl.status');
  const segment = andSegment(f, TAX_COLUMNS);
  const only = `${f.taxRateIncludes.length ? ` AND otl.tax_rate_id IN ${idsSql(f.taxRateIncludes)}` : ''}${segment.sql}`;
  const col = `otl.${ctx.dateColumn}`;
  const rows = await ctx.sql.query<{
    d: string;
    order_id: number;
    parent_id: number;
    tax_rate_id: number;
    total_tax: number;
    order_tax: number;
    shipping_tax: number;
  }>(
    `SELECT ${col} AS d, otl.order_id, otl.parent_id, otl.tax_rate_id, otl.total_tax, otl.order_tax,
       otl.shipping_tax FROM order_tax_lookup otl
     WHERE ${col} >= ? AND ${col} < ? AND ${status.sql}${only}`,
    [params.after, endOf(params.before), ...status.params, ...segment.params],
  );
  const by = params.segmentby;
  for (const r of rows) {
    const d = String(r.d);
    const acc = accs.at(d);
    if (!acc) continue;
    addTaxRow(acc, r);
    if (by === 'tax_rate_id') addTaxRow(accs.segmentAt(d, Number(r.tax_rate_id))!, r);
  }
  return assembleStats(accs, {
    timezone: ctx.settings.timezone,
    segments: by ? await segmentUniverse(ctx, by, f) : undefined,
  });
}

/** Download-log filters (docs/api.md, "Download filters"). */
export interface DownloadFilters {
  match: 'all' | 'any';
  productIncludes: readonly number[];
  productExcludes: readonly number[];
  orderIncludes: readonly number[];
  orderExcludes: readonly number[];
  customerIncludes: readonly number[];
  customerExcludes: readonly number[];
  ipIncludes: readonly string[];
  ipExcludes: readonly string[];
  /** A saved segment's narrowing (`segment=<id>`): the entries of its orders, ANDed. */
  segment?: SegmentNarrowing;
}

/** The download-log WHERE clause (alias `dl`). */
export function downloadWhere(f: DownloadFilters): { sql: string; params: unknown[] } {
  const clauses: { sql: string; params: unknown[] }[] = [];
  const ids = (list: readonly number[], col: string, negate: boolean) => {
    if (list.length)
      clauses.push({ sql: `${col} ${negate ? 'NOT IN' : 'IN'} ${idsSql(list)}`, params: [] });
  };
  ids(f.productIncludes, 'dl.product_id', false);
  ids(f.productExcludes, 'dl.product_id', true);
  ids(f.orderIncludes, 'dl.order_id', false);
  ids(f.orderExcludes, 'dl.order_id', true);
  ids(f.customerIncludes, 'dl.user_id', false);
  ids(f.customerExcludes, 'dl.user_id', true);
  for (const [list, negate] of [
    [f.ipIncludes, false],
    [f.ipExcludes, true],
  ] as const) {
    if (list.length)
      clauses.push({
        sql: `dl.user_ip_address ${negate ? 'NOT IN' : 'IN'} (${list.map(() => '?').join(',')})`,
        params: [...list],
      });
  }
  const segment = andSegment(f, { orderId: 'dl.order_id', status: 'NULL' });
  if (!clauses.length) return { sql: `1=1${segment.sql}`, params: segment.params };
  return {
    sql: `(${clauses.map((c) => c.sql).join(f.match === 'any' ? ' OR ' : ' AND ')})${segment.sql}`,
    params: [...clauses.flatMap((c) => c.params), ...segment.params],
  };
}

/** downloads/stats: download log entries per local time. */
export async function downloadStats(
  ctx: ReportContext,
  params: StatsRequest & { downloads: DownloadFilters },
): Promise<StatsResult> {
  const accs = new BucketAccs<DownloadAcc>(
    {
      empty: () => ({ download_count: 0 }),
      merge: (into, from) => {
        into.download_count += from.download_count;
      },
      present: (a) => ({ download_count: a.download_count }),
    },
    params,
    ctx.settings.startOfWeek,
  );
  const where = downloadWhere(params.downloads);
  const rows = await ctx.sql.query<{ d: string }>(
    `SELECT dl.timestamp AS d FROM download_log dl WHERE dl.timestamp >= ? AND dl.timestamp < ? AND ${where.sql}`,
    [params.after, endOf(params.before), ...where.params],
  );
  for (const r of rows) {
    const acc = accs.at(String(r.d));
    if (acc) acc.download_count += 1;
  }
  return assembleStats(accs, { timezone: ctx.settings.timezone, segments: undefined });
}
