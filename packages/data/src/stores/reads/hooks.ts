import { useCallback, useEffect, useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import type { QueryEntry } from '../../core/resource.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { entryView, type QueryView, useQuery } from '../../react/use-query.ts';
import { useStableValue } from '../../react/use-stable-value.ts';
import { fetchRead, type ReadEndpoint, selectReadEntry } from './slice.ts';

/** What `useRead` returns. */
export interface ReadResult<A> {
  /**
   * The answer for this query (also while it is read again); while a new query is read for the
   * first time, the answer to the query before it. Undefined when there is neither.
   */
  readonly data: A | undefined;
  /** Whether `data` answers this query. */
  readonly hasData: boolean;
  /** Whether a request for this query is in flight. */
  readonly isFetching: boolean;
  /** The last request's failure (the answer before it, if any, is still `data`). */
  readonly error: ApiError | null;
  /** Reads the query again now, even when its answer is cached (polling). */
  readonly refetch: () => Promise<void>;
}

const SKIPPED: QueryView<never> = { data: undefined, isFetching: false, error: null };

/**
 * Reads an endpoint of `READS` for a query, cached in the store by path and query: components
 * asking the same thing share one request, and a stale answer (`invalidateRead`, the reports'
 * invalidation) is read again while shown, as is every answer of a `refreshOnMount` endpoint
 * when the component mounts. A null query asks nothing (what the query needs is not known yet,
 * or the user may not read the endpoint).
 */
export function useRead<A>(read: ReadEndpoint<A>, query: QueryArgs | null = {}): ReadResult<A> {
  const dispatch = useStorelensDispatch();
  const path = read.path;
  // Wrapped: a null query and an empty one have the same stable key.
  const args = useStableValue({ query });
  const q = useQuery({
    store: `reads ${path}`,
    args,
    select: (state, a) => (a.query === null ? undefined : selectReadEntry(state, read, a.query)),
    view: (entry: QueryEntry<A> | undefined, a) => (a.query === null ? SKIPPED : entryView(entry)),
    fetch: (a) => fetchRead(read, a.query ?? {}),
    shouldFetch: (entry, view) => query !== null && (entry === undefined || view.stale === true),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: an endpoint is its path
  const refetch = useCallback(async () => {
    if (args.query !== null) await dispatch(fetchRead(read, args.query, { force: true }));
  }, [dispatch, path, args]);
  // After `useQuery`'s own effect: a query it just started is in flight, and not asked twice.
  const refreshOnMount = read.refreshOnMount;
  useEffect(() => {
    if (refreshOnMount) void refetch();
  }, [refreshOnMount, refetch]);
  return useMemo(() => ({ ...q, refetch }), [q, refetch]);
}
