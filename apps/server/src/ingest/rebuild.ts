/*
 * A full rebuild of the analytics tables (after a change of time zone or excluded statuses)
 * is built beside the live tables and swapped in at the end, so the reports answer the old,
 * consistent figures until the new ones are complete, and a rebuild that fails half-way (a
 * full disk) leaves the live tables as they were.
 *
 * The rebuild runs on a connection of its own (in the worker thread) on which the analytics
 * tables are shadowed by empty copies with the same names, so the one ingestion path writes
 * into the copies without knowing it; source tables (orders, customers, options) resolve to
 * the live ones as usual:
 * - SQLite: TEMP tables (the temp schema is searched before main), private to the connection;
 * - PostgreSQL: tables in a schema of their own, `<schema>_rebuild`, first in the connection's
 *   search_path.
 * A marker table in the shadow names the job it belongs to. The swap copies every shadow table
 * into its live table in one transaction (readers see the old rows until the commit) and
 * drops the shadow.
 *
 * Orders written into the live tables while a rebuild runs (a shop's webhooks, its
 * reconciliation, on this process or another) would be lost by the swap when the rebuild
 * had already read them: the connector notes the time of each order it writes
 * ({@link noteOrderWrites}), and the rebuild replays the orders written since it started
 * into its copy just before the swap, and once more on the live tables just after it, for
 * those written during the swap itself ({@link replayOrderWrites}).
 */
import { sql } from 'kysely';
import { markRfmChange } from '../analytics/customer-time';
import { type Db, openDatabase } from '../db/database';
import { ANALYTICS_TABLES } from '../db/schema';
import { RawSql } from '../db/sql';
import { formatSqlUtc } from '../timezone';
import { readOrderInputs } from './import-source';
import { ingestOrders } from './ingest';

/** Tables a rebuild builds beside the live ones: the analytics tables and their bookkeeping. */
export const SHADOWED_TABLES = [
  ...ANALYTICS_TABLES,
  'customer_totals_state',
  'customer_time_state',
] as const;

/** The marker table of a shadow: one row, the id of the rebuild job that owns it. */
const MARKER = 'storelens_rebuild';

/** The live schema of a PostgreSQL store. */
const liveSchema = (db: Pick<Db, 'schema'>) => db.schema ?? 'public';

/** The PostgreSQL schema a store's rebuild is built in. */
export const rebuildSchema = (db: Pick<Db, 'schema'>) => `${liveSchema(db)}_rebuild`.slice(0, 63);

/**
 * Opens the connection a rebuild runs on. SQLite: a plain second connection (the shadow is
 * created on it); PostgreSQL: a small pool whose search_path puts the rebuild schema first.
 * No statement timeout: the swap copies whole tables.
 */
export function openRebuildDatabase(live: Pick<Db, 'url' | 'schema' | 'engine'>): Db {
  if (live.engine === 'sqlite') {
    const db = openDatabase(live.url, { statementTimeoutMs: 0 });
    // The shadow tables live in the temp schema: give it the same page cache as main.
    if (db.engine === 'sqlite') db.sqlite.pragma('temp.cache_size = -65536');
    return db;
  }
  return openDatabase(live.url, {
    ...(live.schema ? { schema: live.schema } : {}),
    searchPath: [rebuildSchema(live), liveSchema(live)],
    statementTimeoutMs: 0,
  });
}

/** The job whose shadow this connection sees, if any. */
export async function shadowOwner(db: Db): Promise<string | undefined> {
  if (db.engine === 'sqlite') {
    const exists = db.sqlite.prepare(`SELECT 1 FROM temp.sqlite_master WHERE name = ?`).get(MARKER);
    if (!exists) return undefined;
    const row = db.sqlite.prepare(`SELECT job_id FROM temp.${MARKER}`).get() as
      | { job_id: string }
      | undefined;
    return row?.job_id;
  }
  const schema = rebuildSchema(db);
  const { rows } = await sql<{
    found: string | null;
  }>`SELECT to_regclass(${`"${schema}".${MARKER}`}) AS found`.execute(db.kysely);
  if (!rows[0]?.found) return undefined;
  const owner = await sql<{ job_id: string }>`SELECT job_id FROM ${sql.id(schema, MARKER)}`.execute(
    db.kysely,
  );
  return owner.rows[0]?.job_id;
}

/** Drops any shadow and creates empty copies of the live analytics tables for job `jobId`. */
export async function createShadow(db: Db, jobId: string): Promise<void> {
  await dropShadow(db);
  if (db.engine === 'sqlite') {
    const handle = db.sqlite;
    const names = new Set<string>(SHADOWED_TABLES);
    const definitions = handle
      .prepare(
        `SELECT type, name, tbl_name, sql FROM main.sqlite_master
         WHERE type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type DESC`,
      )
      .all() as { type: string; name: string; tbl_name: string; sql: string }[];
    handle.transaction(() => {
      for (const d of definitions) {
        if (!names.has(d.tbl_name)) continue;
        // The same statement that made the live table or index, moved to the temp schema.
        const text =
          d.type === 'table'
            ? d.sql.replace(/^create\s+table\s+(if\s+not\s+exists\s+)?/i, 'CREATE TEMP TABLE ')
            : d.sql.replace(
                /^create\s+(unique\s+)?index\s+(if\s+not\s+exists\s+)?("?)(\w+)\3/i,
                (_m, unique: string | undefined, _i, _q, name: string) =>
                  `CREATE ${unique ?? ''}INDEX temp."${name}"`,
              );
        handle.exec(text);
      }
      handle.exec(`CREATE TEMP TABLE ${MARKER} (job_id TEXT NOT NULL)`);
      handle.prepare(`INSERT INTO temp.${MARKER} (job_id) VALUES (?)`).run(jobId);
    })();
    return;
  }
  const schema = rebuildSchema(db);
  const live = liveSchema(db);
  await db.kysely.transaction().execute(async (trx) => {
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(trx);
    for (const table of SHADOWED_TABLES) {
      await sql`CREATE TABLE ${sql.id(schema, table)} (LIKE ${sql.id(live, table)} INCLUDING ALL)`.execute(
        trx,
      );
    }
    await sql`CREATE TABLE ${sql.id(schema, MARKER)} (job_id text NOT NULL)`.execute(trx);
    await sql`INSERT INTO ${sql.id(schema, MARKER)} (job_id) VALUES (${jobId})`.execute(trx);
  });
}

/** Removes the shadow, if any. */
export async function dropShadow(db: Db): Promise<void> {
  if (db.engine === 'sqlite') {
    const handle = db.sqlite;
    const tables = handle
      .prepare(`SELECT name FROM temp.sqlite_master WHERE type = 'table'`)
      .all() as { name: string }[];
    for (const { name } of tables) handle.exec(`DROP TABLE temp."${name}"`);
    return;
  }
  await sql`DROP SCHEMA IF EXISTS ${sql.id(rebuildSchema(db))} CASCADE`.execute(db.kysely);
}

/**
 * Replaces every live analytics table's rows with its shadow's in one transaction, then drops
 * the shadow. Until the commit, readers see the old rows; a failure leaves them in place.
 * `within` runs in the same transaction, after the copies: what the rebuild changes in the
 * live source tables (the customers' local dates) moves with the analytics tables. Every kept
 * RFM day is marked changed with them: a sweep of the live rows may have taken the shadow's
 * own mark before the swap.
 */
export async function swapShadow(db: Db, within?: (sql: RawSql) => Promise<void>): Promise<void> {
  if (db.engine === 'sqlite') {
    const handle = db.sqlite;
    await db.kysely.transaction().execute(async (trx) => {
      for (const table of SHADOWED_TABLES) {
        // Generated columns (hidden 2 and 3) compute themselves.
        const columns = (
          handle.prepare(`PRAGMA main.table_xinfo("${table}")`).all() as {
            name: string;
            hidden: number;
          }[]
        )
          .filter((c) => c.hidden === 0)
          .map((c) => `"${c.name}"`)
          .join(', ');
        handle.exec(`DELETE FROM main."${table}"`);
        handle.exec(
          `INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM temp."${table}"`,
        );
      }
      const live = new RawSql(trx, db.engine, handle);
      await within?.(live);
      await markRfmChange(live, '');
    });
  } else {
    const schema = rebuildSchema(db);
    const live = liveSchema(db);
    await db.kysely.transaction().execute(async (trx) => {
      for (const table of SHADOWED_TABLES) {
        // Generated columns compute themselves; identity columns keep the rebuilt values.
        const { rows } = await sql<{ name: string }>`
          SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = ${live} AND table_name = ${table} AND is_generated = 'NEVER'
          ORDER BY ordinal_position`.execute(trx);
        const columns = sql.join(rows.map((r) => sql.id(r.name)));
        await sql`DELETE FROM ${sql.id(live, table)}`.execute(trx);
        await sql`INSERT INTO ${sql.id(live, table)} (${columns}) OVERRIDING SYSTEM VALUE
          SELECT ${columns} FROM ${sql.id(schema, table)}`.execute(trx);
      }
      const rows = new RawSql(trx, db.engine);
      await within?.(rows);
      await markRfmChange(rows, '');
    });
  }
  await dropShadow(db);
}

/**
 * The kind of `connection_records` row that keeps when each order was last written into the
 * live tables by the connector (record_id: the order id; modified_gmt: this server's clock).
 */
export const ORDER_WRITTEN = 'order_written';

/**
 * Clocks of several processes differ a little: a replay also takes writes noted this long
 * before its mark. Replaying an order again changes nothing (ingestion replaces it).
 */
const REPLAY_MARGIN_MS = 60_000;

/** Notes that orders are about to be written into the live tables (before the write). */
export async function noteOrderWrites(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const at = formatSqlUtc(Date.now());
  await new RawSql(db.kysely, db.engine, db.sqlite).insertMany(
    'connection_records',
    ['kind', 'record_id', 'modified_gmt'],
    [...new Set(ids)].map((id) => [ORDER_WRITTEN, id, at]),
    { keys: ['kind', 'record_id'], mode: 'replace' },
  );
}

/**
 * Re-ingests, on `db` (the rebuild's copy, or the live tables), the orders written since
 * `sinceMs`, as their source rows are now: orders gone from the source (trashed, deleted)
 * are taken out. Answers how many were replayed.
 */
export async function replayOrderWrites(
  db: Db,
  sinceMs: number,
  options: { itemVisits?: boolean } = {},
): Promise<number> {
  const since = formatSqlUtc(Math.max(0, sinceMs - REPLAY_MARGIN_MS));
  const rows = await new RawSql(db.kysely, db.engine).query<{ record_id: number }>(
    'SELECT record_id FROM connection_records WHERE kind = ? AND modified_gmt >= ? ORDER BY record_id',
    [ORDER_WRITTEN, since],
  );
  const ids = rows.map((r) => Number(r.record_id));
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const orders = await readOrderInputs(db, chunk);
    const present = new Set(orders.map((o) => o.id));
    await ingestOrders(
      db,
      orders,
      chunk.filter((id) => !present.has(id)),
      options,
    );
  }
  return ids.length;
}

/** Forgets the writes noted before `beforeMs` (no later rebuild replays them). */
export async function forgetOrderWrites(db: Db, beforeMs: number): Promise<void> {
  await new RawSql(db.kysely, db.engine).run(
    'DELETE FROM connection_records WHERE kind = ? AND modified_gmt < ?',
    [ORDER_WRITTEN, formatSqlUtc(Math.max(0, beforeMs - REPLAY_MARGIN_MS))],
  );
}
