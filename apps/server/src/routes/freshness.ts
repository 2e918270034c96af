import { DataChangesResponse } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { lastReportChangeMs } from '../analytics/cache';
import { answers } from '../wp-conventions';

/**
 * `GET /wp-json/storelens/v1/data-changes`: when the reports' data last changed, so an open
 * dashboard reads its reports again (and says when) instead of showing figures as of its
 * loading. Cheap enough to ask every half minute: it reads one number in memory.
 */
export function freshnessRoutes(app: FastifyInstance): void {
  app.get(
    '/wp-json/storelens/v1/data-changes',
    answers(DataChangesResponse),
    async (_request, reply): Promise<DataChangesResponse> => {
      reply.header('Cache-Control', 'no-store');
      // ISO 8601 to the millisecond: two changes within a second are two changes.
      return { changed_gmt: new Date(lastReportChangeMs()).toISOString() };
    },
  );
}
