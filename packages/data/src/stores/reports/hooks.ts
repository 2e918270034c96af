import type { ReportRow, ReportStatsBody as ReportStats } from '@storelens/api';
import { useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import { stableKey } from '../../core/stable-key.ts';
import { entryView, type QueryResult, useQuery } from '../../react/use-query.ts';
import { isReportStatsEmpty } from '../../reports/empty-stats.ts';
import { fetchReportItems, fetchReportStats } from './slice.ts';

interface ReportBase {
  readonly totalResults: number;
  readonly totalPages: number;
  /** True while the query is loading (also when refreshing a cached answer). */
  readonly isRequesting: boolean;
  readonly isError: boolean;
  readonly error: ApiError | null;
}

/** What `useReportItems` returns. */
export interface UseReportItemsResult extends ReportBase {
  readonly data: readonly ReportRow[];
}

/** What `useReportStats` returns. */
export interface UseReportStatsResult extends ReportBase {
  readonly data: ReportStats | null;
  /** API.md §0.2: no totals, or no intervals on an endpoint that has them. */
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
  const result = q.hasData ? (q.data ?? null) : null;
  return {
    totalResults: result?.totalResults ?? 0,
    totalPages: result?.totalPages ?? 0,
    isRequesting: q.isFetching,
    isError: q.error !== null,
    error: q.error,
    result,
  };
}

/** Reads a report's rows for a query (see `getReportTableQuery`), fetching when not cached. */
export function useReportItems(endpoint: string, query: QueryArgs): UseReportItemsResult {
  const q = useQuery({
    store: 'reports/items',
    args: { endpoint, query },
    select: (s, a) => s.reports.items[a.endpoint]?.queries[stableKey(a.query)],
    view: entryView,
    fetch: (a) => fetchReportItems(a.endpoint, a.query),
  });
  return useMemo(() => {
    const { result, ...rest } = base(q);
    return { ...rest, data: result?.data ?? EMPTY_ROWS };
  }, [q]);
}

/** Reads a report's stats for a query (see `getReportStatsQuery`), all pages joined. */
export function useReportStats(endpoint: string, query: QueryArgs): UseReportStatsResult {
  const q = useQuery({
    store: 'reports/stats',
    args: { endpoint, query },
    select: (s, a) => s.reports.stats[a.endpoint]?.queries[stableKey(a.query)],
    view: entryView,
    fetch: (a) => fetchReportStats(a.endpoint, a.query),
  });
  return useMemo(() => {
    const { result, ...rest } = base(q);
    const data = result?.data ?? null;
    return { ...rest, data, isEmpty: isReportStatsEmpty(data, endpoint) };
  }, [q, endpoint]);
}
