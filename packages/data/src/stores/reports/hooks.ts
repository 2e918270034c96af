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

/** One report query, of the rows or of the stats store, fetched when not cached. */
function useReport<R extends { totalResults: number; totalPages: number }>(
  store: string,
  entryOf: (state: StorelensState, endpoint: string, query: QueryArgs) => QueryEntry<R> | undefined,
  fetch: (endpoint: string, query: QueryArgs) => AppThunk<void>,
  endpoint: string,
  query: QueryArgs,
) {
  const q = useQuery({
    store,
    args: { endpoint, query },
    select: (s, a) => entryOf(s, a.endpoint, a.query),
    view: entryView,
    fetch: (a) => fetch(a.endpoint, a.query),
  });
  return useMemo(() => base(q), [q]);
}

/**
 * Reads a report's rows for a query (see `getReportTableQuery`), fetching when not cached; a
 * list endpoint named literally (`useReportItems('orders', …)`) types them by its row schema.
 */
export function useReportItems<E extends string>(
  endpoint: E,
  query: QueryArgs,
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

/** Reads a report's stats for a query (see `getReportStatsQuery`), all pages joined. */
export function useReportStats(endpoint: string, query: QueryArgs): UseReportStatsResult {
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
