import { useEffect, useMemo } from 'react';
import type { ApiError } from '../client/api-error.ts';
import type { Id, ListResult, ResourceScope, ResourceState } from '../core/resource.ts';
import { stableKey } from '../core/stable-key.ts';
import type { AppThunk } from '../core/thunk.ts';
import type { StorelensState } from '../store.ts';
import { ignoreRejection, useStorelensDispatch, useStorelensSelector } from './provider.tsx';
import { useStableValue } from './use-stable-value.ts';

/** A list read from a resource store. */
export interface ResourceList<T> {
  /** Records of the query, in server order. */
  readonly items: readonly T[];
  /** Total matching records, null until known. */
  readonly total: number | null;
  readonly totalPages: number | null;
  readonly isRequesting: boolean;
  /** The query's failure, if it failed. */
  readonly error: ApiError | null;
  /** Per-operation failures of the scope (e.g. `update:12`). */
  readonly errors: Readonly<Record<string, ApiError>>;
  /** True while a write on the record is in flight. */
  readonly isUpdating: (id: Id) => boolean;
}

const EMPTY: ResourceScope<never, ListResult> = { byId: {}, queries: {}, updating: {}, errors: {} };

/**
 * Selects one scope of a resource store and fetches a query of it when missing or stale.
 * The query is cached under `stableKey(query)`; `fetch` is an effect dependency, so pass a
 * module-level function (a new closure per render would re-run the effect every render).
 */
export function useResourceList<T extends { readonly id: Id }, Q>(
  select: (state: StorelensState) => ResourceState<T>,
  scope: string,
  query: Q,
  fetch: (scope: string, query: Q) => AppThunk<void>,
): ResourceList<T> {
  const dispatch = useStorelensDispatch();
  const stableQuery = useStableValue(query);
  const s =
    useStorelensSelector((state) => select(state)[scope]) ??
    (EMPTY as ResourceScope<T, ListResult>);
  const entry = s.queries[stableKey(stableQuery)];
  const needsFetch = !entry || entry.stale;
  useEffect(() => {
    if (needsFetch) ignoreRejection(dispatch(fetch(scope, stableQuery)));
  }, [dispatch, fetch, scope, stableQuery, needsFetch]);
  return useMemo(() => {
    const ids = entry?.result?.ids ?? [];
    const items = ids.map((id) => s.byId[id]).filter((item): item is T => item !== undefined);
    return {
      items,
      total: entry?.result?.total ?? null,
      totalPages: entry?.result?.totalPages ?? null,
      isRequesting: !entry || entry.status === 'loading',
      error: entry?.error ?? null,
      errors: s.errors,
      isUpdating: (id: Id) => Boolean(s.updating[String(id)]),
    };
  }, [s, entry]);
}
