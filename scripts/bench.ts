/**
 * `npm run bench`: prints figures, never fails a test run.
 * - ingestion rate (orders/s) of the demo generator's batches through the ingestion path (on
 *   PostgreSQL large batches go through COPY), and the incremental path's latency (one order,
 *   a batch of 100, new and updated; BENCH_SKIP_INCREMENTAL=1 skips it);
 * - revenue stats latency (p50/p95 over 200 requests, through the real app, cache bypassed):
 *   last year by day (primary and compare requests) and last quarter by week;
 * on generated stores of BENCH_SIZES orders (default 100000,1000000), on SQLite and, when
 * BENCH_POSTGRES_URL or TEST_POSTGRES_URL is set, on PostgreSQL.
 * After each store's ingestion figure, its size on disk and each table's rows and bytes, also
 * per 1,000 orders (BENCH_SKIP_SIZE=1 skips it).
 * BENCH_REQUESTS changes the request count (default 200); BENCH_ENGINES=sqlite|postgres picks one engine. Then the widget bench
 * (scripts/bench-widgets) runs in Chromium: BENCH_SKIP_WIDGETS=1 skips it, BENCH_ONLY=widgets
 * runs only it. The picker search bench (100,000 products and customers) runs as a child step;
 * BENCH_SKIP_PICKERS=1 skips it. On each SQLite store the dashboard bench (scripts/bench-dashboard.ts)
 * measures the first-load JavaScript of Home and Overview and Overview's drawing time
 * (BENCH_SKIP_DASHBOARD=1 skips it), and the report pages are measured in Chromium
 * (scripts/bench-pages.ts; BENCH_SKIP_PAGES=1 skips them).
 * The connector bench (scripts/bench-connect.ts: import rate from a simulated WooCommerce
 * shop, webhook-to-report latency) runs as a child step too; BENCH_SKIP_CONNECT=1 skips it.
 * The load section serves each store from a process of its own and runs BENCH_LOAD_CLIENTS
 * (default 200) keep-alive clients for BENCH_LOAD_SECONDS (default 10) against a mix of
 * reports, while a new connection opens every 250 ms: requests/s, p50, p99 and the slowest
 * new connection's wait for its answer. BENCH_SKIP_LOAD=1 skips it; BENCH_LOAD_COMPARE=1 runs
 * it first without fair turns between connections (src/fair-turns.ts), for comparison.
 * The auth section compares one cached report route's requests/s and server CPU per request
 * with a session cookie and nonce against an application password (HTTP Basic): the target is
 * a key request within 2× a cookie request's CPU. BENCH_SKIP_AUTH=1 skips it;
 * BENCH_AUTH_CLIENTS and BENCH_AUTH_SECONDS change its clients (16) and round length (4 s).
 * The jobs section measures a report's p95 when idle, during a full rebuild of the analytics
 * tables (while it prepares its copy, then while it ingests, after waiting up to
 * BENCH_JOBS_WAIT seconds, default 600, for that) and during an export (both run on the
 * worker thread), each phase for BENCH_JOBS_SECONDS (default 30), then cancelled: the rule is
 * within 2× of idle. BENCH_SKIP_JOBS=1 skips it.
 * With BENCH_STORE_DIR, BENCH_IN_PLACE=1 works on the kept stores instead of copies (see
 * `inPlace`). BENCH_ONLY=<part of a name> measures only those request kinds in the analytics
 * section (apps/server/bench/bench.ts).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import {
  onServer,
  type ScratchStore,
  scratchStore,
  storeAt,
} from '../apps/server/bench/scratch-store';
import { formatStoreSize, storeSize } from '../apps/server/bench/store-size';
import { buildApp } from '../apps/server/src/app';
import { SESSION_COOKIE } from '../apps/server/src/auth/plugin';
import {
  createApplicationPassword,
  createUser,
  deleteApplicationPasswords,
  openSession,
  userByEmail,
} from '../apps/server/src/auth/users';
import type { Db } from '../apps/server/src/db/database';
import { RawSql } from '../apps/server/src/db/sql';
import { DEMO_GENERATOR_VERSION, generateDemoStore } from '../apps/server/src/demo/generate';
import { startImport } from '../apps/server/src/ingest/import-job';
import { readOrderInputs } from '../apps/server/src/ingest/import-source';
import { ingestOrders } from '../apps/server/src/ingest/ingest';
import type { OrderInput } from '../apps/server/src/ingest/types';
import { readJob } from '../apps/server/src/jobs/runner';
import { isEmpty, isUnfinishedDemo, openStore } from '../apps/server/src/store';
import { BENCH_ANALYST } from './bench-pages';

const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const END = '2026-11-20';

// The analytics bench appends its p50s here, one JSON line per store (printed at the end).
const analyticsSummary = join(mkdtempSync(join(tmpdir(), 'storelens-analytics-')), 'summary.jsonl');

/** One table: a row per request kind, a column per engine, size and year, the target, met. */
function printAnalyticsSummary() {
  if (!existsSync(analyticsSummary)) return;
  const stores = readFileSync(analyticsSummary, 'utf8')
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          engine: string;
          size: string;
          years: string[];
          rows: [string, number, number[]][];
        },
    );
  const columns = stores.flatMap((s, i) =>
    s.years.map((y, j) => ({
      label: `${s.engine} ${s.size} ${y.startsWith('year of whole') ? 'months' : 'mid'}`,
      at: [i, j] as const,
    })),
  );
  console.log(
    '\nAnalytics p50 (ms) beside the targets; year of whole months and year ending mid-month',
  );
  console.log(
    'request'.padEnd(48),
    ...columns.map((c) => c.label.padStart(22)),
    'target'.padStart(7),
  );
  for (const [r, [name, target]] of (stores[0]?.rows ?? []).entries()) {
    const cells = columns.map(({ at: [i, j] }) => stores[i]!.rows[r]?.[2][j]);
    const met = cells.every((v) => v !== undefined && v !== null && v <= target);
    console.log(
      name.replace(/ \d+ /, ' ').padEnd(48),
      ...cells.map((v) => (v === undefined || v === null ? '-' : v.toFixed(1)).padStart(22)),
      String(target).padStart(7),
      met ? ' met' : ' MISSED',
    );
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;

const store = (engine: 'sqlite' | 'postgres') =>
  scratchStore(engine, { prefix: engine === 'sqlite' ? 'storelens-bench' : 'bench', postgresUrl });

/**
 * Stores generated once and kept between runs (BENCH_STORE_DIR): SQLite files in that folder,
 * PostgreSQL databases `storelens_bench_<key>` on the server. The key is the size, the end
 * date, the latest migration and the generator's version, so a schema or generator change
 * makes new ones. Each run works on a copy (a file copy; a database created from the kept one
 * as its template), since the bench writes orders and runs jobs.
 */
const storeDir = process.env.BENCH_STORE_DIR;

function keptStoreKey(size: number): string {
  const migrations = readdirSync(new URL('../apps/server/src/db/migrations', import.meta.url))
    .filter((f) => /^\d{3}_.*\.ts$/.test(f))
    .sort();
  const latest = migrations[migrations.length - 1]!.replace(/\.ts$/, '');
  const fingerprint = createHash('sha1')
    .update(`${latest} ${DEMO_GENERATOR_VERSION}`)
    .digest('hex')
    .slice(0, 10);
  return `${size}_${END.replaceAll('-', '')}_${fingerprint}`;
}

/** A store of `size` orders: a copy of a kept one, or freshly generated (and kept, if asked). */
async function benchStore(
  engine: 'sqlite' | 'postgres',
  size: number,
): Promise<{
  s: ScratchStore;
  generated?: { orders: number; ingestMs: number; ingestCpuMs: number; ms: number };
}> {
  const generate = async (db: Db) => {
    const started = performance.now();
    const result = await generateDemoStore(db, { orders: size, end: END, years: 2 });
    return { ...result, ms: performance.now() - started };
  };
  const complete = async (db: Db) => !(await isEmpty(db)) && !(await isUnfinishedDemo(db));
  if (!storeDir) {
    const s = await store(engine);
    return { s, generated: await generate(s.db) };
  }
  const key = keptStoreKey(size);
  if (engine === 'sqlite') {
    mkdirSync(storeDir, { recursive: true });
    const kept = join(storeDir, `storelens-bench-${key}.sqlite`);
    const s = await store(engine);
    const file = s.url.slice('file:'.length);
    if (existsSync(kept) && inPlace) {
      await s.drop();
      return { s: await storeAt(`file:${kept}`, () => undefined) };
    }
    if (existsSync(kept)) {
      await s.db.close();
      copyFileSync(kept, file);
      const copy = await storeAt(s.url, () =>
        rmSync(dirname(file), { recursive: true, force: true }),
      );
      if (await complete(copy.db)) return { s: copy };
      // Not a finished store (never kept so, but a file may have been put there by hand).
      await copy.drop();
      rmSync(kept);
      return benchStore('sqlite', size);
    }
    const generated = await generate(s.db);
    // A consistent file to copy: the WAL folded into it, then copied under a temporary name.
    if (s.db.engine === 'sqlite') s.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    copyFileSync(file, `${kept}.part`);
    renameSync(`${kept}.part`, kept);
    return { s, generated };
  }
  const server = postgresUrl!;
  const kept = `storelens_bench_${key}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [kept]);
    if (exists.rowCount === 0) {
      // Generated under a temporary name and renamed when done, so a kept one is complete.
      await admin.query(`DROP DATABASE IF EXISTS ${kept}_part`);
      await admin.query(`CREATE DATABASE ${kept}_part`);
      const db = await openStore(databaseUrl(server, `${kept}_part`));
      let generated: Awaited<ReturnType<typeof generate>>;
      try {
        generated = await generate(db);
        if (!(await complete(db))) throw new Error('the generated store is incomplete');
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${kept}_part RENAME TO ${kept}`);
      return { s: await keptOrCopy(admin, server, kept), generated };
    }
    return { s: await keptOrCopy(admin, server, kept) };
  } finally {
    await admin.end();
  }
}

/** A PostgreSQL URL naming another database on the same server. */
function databaseUrl(server: string, database: string): string {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * BENCH_IN_PLACE=1: the run works on the kept stores themselves, for a store too large to
 * copy beside itself (10M orders take 37 GB on PostgreSQL). The incremental section's orders
 * then stay in it, and the jobs section (a full rebuild prepares a copy of its own) is skipped.
 */
const inPlace = process.env.BENCH_IN_PLACE === '1';

/** The kept database itself (BENCH_IN_PLACE), or a scratch copy of it. */
async function keptOrCopy(admin: pg.Client, server: string, kept: string): Promise<ScratchStore> {
  if (!inPlace) return templateCopy(admin, server, kept);
  return storeAt(databaseUrl(server, kept), () => undefined);
}

/** A scratch database created from a kept one (a file-level copy), dropped after the run. */
async function templateCopy(admin: pg.Client, server: string, kept: string): Promise<ScratchStore> {
  const name = `${kept.slice(0, 40)}_run_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${kept}`);
  return storeAt(databaseUrl(server, name), () =>
    onServer(server, `DROP DATABASE IF EXISTS ${name}`),
  );
}

/** Session headers of an analyst (reports need a signed-in user since login exists). */
async function analystSession(db: Db): Promise<Record<string, string>> {
  const { email, password } = BENCH_ANALYST;
  const user =
    (await userByEmail(db, email))?.user ??
    (await createUser(db, { email, name: 'bench', role: 'analyst', password }));
  const session = await openSession(db, user.id);
  return { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-wp-nonce': session.nonce };
}

async function latency(db: Db, label: string, url: string) {
  const app = await buildApp(db, { webRoot: '/nonexistent' });
  const headers = await analystSession(db);
  const times: number[] = [];
  for (let i = 0; i < requests + 5; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body}`);
    if (i >= 5) times.push(elapsed); // the first few warm caches and JIT
  }
  await app.close();
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * Incremental ingestion on the loaded store, as webhooks and imports do it: one order, and a
 * batch of 100, both new (fresh ids, copies of stored orders) and updated (stored orders
 * ingested again, which first takes their old contribution out). p50/p95 over 40 rounds each.
 */
async function incrementalLatency(db: Db) {
  const sql = new RawSql(db.kysely, db.engine, db.sqlite);
  // Orders, refunds and their lines share the id sequence the copies draw from: start past
  // all of them (a store's lines outnumber its orders, so its line ids run higher).
  const [top] = await sql.query<{ id: number }>(
    'SELECT MAX(id) AS id FROM (SELECT MAX(id) AS id FROM orders UNION ALL SELECT MAX(id) FROM order_items UNION ALL SELECT MAX(id) FROM order_fee_lines) ids',
  );
  const ids = (
    await sql.query<{ id: number }>(
      "SELECT id FROM orders WHERE type = 'order' ORDER BY id DESC LIMIT 4000",
    )
  ).map((r) => Number(r.id));
  const stored = await readOrderInputs(db, ids);
  let nextId = Number(top?.id ?? 0) + 1;
  let cursor = 0;
  const take = (n: number) => {
    const out = stored.slice(cursor, cursor + n);
    cursor = (cursor + n) % Math.max(1, stored.length - n);
    return out;
  };
  /** Copies with fresh ids: the order, its lines and fees, its refunds and theirs. */
  const fresh = (orders: OrderInput[]) =>
    orders.map((o) => {
      const lineIds = new Map(o.lines.map((l) => [l.id, nextId++]));
      const feeIds = new Map((o.fees ?? []).map((f) => [f.id, nextId++]));
      return {
        ...o,
        id: nextId++,
        lines: o.lines.map((l) => ({ ...l, id: lineIds.get(l.id)! })),
        ...(o.fees ? { fees: o.fees.map((f) => ({ ...f, id: feeIds.get(f.id)! })) } : {}),
        refunds: o.refunds.map((r) => ({
          ...r,
          id: nextId++,
          lines: r.lines.map((l) => ({
            ...l,
            id: nextId++,
            orderItemId: lineIds.get(l.orderItemId) ?? l.orderItemId,
          })),
          ...(r.fees
            ? {
                fees: r.fees.map((f) => ({
                  ...f,
                  id: nextId++,
                  orderFeeId: feeIds.get(f.orderFeeId) ?? f.orderFeeId,
                })),
              }
            : {}),
        })),
      };
    });
  const rounds = 40;
  const out: { label: string; p50: number; p95: number }[] = [];
  for (const [label, count, isNew] of [
    ['one new order', 1, true],
    ['one updated order', 1, false],
    ['100 new orders', 100, true],
    ['100 updated orders', 100, false],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < rounds + 3; i++) {
      const batch = isNew ? fresh(take(count)) : take(count);
      const started = performance.now();
      await ingestOrders(db, batch);
      if (i >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    out.push({ label, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return out;
}

/** One GET on a connection of the agent (false: a new connection); resolves with the ms taken. */
function timedGet(
  port: number,
  path: string,
  agent: Agent | false,
  headers: Record<string, string>,
): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${path}: HTTP ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const loadPaths = [
  '/wp-json/wc-analytics/reports/revenue/stats?interval=day&after=2026-08-01T00:00:00&before=2026-10-31T23:59:59',
  '/wp-json/wc-analytics/reports/products?after=2026-10-01T00:00:00&before=2026-10-31T23:59:59&extended_info=true',
  '/wp-json/wc-analytics/reports/orders?after=2026-10-01T00:00:00&before=2026-10-31T23:59:59',
  '/wp-json/wc-analytics/reports/performance-indicators?stats=revenue/total_sales,orders/orders_count&after=2026-10-01T00:00:00&before=2026-10-31T23:59:59',
  '/wp-json/wc-admin/options?options=woocommerce_currency',
];

/** The bench's server on store `s` in a child process (its own event loop); its port. */
async function startLoadServer(
  s: { url: string; schema: string | undefined },
  fair = true,
): Promise<{ server: ChildProcess; port: number }> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/bench/bench-load-server.ts'],
    {
      env: {
        ...process.env,
        DATABASE_URL: s.url,
        ...(s.schema ? { BENCH_SCHEMA: s.schema } : {}),
        BENCH_FAIR_TURNS: fair ? '1' : '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d) => {
      out += String(d);
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`load server exited ${code}`)));
  });
  return { server, port };
}

/** The load section on one store: the server in a child process, the clients here. */
async function load(s: { db: Db; url: string; schema: string | undefined }, fair = true) {
  // Every report needs a signed-in user: without the session each request was a 401.
  const headers = await analystSession(s.db);
  const clients = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
  const { server, port } = await startLoadServer(s, fair);
  const times: number[] = [];
  const waits: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const client = async (i: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = i; performance.now() < end; n++) {
      await timedGet(port, loadPaths[n % loadPaths.length]!, agent, headers).then(
        (t) => times.push(t),
        () => errors++,
      );
    }
    agent.destroy();
  };
  const newcomers = (async () => {
    while (performance.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      waits.push(
        await timedGet(port, loadPaths[4]!, false, headers).catch(() => Number.POSITIVE_INFINITY),
      );
    }
  })();
  const started = performance.now();
  await Promise.all([...Array.from({ length: clients }, (_, i) => client(i)), newcomers]);
  const elapsed = (performance.now() - started) / 1000;
  server.kill('SIGTERM');
  times.sort((a, b) => a - b);
  if (times.length === 0) times.push(Number.NaN);
  console.log(
    `  load${fair ? '' : ' (no fair turns)'}, ${clients} keep-alive clients for ${seconds} s: ${(times.length / elapsed).toFixed(0)} requests/s, ` +
      `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, errors ${errors}; ` +
      `slowest new connection ${ms(Math.max(...waits))} (of ${waits.length})`,
  );
}

/** CPU seconds a process has used (user + system), from /proc: Linux only, else NaN. */
function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are the 14th and 15th fields of the line (12th and 13th after "comm").
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A key request may cost at most this many times a cookie request (server CPU per request). */
const AUTH_TARGET_RATIO = 2;

/**
 * What authentication costs per request: the same report route (answered from the report
 * cache, so the credentials' check is a large share of the work) with a session cookie and
 * nonce, and with an application password (HTTP Basic), in alternating rounds against the
 * bench's server in its own process. Requests/s, and the server's CPU per request read from
 * /proc (steadier than requests/s on a shared machine). BENCH_AUTH_CLIENTS (default 16)
 * keep-alive clients, BENCH_AUTH_SECONDS (default 4) per round, 3 rounds of each.
 */
async function authCost(s: { db: Db; url: string; schema: string | undefined }) {
  const cookie = await analystSession(s.db);
  const analyst = (await userByEmail(s.db, BENCH_ANALYST.email))!.user;
  const key = await createApplicationPassword(s.db, analyst.id, 'bench');
  const basic = {
    authorization: `Basic ${Buffer.from(`${analyst.email}:${key.password}`).toString('base64')}`,
  };
  const clients = Number(process.env.BENCH_AUTH_CLIENTS ?? 16);
  const seconds = Number(process.env.BENCH_AUTH_SECONDS ?? 4);
  const path = loadPaths[0]!;
  const { server, port } = await startLoadServer(s);
  const totals = {
    cookie: { requests: 0, seconds: 0, cpu: 0 },
    key: { requests: 0, seconds: 0, cpu: 0 },
  };
  try {
    // Warm-up: the report cache, the JIT, the key's last_used write.
    for (const headers of [cookie, basic]) await timedGet(port, path, false, headers);
    for (let round = 0; round < 6; round++) {
      const kind = round % 2 === 0 ? 'cookie' : 'key';
      const headers = kind === 'cookie' ? cookie : basic;
      let requests = 0;
      const cpuBefore = processCpuSeconds(server.pid!);
      const started = performance.now();
      const end = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          const agent = new Agent({ keepAlive: true, maxSockets: 1 });
          while (performance.now() < end) {
            await timedGet(port, path, agent, headers);
            requests++;
          }
          agent.destroy();
        }),
      );
      totals[kind].requests += requests;
      totals[kind].seconds += (performance.now() - started) / 1000;
      totals[kind].cpu += processCpuSeconds(server.pid!) - cpuBefore;
    }
  } finally {
    server.kill('SIGTERM');
    await deleteApplicationPasswords(s.db, analyst.id, key.uuid);
  }
  const rate = (t: typeof totals.cookie) => t.requests / t.seconds;
  const cpuUs = (t: typeof totals.cookie) => (t.cpu / t.requests) * 1e6;
  const ratio = cpuUs(totals.key) / cpuUs(totals.cookie);
  console.log(
    `  auth, revenue stats (cached) with ${clients} keep-alive clients, 3 × ${seconds} s each: ` +
      `cookie+nonce ${rate(totals.cookie).toFixed(0)} requests/s, ${cpuUs(totals.cookie).toFixed(0)} µs server CPU/request; ` +
      `application password ${rate(totals.key).toFixed(0)} requests/s, ${cpuUs(totals.key).toFixed(0)} µs CPU/request; ` +
      `key/cookie CPU ${ratio.toFixed(2)}× (target ≤ ${AUTH_TARGET_RATIO}×${ratio <= AUTH_TARGET_RATIO ? ' met' : ' MISSED'}), ` +
      `requests/s ${(rate(totals.key) / rate(totals.cookie)).toFixed(2)}×`,
  );
}

/**
 * A report's latency while long jobs run: idle, during a full rebuild, during an export. The
 * requests go through `inject` one per event-loop turn (as requests arriving on sockets do),
 * so the worker thread's answers get in between.
 */
async function duringJobs(db: Db) {
  const app = await buildApp(db, { webRoot: '/nonexistent' });
  const headers = await analystSession(db);
  const url = `${base}&interval=week&after=2026-07-01T00:00:00&before=2026-09-30T23:59:59`;
  const timed = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`jobs: HTTP ${res.statusCode} ${res.body}`);
    return performance.now() - started;
  };
  const p95 = (times: number[]) =>
    percentile(
      [...times].sort((a, b) => a - b),
      95,
    );
  const idle: number[] = [];
  for (let i = 0; i < 100; i++) idle.push(await timed());
  const runner = app.jobRunner;
  const while_ = async (id: string, seconds: number) => {
    const times: number[] = [];
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      times.push(await timed());
      if (times.length % 20 === 0 && (await readJob(db, id))?.status !== 'running') break;
    }
    return times;
  };
  // Each job is measured for BENCH_JOBS_SECONDS at most, then cancelled.
  const seconds = Number(process.env.BENCH_JOBS_SECONDS ?? 30);
  const rebuild = await startImport(db, runner, { skipExisting: false, reason: 'settings' });
  if (!rebuild.started) throw new Error('jobs: the rebuild did not start');
  const rebuildState = async () => {
    const job = await readJob<unknown, { orders?: { imported: number; total: number } }>(
      db,
      rebuild.id,
    );
    return { running: job?.status === 'running', orders: job?.progress.orders };
  };
  // A rebuild first prepares its copy of the store (long on a large one), then ingests every
  // order into it: the report is measured in both phases, waiting (unmeasured, at most
  // BENCH_JOBS_WAIT seconds) for the ingestion to begin.
  const duringCopy = await while_(rebuild.id, seconds);
  const waitUntil = performance.now() + Number(process.env.BENCH_JOBS_WAIT ?? 600) * 1000;
  let state = await rebuildState();
  while (state.running && !state.orders?.imported && performance.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    state = await rebuildState();
  }
  const rebuiltBefore = state.orders?.imported ?? 0;
  const duringIngest = state.running && rebuiltBefore > 0 ? await while_(rebuild.id, seconds) : [];
  const rebuilt = (await rebuildState()).orders ?? { imported: 0, total: 0 };
  await runner.cancel(rebuild.id);
  const exportStart = await app.inject({
    method: 'POST',
    url: '/wp-json/wc-analytics/reports/orders/export',
    headers,
    payload: { report_args: { after: '2024-11-21T00:00:00', before: '2026-11-20T23:59:59' } },
  });
  const exportId = (exportStart.json() as { export_id?: string }).export_id;
  if (!exportId) throw new Error(`jobs: export refused ${exportStart.body}`);
  const duringExport = await while_(exportId, seconds);
  await runner.cancel(exportId);
  await app.close();
  console.log(
    `  report p95 idle ${ms(p95(idle))}; during a full rebuild's copy ${ms(p95(duringCopy))} ` +
      `(${duringCopy.length} requests), its ingestion ` +
      (duringIngest.length > 0
        ? `${ms(p95(duringIngest))} (${duringIngest.length} requests; ` +
          `${rebuilt.imported - rebuiltBefore} orders rebuilt meanwhile, ${rebuilt.imported} of ${rebuilt.total} when cut)`
        : 'not reached') +
      `; during an orders export ${ms(p95(duringExport))} (${duringExport.length} requests)`,
  );
}

const base =
  '/wp-json/wc-analytics/reports/revenue/stats?force_cache_refresh=true&order=asc&per_page=100';
const scenarios = [
  [
    'year by day (primary)',
    `${base}&interval=day&after=2025-01-01T00:00:00&before=2025-12-31T23:59:59`,
  ],
  [
    'year by day (compare)',
    `${base}&interval=day&after=2024-01-01T00:00:00&before=2024-12-31T23:59:59`,
  ],
  ['quarter by week', `${base}&interval=week&after=2026-07-01T00:00:00&before=2026-09-30T23:59:59`],
] as const;

// BENCH_ONLY=widgets runs only the widget bench at the end.
const serverBench = process.env.BENCH_ONLY !== 'widgets';
// BENCH_ENGINES=postgres (or sqlite) measures one engine only.
const engines = (process.env.BENCH_ENGINES?.split(',') ??
  (postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'])) as ('sqlite' | 'postgres')[];
if (serverBench) {
  console.log(
    `Storelens bench: sizes ${sizes.join(', ')}, ${requests} requests per scenario, engines ${engines.join(', ')}`,
  );
  console.log(
    `conditions: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
}
// The dashboard bench serves the built dashboard: build it once.
if (serverBench && process.env.BENCH_SKIP_DASHBOARD !== '1')
  spawnSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], { stdio: 'inherit' });
/** Bulk ingestion targets (orders per wall second), by engine: only PostgreSQL has one. */
const INGESTION_TARGETS: Partial<Record<string, number>> = { postgres: 20_000 };

for (const engine of serverBench ? engines : []) {
  for (const size of sizes) {
    const { s, generated: result } = await benchStore(engine, size);
    try {
      if (!result) {
        console.log(
          `\n[${engine}, ${size.toLocaleString('en-US')} orders] a kept store (BENCH_STORE_DIR); ` +
            'no ingestion figure this run',
        );
      } else {
        const rate = Math.round(result.orders / (result.ingestMs / 1000));
        const target = INGESTION_TARGETS[engine];
        console.log(
          `\n[${engine}, ${size.toLocaleString('en-US')} orders] generated in ${(result.ms / 1000).toFixed(1)} s; ` +
            `ingestion ${rate.toLocaleString('en-US')} orders/s ` +
            `(${Math.round(result.orders / (result.ingestCpuMs / 1000)).toLocaleString('en-US')} orders per CPU second; ` +
            `secondary indexes built once at the end, included)` +
            (target
              ? `; target ${target.toLocaleString('en-US')}${rate >= target ? ' met' : ' MISSED'}`
              : ''),
        );
      }
      // What the store takes on disk, table by table (BENCH_SKIP_SIZE=1 skips the counting).
      if (process.env.BENCH_SKIP_SIZE !== '1') {
        for (const line of formatStoreSize(await storeSize(s.db), size)) console.log(line);
      }
      if (process.env.BENCH_SKIP_INCREMENTAL !== '1') {
        for (const r of await incrementalLatency(s.db)) {
          console.log(
            `  incremental ingestion, ${r.label.padEnd(24)} p50 ${ms(r.p50).padStart(10)}   p95 ${ms(r.p95).padStart(10)}`,
          );
        }
      }
      for (const [label, url] of scenarios) {
        const r = await latency(s.db, label, url);
        console.log(
          `  revenue stats, ${r.label.padEnd(24)} p50 ${ms(r.p50).padStart(10)}   p95 ${ms(r.p95).padStart(10)}`,
        );
      }
      // The dashboard in Chromium on the same store: first-load JavaScript of Home and
      // Overview, and the time until Overview is fully drawn (scripts/bench-dashboard.ts).
      if (engine === 'sqlite' && process.env.BENCH_SKIP_DASHBOARD !== '1') {
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-dashboard.ts'], {
          stdio: 'inherit',
          env: { ...process.env, DATABASE_URL: s.url },
        });
      }
      if (process.env.BENCH_SKIP_LOAD !== '1') {
        // The same load without fair turns between connections, for comparison.
        if (process.env.BENCH_LOAD_COMPARE === '1') await load(s, false);
        await load(s);
      }
      // Application password against cookie, per request (BENCH_SKIP_AUTH=1 skips it).
      if (process.env.BENCH_SKIP_AUTH !== '1') await authCost(s);
      if (process.env.BENCH_SKIP_JOBS !== '1' && !inPlace) await duringJobs(s.db);
      // Every report kind's figures from the analytics bench, on the same store.
      if (process.env.BENCH_SKIP_ANALYTICS !== '1') {
        spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/bench/bench.ts'], {
          stdio: 'inherit',
          env: {
            ...process.env,
            DATABASE_URL: s.url,
            ...(s.schema ? { BENCH_SCHEMA: s.schema } : {}),
            BENCH_END: END,
            BENCH_SUMMARY: analyticsSummary,
            BENCH_SIZE: size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`,
          },
        });
      }
      // The report pages in Chromium on the same store (SQLite); BENCH_SKIP_PAGES=1 skips them.
      if (engine === 'sqlite' && process.env.BENCH_SKIP_PAGES !== '1') {
        const { runPageBench } = await import('./bench-pages');
        await runPageBench(s.url, END, `${size.toLocaleString('en-US')} orders`);
      }
    } finally {
      await s.drop();
    }
  }
}
// Picker searches over 100,000 products and customers, on stores of their own (SQLite, and
// PostgreSQL when configured): apps/server/bench/bench-pickers.ts.
// BENCH_SKIP_PICKERS=1 skips it.
if (serverBench && process.env.BENCH_SKIP_PICKERS !== '1') {
  console.log('');
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/bench/bench-pickers.ts'], {
    stdio: 'inherit',
    env: process.env,
  });
}
// The connector: import rate from a simulated shop and webhook-to-report latency
// (scripts/bench-connect.ts). BENCH_SKIP_CONNECT=1 skips it.
if (serverBench && process.env.BENCH_SKIP_CONNECT !== '1') {
  console.log('');
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-connect.ts'], {
    stdio: 'inherit',
    env: process.env,
  });
}
// The analytics figures of every engine and size side by side, each beside its target.
if (serverBench && process.env.BENCH_SKIP_ANALYTICS !== '1') printAnalyticsSummary();
if (serverBench) {
  // maxRSS is the process's true peak (kilobytes); sampling with timers would miss it, since
  // synchronous SQLite work never yields to the event loop.
  console.log(
    `\npeak memory (bench process): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
  );
}

// Widget benchmarks in Chromium (scripts/bench-widgets); BENCH_SKIP_WIDGETS=1 skips them.
if (process.env.BENCH_SKIP_WIDGETS !== '1') {
  const { runWidgetBench } = await import('./bench-widgets/bench');
  if (serverBench) console.log('');
  await runWidgetBench();
}
