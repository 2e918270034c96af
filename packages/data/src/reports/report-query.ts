import { getIntervalForQuery, getReportDateParams } from '@storelens/date';
import type { QueryArgs } from '../client/query-string.ts';
import {
  DEFAULT_REPORTS_PER_PAGE,
  hasIntervals,
  MAX_PER_PAGE,
  REPORT_QUERY_DEFAULTS,
} from './endpoints.ts';
import { type FilterQueryOptions, getFilterQuery, type ReportQuery } from './filter-query.ts';

/** REST `after`/`before` of one range, already stamped (`…T00:00:00`, `…T23:59:59`). */
export interface StampedRange {
  readonly after: string;
  readonly before: string;
}

/** Inputs shared by the report query helpers. */
export interface ReportQueryOptions extends FilterQueryOptions {
  /** The store's default date range (setting `woocommerce_default_date_range`). */
  readonly defaultDateRange?: string;
  /** Overrides the range read from the query (e.g. to pin dates in tests). */
  readonly range?: StampedRange;
}

/** Inputs of `getReportTableQuery`. */
export interface ReportTableQueryOptions extends ReportQueryOptions {
  /** Page size from settings, used when the query has none; 25 by default. */
  readonly defaultPerPage?: number;
  /** Extra params that win over everything else. */
  readonly tableQuery?: QueryArgs;
}

/** Inputs of `getReportStatsQuery`. */
export interface ReportStatsQueryOptions extends ReportQueryOptions {
  /** Which range: the primary one or the one compared with. */
  readonly dataType?: 'primary' | 'secondary';
  readonly segmentby?: string;
  readonly fields?: readonly string[];
}

function positiveInt(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function rangeFor(options: ReportQueryOptions, dataType: 'primary' | 'secondary'): StampedRange {
  return options.range ?? getReportDateParams(options.query, options.defaultDateRange)[dataType];
}

/**
 * The query of a report table: orderby `date`, order `desc`, page 1, per_page from
 * the query or settings, `after`/`before` at start and end of day of the primary range (left
 * out for stock and customers), then filter params, then `tableQuery`.
 */
export function getReportTableQuery(options: ReportTableQueryOptions): QueryArgs {
  const { endpoint, query } = options;
  const dates = hasIntervals(endpoint) ? rangeFor(options, 'primary') : {};
  return {
    orderby: text(query.orderby) ?? REPORT_QUERY_DEFAULTS.orderby,
    order: text(query.order) ?? REPORT_QUERY_DEFAULTS.order,
    page: positiveInt(query.paged ?? query.page) ?? REPORT_QUERY_DEFAULTS.page,
    per_page: positiveInt(query.per_page) ?? options.defaultPerPage ?? DEFAULT_REPORTS_PER_PAGE,
    ...dates,
    ...getFilterQuery(options),
    ...options.tableQuery,
  };
}

/**
 * The query of a report's stats: order asc, the query's allowed interval,
 * per_page 100, the range stamped at start/end of day, segmentby, fields and filter params.
 * Stock and customers get only fields and filter params.
 */
export function getReportStatsQuery(options: ReportStatsQueryOptions): QueryArgs {
  const { endpoint, query, segmentby, fields } = options;
  const filterQuery = getFilterQuery(options);
  if (!hasIntervals(endpoint)) return { fields, ...filterQuery };
  return {
    order: 'asc',
    interval: getIntervalForQuery(query, options.defaultDateRange),
    per_page: MAX_PER_PAGE,
    ...rangeFor(options, options.dataType ?? 'primary'),
    segmentby,
    fields,
    ...filterQuery,
  };
}

export type { ReportQuery };
