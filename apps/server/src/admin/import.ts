import {
  AdminStatusMessage,
  adminBool,
  ContextOnlyQuery,
  ImportQuery,
  ImportStatusBody,
  ImportTotalsBody,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { requires } from '../auth/capability';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import {
  cancelImports,
  deleteAnalyticsData,
  importFrom,
  importStatus,
  importTotals,
  startImport,
} from '../ingest/import-job';
import type { JobRunner } from '../jobs/runner';
import { readStoreSettings } from '../options';
import type { TypeBoxProvider } from '../route-types';

/** `/wp-json/wc-analytics/reports/import…`. */
export function importRoutes(app: FastifyInstance, db: Db, runner: JobRunner) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-analytics/reports/import';
  const q = {
    schema: { querystring: ContextOnlyQuery, response: { 200: AdminStatusMessage } },
  };
  for (const method of ['POST', 'PUT'] as const) {
    routes.route({
      method,
      url: base,
      schema: { querystring: ImportQuery, response: { 200: AdminStatusMessage } },
      handler: async (request): Promise<AdminStatusMessage> => {
        // No body schema: a JSON body is unchecked until validateImportBody reads it.
        const body = (
          request.body && typeof request.body === 'object' ? request.body : {}
        ) as Record<string, unknown>;
        const params = { ...request.query, ...body };
        validateImportBody(body);
        const result = await startImport(db, runner, {
          ...(params.days !== undefined ? { days: Number(params.days) } : {}),
          skipExisting: adminBool(params.skip_existing),
          reason: 'request',
        });
        return result.started
          ? {
              status: 'success',
              message:
                'Report table data is being rebuilt. Please allow some time for data to fully populate.',
            }
          : {
              status: 'error',
              message: 'An import is already running; cancel it before starting another.',
            };
      },
    });
    routes.route({
      method,
      url: `${base}/cancel`,
      ...q,
      handler: async (): Promise<AdminStatusMessage> => {
        await cancelImports(db, runner);
        return {
          status: 'success',
          message: 'All pending and in-progress import actions have been cancelled.',
        };
      },
    });
    routes.route({
      method,
      url: `${base}/delete`,
      ...q,
      // Deleting every analytics row is the administrator's decision alone.
      ...requires('manage_options'),
      handler: async (): Promise<AdminStatusMessage> => {
        await deleteAnalyticsData(db, runner);
        return { status: 'success', message: 'Report table data is being deleted.' };
      },
    });
  }
  routes.get(
    `${base}/status`,
    { schema: { querystring: ContextOnlyQuery, response: { 200: ImportStatusBody } } },
    async () => importStatus(db, runner),
  );
  routes.get(
    `${base}/totals`,
    { schema: { querystring: ImportQuery, response: { 200: ImportTotalsBody } } },
    async (request) => {
      const settings = await readStoreSettings(db);
      return importTotals(db, {
        from: importFrom(request.query.days, settings.timezone),
        skipExisting: adminBool(request.query.skip_existing),
      });
    },
  );
}

/** The JSON body of an import start follows the same rules as its query. */
function validateImportBody(body: Record<string, unknown>): void {
  const bad: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'days') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 36_500) {
        bad.days = 'days must be a whole number from 0 to 36500.';
      }
    } else if (key === 'skip_existing') {
      if (![true, false, 'true', 'false', '1', '0'].includes(value as string)) {
        bad.skip_existing = 'skip_existing must be a boolean.';
      }
    }
    // Other fields are ignored, as WordPress does (wp-conventions.ts).
  }
  if (Object.keys(bad).length > 0) throw ApiError.invalidParams(bad);
}
