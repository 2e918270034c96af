import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import { StoreEvents } from '../events';
import { ADD_MULTISETS_SQL, addMultisets } from './multiset';
import { StorePostgresDialect } from './postgres-dialect';
import type { Database } from './schema';

/** Which SQL engine a database runs on. */
export type Engine = 'sqlite' | 'postgres';

/** What an open database has on either engine. */
interface OpenDb {
  /** The URL it was opened with (a worker thread opens its own connection to it). */
  url: string;
  kysely: Kysely<Database>;
  /** PostgreSQL schema the store lives in, when not the default. */
  schema: string | undefined;
  /**
   * PostgreSQL: the server process ids of this pool's connections, so a change notice sent by
   * one of them (db/changes.ts) is known to come from this process.
   */
  backends?: ReadonlySet<number>;
  /**
   * The store's events (ingested batches, saved settings, deleted analytics data). They live
   * here rather than on the app because the code that emits them (ingestion, settings writes,
   * imports, the shop connector, command-line tools) is handed the database, never the app,
   * and an app serves one database. A worker thread opens the store again, with events no
   * one listens to: after a task that ingested, the request thread emits on its own.
   */
  events: StoreEvents;
  close(): Promise<void>;
}

/** A SQLite database, with its raw better-sqlite3 handle (hot paths use prepared statements). */
export interface SqliteDb extends OpenDb {
  engine: 'sqlite';
  sqlite: SQLite.Database;
}

/** A PostgreSQL database (a pool). */
export interface PostgresDb extends OpenDb {
  engine: 'postgres';
  sqlite: undefined;
}

/**
 * An open database: the Kysely instance, its engine, and how to close it. Checking `engine`
 * narrows it, so SQLite-only code gets the raw handle without an assertion.
 */
export type Db = SqliteDb | PostgresDb;

// PostgreSQL returns BIGINT and NUMERIC as strings; every such column here holds integers
// within 2^53 (money in 1/10000 units, counts), so read them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Memory one PostgreSQL sort or hash of a report may use before spilling to disk. */
const PG_WORK_MEM = '32MB';

/** SQLite's page cache per connection, in KiB. */
export const SQLITE_CACHE_KIB = 65_536;
/** Page size of new SQLite databases, in bytes. */
export const SQLITE_PAGE_SIZE = 16_384;
/** How much of a SQLite database file is memory-mapped for reads, in bytes. */
const SQLITE_MMAP_BYTES = 2 ** 31;

/**
 * Two changes to Kysely's SQLite driver:
 * - Transactions begin IMMEDIATE, taking the write lock at once (every transaction here
 *   writes; reports read outside transactions). A plain BEGIN takes it at the first write, and
 *   in WAL mode a transaction that has read cannot then write if another connection (the job
 *   worker's, or the request thread's while the worker runs a job) committed in between: it
 *   fails with SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out, and a job's whole batch
 *   was failed and retried. Begun IMMEDIATE, it waits for the other writer instead.
 * - SQLite undoes a transaction by itself after some errors (a full disk, an I/O error); the
 *   ROLLBACK Kysely then sends fails with "cannot rollback - no transaction is active", and
 *   that error replaced the real cause. This driver rolls back only a transaction still open.
 */
class StorelensSqliteDriver extends SqliteDriver {
  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly handle: SQLite.Database,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.handle.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** How many prepared statements a SQLite connection keeps for reuse. */
export const SQLITE_STATEMENT_CACHE = 256;

/**
 * The database Kysely's SQLite driver is given: better-sqlite3's, with its statements kept for
 * reuse. The driver prepares every query anew, and preparing cost about as much CPU as the
 * rest of a cached report's request (a profile under the load bench: `prepare` 9% of the
 * server's time for three small queries per request). A statement still being iterated (a
 * streamed query) is busy and not handed out twice; SQLite prepares a kept statement again by
 * itself when the schema changes under it.
 */
export function reusingStatements(handle: SQLite.Database, max = SQLITE_STATEMENT_CACHE) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SQLite.Statement {
      const statement = kept.get(sql);
      if (statement && !statement.busy) {
        // Most recently used last, so the first is the one to drop.
        kept.delete(sql);
        kept.set(sql, statement);
        return statement;
      }
      const fresh = handle.prepare(sql);
      if (!statement) {
        kept.set(sql, fresh);
        if (kept.size > max) kept.delete(kept.keys().next().value!);
      }
      return fresh;
    },
    close() {
      kept.clear();
      handle.close();
    },
  };
}

class StorelensSqliteDialect extends SqliteDialect {
  constructor(private readonly handle: SQLite.Database) {
    super({ database: handle });
  }

  override createDriver(): Driver {
    return new StorelensSqliteDriver(
      { database: reusingStatements(this.handle) as unknown as SQLite.Database },
      this.handle,
    );
  }
}

/**
 * Longest a single PostgreSQL statement may run by default. A slow report query otherwise
 * holds one of the pool's eight connections for as long as it runs, and a few of them stall
 * every other request; cut off, it answers 503 and frees the connection. Bulk index builds
 * lift it for themselves (src/db/bulk.ts).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 60_000;

/** Opens `file:path` (SQLite) or `postgres://…` (PostgreSQL). */
export function openDatabase(
  url: string,
  options: {
    schema?: string;
    statementTimeoutMs?: number;
    /**
     * PostgreSQL: schemas searched for unqualified names, in order (default: `schema`). A
     * rebuild puts its own schema first, so the analytics tables it builds shadow the live
     * ones (src/ingest/rebuild.ts).
     */
    searchPath?: readonly string[];
  } = {},
): Db {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    const file = path === ':memory:' ? path : resolve(path);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    // 16 KiB pages (a new file's page size; an existing database keeps its own): a store's
    // tables are long append-mostly B-trees, and bigger pages mean fewer splits and writes per
    // row (alternating 1M-order loads averaged 19.2k orders/s against 17.7k with 4 KiB pages).
    sqlite.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
    sqlite.pragma('journal_mode = WAL');
    // Reads straight from the mapped file instead of copying each page into SQLite's cache:
    // reports walk indexes far larger than the cache (at 1M orders the one-product filter
    // went from 71 to 40 ms). SQLite caps it at 2 GiB; a larger file reads the rest as usual.
    sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    // PostgreSQL has it as a stored function (migration 011).
    sqlite.function(ADD_MULTISETS_SQL, { deterministic: true }, addMultisets);
    const kysely = new Kysely<Database>({ dialect: new StorelensSqliteDialect(sqlite) });
    return {
      url,
      kysely,
      engine: 'sqlite',
      sqlite,
      schema: undefined,
      events: new StoreEvents(),
      close: () => kysely.destroy(),
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 8,
    // A request waits at most this long for a connection while the server is unreachable,
    // then answers 503 instead of hanging.
    connectionTimeoutMillis: 5_000,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    // Named so an operator (or a test) can find this server's sessions in pg_stat_activity.
    application_name: `storelens${options.schema ? `:${options.schema}` : ''}`.slice(0, 63),
    // Report queries sort and hash the lines of a range's edge days (100,000 at 1M orders);
    // PostgreSQL's default 4 MB spilled those sorts to disk. Eight connections at most.
    options: [
      `-c work_mem=${PG_WORK_MEM}`,
      ...(options.searchPath || options.schema
        ? [`-c search_path=${(options.searchPath ?? [options.schema!]).join(',')}`]
        : []),
    ].join(' '),
  });
  // An idle connection that the server drops (a restart, pg_terminate_backend) is reported
  // here; without a listener the 'error' event ended the whole process. The pool has already
  // discarded that connection, and the next query opens a new one once the server is back.
  let lastWarning = 0;
  const lost = (error: Error) => {
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    console.warn(`PostgreSQL connection lost (${error.message}); reconnecting on next use.`);
  };
  pool.on('error', lost);
  // A connection in use (checked out, between two queries) reports its loss on the client
  // itself, where the pool does not listen: the query in flight fails (a 503), and the
  // pool drops the broken client when it is released.
  const backends = new Set<number>();
  pool.on('connect', (client) => {
    client.on('error', lost);
    const pid = (client as unknown as { processID?: number }).processID;
    if (pid) backends.add(pid);
  });
  pool.on('remove', (client) => {
    const pid = (client as unknown as { processID?: number }).processID;
    if (pid) backends.delete(pid);
  });
  const kysely = new Kysely<Database>({ dialect: new StorePostgresDialect({ pool }) });
  return {
    url,
    kysely,
    engine: 'postgres',
    sqlite: undefined,
    schema: options.schema,
    backends,
    events: new StoreEvents(),
    close: () => kysely.destroy(),
  };
}
