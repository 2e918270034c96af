import type { DateType, IntervalKind } from '@storelens/api';
import type { Static, TSchema } from 'typebox';
import { cachedAllPages, cacheKey } from '../analytics/cache';
import type { ReportContext } from '../analytics/context';
import type { ListResult } from '../analytics/paging';
import {
  ALL_INTERVALS,
  pageOfStats,
  type StatsRequest,
  type StatsResult,
} from '../analytics/stats';

/*
 * Report definitions (routes/reports.ts lists them). Kept apart from report-route.ts, which
 * reads saved segments: the definitions are built when their modules load, and
 * segments/saved.ts imports routes/lists.ts.
 */

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

/** What a report handler returns: the body and, for collections, the paging figures. */
export interface ReportAnswer {
  body: unknown;
  total?: number;
  totalPages?: number;
  /** Extra response headers (not cached separately). */
  headers?: Record<string, string>;
}

/**
 * One report: its path, the query schema its route validates with, the named builder of its
 * report function's parameters from that query (`productsListParams`…), and the report
 * function. The route is registered from it ({@link registerReports}) and the export reads it
 * by path ({@link reportDefinition}), so both build the same parameters.
 */
export interface ReportDefinition<S extends TSchema = TSchema, P = unknown> {
  path: string;
  query: S;
  response: TSchema;
  // Methods, so that any definition is a `ReportDefinition` (a list of them, the registry).
  params(query: Static<S>, ctx: ReportContext): P | Promise<P>;
  /** The report function, its result as the route answers it. */
  run(ctx: ReportContext, params: P, query: Static<S>): Promise<ReportAnswer>;
  cache?: boolean;
  dateType?(q: Static<S>): DateType | undefined;
}

/** A report whose answer is one body, not paged: its function's result is the body. */
export function bodyReport<S extends TSchema, P>(def: {
  path: string;
  query: S;
  response: TSchema;
  params: (query: Static<S>, ctx: ReportContext) => P | Promise<P>;
  report: (ctx: ReportContext, params: P) => Promise<unknown>;
  cache?: boolean;
}): ReportDefinition<S, P> {
  const { report, ...rest } = def;
  return { ...rest, run: async (ctx, params) => ({ body: await report(ctx, params) }) };
}

/** A list report: its function answers a page of rows with the total (X-WP-Total). */
export function listReport<S extends TSchema, P>(def: {
  path: string;
  query: S;
  response: TSchema;
  params: (query: Static<S>, ctx: ReportContext) => P | Promise<P>;
  report: (ctx: ReportContext, params: P) => Promise<ListResult<unknown>>;
  cache?: boolean;
}): ReportDefinition<S, P> {
  const { report, ...rest } = def;
  return {
    ...rest,
    run: async (ctx, params) => {
      const r = await report(ctx, params);
      return { body: r.rows, total: r.total, totalPages: r.totalPages };
    },
  };
}

/**
 * A stats report whose answer is computed once for all its pages: the report function gets
 * its parameters with every interval on page 1, and each page is a slice of that answer, kept
 * between the pages of a paged request (`cachedAllPages`, keyed by the query without `page`
 * and `per_page`). `force_cache_refresh` recomputes on the first page; the later pages slice
 * what it computed, unless the data changed since.
 */
export function statsReport<S extends TSchema, P extends StatsRequest>(def: {
  path: string;
  query: S;
  response: TSchema;
  params: (query: Static<S>, ctx: ReportContext) => P;
  report: (ctx: ReportContext, params: P) => Promise<StatsResult>;
  dateType?: (q: Static<S>) => DateType | undefined;
}): ReportDefinition<S, P> {
  const { report, ...rest } = def;
  return {
    ...rest,
    run: async (ctx, params, q) => {
      const query = q as StatsQueryBase & { force_cache_refresh?: unknown };
      const key = cacheKey(
        `${def.path}:all-pages`,
        { ...query, page: undefined, per_page: undefined },
        [ctx.settings, ctx.dateColumn, ctx.segment ?? null],
      );
      const refresh =
        params.page === 1 && isTrue(query.force_cache_refresh as string | boolean | undefined);
      const { value: all } = await cachedAllPages(
        ctx.db,
        key,
        { refresh, keep: (r: StatsResult) => r.total > params.perPage },
        () => report(ctx, { ...params, page: 1, perPage: ALL_INTERVALS }),
      );
      const page = pageOfStats(all, params.page, params.perPage);
      return { body: page.body, total: page.total, totalPages: page.totalPages };
    },
  };
}

/** A definition's report function run on a query: its parameters built, then the report. */
export const runReport =
  (def: ReportDefinition) =>
  async (ctx: ReportContext, q: object): Promise<ReportAnswer> =>
    def.run(ctx, await def.params(q, ctx), q);
