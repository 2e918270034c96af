import type { ReportRow, ReportStatsBody as ReportStats } from '@storelens/api';
import { useEffect, useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import type { QueryEntry } from '../../core/resource.ts';
import { stableKey } from '../../core/stable-key.ts';
import {
  ignoreRejection,
  useStorelensDispatch,
  useStorelensSelector,
} from '../../react/provider.tsx';
import { useStableValue } from '../../react/use-stable-value.ts';
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

function base<R extends { totalResults: number; totalPages: number }>(
  entry: QueryEntry<R> | undefined,
): ReportBase {
  return {
    totalResults: entry?.result?.totalResults ?? 0,
    totalPages: entry?.result?.totalPages ?? 0,
    isRequesting: !entry || entry.status === 'loading',
    isError: entry?.status === 'error',
    error: entry?.error ?? null,
  };
}

/** Reads a report's rows for a query (see `getReportTableQuery`), fetching when not cached. */
export function useReportItems(endpoint: string, query: QueryArgs): UseReportItemsResult {
  const dispatch = useStorelensDispatch();
  const stableQuery = useStableValue(query);
  const key = stableKey(stableQuery);
  const entry = useStorelensSelector((s) => s.reports.items[endpoint]?.queries[key]);
  const needsFetch = !entry || entry.stale;
  useEffect(() => {
    if (needsFetch) ignoreRejection(dispatch(fetchReportItems(endpoint, stableQuery)));
  }, [dispatch, endpoint, stableQuery, needsFetch]);
  return useMemo(() => ({ ...base(entry), data: entry?.result?.data ?? EMPTY_ROWS }), [entry]);
}

/** Reads a report's stats for a query (see `getReportStatsQuery`), all pages joined. */
export function useReportStats(endpoint: string, query: QueryArgs): UseReportStatsResult {
  const dispatch = useStorelensDispatch();
  const stableQuery = useStableValue(query);
  const key = stableKey(stableQuery);
  const entry = useStorelensSelector((s) => s.reports.stats[endpoint]?.queries[key]);
  const needsFetch = !entry || entry.stale;
  useEffect(() => {
    if (needsFetch) ignoreRejection(dispatch(fetchReportStats(endpoint, stableQuery)));
  }, [dispatch, endpoint, stableQuery, needsFetch]);
  return useMemo(() => {
    const data = entry?.result?.data ?? null;
    return { ...base(entry), data, isEmpty: isReportStatsEmpty(data, endpoint) };
  }, [entry, endpoint]);
}
