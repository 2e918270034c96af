import type { DateType, IntervalKind } from '@storelens/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { cached, cachedAllPages, cacheKey, reportCacheVersion } from '../analytics/cache';
import { type ReportContext, reportContext } from '../analytics/context';
import {
  ALL_INTERVALS,
  pageOfStats,
  type StatsRequest,
  type StatsResult,
} from '../analytics/stats';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { readStoreSettings, type StoreSettings } from '../options';
import { requestSegment, segmentNarrowing } from '../segments/saved';
import { zone } from '../timezone';
import { plainJson } from '../wp-conventions';
import { reportRange, toLocalDateTime } from './dates';
import { setPagingHeaders } from './paging';

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

/** True for the boolean parameter forms true/1/"true"/"1". */
export const isTrue = (v: boolean | string | undefined) => v === true || v === 'true' || v === '1';

/** The query fields every stats route reads. */
export interface StatsQueryBase {
  page?: number;
  per_page?: number;
  after?: string;
  before?: string;
  order?: 'asc' | 'desc';
  orderby?: string;
  interval?: IntervalKind;
  fields?: string[];
  date_type?: DateType;
}

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

/** What a report handler returns: the body and, for collections, the paging figures. */
export interface ReportAnswer {
  body: unknown;
  total?: number;
  totalPages?: number;
  /** Extra response headers (not cached separately). */
  headers?: Record<string, string>;
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

/**
 * Registers a cached GET report route: validates with `schema`, reads the store settings, and
 * answers from the cache unless `force_cache_refresh` is set. Paging headers when the answer
 * has totals.
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
      const settings = await readStoreSettings(db);
      const ctx = reportContext(db, settings, options.dateType?.(q));
      // A saved segment is checked (seen by the caller) before any cached answer, keyed by
      // what it keeps (an id may be reused after a delete), and evaluated with the answer.
      const segmentId = (q as { segment?: number }).segment;
      const segment =
        segmentId === undefined ? undefined : await requestSegment(db, request, segmentId);
      const keyQuery = segment ? { ...q, segment: [segment.id, segment.source, segment.query] } : q;
      const run = async () =>
        handler(
          segment ? { ...ctx, segment: await segmentNarrowing(ctx, segment) } : ctx,
          q,
          request,
        );
      const refresh = isTrue(flags.force_cache_refresh as string | boolean | undefined);
      let answer: ReportAnswer;
      let hit = false;
      if (options.cache === false) answer = await run();
      else {
        const key = cacheKey(`${path}:${JSON.stringify(request.params ?? {})}`, keyQuery, settings);
        ({ value: answer, hit } = await cached(db, key, { refresh }, run));
      }
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

/**
 * Registers a stats report route (`reportRoute`) whose answer is computed once for all its
 * pages: `compute` gets the request with every interval on page 1, and each page is a slice
 * of that answer, kept between the pages of a paged request (`cachedAllPages`, keyed by the
 * query without `page` and `per_page`). `force_cache_refresh` recomputes on the first page;
 * the later pages slice what it computed, unless the data changed since.
 */
export function statsRoute<Q extends StatsQueryBase & { force_cache_refresh?: unknown }>(
  app: FastifyInstance,
  db: Db,
  path: string,
  schema: TSchema,
  compute: (ctx: ReportContext, query: Q, request: StatsRequest) => Promise<StatsResult>,
  options: Pick<ReportRouteOptions<Q>, 'dateType' | 'response'> = {},
) {
  reportRoute<Q>(
    app,
    db,
    path,
    schema,
    async (ctx, q) => {
      const request = statsRequest(q, ctx.settings);
      const key = cacheKey(`${path}:all-pages`, { ...q, page: undefined, per_page: undefined }, [
        ctx.settings,
        ctx.dateColumn,
        ctx.segment ?? null,
      ]);
      const refresh =
        request.page === 1 && isTrue(q.force_cache_refresh as string | boolean | undefined);
      const { value: all } = await cachedAllPages(
        db,
        key,
        { refresh, keep: (r: StatsResult) => r.total > request.perPage },
        () => compute(ctx, q, { ...request, page: 1, perPage: ALL_INTERVALS }),
      );
      const page = pageOfStats(all, request.page, request.perPage);
      return { body: page.body, total: page.total, totalPages: page.totalPages };
    },
    options,
  );
}
