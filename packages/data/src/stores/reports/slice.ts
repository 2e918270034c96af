import { combineReducers } from '@reduxjs/toolkit';
import type {
  ReportListEndpoint,
  ReportListRows,
  ReportRow,
  ReportStatsBody as ReportStats,
  StatsIntervalBody as StatsInterval,
} from '@storelens/api';
import type { ApiClient } from '../../client/client.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import {
  createResource,
  type QueryEntry,
  type Resource,
  type ResourceState,
} from '../../core/resource.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { hasIntervals, MAX_PER_PAGE } from '../../reports/endpoints.ts';
import type { StorelensState } from '../../store.ts';
import { invalidateReportReads } from '../reads/slice.ts';

/** A cached report answer with the totals read from the headers. */
export interface ReportResult<D> {
  readonly data: D;
  readonly totalResults: number;
  readonly totalPages: number;
}

/**
 * The row type of a report endpoint: its schema's row (`ReportListRows` of @storelens/api) for
 * a list report, an open row for an endpoint not known at compile time.
 */
export type ReportListRow<E extends string = string> = E extends ReportListEndpoint
  ? ReportListRows[E]
  : ReportRow;

/** Report list rows as cached (each endpoint's rows are its `ReportListRow`). */
export type ReportItemsResult = ReportResult<readonly ReportRow[]>;
/** Report stats as cached. */
export type ReportStatsResult = ReportResult<ReportStats>;

/** `wc/admin/reports` items: the resource core, one scope per endpoint, no records by id. */
export const reportItemsResource = createResource<never, ReportItemsResult>(
  `${STORE_NAMES.reports}/items`,
);
/** `wc/admin/reports` stats: the resource core, one scope per endpoint. */
export const reportStatsResource = createResource<never, ReportStatsResult>(
  `${STORE_NAMES.reports}/stats`,
);

/** Reports state: items and stats per endpoint and query (their errors are itemErrors/statErrors). */
export interface ReportsState {
  readonly items: ResourceState<never, ReportItemsResult>;
  readonly stats: ResourceState<never, ReportStatsResult>;
}

/** The reports reducer. */
export const reportsReducer = combineReducers({
  items: reportItemsResource.reducer,
  stats: reportStatsResource.reducer,
});

const reportPath = (endpoint: string) => `${NAMESPACES.analytics}/reports/${endpoint}`;

/**
 * One report query as a thunk: nothing when the entry is cached (unless forced), otherwise
 * `load` runs and its failure is kept as the entry's error.
 */
function reportQuery<R>(
  resource: Resource<never, R>,
  select: (state: StorelensState) => ResourceState<never, R>,
  endpoint: string,
  query: QueryArgs,
  options: { force?: boolean },
  load: (client: ApiClient) => Promise<R>,
): AppThunk<void> {
  return async (dispatch, getState, { client }) => {
    const key = stableKey(query);
    if (!resource.needsFetch(select(getState()), endpoint, key, options.force)) return;
    await resource.runQuery(dispatch, endpoint, key, async () => ({ result: await load(client) }));
  };
}

/** Fetches a report's rows for a query; failures are kept as the entry's error. */
export function fetchReportItems(
  endpoint: string,
  query: QueryArgs,
  options: { force?: boolean } = {},
): AppThunk<void> {
  return reportQuery(
    reportItemsResource,
    (state) => state.reports.items,
    endpoint,
    query,
    options,
    async (client) => {
      const response = await client.get<ReportRow[] | null>(reportPath(endpoint), query);
      const data = response.data ?? [];
      return {
        data,
        totalResults: response.total ?? data.length,
        totalPages: response.totalPages ?? 1,
      };
    },
  );
}

/**
 * Fetches a report's stats. When the answer spans more pages (over 100 intervals), pages
 * 2..N are fetched too and their intervals joined in page order; any failed page fails all.
 */
export function fetchReportStats(
  endpoint: string,
  query: QueryArgs,
  options: { force?: boolean } = {},
): AppThunk<void> {
  return reportQuery(
    reportStatsResource,
    (state) => state.reports.stats,
    endpoint,
    query,
    options,
    async (client) => {
      const path = `${reportPath(endpoint)}/stats`;
      const first = await client.get<ReportStats | null>(path, query);
      const stats: ReportStats = first.data ?? { totals: null };
      const perPage = typeof query.per_page === 'number' ? query.per_page : MAX_PER_PAGE;
      const totalResults = first.total ?? stats.intervals?.length ?? 0;
      const totalPages = first.totalPages ?? Math.max(1, Math.ceil(totalResults / perPage));
      if (!hasIntervals(endpoint) || totalPages <= 1) {
        return { data: stats, totalResults, totalPages };
      }
      const pages = await Promise.all(
        Array.from({ length: totalPages - 1 }, (_, i) =>
          client.get<ReportStats | null>(path, { ...query, page: i + 2 }),
        ),
      );
      const intervals: StatsInterval[] = [...(stats.intervals ?? [])];
      for (const page of pages) intervals.push(...(page.data?.intervals ?? []));
      return { data: { ...stats, intervals }, totalResults, totalPages };
    },
  );
}

/** The cache entry of a report's rows for a query (undefined before the first fetch). */
export const selectReportItemsEntry = (
  state: StorelensState,
  endpoint: string,
  query: QueryArgs,
): QueryEntry<ReportItemsResult> | undefined =>
  state.reports.items[endpoint]?.queries[stableKey(query)];

/** The cache entry of a report's stats for a query. */
export const selectReportStatsEntry = (
  state: StorelensState,
  endpoint: string,
  query: QueryArgs,
): QueryEntry<ReportStatsResult> | undefined =>
  state.reports.stats[endpoint]?.queries[stableKey(query)];

/** itemErrors: the error of a report rows query, if it failed. */
export const selectReportItemsError = (state: StorelensState, endpoint: string, query: QueryArgs) =>
  selectReportItemsEntry(state, endpoint, query)?.error ?? null;

/** statErrors: the error of a report stats query, if it failed. */
export const selectReportStatsError = (state: StorelensState, endpoint: string, query: QueryArgs) =>
  selectReportStatsEntry(state, endpoint, query)?.error ?? null;

/**
 * Marks every cached report stale (rows and stats of every endpoint, and the report-like reads:
 * cohorts, RFM, indicators, leaderboards), so the reports on screen read again: after a
 * settings change that changes the numbers (excluded statuses, date type), or new data.
 */
export function invalidateReports(): AppThunk<void> {
  return async (dispatch, getState) => {
    const { items, stats } = getState().reports;
    for (const scope of Object.keys(items))
      dispatch(reportItemsResource.actions.invalidated({ scope }));
    for (const scope of Object.keys(stats))
      dispatch(reportStatsResource.actions.invalidated({ scope }));
    await dispatch(invalidateReportReads());
  };
}
