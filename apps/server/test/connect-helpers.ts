import type { ConnectionView } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import type { SyncOptions } from '../src/connect';
import type { Db } from '../src/db/database';
import { call } from './admin-helpers';
import { authenticateInjects, signIn } from './harness';
import { waitFor as waitUntil } from './rebuild-helpers';
import type { WooSimulator } from './woo-simulator';

export const CONNECTIONS = '/wp-json/storelens/v1/connections';

/**
 * Quick retries so faults cost milliseconds, not the production seconds; no reconciliation
 * on the server's own schedule, which on a loaded machine would start one (30 s after an
 * import that never reconciled) while a test starts its own and expects a 202.
 */
export const FAST: SyncOptions = {
  client: { timeoutMs: 1_500, baseDelayMs: 10, maxDelayMs: 200, attempts: 8 },
  retryPauseMs: 50,
  maxRetryPauseMs: 200,
  overlapMs: 60_000,
  scheduleEveryMs: 0,
};

/**
 * The app listening on loopback (the simulator delivers webhooks to it, anonymously), its
 * `inject` signed in as an administrator.
 */
export async function listeningApp(db: Db, options: SyncOptions = {}): Promise<FastifyInstance> {
  let publicUrl = '';
  const app = await buildApp(db, {
    webRoot: '/nonexistent',
    connect: { ...FAST, ...options, publicUrl: () => publicUrl },
  });
  authenticateInjects(app, await signIn(db, 'administrator'));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  publicUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return app;
}

/** Reads until `done` accepts the value, for 90 seconds at the most. */
export function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 90_000,
): Promise<T> {
  return waitUntil(read, done, ms);
}

/** A connection as the API answers it. */
type View = ConnectionView;

/** Connects the app to the simulated shop with the simulator's keys; the answer as sent. */
export function connectShop(app: FastifyInstance, sim: WooSimulator) {
  return call<View>(app, 'POST', CONNECTIONS, {
    url: sim.url,
    consumer_key: 'ck_test',
    consumer_secret: 'cs_test',
  });
}

/** Waits until the connection has nothing running (import or reconciliation done). */
export async function settle(app: FastifyInstance, id: number): Promise<View> {
  return waitFor(
    async () => (await call<View>(app, 'GET', `${CONNECTIONS}/${id}`)).body,
    (v) => v.status === 'idle',
  );
}

/** Waits for the webhooks sent and their application. */
export async function delivered(app: FastifyInstance, sim: WooSimulator): Promise<void> {
  await sim.flush();
  await app.deliveryQueue.kick();
  await app.deliveryQueue.idle();
}

/** All-time report totals, in minor units, by creation date. */
export async function reportTotals(app: FastifyInstance) {
  const res = await call<{ totals: Record<string, number> }>(
    app,
    'GET',
    '/wp-json/wc-analytics/reports/revenue/stats?after=2000-01-01T00:00:00&before=2030-12-31T23:59:59&interval=year&date_type=date_created&per_page=100',
  );
  expect(res.status).toBe(200);
  const t = res.body.totals;
  const cents = (v: number | undefined) => Math.round((v ?? 0) * 100);
  return {
    orders_count: t.orders_count,
    total_sales: cents(t.total_sales),
    net_revenue: cents(t.net_revenue),
    refunds: cents(t.refunds),
  };
}

/** The reports equal the shop's own totals to the cent. */
export async function expectShopTotals(app: FastifyInstance, sim: WooSimulator) {
  expect(await reportTotals(app)).toEqual(sim.totals());
}

export type { View };
