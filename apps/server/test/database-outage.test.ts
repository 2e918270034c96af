import type { ImportStatusBody } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchStore, scratchStore } from '../bench/scratch-store';
import { buildApp } from '../src/app';
import { type Db, openDatabase } from '../src/db/database';
import { isDatabaseUnavailable, isStatementTimeout } from '../src/db/faults';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { openStore } from '../src/store';
import { call } from './admin-helpers';
import { authenticateInjects, signIn } from './harness';
import { TcpProxy } from './tcp-proxy';

/**
 * PostgreSQL going away and coming back, through a proxy this test takes down (the shared
 * server keeps running for everyone else): the process survives, requests get a 503 with
 * Retry-After meanwhile, jobs pause and finish once it is back.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;
const IMPORT = '/wp-json/wc-analytics/reports/import';
const REVENUE =
  '/wp-json/wc-analytics/reports/revenue/stats?after=2024-01-01T00:00:00&before=2024-06-30T23:59:59&interval=month&force_cache_refresh=true';
const TABLES = ['order_stats', 'order_product_lookup', 'revenue_day', 'product_month'] as const;

async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.kysely.selectFrom(table).selectAll().execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!postgresUrl)('PostgreSQL restarts [postgres]', () => {
  let store: ScratchStore;
  let proxy: TcpProxy;
  let db: Db;
  let app: FastifyInstance;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    store = await scratchStore('postgres', { prefix: 'outage', postgresUrl });
    await generateDemoStore(store.db, { orders: 1500, years: 1, seed: 5, end: '2024-06-30' });
    const target = new URL(postgresUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.up();
    const viaProxy = new URL(postgresUrl!);
    viaProxy.host = `127.0.0.1:${port}`;
    db = await openStore(viaProxy.toString(), { schema: store.schema! });
    app = await buildApp(db, { webRoot: '/nonexistent' });
    authenticateInjects(app, await signIn(db, 'administrator'));
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await app?.close();
    await db?.close();
    await proxy?.down();
    await store?.drop();
  });

  it('answers 503 with Retry-After while the database is down, and 200 once it is back', async () => {
    expect((await call(app, 'GET', REVENUE)).status).toBe(200);
    await proxy.down();
    // Give the pool's idle connections time to see the cut (the event that used to kill
    // the process).
    await new Promise((r) => setTimeout(r, 200));
    for (const url of [REVENUE, '/wp-json/wc-admin/options?options=a', `${IMPORT}/status`]) {
      const down = await call<{ code: string; data: { status: number } }>(app, 'GET', url);
      expect(down.status, url).toBe(503);
      expect(down.body.code).toBe('storelens_database_unavailable');
      expect(down.body.data.status).toBe(503);
      expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    }
    await proxy.up();
    const back = await until(
      () => call(app, 'GET', REVENUE),
      (r) => r.status === 200,
      10_000,
    );
    expect(back.status).toBe(200);
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('survives its sessions being terminated (pg_terminate_backend) while idle', async () => {
    expect((await call(app, 'GET', REVENUE)).status).toBe(200);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [`storelens:${store.schema}`],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200));
    const after = await until(
      () => call(app, 'GET', REVENUE),
      (r) => r.status === 200,
      10_000,
    );
    expect(after.status).toBe(200);
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('answers only 200 or 503 under load while the database restarts', async () => {
    const statuses = new Map<number, number>();
    let running = true;
    const client = async () => {
      while (running) {
        const r = await app.inject({ method: 'GET', url: REVENUE });
        statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
      }
    };
    const clients = Array.from({ length: 20 }, client);
    await new Promise((r) => setTimeout(r, 300));
    await proxy.down();
    await new Promise((r) => setTimeout(r, 1_000));
    await proxy.up();
    await new Promise((r) => setTimeout(r, 1_500));
    running = false;
    await Promise.all(clients);
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect((await call(app, 'GET', REVENUE)).status).toBe(200);
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('a statement past the timeout is cancelled and the pool keeps serving', async () => {
    // The store is already migrated: a bare pool, so that nothing but the statement under test
    // runs with the short timeout (under CI's load, opening a store's migrations and checks
    // with 300 ms could be cut off themselves).
    const slow = openDatabase(postgresUrl!, { schema: store.schema!, statementTimeoutMs: 300 });
    try {
      // 57014 is PostgreSQL's "canceling statement due to statement timeout": the sleep was cut
      // off by the timeout, not finished (no wall-clock bound, which a loaded machine breaks).
      const error = await sql`SELECT pg_sleep(10)`.execute(slow.kysely).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isStatementTimeout(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(false);
      const ok = await sql<{ one: number }>`SELECT 1 AS one`.execute(slow.kysely);
      expect(ok.rows[0]!.one).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('whole-store work lifts the timeout for its own transaction only', async () => {
    const slow = openDatabase(postgresUrl!, { schema: store.schema!, statementTimeoutMs: 300 });
    const sleepPastTimeout = (on: Db['kysely']) =>
      sql`SELECT pg_sleep(0.6)`.execute(on).then(
        () => undefined,
        (e: unknown) => e,
      );
    try {
      // Longer than the timeout: finished inside the lifted transaction…
      await slow.kysely.transaction().execute(async (trx) => {
        await new RawSql(trx, 'postgres').liftStatementTimeout();
        expect(await sleepPastTimeout(trx)).toBeUndefined();
      });
      // …and cut off again after it, on the same pool.
      expect(isStatementTimeout(await sleepPastTimeout(slow.kysely))).toBe(true);
    } finally {
      await slow.close();
    }
  });

  it('an import pauses while the database is down and finishes with correct totals', async () => {
    const clean = await snapshot(db);
    expect((await call(app, 'POST', `${IMPORT}/delete`)).status).toBe(200);
    // Small batches, so the outage falls in the middle of the import.
    const runner = app.jobRunner;
    const { startImport } = await import('../src/ingest/import-job');
    const started = await startImport(db, runner, {
      skipExisting: false,
      reason: 'request',
      batchSize: 50,
    });
    expect(started.started).toBe(true);
    const status = () => call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`);
    await until(status, (s) => s.status === 200 && s.body.orders.imported >= 200);
    await proxy.down();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runner.paused).toBe(true);
    await proxy.up();
    const done = await until(status, (s) => s.status === 200 && !s.body.is_importing, 120_000);
    expect(done.body.orders.imported).toBe(done.body.orders.total);
    expect(done.body.last_error).toBeUndefined();
    const job = await db.kysely
      .selectFrom('admin_jobs')
      .select(['status', 'error'])
      .where('kind', '=', 'import')
      .orderBy('created_gmt', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', error: null });
    expect(await snapshot(db)).toEqual(clean);
    expect(uncaught).toEqual([]);
  }, 180_000);
});
