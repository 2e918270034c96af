// @vitest-environment node

import {
  AlertEventView,
  AlertView,
  DeliveryView,
  type DigestView as Digest,
  DigestView,
} from '@storelens/api';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiError } from '../../client/api-error.ts';
import type { ListResult, QueryEntry } from '../../core/resource.ts';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import type { useAlerts, useDeliveries, useDigests } from './hooks.ts';
import {
  ALERT_EVENTS_SCOPE,
  ALERTS_SCOPE,
  createAlert,
  createDigest,
  DELIVERIES_SCOPE,
  DIGESTS_SCOPE,
  deleteAlert,
  deleteDigest,
  fetchAlertEvents,
  fetchAlerts,
  fetchDeliveries,
  fetchDigests,
  type SendNowResult,
  sendDigestNow,
  updateDigest,
} from './slice.ts';

/** A stub answer, refused when it differs from the contract (every field given). */
function contractBody<T extends TSchema>(schema: T, value: Static<T>): Static<T> {
  const errors = [...Value.Errors(schema, value)].map((e) => `${e.instancePath} ${e.message}`);
  if (errors.length > 0) throw new Error(`stub differs from the contract: ${errors.join('; ')}`);
  return value;
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const digest = (id: number, fields: Partial<Digest> = {}) =>
  contractBody(DigestView, {
    id,
    user_id: 1,
    frequency: 'daily',
    hour: 8,
    enabled: true,
    channels: [{ type: 'email' }],
    date_created_gmt: '2026-03-01T10:00:00',
    last_delivery: null,
    store_wide: false,
    ...fields,
  });

const alert = (id: number) =>
  contractBody(AlertView, {
    id,
    user_id: 1,
    metric: 'orders/orders_count',
    condition: 'no_orders',
    hours: 6,
    window: 'day',
    state: 'normal',
    channels: [{ type: 'email' }],
    threshold: null,
    open_hours: null,
    direction: 'both',
    starter: null,
    enabled: true,
    store_wide: false,
    date_created_gmt: '2026-03-01T10:00:00',
  });

const invalid = {
  code: 'rest_invalid_param',
  message: 'Invalid parameter(s): channels[0].url',
  data: { status: 400, params: { 'channels[0].url': 'channels[0].url must be an http URL.' } },
};

/** A stand-in of the notifier's routes, answering as the contract says. */
async function notifyServer(opts: { failWrites?: boolean } = {}) {
  const digests = new Map<number, Digest>([1, 2].map((id) => [id, digest(id)]));
  const alerts = new Map([[7, alert(7)]]);
  const base = '/storelens/v1';
  const ctx = await startStore((app) => {
    app.get(`${base}/digests`, async () => [...digests.values()]);
    app.post(`${base}/digests`, async (req, reply) => {
      const body = req.body as { channels: { type: string; url?: string }[] };
      if (body.channels.some((c) => c.type !== 'email' && !c.url?.startsWith('http')))
        return reply.code(400).send(invalid);
      const created = digest(3, req.body as Partial<Digest>);
      digests.set(3, created);
      return reply.code(201).send(created);
    });
    app.put(`${base}/digests/:id`, async (req, reply) => {
      if (opts.failWrites) return reply.code(500).send(wpError('boom', 'Digest failure.', 500));
      const id = Number((req.params as { id: string }).id);
      const next = { ...digests.get(id), ...(req.body as object) } as Digest;
      digests.set(id, next);
      return next;
    });
    app.delete(`${base}/digests/:id`, async (req, reply) => {
      const id = Number((req.params as { id: string }).id);
      if (!digests.has(id))
        return reply.code(404).send(wpError('storelens_digest_not_found', 'No digest.', 404));
      digests.delete(id);
      return { deleted: true, id };
    });
    app.post(`${base}/digests/:id/send`, async (req) => {
      const id = Number((req.params as { id: string }).id);
      return {
        id,
        period: '2026-03-01',
        deliveries: [
          { channel: 'email', status: 'sent', error: null },
          { channel: 'slack', status: 'failed', error: 'Slack answered 404.' },
        ],
      } satisfies SendNowResult;
    });
    app.get(`${base}/alerts`, async () => [...alerts.values()]);
    app.post(`${base}/alerts`, async (_req, reply) => {
      alerts.set(8, alert(8));
      return reply.code(201).send(alerts.get(8));
    });
    app.delete(`${base}/alerts/:id`, async (req) => {
      const id = Number((req.params as { id: string }).id);
      alerts.delete(id);
      return { deleted: true, id };
    });
    app.get(`${base}/alerts/events`, async (_req, reply) => {
      reply.header('X-WP-Total', '41').header('X-WP-TotalPages', '3');
      return [
        contractBody(AlertEventView, {
          id: 5,
          alert_id: 7,
          metric: 'orders/orders_count',
          condition: 'no_orders',
          window: 'day',
          period: '2026-03-02 03:00',
          expected: 'an order within 6 hours',
          actual: null,
          note_id: null,
          message: 'No orders for 6 hours.',
          date_fired_gmt: '2026-03-02T09:00:00',
          date_cleared_gmt: null,
        }),
      ];
    });
    app.get(`${base}/notifications/deliveries`, async (_req, reply) => {
      reply.header('X-WP-Total', '1').header('X-WP-TotalPages', '1');
      return [
        contractBody(DeliveryView, {
          id: 9,
          source: 'digest',
          source_id: 1,
          period: '2026-03-01',
          channel: 'slack',
          status: 'failed',
          attempts: 6,
          error: 'Slack answered 404.',
          date_created_gmt: '2026-03-02T08:00:00',
          date_sent_gmt: null,
        }),
      ];
    });
  });
  close = () => ctx.server.close();
  return ctx;
}

type Store = Awaited<ReturnType<typeof notifyServer>>['store'];
const digests = (store: Store) => store.getState().notifications.digests[DIGESTS_SCOPE];
const alerts = (store: Store) => store.getState().notifications.alerts[ALERTS_SCOPE];
const ids = (scope: { queries: Readonly<Record<string, QueryEntry<ListResult>>> } | undefined) =>
  scope?.queries[JSON.stringify({})]?.result?.ids;

describe('notifications store', () => {
  it('reads digests and alert rules once per query, records by id', async () => {
    const { store, requests } = await notifyServer();
    await store.dispatch(fetchDigests());
    await store.dispatch(fetchDigests());
    await store.dispatch(fetchAlerts());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /storelens/v1/digests',
      'GET /storelens/v1/alerts',
    ]);
    expect(ids(digests(store))).toEqual(['1', '2']);
    expect(digests(store)?.byId['2']?.frequency).toBe('daily');
    expect(alerts(store)?.byId['7']?.condition).toBe('no_orders');
  });

  it('pages events and deliveries with the totals of the paging headers', async () => {
    const { store, requests } = await notifyServer();
    await store.dispatch(fetchAlertEvents({ page: 2, per_page: 20 }));
    await store.dispatch(fetchDeliveries({ per_page: 20 }));
    expect(requests[0]?.query).toEqual({ page: '2', per_page: '20' });
    const events = store.getState().notifications.events[ALERT_EVENTS_SCOPE];
    expect(events?.queries[JSON.stringify({ page: 2, per_page: 20 })]?.result).toEqual({
      ids: ['5'],
      total: 41,
      totalPages: 3,
    });
    const deliveries = store.getState().notifications.deliveries[DELIVERIES_SCOPE];
    expect(deliveries?.byId['9']?.error).toBe('Slack answered 404.');
  });

  it('creates a digest: keeps the answer and reads the list again', async () => {
    const { store, requests } = await notifyServer();
    await store.dispatch(fetchDigests());
    const created = await store.dispatch(
      createDigest({ frequency: 'weekly', hour: 7, channels: [{ type: 'email' }] }),
    );
    expect(created).toMatchObject({ id: 3, frequency: 'weekly', hour: 7 });
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/storelens/v1/digests',
      body: { frequency: 'weekly', hour: 7, channels: [{ type: 'email' }] },
    });
    expect(digests(store)?.queries[JSON.stringify({})]?.stale).toBe(true);
    await store.dispatch(fetchDigests());
    expect(ids(digests(store))).toEqual(['1', '2', '3']);
  });

  it('a refused create rejects with the parameter messages and keeps them under create', async () => {
    const { store } = await notifyServer();
    const refused = store.dispatch(
      createDigest({ frequency: 'daily', hour: 8, channels: [{ type: 'slack', url: 'nope' }] }),
    );
    await expect(refused).rejects.toMatchObject({
      code: 'rest_invalid_param',
      status: 400,
      params: { 'channels[0].url': 'channels[0].url must be an http URL.' },
    });
    expect(digests(store)?.errors.create?.params).toHaveProperty('channels[0].url');
    // The next success clears it.
    await store.dispatch(
      createDigest({ frequency: 'daily', hour: 8, channels: [{ type: 'email' }] }),
    );
    expect(digests(store)?.errors.create).toBeUndefined();
  });

  it('a failed update is kept under update:{id}, rethrown, and the record is unchanged', async () => {
    const { store } = await notifyServer({ failWrites: true });
    await store.dispatch(fetchDigests());
    await expect(store.dispatch(updateDigest(1, { hour: 9 }))).rejects.toMatchObject({
      code: 'boom',
      status: 500,
    });
    expect(digests(store)?.errors['update:1']?.message).toBe('Digest failure.');
    expect(digests(store)?.byId['1']?.hour).toBe(8);
    expect(digests(store)?.updating).toEqual({});
  });

  it('updates a digest with the fields given', async () => {
    const { store, requests } = await notifyServer();
    await store.dispatch(fetchDigests());
    await store.dispatch(updateDigest(2, { frequency: 'monthly' }));
    expect(requests.at(-1)?.body).toEqual({ frequency: 'monthly' });
    expect(digests(store)?.byId['2']?.frequency).toBe('monthly');
  });

  it('sends a digest now: resolves with each channel’s outcome, the history is read again', async () => {
    const { store } = await notifyServer();
    await store.dispatch(fetchDeliveries());
    const result = await store.dispatch(sendDigestNow(1));
    expect(result.deliveries.map((d) => d.status)).toEqual(['sent', 'failed']);
    const deliveries = store.getState().notifications.deliveries[DELIVERIES_SCOPE];
    expect(deliveries?.queries[JSON.stringify({})]?.stale).toBe(true);
  });

  it('deletes a digest and an alert rule from the records and lists; a missing one is an error', async () => {
    const { store } = await notifyServer();
    await store.dispatch(fetchDigests());
    await store.dispatch(fetchAlerts());
    await store.dispatch(deleteDigest(1));
    expect(ids(digests(store))).toEqual(['2']);
    expect(digests(store)?.byId['1']).toBeUndefined();
    await store.dispatch(deleteAlert(7));
    expect(ids(alerts(store))).toEqual([]);
    await expect(store.dispatch(deleteDigest(1))).rejects.toMatchObject({
      code: 'storelens_digest_not_found',
      status: 404,
    });
    expect(digests(store)?.errors['delete:1']?.status).toBe(404);
  });

  it('creates an alert rule', async () => {
    const { store } = await notifyServer();
    const created = await store.dispatch(createAlert({ condition: 'no_orders', hours: 6 }));
    expect(created.id).toBe(8);
    expect(alerts(store)?.byId['8']?.state).toBe('normal');
  });

  it('a list that cannot be read keeps the error as the query’s state', async () => {
    const { store, server } = await startStore(() => {});
    close = () => server.close();
    await store.dispatch(fetchDigests());
    const entry = store.getState().notifications.digests[DIGESTS_SCOPE]?.queries['{}'];
    expect(entry?.status).toBe('error');
    expect(entry?.error?.status).toBe(404);
  });

  it('hooks are typed by the contract', () => {
    expectTypeOf<ReturnType<typeof useDigests>['items']>().toEqualTypeOf<readonly Digest[]>();
    expectTypeOf<ReturnType<typeof useDigests>['sendDigestNow']>().returns.toEqualTypeOf<
      Promise<SendNowResult>
    >();
    expectTypeOf<ReturnType<typeof useAlerts>['error']>().toEqualTypeOf<ApiError | null>();
    expectTypeOf<ReturnType<typeof useDeliveries>['items']>().toEqualTypeOf<
      readonly DeliveryView[]
    >();
  });
});
