import type {
  AccountLinkInfo,
  AllowedIndicatorsResponse,
  AllowedLeaderboardsResponse,
  ApplicationPasswordsResponse,
  CohortsResponse,
  ConnectionsResponse,
  DataChangesResponse,
  LeaderboardsResponse,
  PerformanceIndicatorsResponse,
  RfmResponse,
  WpUsersResponse,
} from '@storelens/api';
import type { QueryArgs } from '../../client/query-string.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import { createResource, type QueryEntry, type ResourceState } from '../../core/resource.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';
import type { StorelensState } from '../../store.ts';

/**
 * A GET endpoint whose answer is kept whole, by query: its path, and the contract's type of
 * its answer. Endpoints that need nothing more than that share this one store instead of a
 * slice each; those with records to edit by id or pages to join keep their own stores.
 */
export interface ReadEndpoint<A> {
  readonly path: string;
  /**
   * Its answer is figures of the shop's data (a report): marked stale with the reports, so it
   * is read again when the data changes or a setting changes the numbers.
   */
  readonly report: boolean;
  /**
   * Read again whenever a component showing it mounts (the cached answer shown meanwhile): a
   * list that others change (users, connections) and that no event here marks stale.
   */
  readonly refreshOnMount: boolean;
  /** Never set: carries the answer's type to the hooks. */
  readonly answer?: A;
}

const endpoint = <A>(
  path: string,
  options: { report?: boolean; refreshOnMount?: boolean } = {},
): ReadEndpoint<A> => ({
  path,
  report: options.report ?? false,
  refreshOnMount: options.refreshOnMount ?? false,
});
const report = { report: true };
const refreshOnMount = { refreshOnMount: true };

/** The endpoints read through this store. */
export const READS = {
  cohorts: endpoint<CohortsResponse>(`${NAMESPACES.analytics}/reports/cohorts`, report),
  rfm: endpoint<RfmResponse>(`${NAMESPACES.analytics}/reports/rfm`, report),
  performanceIndicators: endpoint<PerformanceIndicatorsResponse>(
    `${NAMESPACES.analytics}/reports/performance-indicators`,
    report,
  ),
  allowedIndicators: endpoint<AllowedIndicatorsResponse>(
    `${NAMESPACES.analytics}/reports/performance-indicators/allowed`,
  ),
  leaderboards: endpoint<LeaderboardsResponse>(`${NAMESPACES.analytics}/leaderboards`, report),
  allowedLeaderboards: endpoint<AllowedLeaderboardsResponse>(
    `${NAMESPACES.analytics}/leaderboards/allowed`,
  ),
  users: endpoint<WpUsersResponse>('/wp/v2/users', refreshOnMount),
  applicationPasswords: endpoint<ApplicationPasswordsResponse>(
    '/wp/v2/users/me/application-passwords',
    refreshOnMount,
  ),
  connections: endpoint<ConnectionsResponse>(`${NAMESPACES.storelens}/connections`, refreshOnMount),
  dataChanges: endpoint<DataChangesResponse>(`${NAMESPACES.storelens}/data-changes`),
} as const;

/**
 * A list of the analytics namespace read to label a report's rows (`products`,
 * `products/categories`): its records, by query.
 */
export const analyticsListRead = (
  path: string,
): ReadEndpoint<readonly Readonly<Record<string, unknown>>[]> =>
  endpoint(`${NAMESPACES.analytics}/${path}`);

/** An invitation or password-reset link's account (`storelens/v1/account-links/{token}`). */
export const accountLinkRead = (token: string): ReadEndpoint<AccountLinkInfo> =>
  endpoint(`${NAMESPACES.storelens}/account-links/${encodeURIComponent(token)}`, refreshOnMount);

const REPORT_PATHS: ReadonlySet<string> = new Set(
  Object.values(READS)
    .filter((r) => r.report)
    .map((r) => r.path),
);

/**
 * Answers by path (the scope) and query (the key); no records by id. The resource core of the
 * other stores already gives a cache keyed by query with its status, error, staleness and one
 * request per key; RTK Query would keep a second cache beside it, with its own invalidation
 * that `invalidateReports` would have to drive too.
 */
export const readsResource = createResource<never, unknown>(STORE_NAMES.reads);
/** The reads state. */
export type ReadsState = ResourceState<never, unknown>;
/** The reads store's reducer. */
export const readsReducer = readsResource.reducer;

/**
 * Reads an endpoint for a query: nothing when its answer is cached and not stale (unless
 * `force`), or while the same read is in flight. A failure is kept as the entry's error.
 * Resolves with the entry as it then is.
 */
export function fetchRead<A>(
  read: ReadEndpoint<A>,
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<QueryEntry<A> | undefined> {
  return async (dispatch, getState, { client }) => {
    const key = stableKey(query);
    if (readsResource.needsFetch(getState().reads, read.path, key, options.force)) {
      await readsResource.runQuery(dispatch, read.path, key, async () => ({
        result: (await client.get<A>(read.path, query)).data,
      }));
    }
    return selectReadEntry(getState(), read, query);
  };
}

/** The cache entry of an endpoint's answer for a query (undefined before the first read). */
export const selectReadEntry = <A>(
  state: StorelensState,
  read: ReadEndpoint<A>,
  query: QueryArgs,
): QueryEntry<A> | undefined =>
  state.reads[read.path]?.queries[stableKey(query)] as QueryEntry<A> | undefined;

/**
 * Marks every cached answer of an endpoint stale (whatever its query), so the ones on screen
 * are read again, the others when next shown: after a write that changed what it answers.
 */
export function invalidateRead(read: ReadEndpoint<unknown>): AppThunk<void> {
  return async (dispatch) => {
    dispatch(readsResource.actions.invalidated({ scope: read.path }));
  };
}

/**
 * Keeps a write's answer as the endpoint's answer for a query (a POST that answers with the
 * record as it now is), without reading it again; a read of it still in flight is dropped.
 */
export function answerRead<A>(read: ReadEndpoint<A>, query: QueryArgs, answer: A): AppThunk<void> {
  return async (dispatch) => {
    dispatch(
      readsResource.actions.queryAnswered({
        scope: read.path,
        key: stableKey(query),
        result: answer,
      }),
    );
  };
}

/** Marks the report-like answers stale (see `ReadEndpoint.report`); `invalidateReports` calls it. */
export function invalidateReportReads(): AppThunk<void> {
  return async (dispatch, getState) => {
    for (const scope of Object.keys(getState().reads))
      if (REPORT_PATHS.has(scope)) dispatch(readsResource.actions.invalidated({ scope }));
  };
}
