import { createAction, nanoid, type UnknownAction } from '@reduxjs/toolkit';
import { type ApiError, toApiError } from '../client/api-error.ts';

/** An entity id as the server sends it. */
export type Id = number | string;

/** The result of a list query: the ids in server order and the totals. */
export interface ListResult {
  readonly ids: readonly string[];
  /** Total matching records (`X-WP-Total`, or the list length for full lists). */
  readonly total: number | null;
  /** `X-WP-TotalPages`, when sent. */
  readonly totalPages: number | null;
}

/** Lifecycle of one cached query. */
export type QueryStatus = 'loading' | 'success' | 'error';

/** Bookkeeping of one cached query, kept apart from the records themselves. */
export interface QueryEntry<R> {
  readonly status: QueryStatus;
  /** The last successful result (kept while refreshing), null before the first. */
  readonly result: R | null;
  readonly error: ApiError | null;
  /** True once a write made the cached result out of date; hooks then refetch. */
  readonly stale: boolean;
  /** Identifies the request in flight; answers of superseded requests are dropped. */
  readonly requestId: string;
}

/** One scope (item type, report endpoint, …) of a resource store. */
export interface ResourceScope<T, R> {
  /** Records by id (as a string). */
  readonly byId: Readonly<Record<string, T>>;
  /** Query key → bookkeeping and result. */
  readonly queries: Readonly<Record<string, QueryEntry<R>>>;
  /** Ids with a write in flight. */
  readonly updating: Readonly<Record<string, true>>;
  /** Operation name (e.g. `update:12`, `deleteAll`) → the last failure. */
  readonly errors: Readonly<Record<string, ApiError>>;
}

/** A resource store: scopes by name. */
export type ResourceState<T, R = ListResult> = Readonly<Record<string, ResourceScope<T, R>>>;

const EMPTY_SCOPE: ResourceScope<never, never> = Object.freeze({
  byId: {},
  queries: {},
  updating: {},
  errors: {},
});

/** Turns an id into the string key used in `byId`. */
export const idKey = (id: Id): string => String(id);

function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/**
 * The one core every collection store is configured from (items, reports, notes, reviews):
 * records by id per scope, query key → result with status and error, per-record `updating`
 * and per-operation errors, all changed by one reducer over typed actions.
 */
export function createResource<T extends { readonly id: Id }, R = ListResult>(name: string) {
  type Scope = ResourceScope<T, R>;
  type State = ResourceState<T, R>;
  const actions = {
    queryStarted: createAction<{ scope: string; key: string; requestId: string }>(
      `${name}/queryStarted`,
    ),
    querySucceeded: createAction<{
      scope: string;
      key: string;
      requestId: string;
      result: R;
      items?: readonly T[];
    }>(`${name}/querySucceeded`),
    queryFailed: createAction<{ scope: string; key: string; requestId: string; error: ApiError }>(
      `${name}/queryFailed`,
    ),
    // A write's answer is newer than any read still in flight: its new request id drops theirs.
    queryAnswered: createAction(
      `${name}/queryAnswered`,
      (payload: { scope: string; key: string; result: R }) => ({
        payload: { ...payload, requestId: nanoid() },
      }),
    ),
    itemsReceived: createAction<{ scope: string; items: readonly T[] }>(`${name}/itemsReceived`),
    itemPatched: createAction<{ scope: string; id: Id; patch: Partial<T> }>(`${name}/itemPatched`),
    itemRestored: createAction<{ scope: string; id: Id; item: T | null }>(`${name}/itemRestored`),
    itemRemoved: createAction<{ scope: string; id: Id }>(`${name}/itemRemoved`),
    updatingChanged: createAction<{ scope: string; id: Id; updating: boolean }>(
      `${name}/updatingChanged`,
    ),
    operationFailed: createAction<{ scope: string; operation: string; error: ApiError }>(
      `${name}/operationFailed`,
    ),
    operationSucceeded: createAction<{ scope: string; operation: string }>(
      `${name}/operationSucceeded`,
    ),
    invalidated: createAction<{ scope: string }>(`${name}/invalidated`),
  };

  const scopeOf = (state: State, scope: string): Scope =>
    state[scope] ?? (EMPTY_SCOPE as unknown as Scope);
  const put = (state: State, scope: string, next: Scope): State => ({ ...state, [scope]: next });
  const upsert = (byId: Scope['byId'], items: readonly T[]): Scope['byId'] => {
    const next = { ...byId };
    for (const item of items) next[idKey(item.id)] = { ...next[idKey(item.id)], ...item };
    return next;
  };
  /** A query's entry holding its answer (fetched, or a write's). */
  const answered = (result: R, requestId: string): QueryEntry<R> => ({
    status: 'success',
    result,
    error: null,
    stale: false,
    requestId,
  });

  function reducer(state: State = {}, action: UnknownAction): State {
    if (actions.queryStarted.match(action)) {
      const { scope, key, requestId } = action.payload;
      const s = scopeOf(state, scope);
      const prev = s.queries[key];
      const entry: QueryEntry<R> = {
        status: 'loading',
        result: prev?.result ?? null,
        error: null,
        stale: false,
        requestId,
      };
      return put(state, scope, { ...s, queries: { ...s.queries, [key]: entry } });
    }
    if (actions.querySucceeded.match(action)) {
      const { scope, key, requestId, result, items } = action.payload;
      const s = scopeOf(state, scope);
      if (s.queries[key]?.requestId !== requestId) return state;
      return put(state, scope, {
        ...s,
        byId: items ? upsert(s.byId, items) : s.byId,
        queries: { ...s.queries, [key]: answered(result, requestId) },
      });
    }
    if (actions.queryFailed.match(action)) {
      const { scope, key, requestId, error } = action.payload;
      const s = scopeOf(state, scope);
      const prev = s.queries[key];
      if (prev?.requestId !== requestId) return state;
      const entry: QueryEntry<R> = { ...prev, status: 'error', error };
      return put(state, scope, { ...s, queries: { ...s.queries, [key]: entry } });
    }
    if (actions.queryAnswered.match(action)) {
      const { scope, key, result, requestId } = action.payload;
      const s = scopeOf(state, scope);
      return put(state, scope, {
        ...s,
        queries: { ...s.queries, [key]: answered(result, requestId) },
      });
    }
    if (actions.itemsReceived.match(action)) {
      const s = scopeOf(state, action.payload.scope);
      return put(state, action.payload.scope, { ...s, byId: upsert(s.byId, action.payload.items) });
    }
    if (actions.itemPatched.match(action)) {
      const { scope, id, patch } = action.payload;
      const s = scopeOf(state, scope);
      const current = s.byId[idKey(id)];
      if (!current) return state;
      return put(state, scope, {
        ...s,
        byId: { ...s.byId, [idKey(id)]: { ...current, ...patch } },
      });
    }
    if (actions.itemRestored.match(action)) {
      const { scope, id, item } = action.payload;
      const s = scopeOf(state, scope);
      const byId = item ? { ...s.byId, [idKey(id)]: item } : without(s.byId, idKey(id));
      return put(state, scope, { ...s, byId });
    }
    if (actions.itemRemoved.match(action)) {
      const { scope, id } = action.payload;
      const s = scopeOf(state, scope);
      const key = idKey(id);
      const queries: Record<string, QueryEntry<R>> = {};
      for (const [queryKey, entry] of Object.entries(s.queries)) {
        const result = entry.result as unknown as ListResult | null;
        if (result && Array.isArray(result.ids) && result.ids.includes(key)) {
          const next: ListResult = {
            ...result,
            ids: result.ids.filter((i) => i !== key),
            total: result.total === null ? null : Math.max(0, result.total - 1),
          };
          queries[queryKey] = { ...entry, result: next as unknown as R };
        } else {
          queries[queryKey] = entry;
        }
      }
      return put(state, scope, { ...s, byId: without(s.byId, key), queries });
    }
    if (actions.updatingChanged.match(action)) {
      const { scope, id, updating } = action.payload;
      const s = scopeOf(state, scope);
      const next = updating
        ? { ...s.updating, [idKey(id)]: true as const }
        : without(s.updating, idKey(id));
      return put(state, scope, { ...s, updating: next });
    }
    if (actions.operationFailed.match(action)) {
      const { scope, operation, error } = action.payload;
      const s = scopeOf(state, scope);
      return put(state, scope, { ...s, errors: { ...s.errors, [operation]: error } });
    }
    if (actions.operationSucceeded.match(action)) {
      const { scope, operation } = action.payload;
      const s = scopeOf(state, scope);
      if (!(operation in s.errors)) return state;
      return put(state, scope, { ...s, errors: without(s.errors, operation) });
    }
    if (actions.invalidated.match(action)) {
      const s = scopeOf(state, action.payload.scope);
      const queries: Record<string, QueryEntry<R>> = {};
      for (const [key, entry] of Object.entries(s.queries))
        queries[key] = { ...entry, stale: true };
      return put(state, action.payload.scope, { ...s, queries });
    }
    return state;
  }

  /** Runs one query: started → succeeded (with records and result) or failed (error as state). */
  async function runQuery(
    dispatch: (action: UnknownAction) => unknown,
    scope: string,
    key: string,
    load: () => Promise<{ result: R; items?: readonly T[] }>,
  ): Promise<QueryEntry<R>['status']> {
    const requestId = nanoid();
    dispatch(actions.queryStarted({ scope, key, requestId }));
    try {
      const { result, items } = await load();
      dispatch(actions.querySucceeded({ scope, key, requestId, result, items }));
      return 'success';
    } catch (thrown) {
      dispatch(actions.queryFailed({ scope, key, requestId, error: toApiError(thrown) }));
      return 'error';
    }
  }

  /** True when a query should be (re)fetched: never fetched, stale, or failed and forced. */
  function needsFetch(state: State, scope: string, key: string, force = false): boolean {
    const entry = scopeOf(state, scope).queries[key];
    if (!entry) return true;
    if (entry.status === 'loading') return false;
    return force || entry.stale;
  }

  return { name, actions, reducer, scopeOf, runQuery, needsFetch };
}

/** The store configuration `createResource` returns. */
export type Resource<T extends { readonly id: Id }, R = ListResult> = ReturnType<
  typeof createResource<T, R>
>;
