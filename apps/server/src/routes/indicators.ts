import {
  AllowedIndicatorsResponse,
  AllowedLeaderboardsResponse,
  isPerformanceIndicator,
  LeaderboardsQuery,
  LeaderboardsResponse,
  PerformanceIndicatorsQuery,
  PerformanceIndicatorsResponse,
  ReportsContextQuery,
  ReportsIndexResponse,
} from '@storelens/api';
import type { Static } from 'typebox';
import type { ReportContext } from '../analytics/context';
import {
  allowedIndicators,
  indicatorValues,
  leaderboards,
  reportsIndex,
} from '../analytics/indicators';
import { ApiError } from '../errors';
import { zone } from '../timezone';
import { reportRange } from './dates';
import { bodyReport, listReport } from './report-definition';
import { optionalRange } from './report-route';

const BASE = '/wp-json/wc-analytics';

/** The performance indicators' parameters: their range and the indicators asked (all if none). */
export function indicatorsParams(q: Static<typeof PerformanceIndicatorsQuery>, ctx: ReportContext) {
  if (q.stats !== undefined && q.stats.length === 0) {
    throw ApiError.of('woocommerce_analytics_performance_indicators_empty_query', '', {
      stats: 'stats must name at least one indicator.',
    });
  }
  return {
    range: reportRange(q, zone(ctx.settings.timezone)),
    stats: q.stats?.filter(isPerformanceIndicator),
  };
}

/** The leaderboards' parameters: their range (none without dates), rows per board, links. */
export function leaderboardsParams(q: Static<typeof LeaderboardsQuery>, ctx: ReportContext) {
  return {
    range: optionalRange(q, ctx.settings),
    perPage: q.per_page ?? 5,
    persistedQuery: q.persisted_query,
  };
}

/** A whole list as one page (these answers are short and never paged). */
const onePage = <T>(rows: T[]) => ({ rows, total: rows.length, totalPages: 1 });

/** Performance indicators, leaderboards (with their `/allowed` lists) and the reports index. */
export const indicatorReports = [
  listReport({
    path: `${BASE}/reports/performance-indicators`,
    query: PerformanceIndicatorsQuery,
    response: PerformanceIndicatorsResponse,
    params: indicatorsParams,
    report: async (ctx, p) => onePage(await indicatorValues(ctx, p.range, p.stats)),
  }),
  listReport({
    path: `${BASE}/reports/performance-indicators/allowed`,
    query: ReportsContextQuery,
    response: AllowedIndicatorsResponse,
    params: () => undefined,
    report: async () => onePage(allowedIndicators()),
    cache: false,
  }),
  bodyReport({
    path: `${BASE}/leaderboards`,
    query: LeaderboardsQuery,
    response: LeaderboardsResponse,
    params: leaderboardsParams,
    report: (ctx, p) => leaderboards(ctx, p.range, p.perPage, p.persistedQuery),
  }),
  listReport({
    path: `${BASE}/leaderboards/allowed`,
    query: ReportsContextQuery,
    response: AllowedLeaderboardsResponse,
    params: () => undefined,
    report: async (ctx) => {
      const boards = await leaderboards(
        ctx,
        { after: undefined, before: undefined },
        1,
        undefined,
        true,
      );
      return onePage(boards.map(({ id, label, headers }) => ({ id, label, headers })));
    },
    cache: false,
  }),
  bodyReport({
    path: `${BASE}/reports`,
    query: ReportsContextQuery,
    response: ReportsIndexResponse,
    params: () => undefined,
    report: async () => reportsIndex(),
    cache: false,
  }),
];
