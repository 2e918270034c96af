/*
 * Two real server processes (apps/server/src/main.ts) on one PostgreSQL database, as behind a
 * load balancer: a session, an application password and the login rate limit work whichever
 * process answers; a product renamed through one is found by the other's picker; an order
 * ingested through one shows in the other's (cached) report; and a historical import started
 * through one, whose process is then SIGKILLed, is finished by the other, once.
 *
 * Needs TEST_POSTGRES_URL (it creates and drops a database of its own); skipped without it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFF } from '../src/auth/throttle';
import { createUser } from '../src/auth/users';
import { webhookSignature } from '../src/connect/webhooks';
import { type Db, openDatabase } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import { openStore } from '../src/store';
import { waitFor } from './connect-helpers';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const EMAIL = 'owner@two-servers.test';
const PASSWORD = 'correct horse battery staple';
const SECRET = 'two-servers-webhook-secret';

interface Server {
  url: string;
  pid: number;
  child: ChildProcess;
  output(): string;
}

async function startServer(databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      STORELENS_DEMO: '0',
      STORELENS_WEB_ROOT: '/nonexistent',
      // Short leases: a job left by a process on another machine is taken over within seconds.
      STORELENS_JOB_LEASE_MS: '3000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Storelens is running: (http:\/\/\S+)/.exec(output);
      if (match) resolve(new URL(match[1]!).origin);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { url, pid: child.pid!, child, output: () => output };
}

async function stopServer(server: Server | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

type Headers = Record<string, string>;

async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  headers: Headers = {},
  body?: unknown,
): Promise<{ status: number; body: T; headers: globalThis.Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: res.headers,
  };
}

/** A signed WooCommerce webhook delivery to a server. */
function deliver(base: string, topic: string, payload: unknown, deliveryId: string) {
  const body = JSON.stringify(payload);
  return call(
    base,
    'POST',
    '/wp-json/storelens/v1/webhooks/woocommerce/1',
    {
      'x-wc-webhook-topic': topic,
      'x-wc-webhook-delivery-id': deliveryId,
      'x-wc-webhook-signature': webhookSignature(body, SECRET),
    },
    body,
  );
}

const GMT_LATER = '2030-01-01T00:00:00';

describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL database', () => {
  const name = `storelens_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let databaseUrl = '';
  let db: Db;
  let a: Server | undefined;
  let b: Server | undefined;
  let auth: Headers = {};

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const setup = await openStore(databaseUrl);
    await generateDemoStore(setup, { orders: 8000, years: 1, seed: 21, end: '2024-06-30' });
    await createUser(setup, {
      email: EMAIL,
      name: 'Owner',
      role: 'administrator',
      password: PASSWORD,
    });
    // A connected shop whose webhooks reach the servers (paused: no reconciliation runs).
    await setup.kysely
      .insertInto('connections')
      .values({
        id: 1,
        url: 'http://127.0.0.1:9',
        consumer_key: 'ck_two',
        consumer_secret: 'cs_two',
        webhook_secret: SECRET,
        status: 'paused',
        store: '{}',
        can_write: 0,
        job_id: null,
        progress: '{}',
        last_change_gmt: null,
        last_reconciled_gmt: null,
        cursor_gmt: null,
        created_gmt: '2024-06-30 00:00:00',
      })
      .execute();
    await setup.close();
    db = openDatabase(databaseUrl);
    [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await db?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('keeps a session, an application password and the login limit across processes', async () => {
    const login = await call<{ nonce: string }>(
      a!.url,
      'POST',
      '/wp-json/storelens/v1/login',
      {},
      {
        email: EMAIL,
        password: PASSWORD,
      },
    );
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    auth = { cookie, 'x-wp-nonce': login.body.nonce };
    // The session opened on A answers on B.
    const me = await call<{ email: string }>(b!.url, 'GET', '/wp-json/wp/v2/users/me', auth);
    expect(me.status).toBe(200);
    // An application password made on B signs in on A.
    const made = await call<{ password: string }>(
      b!.url,
      'POST',
      '/wp-json/wp/v2/users/me/application-passwords',
      auth,
      { name: 'two servers' },
    );
    expect(made.status).toBe(201);
    const basic = `Basic ${Buffer.from(`${EMAIL}:${made.body.password}`).toString('base64')}`;
    expect(
      (await call(a!.url, 'GET', '/wp-json/wp/v2/users/me', { authorization: basic })).status,
    ).toBe(200);
    // Wrong passwords for one account sent at once, half to each process: the count they
    // share lets BACKOFF.free be checked (401) and turns the others away unchecked (429).
    const victim = 'analyst@two-servers.test';
    await createUser(db, { email: victim, name: 'Analyst', role: 'analyst', password: PASSWORD });
    const started = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(
          i % 2 ? a!.url : b!.url,
          'POST',
          '/wp-json/storelens/v1/login',
          {},
          {
            email: victim,
            password: 'wrong password!',
          },
        ),
      ),
    );
    // After the free tries, the next is checked once the wait has passed (baseMs, doubling):
    // a burst that lasted longer than the first waits (a loaded machine, each check being a
    // password hash) may have had that many more checked, and no more.
    const lasted = Date.now() - started;
    const waitsPassed = Math.floor(Math.log2(lasted / BACKOFF.baseMs + 1));
    const checked = burst.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(BACKOFF.free);
    expect(checked).toBeLessThanOrEqual(BACKOFF.free + waitsPassed);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(16 - checked);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("finds a product renamed through one process in the other's picker", async () => {
    const product = await db.kysely
      .selectFrom('products')
      .select(['id', 'date_created_gmt'])
      .where('type', '=', 'simple')
      .where('parent_id', '=', 0)
      .where('status', '=', 'publish')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = Number(product.id);
    const search = () =>
      call<{ id: number }[]>(b!.url, 'GET', '/wp-json/wc-analytics/products?search=zanzibar', auth);
    // B holds its picker set in memory before the rename.
    expect((await search()).body.map((p) => p.id)).not.toContain(id);
    const delivered = await deliver(
      a!.url,
      'product.updated',
      {
        id,
        name: 'Zanzibar lantern',
        slug: 'zanzibar-lantern',
        type: 'simple',
        status: 'publish',
        sku: '',
        price: '10.00',
        regular_price: '10.00',
        sale_price: '',
        manage_stock: false,
        stock_quantity: null,
        stock_status: 'instock',
        downloadable: false,
        virtual: false,
        date_created_gmt: product.date_created_gmt.replace(' ', 'T'),
        date_modified_gmt: GMT_LATER,
      },
      'rename-1',
    );
    expect(delivered.status).toBe(202);
    const found = await waitFor(search, (res) => res.body.some((p) => p.id === id), 60_000);
    expect(found.status).toBe(200);
  }, 120_000);

  it("shows an order ingested through one process in the other's cached report", async () => {
    const stats = () =>
      call<{ totals: { orders_count: number } }>(
        b!.url,
        'GET',
        '/wp-json/wc-analytics/reports/revenue/stats?after=2024-03-01T00:00:00&before=2024-03-31T23:59:59&interval=day',
        auth,
      );
    const before = (await stats()).body.totals.orders_count;
    expect(before).toBeGreaterThan(0);
    expect((await stats()).body.totals.orders_count).toBe(before); // now answered from B's cache
    const at = '2024-03-10T12:00:00';
    const delivered = await deliver(
      a!.url,
      'order.created',
      {
        id: 900_000_001,
        parent_id: 0,
        status: 'completed',
        currency: 'USD',
        date_created_gmt: at,
        date_modified_gmt: GMT_LATER,
        date_paid_gmt: at,
        date_completed_gmt: at,
        customer_id: 0,
        billing: { email: 'guest@two-servers.test', country: 'US' },
        line_items: [],
        tax_lines: [],
        shipping_lines: [],
        coupon_lines: [],
        shipping_total: '5.00',
        shipping_tax: '0.00',
        total: '5.00',
        total_tax: '0.00',
        refunds: [],
      },
      'order-1',
    );
    expect(delivered.status).toBe(202);
    await waitFor(stats, (res) => res.body.totals.orders_count === before + 1, 60_000);
  }, 120_000);

  it('finishes, once, an import whose process was killed, in the other process', async () => {
    const totals = async () => {
      const { rows } = await pg_query(
        'SELECT COUNT(*)::int AS orders, SUM(net_total)::bigint AS net FROM order_stats',
      );
      const { rows: days } = await pg_query(
        'SELECT SUM(orders_count)::bigint AS orders, SUM(net_total)::bigint AS net FROM revenue_day',
      );
      return { ...rows[0], days: days[0] };
    };
    const clean = await totals();
    const started = await call<{ status: string }>(
      a!.url,
      'POST',
      '/wp-json/wc-analytics/reports/import',
      auth,
      { skip_existing: false },
    );
    expect(started.body.status).toBe('success');
    const job = async () => {
      const row = await db.kysely
        .selectFrom('admin_jobs')
        .select(['id', 'status', 'owner', 'progress'])
        .where('kind', '=', 'import')
        .executeTakeFirst();
      return row
        ? {
            ...row,
            orders: (JSON.parse(row.progress) as { orders: { imported: number; total: number } })
              .orders,
          }
        : undefined;
    };
    const midway = await waitFor(job, (j) => (j?.orders.imported ?? 0) > 0, 120_000);
    a!.child.kill('SIGKILL');
    expect(midway!.status).toBe('running');
    expect(midway!.owner).toContain(`:${a!.pid}:`);
    expect(midway!.orders.imported).toBeLessThan(midway!.orders.total);

    // B takes it over and finishes it; its owner is never A again.
    const owners = new Set<string>();
    const done = await waitFor(
      async () => {
        const j = await job();
        if (j?.owner) owners.add(j.owner);
        return j;
      },
      (j) => j?.status === 'done',
      180_000,
    );
    expect([...owners].some((o) => o.includes(`:${b!.pid}:`))).toBe(true);
    expect([...owners].every((o) => o.includes(`:${a!.pid}:`) || o.includes(`:${b!.pid}:`))).toBe(
      true,
    );
    expect(done!.owner).toBeNull();
    expect(done!.orders.imported).toBe(done!.orders.total);
    const status = await call<{ is_importing: boolean }>(
      b!.url,
      'GET',
      '/wp-json/wc-analytics/reports/import/status',
      auth,
    );
    expect(status.body.is_importing).toBe(false);
    // Every order counted once: the rebuilt rows and day rollups equal the clean ones.
    expect(await totals()).toEqual(clean);
  }, 300_000);

  async function pg_query(text: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  }
});
