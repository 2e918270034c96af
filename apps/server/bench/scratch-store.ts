import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Db, Engine } from '../src/db/database';
import { rebuildSchema } from '../src/ingest/rebuild';
import { openStore } from '../src/store';

/** A throwaway store: where it lives, and how to drop it with everything in it. */
export interface ScratchStore {
  db: Db;
  /** The database URL (`file:` path, or the PostgreSQL server). */
  url: string;
  /** The PostgreSQL schema the store lives in (undefined on SQLite). */
  schema: string | undefined;
  drop(): Promise<void>;
}

/**
 * The store at `url` (migrated by opening it), whose drop() closes it and then runs `remove`,
 * which deletes what held it: its folder, its PostgreSQL schema or its database.
 */
export async function storeAt(
  url: string,
  remove: () => void | Promise<void>,
  schema?: string,
): Promise<ScratchStore> {
  const db = await openStore(url, schema === undefined ? {} : { schema });
  return {
    db,
    url,
    schema,
    drop: async () => {
      await db.close();
      await remove();
    },
  };
}

/** Runs `statements` in order on a connection of their own to the PostgreSQL server at `url`. */
export async function onServer(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated, empty store for tests and benches: a SQLite file in a temporary folder,
 * or a schema of its own (named `<prefix>_<pid>_<random>`) on the PostgreSQL server at
 * `postgresUrl`.
 */
export async function scratchStore(
  engine: Engine,
  options: { prefix: string; postgresUrl?: string },
): Promise<ScratchStore> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `${options.prefix}-`));
    return storeAt(`file:${join(dir, 'store.sqlite')}`, () =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }
  const url = options.postgresUrl;
  if (!url) throw new Error('A PostgreSQL scratch store needs a server URL');
  const schema = `${options.prefix.replace(/\W/g, '_')}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer(url, `CREATE SCHEMA ${schema}`);
  return storeAt(
    url,
    () =>
      onServer(
        url,
        `DROP SCHEMA ${schema} CASCADE`,
        // A rebuild's copy of the analytics tables (src/ingest/rebuild.ts), if one was left.
        `DROP SCHEMA IF EXISTS ${rebuildSchema({ schema })} CASCADE`,
      ),
    schema,
  );
}
