import type { AlertEventView, AlertView, DeliveryView, DigestView } from '@storelens/api';
import { useMemo } from 'react';
import type { QueryArgs } from '../../client/query-string.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { type ResourceList, useResourceList } from '../../react/use-resource-list.ts';
import {
  ALERT_EVENTS_SCOPE,
  ALERTS_SCOPE,
  type AlertChanges,
  type AlertInput,
  createAlert,
  createDigest,
  DELIVERIES_SCOPE,
  DIGESTS_SCOPE,
  type DigestChanges,
  type DigestInput,
  deleteAlert,
  deleteDigest,
  fetchAlertEvents,
  fetchAlerts,
  fetchDeliveries,
  fetchDigests,
  type NotifyDeleted,
  type SendNowResult,
  sendDigestNow,
  updateAlert,
  updateDigest,
} from './slice.ts';

/** What `useDigests` returns: the list and the digest operations (each rejects on failure). */
export interface UseDigestsResult extends ResourceList<DigestView> {
  readonly createDigest: (body: DigestInput) => Promise<DigestView>;
  readonly updateDigest: (id: number, changes: DigestChanges) => Promise<DigestView>;
  readonly deleteDigest: (id: number) => Promise<NotifyDeleted>;
  readonly sendDigestNow: (id: number) => Promise<SendNowResult>;
}

/** What `useAlerts` returns: the list and the alert rule operations (each rejects on failure). */
export interface UseAlertsResult extends ResourceList<AlertView> {
  readonly createAlert: (body: AlertInput) => Promise<AlertView>;
  readonly updateAlert: (id: number, changes: AlertChanges) => Promise<AlertView>;
  readonly deleteAlert: (id: number) => Promise<NotifyDeleted>;
}

const digestsOfScope = (_scope: string, query: QueryArgs) => fetchDigests(query);
const alertsOfScope = (_scope: string, query: QueryArgs) => fetchAlerts(query);
const eventsOfScope = (_scope: string, query: QueryArgs) => fetchAlertEvents(query);
const deliveriesOfScope = (_scope: string, query: QueryArgs) => fetchDeliveries(query);

/** Reads the caller's digests (administrators: and the store-wide ones) and their operations. */
export function useDigests(query: QueryArgs = {}): UseDigestsResult {
  const dispatch = useStorelensDispatch();
  const list = useResourceList(
    (s) => s.notifications.digests,
    DIGESTS_SCOPE,
    query,
    digestsOfScope,
  );
  return useMemo(
    () => ({
      ...list,
      createDigest: (body) => dispatch(createDigest(body)),
      updateDigest: (id, changes) => dispatch(updateDigest(id, changes)),
      deleteDigest: (id) => dispatch(deleteDigest(id)),
      sendDigestNow: (id) => dispatch(sendDigestNow(id)),
    }),
    [list, dispatch],
  );
}

/** Reads the caller's alert rules (administrators: and the store-wide ones) and their operations. */
export function useAlerts(query: QueryArgs = {}): UseAlertsResult {
  const dispatch = useStorelensDispatch();
  const list = useResourceList((s) => s.notifications.alerts, ALERTS_SCOPE, query, alertsOfScope);
  return useMemo(
    () => ({
      ...list,
      createAlert: (body) => dispatch(createAlert(body)),
      updateAlert: (id, changes) => dispatch(updateAlert(id, changes)),
      deleteAlert: (id) => dispatch(deleteAlert(id)),
    }),
    [list, dispatch],
  );
}

/** Reads a page (`page`, `per_page`) of what the visible alert rules fired, newest first. */
export function useAlertEvents(query: QueryArgs = {}): ResourceList<AlertEventView> {
  return useResourceList((s) => s.notifications.events, ALERT_EVENTS_SCOPE, query, eventsOfScope);
}

/** Reads a page of the delivery history (what was sent, and what failed with its error). */
export function useDeliveries(query: QueryArgs = {}): ResourceList<DeliveryView> {
  return useResourceList(
    (s) => s.notifications.deliveries,
    DELIVERIES_SCOPE,
    query,
    deliveriesOfScope,
  );
}
