import type { ReportRow, ReportStatsBody as ReportStats } from '@storelens/api';
import { useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import type { QueryEntry } from '../../core/resource.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { dataOfArgs, entryView, type QueryResult, useQuery } from '../../react/use-query.ts';
import { isReportStatsEmpty } from '../../reports/empty-stats.ts';
import type { StorelensState } from '../../store.ts';
import {
  fetchReportItems,
  fetchReportStats,
  type ReportListRow,
  selectReportItemsEntry,
  selectReportStatsEntry,
} from './slice.ts';

interface ReportBase {
  readonly totalResults: number;
  readonly totalPages: number;
  /** True while the query is loading (also when refreshing a cached answer). */
  readonly isRequesting: boolean;
  readonly isError: boolean;
  readonly error: ApiError | null;
}

/** What `useReportItems` returns: the rows of the endpoint's schema. */
export interface UseReportItemsResult<R = ReportRow> extends ReportBase {
  readonly data: readonly R[];
}

/** What `useReportStats` returns. */
export interface UseReportStatsResult extends ReportBase {
  readonly data: ReportStats | null;
  /** Empty: no totals, or no intervals on an endpoint that has them. */
  readonly isEmpty: boolean;
}

const EMPTY_ROWS: readonly ReportRow[] = [];

/**
 * The result's fields for the query asked for: a report shows nothing of another query's
 * answer while its own loads (its charts and tables have their own placeholders).
 */
function base<R extends { totalResults: number; totalPages: number }>(
  q: QueryResult<R>,
): ReportBase & { readonly result: R | null } {
  const result = dataOfArgs(q) ?? null;
  return {
    totalResults: result?.totalResults ?? 0,
    totalPages: result?.totalPages ?? 0,
    isRequesting: q.isFetching,
    isError: q.error !== null,
    error: q.error,
    result,
  };
}

/** One report query, of the rows or of the stats store, fetched when not cached; none when null. */
function useReport<R extends { totalResults: number; totalPages: number }>(
  store: string,
  entryOf: (state: StorelensState, endpoint: string, query: QueryArgs) => QueryEntry<R> | undefined,
  fetch: (endpoint: string, query: QueryArgs) => AppThunk<void>,
  endpoint: string,
  query: QueryArgs | null,
) {
  const q = useQuery({
    store,
    args: { endpoint, query },
    select: (s, a) => (a.query === null ? undefined : entryOf(s, a.endpoint, a.query)),
    view: (entry, a) =>
      a.query === null ? { data: undefined, isFetching: false, error: null } : entryView(entry),
    fetch: (a) => fetch(a.endpoint, a.query ?? {}),
    shouldFetch: (entry, view) => query !== null && (entry === undefined || view.stale === true),
  });
  return useMemo(() => base(q), [q]);
}

function useItems<E extends string>(
  endpoint: E,
  query: QueryArgs | null,
): UseReportItemsResult<ReportListRow<E>> {
  const read = useReport(
    'reports/items',
    selectReportItemsEntry,
    fetchReportItems,
    endpoint,
    query,
  );
  return useMemo(() => {
    const { result, ...rest } = read;
    // The endpoint's rows were cached from its answer, which its row schema writes.
    const data = (result?.data ?? EMPTY_ROWS) as readonly ReportListRow<E>[];
    return { ...rest, data };
  }, [read]);
}

function useStats(endpoint: string, query: QueryArgs | null): UseReportStatsResult {
  const read = useReport(
    'reports/stats',
    selectReportStatsEntry,
    fetchReportStats,
    endpoint,
    query,
  );
  return useMemo(() => {
    const { result, ...rest } = read;
    const data = result?.data ?? null;
    return { ...rest, data, isEmpty: isReportStatsEmpty(data, endpoint) };
  }, [read, endpoint]);
}

/**
 * Reads a report's rows for a query (see `getReportTableQuery`), fetching when not cached; a
 * list endpoint named literally (`useReportItems('orders', …)`) types them by its row schema.
 */
export function useReportItems<E extends string>(
  endpoint: E,
  query: QueryArgs,
): UseReportItemsResult<ReportListRow<E>> {
  return useItems(endpoint, query);
}

/** Reads a report's stats for a query (see `getReportStatsQuery`), all pages joined. */
export function useReportStats(endpoint: string, query: QueryArgs): UseReportStatsResult {
  return useStats(endpoint, query);
}

/**
 * `useReportItems` for a query that may not be known yet: nothing is asked, and nothing is
 * requesting, while `query` is null (the settings it is built from are loading, or the user
 * has no use for it).
 */
export function useReportItemsWhenReady<E extends string>(
  endpoint: E,
  query: QueryArgs | null,
): UseReportItemsResult<ReportListRow<E>> {
  return useItems(endpoint, query);
}

/** `useReportStats` for a query that may not be known yet: nothing is asked while it is null. */
export function useReportStatsWhenReady(
  endpoint: string,
  query: QueryArgs | null,
): UseReportStatsResult {
  return useStats(endpoint, query);
}
