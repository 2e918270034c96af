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
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import {
  allowedIndicators,
  indicatorValues,
  leaderboards,
  reportsIndex,
} from '../analytics/indicators';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { zone } from '../timezone';
import { reportRange } from './dates';
import { optionalRange, reportRoute } from './report-route';

const BASE = '/wp-json/wc-analytics';

/** Performance indicators, leaderboards (with their `/allowed` lists) and the reports index. */
export function indicatorRoutes(app: FastifyInstance, db: Db) {
  reportRoute<Static<typeof PerformanceIndicatorsQuery>>(
    app,
    db,
    `${BASE}/reports/performance-indicators`,
    PerformanceIndicatorsQuery,
    async (ctx, q, request) => {
      if (q.stats !== undefined && q.stats.length === 0 && 'stats' in (request.query as object)) {
        throw ApiError.of('woocommerce_analytics_performance_indicators_empty_query', '', {
          stats: 'stats must name at least one indicator.',
        });
      }
      const range = reportRange(q, zone(ctx.settings.timezone));
      const items = await indicatorValues(ctx, range, q.stats?.filter(isPerformanceIndicator));
      return { body: items, total: items.length, totalPages: 1 };
    },
    { response: PerformanceIndicatorsResponse },
  );
  reportRoute<Static<typeof ReportsContextQuery>>(
    app,
    db,
    `${BASE}/reports/performance-indicators/allowed`,
    ReportsContextQuery,
    async () => {
      const items = allowedIndicators();
      return { body: items, total: items.length, totalPages: 1 };
    },
    { cache: false, response: AllowedIndicatorsResponse },
  );
  reportRoute<Static<typeof LeaderboardsQuery>>(
    app,
    db,
    `${BASE}/leaderboards`,
    LeaderboardsQuery,
    async (ctx, q) => ({
      body: await leaderboards(
        ctx,
        optionalRange(q, ctx.settings),
        q.per_page ?? 5,
        q.persisted_query,
      ),
    }),
    { response: LeaderboardsResponse },
  );
  reportRoute<Static<typeof ReportsContextQuery>>(
    app,
    db,
    `${BASE}/leaderboards/allowed`,
    ReportsContextQuery,
    async (ctx) => {
      const boards = await leaderboards(
        ctx,
        { after: undefined, before: undefined },
        1,
        undefined,
        true,
      );
      const items = boards.map(({ id, label, headers }) => ({ id, label, headers }));
      return { body: items, total: items.length, totalPages: 1 };
    },
    { cache: false, response: AllowedLeaderboardsResponse },
  );
  reportRoute<Static<typeof ReportsContextQuery>>(
    app,
    db,
    `${BASE}/reports`,
    ReportsContextQuery,
    async () => ({ body: reportsIndex() }),
    { cache: false, response: ReportsIndexResponse },
  );
}
