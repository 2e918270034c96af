import pg from 'pg';
import { buildStaleCustomerTime } from './analytics/customer-time';
import { buildStaleCustomerTotals } from './analytics/customer-totals';
import { restoreIndexes } from './db/bulk';
import type { Db } from './db/database';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import {
  DEMO_GENERATION_OPTION,
  type DemoGenerationMark,
  generateDemoStore,
} from './demo/generate';
import { recountItemVisits } from './ingest/item-visits';
import { getOptions } from './options';

/**
 * Runs `work` while holding this store's startup lock: on PostgreSQL a session advisory lock
 * on a connection of its own, so processes started together open the store one after the
 * other (one rebuilds a bulk load's indexes or generates the demo, the next finds it done).
 * SQLite serves one process: no lock.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.engine !== 'postgres') return work();
  const client = new pg.Client({
    connectionString: db.url,
    ...(db.schema ? { options: `-c search_path=${db.schema}` } : {}),
  });
  await client.connect();
  const key = `storelens-startup:${db.schema ?? 'public'}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    return await work();
  } finally {
    // Ending the session releases the lock too, should the unlock fail.
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Opens the database, applies migrations and rebuilds indexes an interrupted bulk load left out. */
export async function openStore(
  url: string,
  options: { schema?: string; statementTimeoutMs?: number } = {},
): Promise<Db> {
  const db = openDatabase(url, options);
  await withStartupLock(db, async () => {
    await migrateToLatest(db);
    await restoreIndexes(db);
    // Visits an import left stale (it stopped before its end): counted now, and marked stale
    // again by the import's next step if it goes on.
    await recountItemVisits(db);
    await buildStaleSummaries(db);
  });
  return db;
}

/**
 * Builds the per-customer tables that do not hold the store's settings, so no request reads
 * around them and no ingestion batch has to build them: customers over time (a store upgraded
 * to migration 037, 041, 044 or 045, whose migration removed their state row), and customer
 * totals without a record (past migration 046; the customers list would aggregate every
 * order on each request until the next batch). A demo generation stopped half-way is left
 * alone: it is started again from an empty store, whose end builds them. Each is a no-op when
 * current. At 1,000,000 orders customers over time take about a minute.
 */
export async function buildStaleSummaries(db: Db): Promise<void> {
  if (await isUnfinishedDemo(db)) return;
  await buildStaleCustomerTime(db);
  await buildStaleCustomerTotals(db);
}

/** True when the store has no orders yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('orders').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * True when a demo generation started on this store and never finished: its mark says
 * running, or (a store generated before the mark existed) the generator's first write, the
 * demo seed, is there without a single order.
 */
export async function isUnfinishedDemo(db: Db): Promise<boolean> {
  const options = await getOptions(db, [DEMO_GENERATION_OPTION, 'woocommerce_demo_seed']);
  const mark = options.get(DEMO_GENERATION_OPTION) as DemoGenerationMark | undefined;
  if (mark) return mark.status === 'running';
  return options.has('woocommerce_demo_seed') && (await isEmpty(db));
}

/**
 * Generates the demo store when the database is empty, or again from scratch when an earlier
 * generation was stopped half-way (saying so); returns whether it generated. With
 * `generate: false` (STORELENS_DEMO=0) it only warns about a half-built store.
 */
export async function ensureDemoStore(
  db: Db,
  log: (line: string) => void,
  orders = 20_000,
  generate = true,
): Promise<boolean> {
  if (await isUnfinishedDemo(db)) {
    if (!generate) {
      log(
        'Warning: this store is a demo store whose generation was stopped half-way; its reports are incomplete. Run `npm run demo -- --reset` to rebuild it.',
      );
      return false;
    }
    log(
      'The demo store was not finished (its generation was stopped): rebuilding it from scratch…',
    );
    await resetStore(db);
  } else if (!generate || !(await isEmpty(db))) {
    return false;
  } else {
    log(
      `Empty database: generating the demo store (${orders.toLocaleString('en-US')} orders over two years)…`,
    );
  }
  const started = performance.now();
  const result = await generateDemoStore(db, {
    orders,
    onProgress: (done, total) => {
      if (done === total || done % 10_000 === 0)
        log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} orders`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  log(
    `Demo store ready: ${result.orders.toLocaleString('en-US')} orders and ${result.refunds.toLocaleString('en-US')} refunds in ${seconds.toFixed(1)} s.`,
  );
  return true;
}

/**
 * Empties every table of the store except the options (settings), the accounts, what the users
 * set up (favourites, digests, alert rules, segments) and the bookkeeping of migrations and
 * jobs. Read from the database itself, so tables added by later migrations are
 * never forgotten. No foreign keys exist, so the order does not matter.
 */
export async function resetStore(db: Db) {
  const keep = new Set([
    'options',
    'deferred_indexes',
    'kysely_migration',
    'kysely_migration_lock',
    // Accounts are not store data: a demo reset must not lock the owner out.
    'users',
    'user_sessions',
    'application_passwords',
    'user_tokens',
    'rate_limits',
    'login_backoff',
    // Nor are what the users set up: replacing the demo (or another shop's data) by their shop
    // keeps their favourites, digests, alert rules and saved segments.
    'navigation_favorites',
    'notify_digests',
    'notify_alerts',
    'notify_starters',
    'saved_segments',
    // Which process holds which background job.
    'leases',
  ]);
  // PostgreSQL lists the tables of every schema on the search path: only the store's own are
  // reset.
  const schema = db.engine === 'postgres' ? (db.schema ?? 'public') : undefined;
  for (const table of await db.kysely.introspection.getTables()) {
    if (keep.has(table.name) || table.schema !== schema) continue;
    await db.kysely.deleteFrom(table.name as 'options').execute();
  }
}
