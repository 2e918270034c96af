import { sql } from 'kysely';
import { type Db, SQLITE_CACHE_KIB } from './database';
import { ITEM_DAY_KEYS } from './rollups';
import { RawSql } from './sql';

/**
 * Bulk loading with deferred indexes. Keeping a dozen secondary indexes current row by row
 * costs more than writing the rows themselves; building each index once from the loaded table
 * (a sort, then a sequential write) is several times cheaper. The demo generator loads through
 * the ordinary ingestion path between `deferIndexes` and `restoreIndexes`.
 *
 * The definitions of the dropped indexes are saved in `deferred_indexes` in the same
 * transaction that drops them, so a load killed half way leaves a record: `restoreIndexes`
 * (run when a store opens) builds whatever is still missing.
 */

/**
 * Tables whose secondary indexes are deferred: the order data, lookups, customer totals
 * (sort indexes only reports read), download log and order attribution (one row per order with
 * six indexes the Sources report reads: kept row by row they cost a bulk load more than the
 * orders table itself).
 */
const BULK_TABLES = [
  'customer_totals',
  'orders',
  'order_attribution',
  'order_items',
  'order_stats',
  'order_product_lookup',
  'order_coupon_lookup',
  'order_tax_lookup',
  'download_log',
];

/**
 * Indexes ingestion itself reads through, kept live: refunds of an order, lines of an
 * order, orders of a customer (first orders), lookup rows of an order.
 */
const KEEP = new Set([
  'orders_parent',
  'orders_customer',
  'order_items_order',
  'order_stats_parent',
  'order_product_lookup_order',
]);

interface IndexDefinition {
  name: string;
  definition: string;
}

async function secondaryIndexes(db: Db): Promise<IndexDefinition[]> {
  if (db.engine === 'sqlite') {
    const rows = await sql<IndexDefinition>`
      SELECT name, sql AS definition FROM sqlite_master
      WHERE type = 'index' AND sql IS NOT NULL
        AND tbl_name IN (${sql.join(BULK_TABLES)})`.execute(db.kysely);
    return rows.rows;
  }
  // Indexes backing a primary key or unique constraint cannot be dropped on their own.
  const rows = await sql<IndexDefinition>`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename IN (${sql.join(BULK_TABLES)})
      AND NOT EXISTS (
        SELECT 1 FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.conname = i.indexname AND n.nspname = i.schemaname)`.execute(db.kysely);
  return rows.rows;
}

/**
 * SQLite settings while loading: no fsync at WAL checkpoints (a crash mid-load loses only the
 * load, which is restartable: ingestion is idempotent) and a larger page cache for the tables
 * written all over (customer totals, first orders). `restoreIndexes` puts the defaults back.
 */
function bulkPragmas(db: Db, on: boolean) {
  if (!db.sqlite) return;
  db.sqlite.pragma(`synchronous = ${on ? 'OFF' : 'NORMAL'}`);
  db.sqlite.pragma(`cache_size = -${on ? 8 * SQLITE_CACHE_KIB : SQLITE_CACHE_KIB}`);
}

/**
 * SQLite settings while building indexes, which is mostly sorting keys. With a small cache the
 * sorter cuts the keys into runs of a few MiB, sorts each run on a helper thread while the main
 * thread reads on, and merges the runs from temporary files. A cache that holds every key (or
 * temp_store=MEMORY) makes it one in-memory sort on one thread: twice as slow for the 24
 * deferred indexes of a 1M-order store (15 s against 7.5 s).
 */
function sortPragmas(db: Db, on: boolean) {
  if (!db.sqlite) return;
  if (on) db.sqlite.pragma(`cache_size = -${SORT_CACHE_KIB}`);
  db.sqlite.pragma(`temp_store = ${on ? 'FILE' : 'DEFAULT'}`);
  db.sqlite.pragma(`threads = ${on ? 2 : 0}`);
}

/** The page cache while indexes build, in KiB (the sorter's run size). */
const SORT_CACHE_KIB = 8192;

/**
 * PostgreSQL keeps a primary key as a B-tree beside the table: item_day's (a bulk load writes
 * its rows a few days at a time, item by item, so every write lands all over the key) is built
 * once after the load, one sort instead of a B-tree insert per row. SQLite's item_day is the
 * key's B-tree itself (WITHOUT ROWID), so it stays. The definition is a statement
 * `restoreIndexes` runs like an index's.
 */
const DEFERRED_KEYS = [{ table: 'item_day', name: 'item_day_pk', columns: ITEM_DAY_KEYS }];

/**
 * Drops the deferrable secondary indexes, recording them for `restoreIndexes`. With
 * `keys`, PostgreSQL's `DEFERRED_KEYS` go too: only for a load that writes those tables with
 * plain inserts until the end (`BulkRollups`), since ordinary ingestion upserts item_day, and
 * an upsert needs its key.
 */
export async function deferIndexes(db: Db, options: { keys?: boolean } = {}): Promise<void> {
  bulkPragmas(db, true);
  const dropped = (await secondaryIndexes(db)).filter((i) => !KEEP.has(i.name));
  const keys =
    options.keys && db.engine === 'postgres'
      ? (
          await sql<{ name: string }>`
            SELECT conname AS name FROM pg_constraint c
            JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE n.nspname = current_schema() AND c.contype = 'p'
              AND c.conname IN (${sql.join(DEFERRED_KEYS.map((k) => k.name))})`.execute(db.kysely)
        ).rows.map((r) => DEFERRED_KEYS.find((k) => k.name === r.name)!)
      : [];
  await db.kysely.transaction().execute(async (trx) => {
    for (const index of dropped) {
      await trx.insertInto('deferred_indexes').values(index).execute();
      await sql`DROP INDEX ${sql.ref(index.name)}`.execute(trx);
    }
    for (const key of keys) {
      const definition = `ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} PRIMARY KEY (${key.columns.join(',')})`;
      await trx.insertInto('deferred_indexes').values({ name: key.name, definition }).execute();
      await sql`ALTER TABLE ${sql.ref(key.table)} DROP CONSTRAINT ${sql.ref(key.name)}`.execute(
        trx,
      );
    }
  });
}

/**
 * Deferred indexes PostgreSQL builds at once, each on a connection of its own, and tables it
 * vacuums at once afterwards. At the end of a load nothing else runs: one build at a time left
 * one of the two cores mostly idle (a build's sort runs on one parallel worker beside its own
 * backend at most, and VACUUM on none).
 */
const POSTGRES_AT_ONCE = 2;

/**
 * Runs `tasks` in their order, at most `atOnce` at a time. After a failure no other task
 * starts; the first failure is thrown once those running have settled.
 */
async function inTurns(tasks: readonly (() => Promise<void>)[], atOnce: number): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const turn = async () => {
    while (next < tasks.length && !failure) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, tasks.length) }, turn));
  if (failure) throw failure.error;
}

/**
 * Builds every index a bulk load deferred and has not rebuilt yet (also after a crash).
 * `alongside` is other work of the load's end that needs no deferred index (a bulk load's
 * item visits), run first and, on PostgreSQL, beside the builds.
 */
export async function restoreIndexes(
  db: Db,
  options: { alongside?: readonly (() => Promise<void>)[] } = {},
): Promise<number> {
  const pending = await db.kysely.selectFrom('deferred_indexes').selectAll().execute();
  const atOnce = db.engine === 'postgres' ? POSTGRES_AT_ONCE : 1;
  const build = (index: IndexDefinition) => () =>
    db.kysely.transaction().execute(async (trx) => {
      // Building an index over millions of rows is meant to take its time.
      await new RawSql(trx, db.engine).liftStatementTimeout();
      // The definitions come from the database's own catalog, never from input.
      await sql.raw(index.definition).execute(trx);
      await trx.deleteFrom('deferred_indexes').where('name', '=', index.name).execute();
    });
  sortPragmas(db, true);
  try {
    await inTurns([...(options.alongside ?? []), ...pending.map(build)], atOnce);
  } finally {
    sortPragmas(db, false);
    bulkPragmas(db, false);
  }
  // PostgreSQL plans from table statistics, which a bulk load leaves stale until autovacuum
  // gets to the tables; reports right after a load would run on plans for empty tables.
  // VACUUM also sets the visibility map, without which an index-only scan still visits the
  // table for every row it reads (on a freshly loaded store no page is marked all-visible).
  // (SQLite's queries are written for its planner without statistics.)
  if (pending.length && db.engine === 'postgres') {
    // Every table of the store's schema (a bare VACUUM would visit every schema), largest
    // first, so that the last ones to finish are small.
    const tables = await sql<{ name: string }>`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()
      ORDER BY pg_table_size(format('%I.%I', schemaname, tablename)) DESC`.execute(db.kysely);
    await vacuumTables(
      db,
      tables.rows.map(({ name }) => name),
    );
  }
  return pending.length;
}

/**
 * `VACUUM (ANALYZE)` of PostgreSQL tables, `POSTGRES_AT_ONCE` at a time, each on a connection
 * of its own. VACUUM runs outside a transaction block, so the statement timeout that protects
 * requests (src/db/database.ts) is lifted for its connection and put back after.
 */
export async function vacuumTables(db: Db, tables: readonly string[]): Promise<void> {
  const vacuum = (name: string) => () =>
    db.kysely.connection().execute(async (conn) => {
      await sql`SET statement_timeout = 0`.execute(conn);
      try {
        await sql`VACUUM (ANALYZE) ${sql.ref(name)}`.execute(conn);
      } finally {
        await sql`RESET statement_timeout`.execute(conn);
      }
    });
  await inTurns(tables.map(vacuum), POSTGRES_AT_ONCE);
}
