import { useMemo } from 'react';
import type { ApiError } from '../client/api-error.ts';
import type { Id, ListResult, ResourceScope, ResourceState } from '../core/resource.ts';
import { stableKey } from '../core/stable-key.ts';
import type { AppThunk } from '../core/thunk.ts';
import type { StorelensState } from '../store.ts';
import { useStorelensSelector } from './provider.tsx';
import { dataOfArgs, entryView, useQuery } from './use-query.ts';

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
 * The query is cached under `stableKey(query)`; the fetch goes through `useQuery`, so a query
 * of the same content is fetched once.
 */
export function useResourceList<T extends { readonly id: Id }, Q>(
  select: (state: StorelensState) => ResourceState<T>,
  scope: string,
  query: Q,
  fetch: (scope: string, query: Q) => AppThunk<void>,
): ResourceList<T> {
  const q = useQuery({
    store: `resource/${scope}`,
    args: { scope, query },
    select: (state, a) => select(state)[a.scope]?.queries[stableKey(a.query)],
    view: entryView,
    fetch: (a) => fetch(a.scope, a.query),
  });
  const s =
    useStorelensSelector((state) => select(state)[scope]) ??
    (EMPTY as ResourceScope<T, ListResult>);
  return useMemo(() => {
    // Only this query's ids: a list shows nothing of another query while its own loads.
    const result = dataOfArgs(q);
    const ids = result?.ids ?? [];
    const items = ids.map((id) => s.byId[id]).filter((item): item is T => item !== undefined);
    return {
      items,
      total: result?.total ?? null,
      totalPages: result?.totalPages ?? null,
      isRequesting: q.isFetching,
      error: q.error,
      errors: s.errors,
      isUpdating: (id: Id) => Boolean(s.updating[String(id)]),
    };
  }, [s, q]);
}
