import type { DateType, IntervalKind } from '@storelens/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { cached, cacheKey, reportCacheVersion } from '../analytics/cache';
import { type ReportContext, reportContext } from '../analytics/context';
import type { StatsRequest } from '../analytics/stats';
import type { AuthUser } from '../auth/plugin';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { readStoreSettings, type StoreSettings } from '../options';
import { requestSegment, segmentNarrowing } from '../segments/saved';
import { zone } from '../timezone';
import { plainJson } from '../wp-conventions';
import { reportRange, toLocalDateTime } from './dates';
import { setPagingHeaders } from './paging';
import {
  isTrue,
  type ReportAnswer,
  type ReportDefinition,
  runReport,
  type StatsQueryBase,
} from './report-definition';

/** Most buckets one stats request may ask for (e.g. ~11 years by hour). */
export const MAX_INTERVALS = 100_000;

const UNIT_MS: Record<IntervalKind, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_419_200_000,
  quarter: 7_776_000_000,
  year: 31_536_000_000,
};

/** Resolves range, interval and paging of a stats request; 400 on too many buckets. */
export function statsRequest(q: StatsQueryBase, settings: StoreSettings): StatsRequest {
  const { after, before } = reportRange(q, zone(settings.timezone));
  const interval = q.interval ?? 'week';
  const span = Date.parse(before.replace(' ', 'T')) - Date.parse(after.replace(' ', 'T'));
  if (span / UNIT_MS[interval] > MAX_INTERVALS) {
    throw ApiError.invalidParams({
      interval: `interval ${interval} over this range gives more than ${MAX_INTERVALS} intervals; choose a longer interval.`,
    });
  }
  return {
    after,
    before,
    interval,
    page: q.page ?? 1,
    perPage: q.per_page ?? 10,
    order: q.order ?? 'desc',
    orderby: q.orderby ?? 'date',
    fields: q.fields,
  };
}

/** Optional list-report range: only when given (list reports with no dates are not filtered). */
export function optionalRange(
  q: { after?: string; before?: string },
  settings: StoreSettings,
): { after: string | undefined; before: string | undefined } {
  const z = zone(settings.timezone);
  const after = q.after ? toLocalDateTime(q.after, z) : undefined;
  const before = q.before ? toLocalDateTime(q.before, z) : undefined;
  if (after && before && after > before) {
    throw ApiError.invalidParams({ after: 'after must be earlier than or equal to before.' });
  }
  return { after, before };
}

/** Options of a report route. */
export interface ReportRouteOptions<Q> {
  cache?: boolean;
  dateType?: (q: Q) => DateType | undefined;
  /**
   * The schema of a 200 answer (from @storelens/api): Fastify serialises with it
   * (fast-json-stringify), which writes only the properties it lists and coerces the types it
   * names, so it must describe the answer exactly (test/response-serialisation.test.ts).
   */
  response?: TSchema;
}

/** Who reads a report: the signed-in user (whose saved segments it may use), if any. */
export type ReportReaderUser = Pick<AuthUser, 'id'> | undefined;

/**
 * A report's answer to a validated query, as its route gives it: the store settings, the
 * `ReportContext`, the request's saved segment (checked as `user` sees it, before any cached
 * answer), and the report cache unless `refresh` (the route's `force_cache_refresh`).
 * `key` names the answer in the cache (the route's path and its path parameters).
 */
export async function answerReport<Q extends object>(
  db: Db,
  key: string,
  q: Q,
  user: ReportReaderUser,
  handler: (ctx: ReportContext, query: Q) => Promise<ReportAnswer>,
  options: Pick<ReportRouteOptions<Q>, 'cache' | 'dateType'> & { refresh?: boolean } = {},
): Promise<{ answer: ReportAnswer; hit: boolean }> {
  const settings = await readStoreSettings(db);
  const ctx = reportContext(db, settings, options.dateType?.(q));
  // A saved segment is checked (seen by the caller) before any cached answer, keyed by what
  // it keeps (an id may be reused after a delete), and evaluated with the answer.
  const segmentId = (q as { segment?: number }).segment;
  const segment =
    segmentId === undefined ? undefined : await requestSegment(db, { authUser: user }, segmentId);
  const keyQuery = segment ? { ...q, segment: [segment.id, segment.source, segment.query] } : q;
  const run = async () =>
    handler(segment ? { ...ctx, segment: await segmentNarrowing(ctx, segment) } : ctx, q);
  if (options.cache === false) return { answer: await run(), hit: false };
  const { value, hit } = await cached(
    db,
    cacheKey(key, keyQuery, settings),
    { refresh: options.refresh ?? false },
    run,
  );
  return { answer: value, hit };
}

/**
 * Registers a cached GET report route: validates with `schema`, reads the store settings, and
 * answers from the cache unless `force_cache_refresh` is set ({@link answerReport}). Paging
 * headers when the answer has totals.
 */
export function reportRoute<Q extends object>(
  app: FastifyInstance,
  db: Db,
  path: string,
  schema: TSchema,
  handler: (ctx: ReportContext, query: Q, request: FastifyRequest) => Promise<ReportAnswer>,
  options: ReportRouteOptions<Q> = {},
) {
  app.get(
    path,
    {
      schema: {
        querystring: schema,
        ...(options.response ? { response: { 200: options.response } } : {}),
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const q = request.query as Q;
      const flags = q as { page?: number; force_cache_refresh?: unknown; debug_cache?: unknown };
      const { answer, hit } = await answerReport(
        db,
        reportCacheName(path, request.params),
        q,
        request.authUser,
        (ctx, query) => handler(ctx, query, request),
        {
          ...options,
          refresh: isTrue(flags.force_cache_refresh as string | boolean | undefined),
        },
      );
      if (answer.total !== undefined) {
        setPagingHeaders(request, reply, flags.page ?? 1, answer.total, answer.totalPages ?? 1);
      }
      for (const [k, v] of Object.entries(answer.headers ?? {})) reply.header(k, v);
      if (
        isTrue(flags.debug_cache as string | boolean | undefined) &&
        answer.body &&
        typeof answer.body === 'object' &&
        !Array.isArray(answer.body)
      ) {
        // `debug_cache` is not in the response schema: this answer is written as plain JSON.
        reply.serializer(plainJson);
        return {
          ...answer.body,
          debug_cache: {
            should_use_cache: options.cache !== false,
            hit,
            version: reportCacheVersion(),
          },
        };
      }
      return answer.body;
    },
  );
}

/** The cache's name of a route's answers: its path and its path parameters. */
export const reportCacheName = (path: string, params: unknown = {}) =>
  `${path}:${JSON.stringify(params ?? {})}`;

/** Registers the route of each report definition. */
export function registerReports(
  app: FastifyInstance,
  db: Db,
  definitions: readonly ReportDefinition[],
): void {
  for (const def of definitions) {
    reportRoute<object>(app, db, def.path, def.query, runReport(def), {
      response: def.response,
      ...(def.cache === false ? { cache: false } : {}),
      ...(def.dateType ? { dateType: def.dateType } : {}),
    });
  }
}
