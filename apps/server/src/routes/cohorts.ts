import {
  type CohortInterval,
  CohortsQuery,
  CohortsResponse,
  RfmCustomersQuery,
  RfmCustomersResponse,
  RfmQuery,
  RfmResponse,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import {
  type CohortFilters,
  cohortsReport,
  daysBetween,
  predictedNext,
  rfmCustomersPage,
  rfmGroups,
} from '../analytics/cohorts';
import type { ReportContext } from '../analytics/context';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { formatSqlUtc, parseSqlUtc, zone } from '../timezone';
import { toLocalDateTime } from './dates';
import { reportRoute } from './report-route';

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

/** The cohorts report and the RFM groups (docs/api.md, "Analytics: cohorts and RFM groups"). */
export function cohortRoutes(app: FastifyInstance, db: Db) {
  reportRoute<CohortsQuery>(
    app,
    db,
    `${BASE}/cohorts`,
    CohortsQuery,
    async (ctx, q) => {
      const interval = q.period ?? 'month';
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
      const rows = await cohortsReport(ctx, {
        interval,
        after,
        before,
        filters: cohortFilters(q),
        segment: ctx.segment,
      });
      return { body: rows };
    },
    { response: CohortsResponse },
  );
  reportRoute<RfmQuery>(
    app,
    db,
    `${BASE}/rfm`,
    RfmQuery,
    async (ctx, q) => ({ body: await rfmGroups(ctx, asOf(ctx, q.before), q.period ?? 'month') }),
    { response: RfmResponse },
  );
  reportRoute<RfmCustomersQuery>(
    app,
    db,
    `${BASE}/rfm/customers`,
    RfmCustomersQuery,
    async (ctx, q) => {
      const perPage = q.per_page ?? 10;
      const { rows: page, total } = await rfmCustomersPage(ctx, asOf(ctx, q.before), {
        group: q.group,
        orderby: q.orderby ?? 'net_revenue',
        order: q.order ?? 'desc',
        page: q.page ?? 1,
        perPage,
      });
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
      return {
        body: rows,
        total,
        totalPages: Math.max(1, Math.ceil(total / perPage)),
      };
    },
    { response: RfmCustomersResponse },
  );
}
