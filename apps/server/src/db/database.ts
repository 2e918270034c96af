import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { ADD_MULTISETS_SQL, addMultisets } from './multiset';
import type { Database } from './schema';

/** Which SQL engine a database runs on. */
export type Engine = 'sqlite' | 'postgres';

/** An open database: the Kysely instance, its engine, and how to close it. */
export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** The raw better-sqlite3 handle (SQLite only): hot paths use prepared statements. */
  sqlite: SQLite.Database | undefined;
  /** PostgreSQL schema the store lives in, when not the default. */
  schema: string | undefined;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT and NUMERIC as strings; every such column here holds integers
// within 2^53 (money in 1/10000 units, counts), so read them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** SQLite's page cache per connection, in KiB. */
export const SQLITE_CACHE_KIB = 65_536;
/** Opens `file:path` (SQLite) or `postgres://…` (PostgreSQL). */
export function openDatabase(url: string, options: { schema?: string } = {}): Db {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    const file = path === ':memory:' ? path : resolve(path);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    // PostgreSQL has it as a stored function (migration 011).
    sqlite.function(ADD_MULTISETS_SQL, { deterministic: true }, addMultisets);
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return {
      kysely,
      engine: 'sqlite',
      sqlite,
      schema: undefined,
      close: () => kysely.destroy(),
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 8,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    engine: 'postgres',
    sqlite: undefined,
    schema: options.schema,
    close: () => kysely.destroy(),
  };
}
