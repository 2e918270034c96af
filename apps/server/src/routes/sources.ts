import {
  SourcesListQuery,
  SourcesListResponse,
  SourcesStatsQuery,
  SourcesStatsResponse,
  SourceValuesQuery,
  SourceValuesResponse,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { filtersFromQuery } from '../analytics/filters';
import { sourcesList, sourcesStats, sourceValues } from '../analytics/sources';
import type { Db } from '../db/database';
import { optionalRange, reportRoute, statsRoute } from './report-route';

const BASE = '/wp-json/wc-analytics/reports/sources';

/**
 * The Sources report (docs/api.md, "Sources"): its list by a dimension, its stats with a
 * segment per value, and the distinct values a filter picker searches.
 */
export function sourceRoutes(app: FastifyInstance, db: Db) {
  reportRoute<Static<typeof SourcesListQuery>>(
    app,
    db,
    BASE,
    SourcesListQuery,
    async (ctx, q) => {
      const r = await sourcesList(ctx, {
        page: q.page ?? 1,
        perPage: q.per_page ?? 10,
        order: q.order ?? 'desc',
        groupby: q.groupby ?? 'source_type',
        range: optionalRange(q, ctx.settings),
        filters: filtersFromQuery(q, ctx.segment),
        orderby: q.orderby ?? 'orders_count',
        search: q.search || undefined,
      });
      return { body: r.rows, total: r.total, totalPages: r.totalPages };
    },
    { response: SourcesListResponse },
  );
  statsRoute<Static<typeof SourcesStatsQuery>>(
    app,
    db,
    `${BASE}/stats`,
    SourcesStatsQuery,
    (ctx, q, request) =>
      sourcesStats(ctx, {
        ...request,
        filters: filtersFromQuery(q, ctx.segment),
        segmentby: q.segmentby,
        values: q.values ?? [],
      }),
    { response: SourcesStatsResponse },
  );
  reportRoute<Static<typeof SourceValuesQuery>>(
    app,
    db,
    `${BASE}/values`,
    SourceValuesQuery,
    async (ctx, q) => {
      const r = await sourceValues(ctx, {
        dimension: q.dimension,
        search: q.search || undefined,
        include: q.include ?? [],
        page: q.page ?? 1,
        perPage: q.per_page ?? 10,
      });
      return { body: r.rows, total: r.total, totalPages: r.totalPages };
    },
    { response: SourceValuesResponse },
  );
}
