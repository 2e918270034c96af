import { restoreIndexes } from './db/bulk';
import type { Db } from './db/database';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { generateDemoStore } from './demo/generate';

/** Opens the database, applies migrations and rebuilds indexes an interrupted bulk load left out. */
export async function openStore(url: string, options: { schema?: string } = {}): Promise<Db> {
  const db = openDatabase(url, options);
  await migrateToLatest(db);
  await restoreIndexes(db);
  return db;
}

/** True when the store has no orders yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('orders').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Generates the demo store when the database is empty; returns whether it did. */
export async function ensureDemoStore(
  db: Db,
  log: (line: string) => void,
  orders = 20_000,
): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log(
    `Empty database: generating the demo store (${orders.toLocaleString('en-US')} orders over two years)…`,
  );
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
 * Empties every table of the store except the options (settings) and the migration
 * bookkeeping. Read from the database itself, so tables added by later migrations are
 * never forgotten. No foreign keys exist, so the order does not matter.
 */
export async function resetStore(db: Db) {
  const keep = new Set([
    'options',
    'deferred_indexes',
    'kysely_migration',
    'kysely_migration_lock',
  ]);
  // PostgreSQL lists every schema's tables: only the store's own are reset.
  const schema = db.engine === 'postgres' ? (db.schema ?? 'public') : undefined;
  for (const table of await db.kysely.introspection.getTables()) {
    if (keep.has(table.name) || table.schema !== schema) continue;
    await db.kysely.deleteFrom(table.name as 'options').execute();
  }
}
