import { type RevenueStatsQuery as Query, RevenueStatsQuery } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { revenueStats } from '../analytics/revenue';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { readStoreSettings } from '../options';
import { zone } from '../timezone';
import { reportRange } from './dates';
import { setPagingHeaders } from './paging';

/** Most buckets one stats request may ask for (e.g. ~11 years by hour). */
export const MAX_INTERVALS = 100_000;

const UNIT_MS = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_419_200_000,
  quarter: 7_776_000_000,
  year: 31_536_000_000,
};

/** GET /wc-analytics/reports/revenue/stats */
export function revenueRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: Static<typeof Query> }>(
    '/wp-json/wc-analytics/reports/revenue/stats',
    { schema: { querystring: RevenueStatsQuery } },
    async (request, reply) => {
      const q = request.query;
      const settings = await readStoreSettings(db);
      const { after, before } = reportRange(q, zone(settings.timezone));
      const interval = q.interval ?? 'week';
      const span = Date.parse(before.replace(' ', 'T')) - Date.parse(after.replace(' ', 'T'));
      if (span / UNIT_MS[interval] > MAX_INTERVALS) {
        throw ApiError.invalidParams({
          interval: `interval ${interval} over this range gives more than ${MAX_INTERVALS} intervals; choose a longer interval.`,
        });
      }
      const result = await revenueStats(db, settings, {
        after,
        before,
        interval,
        page: q.page ?? 1,
        perPage: q.per_page ?? 10,
        order: q.order ?? 'desc',
        orderby: q.orderby ?? 'date',
        dateType: q.date_type ?? settings.dateType,
        fields: q.fields,
      });
      setPagingHeaders(request, reply, q.page ?? 1, result.total, result.totalPages);
      return result.body;
    },
  );
}
