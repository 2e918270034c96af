import { useEffect, useMemo, useState } from 'react';
import type { ApiError } from '../client/api-error.ts';
import type { QueryEntry } from '../core/resource.ts';
import type { AppThunk } from '../core/thunk.ts';
import type { StorelensState } from '../store.ts';
import { ignoreRejection, useStorelensDispatch, useStorelensSelector } from './provider.tsx';
import { useStableValue } from './use-stable-value.ts';

/** What a store keeps for one query, as `useQuery` reads it. */
export interface QueryView<R> {
  /** The answer for these arguments (also while it is being refreshed); undefined before one. */
  readonly data: R | undefined;
  readonly isFetching: boolean;
  readonly error: ApiError | null;
  /** The answer is out of date: fetch again (the default `shouldFetch` does). */
  readonly stale?: boolean;
}

/** What `useQuery` returns. */
export interface QueryResult<R> {
  /**
   * The answer for these arguments; while it is being fetched for the first time, the answer
   * this hook last showed for other arguments (a table keeps its rows while the next page
   * loads). Undefined when there is neither.
   */
  readonly data: R | undefined;
  /** Whether `data` answers these arguments (it may still be refreshing). */
  readonly hasData: boolean;
  /** Whether a request for these arguments is in flight. */
  readonly isFetching: boolean;
  readonly error: ApiError | null;
}

/** How one query of one store is read and fetched. */
export interface QuerySpec<A, E, R> {
  /** The store and selector (e.g. `reports/items`): with `args`, the key of the query. */
  readonly store: string;
  /** The query's arguments; deep-equal arguments are the same query (no new fetch). */
  readonly args: A;
  /** The store's entry for the arguments; return a reference the store keeps (no new object). */
  readonly select: (state: StorelensState, args: A) => E;
  /** The entry as data, fetching and error. */
  readonly view: (entry: E, args: A) => QueryView<R>;
  readonly fetch: (args: A) => AppThunk<unknown>;
  /**
   * Whether to fetch: judged at render, and again against the store's state when the effect
   * runs, so several components mounting together send one request. Default: the store has no
   * entry yet, or its entry is stale.
   */
  readonly shouldFetch?: (entry: E, view: QueryView<R>) => boolean;
}

const missingOrStale = (entry: unknown, view: QueryView<unknown>) =>
  entry === undefined || view.stale === true;

/**
 * The one fetch effect of the data hooks: selects a query's entry in the store, fetches it when
 * `shouldFetch` says so (on mount, when the arguments change in content, when the entry goes
 * stale), and keeps "has data" apart from "is fetching".
 *
 * `select`, `view`, `fetch` and `shouldFetch` may be new closures each render, but they must
 * depend only on `store` and `args`: the effect re-runs on those, not on the functions.
 */
export function useQuery<A, E, R>(spec: QuerySpec<A, E, R>): QueryResult<R> {
  const { store, select, view, fetch, shouldFetch = missingOrStale } = spec;
  const dispatch = useStorelensDispatch();
  const args = useStableValue(spec.args);
  const entry = useStorelensSelector((state) => select(state, args));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` depends only on the entry and args (see above)
  const current = useMemo(() => view(entry, args), [entry, args]);
  const wantsFetch = shouldFetch(entry, current);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the functions depend only on store and args (see above)
  useEffect(() => {
    if (!wantsFetch) return;
    ignoreRejection(
      dispatch(async (d, getState) => {
        const now = select(getState(), args);
        if (shouldFetch(now, view(now, args))) await d(fetch(args));
      }),
    );
  }, [dispatch, store, args, wantsFetch]);

  // The last answer shown, kept through a change of arguments of the same store (adjusted
  // during render, as React allows, so it never lags a commit behind).
  const [shown, setShown] = useState<{ store: string; data: R } | null>(null);
  if (current.data !== undefined && (shown?.data !== current.data || shown.store !== store))
    setShown({ store, data: current.data });
  const previous = shown?.store === store ? shown.data : undefined;

  return useMemo(
    () => ({
      data: current.data !== undefined ? current.data : current.isFetching ? previous : undefined,
      hasData: current.data !== undefined,
      isFetching: current.isFetching,
      error: current.error,
    }),
    [current, previous],
  );
}

/** The answer for the arguments asked, without the previous arguments' kept meanwhile. */
export const dataOfArgs = <R>(q: QueryResult<R>): R | undefined => (q.hasData ? q.data : undefined);

/** The view of a resource store's query entry (`core/resource.ts`): its last result is the data. */
export const entryView = <R>(entry: QueryEntry<R> | undefined): QueryView<R> => ({
  data: entry?.result ?? undefined,
  isFetching: !entry || entry.status === 'loading',
  error: entry?.error ?? null,
  stale: entry?.stale ?? false,
});

/** The view of a `{ data, isRequesting, error }` entry (the import store's). */
export const requestView = <R>(
  entry:
    | { readonly data: R | null; readonly isRequesting: boolean; readonly error: ApiError | null }
    | undefined,
): QueryView<R> => ({
  data: entry?.data ?? undefined,
  isFetching: entry?.isRequesting ?? true,
  error: entry?.error ?? null,
});

/** Fetches on mount and on every change of the arguments, whatever the store holds. */
export const always = () => true;

/**
 * A store read whole whose answer is fetched once per store (the signed-in user, the plugins):
 * fetches while `needsFetch(state)` holds, and returns the store's state, whose own flags say
 * what is loading.
 */
export function useFetchedOnce<S>(
  store: string,
  select: (state: StorelensState) => S,
  fetch: () => AppThunk<unknown>,
  needsFetch: (state: S) => boolean,
): S {
  const q = useQuery({
    store,
    args: null,
    select: (state) => select(state),
    view: (state: S) => ({ data: state, isFetching: false, error: null }),
    fetch: () => fetch(),
    shouldFetch: (state) => needsFetch(state),
  });
  return q.data as S;
}
