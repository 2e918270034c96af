import {
  ProfitStatsQuery,
  ProfitStatsResponse,
  RevenueStatsResponse,
  RevenueStatsSegmentedQuery,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { ReportContext } from '../analytics/context';
import { filtersFromQuery } from '../analytics/filters';
import { orderStats } from '../analytics/revenue';
import type { Db } from '../db/database';
import { statsReport } from './report-definition';
import { registerReports, statsRequest } from './report-route';

export { MAX_INTERVALS } from './report-route';

/** The revenue stats' parameters from their query (no filters but a saved `segment`). */
export function revenueStatsParams(
  q: Static<typeof RevenueStatsSegmentedQuery>,
  ctx: ReportContext,
) {
  return {
    ...statsRequest(q, ctx.settings),
    filters: filtersFromQuery({}, ctx.segment),
    segmentby: q.segmentby,
  };
}

/** The profit stats' parameters from their query (no filters but a saved `segment`). */
export function profitStatsParams(q: Static<typeof ProfitStatsQuery>, ctx: ReportContext) {
  return {
    ...statsRequest(q, ctx.settings),
    filters: filtersFromQuery({}, ctx.segment),
    segmentby: q.segmentby,
  };
}

/**
 * reports/revenue/stats and reports/profit/stats (`date_type` overrides the setting). Profit:
 * net sales, cost of goods, payment fees and the profits, margins and cost coverage made of
 * them (docs/metrics.md, "Profit"), by the revenue stats' engine and rules.
 */
export const revenueReports = [
  statsReport({
    path: '/wp-json/wc-analytics/reports/revenue/stats',
    query: RevenueStatsSegmentedQuery,
    response: RevenueStatsResponse,
    params: revenueStatsParams,
    report: (ctx, p) => orderStats(ctx, 'revenue', p),
    dateType: (q) => q.date_type,
  }),
  statsReport({
    path: '/wp-json/wc-analytics/reports/profit/stats',
    query: ProfitStatsQuery,
    response: ProfitStatsResponse,
    params: profitStatsParams,
    report: (ctx, p) => orderStats(ctx, 'profit', p),
    dateType: (q) => q.date_type,
  }),
];

/** GET /wc-analytics/reports/revenue/stats and reports/profit/stats. */
export function revenueRoutes(app: FastifyInstance, db: Db) {
  registerReports(app, db, revenueReports);
}
