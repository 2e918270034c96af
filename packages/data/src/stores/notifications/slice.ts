import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import type {
  AlertCreateBody,
  AlertEventView,
  AlertUpdateBody,
  AlertView,
  DeliveryView,
  DigestCreateBody,
  DigestUpdateBody,
  DigestView,
  SendNowResponse,
} from '@storelens/api';
import type { Static } from 'typebox';
import type { QueryArgs } from '../../client/query-string.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import { createResource, idKey, type Resource, type ResourceState } from '../../core/resource.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { runWrite } from '../../core/write.ts';
import type { StorelensState } from '../../store.ts';

/** The body of `POST storelens/v1/digests`. */
export type DigestInput = Static<typeof DigestCreateBody>;
/** The body of `PUT storelens/v1/digests/{id}`: any field (`channels` replaces them all). */
export type DigestChanges = Static<typeof DigestUpdateBody>;
/** The body of `POST storelens/v1/alerts`. */
export type AlertInput = Static<typeof AlertCreateBody>;
/** The body of `PUT storelens/v1/alerts/{id}`. */
export type AlertChanges = Static<typeof AlertUpdateBody>;
/** The answer of "Send a test now": what each channel did. */
export type SendNowResult = SendNowResponse;
/** The answer of a digest's or alert rule's DELETE. */
export interface NotifyDeleted {
  readonly deleted: boolean;
  readonly id: number;
}

/** Digests (`storelens/v1/digests`): the resource core with one scope. */
export const digestsResource = createResource<DigestView>(`${STORE_NAMES.notifications}/digests`);
/** Alert rules (`storelens/v1/alerts`). */
export const alertsResource = createResource<AlertView>(`${STORE_NAMES.notifications}/alerts`);
/** What alerts fired (`storelens/v1/alerts/events`), newest first. */
export const alertEventsResource = createResource<AlertEventView>(
  `${STORE_NAMES.notifications}/events`,
);
/** The delivery history (`storelens/v1/notifications/deliveries`), newest first. */
export const deliveriesResource = createResource<DeliveryView>(
  `${STORE_NAMES.notifications}/deliveries`,
);

/** The scope of each of the notifications store's resources. */
export const DIGESTS_SCOPE = 'notify-digests';
export const ALERTS_SCOPE = 'notify-alerts';
export const ALERT_EVENTS_SCOPE = 'notify-alert-events';
export const DELIVERIES_SCOPE = 'notify-deliveries';

/** Notifications state: digests, alert rules, fired alerts and deliveries. */
export interface NotificationsState {
  readonly digests: ResourceState<DigestView>;
  readonly alerts: ResourceState<AlertView>;
  readonly events: ResourceState<AlertEventView>;
  readonly deliveries: ResourceState<DeliveryView>;
}

/** The notifications store's reducer: one resource per list. */
export const notificationsReducer = combineReducers({
  digests: digestsResource.reducer,
  alerts: alertsResource.reducer,
  events: alertEventsResource.reducer,
  deliveries: deliveriesResource.reducer,
});

const digestsPath = `${NAMESPACES.storelens}/digests`;
const alertsPath = `${NAMESPACES.storelens}/alerts`;
const eventsPath = `${NAMESPACES.storelens}/alerts/events`;
const deliveriesPath = `${NAMESPACES.storelens}/notifications/deliveries`;

/**
 * A list read of one of the store's resources: cached per query (`force` refetches), the
 * total from `X-WP-Total` when sent, else the list's length; a failure is the query's error.
 */
function listThunk<T extends { readonly id: number }>(
  resource: Resource<T>,
  scope: string,
  select: (state: StorelensState) => ResourceState<T>,
  path: string,
  query: QueryArgs,
  force: boolean,
): AppThunk<void> {
  return async (dispatch, getState, { client }) => {
    const key = stableKey(query);
    if (!resource.needsFetch(select(getState()), scope, key, force)) return;
    await resource.runQuery(dispatch, scope, key, async () => {
      const response = await client.get<T[] | null>(path, query);
      const list = response.data ?? [];
      return {
        items: list,
        result: {
          ids: list.map((row) => idKey(row.id)),
          total: response.total ?? list.length,
          totalPages: response.totalPages,
        },
      };
    });
  };
}

/** Fetches the caller's digests (and, for administrators, the store-wide ones). */
export function fetchDigests(
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<void> {
  return listThunk(
    digestsResource,
    DIGESTS_SCOPE,
    (s) => s.notifications.digests,
    digestsPath,
    query,
    options.force ?? false,
  );
}

/** Fetches the caller's alert rules (and, for administrators, the store-wide ones). */
export function fetchAlerts(
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<void> {
  return listThunk(
    alertsResource,
    ALERTS_SCOPE,
    (s) => s.notifications.alerts,
    alertsPath,
    query,
    options.force ?? false,
  );
}

/** Fetches a page (`page`, `per_page`) of what the visible alert rules fired, newest first. */
export function fetchAlertEvents(
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<void> {
  return listThunk(
    alertEventsResource,
    ALERT_EVENTS_SCOPE,
    (s) => s.notifications.events,
    eventsPath,
    query,
    options.force ?? false,
  );
}

/** Fetches a page of the delivery history (sent, pending and failed, with errors). */
export function fetchDeliveries(
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<void> {
  return listThunk(
    deliveriesResource,
    DELIVERIES_SCOPE,
    (s) => s.notifications.deliveries,
    deliveriesPath,
    query,
    options.force ?? false,
  );
}

/** A rule's writes change what was sent or fired: those lists are read again. */
function historyChanged(dispatch: (action: UnknownAction) => unknown): void {
  dispatch(deliveriesResource.actions.invalidated({ scope: DELIVERIES_SCOPE }));
  dispatch(alertEventsResource.actions.invalidated({ scope: ALERT_EVENTS_SCOPE }));
}

/**
 * Creates a digest. A refusal (a 400 naming the parameter in `params`) is kept under
 * `create` and rethrown; the lists are read again either way.
 */
export function createDigest(body: DigestInput): AppThunk<DigestView> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: digestsResource,
      scope: DIGESTS_SCOPE,
      operation: 'create',
      ids: [],
      send: async () => (await client.post<DigestView>(digestsPath, body)).data,
      onSuccess: (digest) =>
        dispatch(digestsResource.actions.itemsReceived({ scope: DIGESTS_SCOPE, items: [digest] })),
    });
}

/** Changes a digest (only the fields given); a refusal is kept under `update:{id}`. */
export function updateDigest(id: number, changes: DigestChanges): AppThunk<DigestView> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: digestsResource,
      scope: DIGESTS_SCOPE,
      operation: `update:${id}`,
      ids: [id],
      send: async () => (await client.put<DigestView>(`${digestsPath}/${id}`, changes)).data,
      onSuccess: (digest) =>
        dispatch(digestsResource.actions.itemsReceived({ scope: DIGESTS_SCOPE, items: [digest] })),
    });
}

/** Deletes a digest (its history goes with it); a failure is kept under `delete:{id}`. */
export function deleteDigest(id: number): AppThunk<NotifyDeleted> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: digestsResource,
      scope: DIGESTS_SCOPE,
      operation: `delete:${id}`,
      ids: [id],
      send: async () => (await client.delete<NotifyDeleted>(`${digestsPath}/${id}`)).data,
      onSuccess: () => {
        dispatch(digestsResource.actions.itemRemoved({ scope: DIGESTS_SCOPE, id }));
        historyChanged(dispatch);
      },
    });
}

/**
 * "Send a test now": sends the digest's latest complete period at once and resolves with
 * each channel's outcome (a failed channel is an outcome, not a rejection); a refused
 * request is kept under `send:{id}` and rethrown.
 */
export function sendDigestNow(id: number): AppThunk<SendNowResult> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: digestsResource,
      scope: DIGESTS_SCOPE,
      operation: `send:${id}`,
      ids: [id],
      send: async () => (await client.post<SendNowResult>(`${digestsPath}/${id}/send`)).data,
      onSuccess: () => historyChanged(dispatch),
    });
}

/** Creates an alert rule; a refusal is kept under `create` and rethrown. */
export function createAlert(body: AlertInput): AppThunk<AlertView> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: alertsResource,
      scope: ALERTS_SCOPE,
      operation: 'create',
      ids: [],
      send: async () => (await client.post<AlertView>(alertsPath, body)).data,
      onSuccess: (alert) =>
        dispatch(alertsResource.actions.itemsReceived({ scope: ALERTS_SCOPE, items: [alert] })),
    });
}

/** Changes an alert rule; a refusal is kept under `update:{id}` and rethrown. */
export function updateAlert(id: number, changes: AlertChanges): AppThunk<AlertView> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: alertsResource,
      scope: ALERTS_SCOPE,
      operation: `update:${id}`,
      ids: [id],
      send: async () => (await client.put<AlertView>(`${alertsPath}/${id}`, changes)).data,
      onSuccess: (alert) =>
        dispatch(alertsResource.actions.itemsReceived({ scope: ALERTS_SCOPE, items: [alert] })),
    });
}

/** Deletes an alert rule; a failure is kept under `delete:{id}` and rethrown. */
export function deleteAlert(id: number): AppThunk<NotifyDeleted> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: alertsResource,
      scope: ALERTS_SCOPE,
      operation: `delete:${id}`,
      ids: [id],
      send: async () => (await client.delete<NotifyDeleted>(`${alertsPath}/${id}`)).data,
      onSuccess: () => {
        dispatch(alertsResource.actions.itemRemoved({ scope: ALERTS_SCOPE, id }));
        historyChanged(dispatch);
      },
    });
}
