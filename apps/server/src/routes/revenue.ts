import {
  ProfitStatsQuery,
  ProfitStatsResponse,
  RevenueStatsResponse,
  RevenueStatsSegmentedQuery,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { filtersFromQuery } from '../analytics/filters';
import { orderStats } from '../analytics/revenue';
import type { Db } from '../db/database';
import { statsRoute } from './report-route';

export { MAX_INTERVALS } from './report-route';

type Query = Static<typeof RevenueStatsSegmentedQuery>;

/**
 * GET /wc-analytics/reports/revenue/stats and reports/profit/stats (no filters but a saved
 * `segment`; `date_type` overrides the setting).
 */
export function revenueRoutes(app: FastifyInstance, db: Db) {
  statsRoute<Query>(
    app,
    db,
    '/wp-json/wc-analytics/reports/revenue/stats',
    RevenueStatsSegmentedQuery,
    (ctx, q, request) =>
      orderStats(ctx, 'revenue', {
        ...request,
        filters: filtersFromQuery({}, ctx.segment),
        segmentby: q.segmentby,
      }),
    { dateType: (q) => q.date_type, response: RevenueStatsResponse },
  );
  // Profit: net sales, cost of goods, payment fees and the profits, margins and cost coverage
  // made of them (docs/metrics.md, "Profit"), by the revenue stats' engine and rules.
  statsRoute<Static<typeof ProfitStatsQuery>>(
    app,
    db,
    '/wp-json/wc-analytics/reports/profit/stats',
    ProfitStatsQuery,
    (ctx, q, request) =>
      orderStats(ctx, 'profit', {
        ...request,
        filters: filtersFromQuery({}, ctx.segment),
        segmentby: q.segmentby,
      }),
    { dateType: (q) => q.date_type, response: ProfitStatsResponse },
  );
}
