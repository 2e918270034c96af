import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { rebuildSchema } from '../src/admin/rebuild';
import type { Db, Engine } from '../src/db/database';
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
    const url = `file:${join(dir, 'store.sqlite')}`;
    const db = await openStore(url);
    return {
      db,
      url,
      schema: undefined,
      drop: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = options.postgresUrl;
  if (!url) throw new Error('A PostgreSQL scratch store needs a server URL');
  const schema = `${options.prefix.replace(/\W/g, '_')}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openStore(url, { schema });
  return {
    db,
    url,
    schema,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      // A rebuild's copy of the analytics tables (src/admin/rebuild.ts), if one was left.
      await c.query(`DROP SCHEMA IF EXISTS ${rebuildSchema({ schema })} CASCADE`);
      await c.end();
    },
  };
}
