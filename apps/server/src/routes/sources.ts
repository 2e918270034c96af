import {
  SourcesListQuery,
  SourcesListResponse,
  SourcesStatsQuery,
  SourcesStatsResponse,
  SourceValuesQuery,
  SourceValuesResponse,
} from '@storelens/api';
import type { Static } from 'typebox';
import type { ReportContext } from '../analytics/context';
import { filtersFromQuery } from '../analytics/filters';
import { sourcesList, sourcesStats, sourceValues } from '../analytics/sources';
import { listReport, statsReport } from './report-definition';
import { optionalRange, statsRequest } from './report-route';

const BASE = '/wp-json/wc-analytics/reports/sources';

/** The sources list's parameters from its query. */
export function sourcesListParams(q: Static<typeof SourcesListQuery>, ctx: ReportContext) {
  return {
    page: q.page ?? 1,
    perPage: q.per_page ?? 10,
    order: q.order ?? ('desc' as const),
    groupby: q.groupby ?? ('source_type' as const),
    range: optionalRange(q, ctx.settings),
    filters: filtersFromQuery(q, ctx.segment),
    orderby: q.orderby ?? ('orders_count' as const),
    search: q.search || undefined,
  };
}

/** The sources stats' parameters from their query. */
export function sourcesStatsParams(q: Static<typeof SourcesStatsQuery>, ctx: ReportContext) {
  return {
    ...statsRequest(q, ctx.settings),
    filters: filtersFromQuery(q, ctx.segment),
    segmentby: q.segmentby,
    values: q.values ?? [],
  };
}

/** The source values' parameters from their query. */
export function sourceValuesParams(q: Static<typeof SourceValuesQuery>) {
  return {
    dimension: q.dimension,
    search: q.search || undefined,
    include: q.include ?? [],
    page: q.page ?? 1,
    perPage: q.per_page ?? 10,
  };
}

/**
 * The Sources report (docs/api.md, "Sources"): its list by a dimension, its stats with a
 * segment per value, and the distinct values a filter picker searches.
 */
export const sourceReports = [
  listReport({
    path: BASE,
    query: SourcesListQuery,
    response: SourcesListResponse,
    params: sourcesListParams,
    report: sourcesList,
  }),
  statsReport({
    path: `${BASE}/stats`,
    query: SourcesStatsQuery,
    response: SourcesStatsResponse,
    params: sourcesStatsParams,
    report: sourcesStats,
  }),
  listReport({
    path: `${BASE}/values`,
    query: SourceValuesQuery,
    response: SourceValuesResponse,
    params: sourceValuesParams,
    report: sourceValues,
  }),
];
