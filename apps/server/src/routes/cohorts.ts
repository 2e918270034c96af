import {
  type CohortInterval,
  CohortsQuery,
  CohortsResponse,
  RfmCustomersQuery,
  RfmCustomersResponse,
  RfmQuery,
  RfmResponse,
} from '@storelens/api';
import type { Static } from 'typebox';
import {
  type CohortFilters,
  type CohortSpec,
  cohortsReport,
  daysBetween,
  predictedNext,
  type RfmPageSpec,
  rfmCustomersPage,
  rfmGroups,
} from '../analytics/cohorts';
import type { ReportContext } from '../analytics/context';
import { ApiError } from '../errors';
import { formatSqlUtc, parseSqlUtc, zone } from '../timezone';
import { toLocalDateTime } from './dates';
import { bodyReport, listReport } from './report-definition';

const BASE = '/wp-json/wc-analytics/reports';

/** Most periods a cohorts request may span (ten years of weeks). */
export const MAX_COHORT_PERIODS = 520;

const PERIOD_DAYS: Record<CohortInterval, number> = {
  week: 7,
  month: 28,
  quarter: 90,
  year: 365,
};

/** The store's local now, or `before` made local. */
export function asOf(ctx: ReportContext, before: string | undefined, now = Date.now()): string {
  const z = zone(ctx.settings.timezone);
  return before ? toLocalDateTime(before, z) : z.toLocal(formatSqlUtc(now));
}

/**
 * When the RFM groups are taken: the end of `before`'s local day (today's by default), so a
 * day's groups are the same whenever that day they are asked for, and a kept day answers them
 * (analytics/rfm-days.ts).
 */
export const rfmAsOf = (ctx: ReportContext, before: string | undefined, now = Date.now()) =>
  `${asOf(ctx, before, now).slice(0, 10)} 23:59:59`;

/** The cohorts filters of a query (`first_product`…, or the Customers report's `cohort_…`). */
export function cohortFilters(q: {
  first_product?: number;
  first_category?: number;
  first_coupon?: number;
  first_source?: string;
  country?: string;
}): CohortFilters {
  return {
    product: q.first_product,
    category: q.first_category,
    coupon: q.first_coupon,
    source: q.first_source,
    country: q.country,
  };
}

/**
 * The cohorts report's parameters from its query: the range (a year back from `before`, which
 * is now by default), 400 when it is reversed or holds more than MAX_COHORT_PERIODS periods.
 */
export function cohortsParams(q: Static<typeof CohortsQuery>, ctx: ReportContext): CohortSpec {
  const interval: CohortInterval = q.period ?? 'month';
  const before = asOf(ctx, q.before);
  const after = q.after
    ? toLocalDateTime(q.after, zone(ctx.settings.timezone))
    : formatSqlUtc(parseSqlUtc(before) - 365 * 86_400_000)
        .slice(0, 10)
        .concat(' 00:00:00');
  if (after > before)
    throw ApiError.invalidParams({ after: 'after must be earlier than or equal to before.' });
  const span = (parseSqlUtc(before) - parseSqlUtc(after)) / 86_400_000;
  if (span / PERIOD_DAYS[interval] > MAX_COHORT_PERIODS)
    throw ApiError.invalidParams({
      period: `period ${interval} over this range gives more than ${MAX_COHORT_PERIODS} cohorts; choose a longer period or a shorter range.`,
    });
  return { interval, after, before, filters: cohortFilters(q), segment: ctx.segment };
}

/** The RFM groups' parameters from their query: the date scored, and the period moved back. */
export function rfmParams(q: Static<typeof RfmQuery>, ctx: ReportContext) {
  return { asOf: rfmAsOf(ctx, q.before), interval: q.period ?? ('month' as const) };
}

/** The RFM customers page's parameters from its query. */
export function rfmCustomersParams(q: Static<typeof RfmCustomersQuery>, ctx: ReportContext) {
  const spec: RfmPageSpec = {
    group: q.group,
    orderby: q.orderby ?? 'net_revenue',
    order: q.order ?? 'desc',
    page: q.page ?? 1,
    perPage: q.per_page ?? 10,
  };
  return { asOf: rfmAsOf(ctx, q.before), spec };
}

/** A page of the persons scored as of a date, as `reports/rfm/customers` answers them. */
async function rfmCustomers(
  ctx: ReportContext,
  { asOf: date, spec }: ReturnType<typeof rfmCustomersParams>,
) {
  const { rows: page, total } = await rfmCustomersPage(ctx, date, spec);
  const rows = page.map((p) => {
    const gap = daysBetween(p);
    return {
      customer_id: p.person,
      orders_count: p.orders,
      net_revenue: ctx.money(p.net),
      avg_order_value: ctx.money(Math.round(p.net / p.orders)),
      first_order: p.first,
      last_order: p.last,
      days_between_orders: gap === null ? null : Math.round(gap * 10) / 10,
      next_order_predicted: predictedNext(p),
      recency: p.r,
      frequency: p.f,
      monetary: p.m,
      group: p.group,
    };
  });
  return { rows, total, totalPages: Math.max(1, Math.ceil(total / spec.perPage)) };
}

/** The cohorts report and the RFM groups (docs/api.md, "Analytics: cohorts and RFM groups"). */
export const cohortReports = [
  bodyReport({
    path: `${BASE}/cohorts`,
    query: CohortsQuery,
    response: CohortsResponse,
    params: cohortsParams,
    report: cohortsReport,
  }),
  bodyReport({
    path: `${BASE}/rfm`,
    query: RfmQuery,
    response: RfmResponse,
    params: rfmParams,
    report: (ctx, p) => rfmGroups(ctx, p.asOf, p.interval),
  }),
  listReport({
    path: `${BASE}/rfm/customers`,
    query: RfmCustomersQuery,
    response: RfmCustomersResponse,
    params: rfmCustomersParams,
    report: rfmCustomers,
  }),
];
