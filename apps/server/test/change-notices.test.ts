import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { waitFor } from './connect-helpers';
import { authenticateInjects, freshStore, signIn } from './harness';

const postgresUrl = process.env.TEST_POSTGRES_URL;

const order = (id: number): OrderInput => ({
  id,
  status: 'completed',
  currency: 'USD',
  customerId: 0,
  dateCreatedGmt: '2024-03-10 12:00:00',
  datePaidGmt: '2024-03-10 12:00:00',
  dateCompletedGmt: '2024-03-10 12:00:00',
  billing: { country: 'US', state: '', email: '' },
  lines: [],
  shipping: 50_000,
  shippingTax: 0,
  coupons: [],
  taxes: [],
  refunds: [],
});

// A server process keeps its report cache while it listens to the other processes' change
// notices (db/changes.ts): orders ingested by another process (a child process) empty it,
// also after its listening connection was cut and came back.
describe.skipIf(!postgresUrl)('report cache across processes [postgres]', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;

  beforeAll(async () => {
    const store = await freshStore('postgres');
    db = store.db;
    drop = store.drop;
    app = await buildApp(db, { webRoot: '/nonexistent' });
    authenticateInjects(app, await signIn(db, 'administrator'));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const ingestElsewhere = async (id: number) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./ingest-child.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          CHILD_DATABASE_URL: db.url,
          CHILD_SCHEMA: db.schema!,
          CHILD_ORDER_ID: String(id),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
  };

  const stats = async () => {
    const res = await app.inject(
      '/wp-json/wc-analytics/reports/orders/stats?after=2024-03-01T00:00:00&before=2024-03-31T23:59:59&interval=month&debug_cache=1',
    );
    const body = res.json() as { totals: { orders_count: number }; debug_cache: { hit: boolean } };
    return { count: body.totals.orders_count, hit: body.debug_cache.hit };
  };

  /** The listening session of this store, as PostgreSQL sees it. */
  const listener = async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number; query: string }>(
        'SELECT pid, query FROM pg_stat_activity WHERE application_name = $1',
        [`storelens-listen:${db.schema}`],
      );
      return rows[0];
    } finally {
      await client.end();
    }
  };

  const changeElsewhereIsSeen = async (id: number) => {
    // Cached here (a hit on the second read once the listener is in place)…
    const before = await waitFor(stats, (s) => s.hit);
    // …then an order ingested by another process.
    await ingestElsewhere(id);
    const after = await waitFor(stats, (s) => s.count === before.count + 1);
    expect(after.count).toBe(before.count + 1);
  };

  it('drops the cache when another process ingests orders', async () => {
    await ingestOrders(db, [order(1)]);
    await changeElsewhereIsSeen(2);
  });

  it('listens again after its connection was terminated, and then still sees changes', async () => {
    const first = await waitFor(listener, (l) => l?.query === 'LISTEN storelens_changes');
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [first!.pid]);
    await admin.end();
    await waitFor(listener, (l) => l !== undefined && l.pid !== first!.pid);
    await changeElsewhereIsSeen(3);
  });
});
