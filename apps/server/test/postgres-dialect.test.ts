import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { onServer, type ScratchStore, scratchStore } from '../bench/scratch-store';
import type { Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { StorePostgresAdapter } from '../src/db/postgres-dialect';

const postgresUrl = process.env.TEST_POSTGRES_URL;

/**
 * Other schemas created and dropped on the same server, over and over, until `stop` is set:
 * what the test suites' and benches' stores do beside each other.
 */
async function churnSchemas(prefix: string, until: { stop: boolean }): Promise<number> {
  let dropped = 0;
  for (let n = 0; !until.stop; n++) {
    const schema = `${prefix}_${n}`;
    await onServer(
      postgresUrl!,
      `CREATE SCHEMA ${schema}`,
      `CREATE TABLE ${schema}.t (id serial PRIMARY KEY, name text)`,
      `DROP SCHEMA ${schema} CASCADE`,
    );
    dropped++;
  }
  return dropped;
}

/** Runs `read` `times` times while other schemas come and go; the errors it threw. */
async function readWhileChurning(db: Db, times: number, read: (db: Db) => Promise<unknown>) {
  const until = { stop: false };
  const prefix = `churn_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const churn = [churnSchemas(`${prefix}_a`, until), churnSchemas(`${prefix}_b`, until)];
  const errors: unknown[] = [];
  try {
    for (let i = 0; i < times; i++) await read(db).catch((error) => errors.push(error));
  } finally {
    until.stop = true;
    expect(await Promise.all(churn)).not.toContain(0);
  }
  return errors;
}

/** Whether a connection of `store` (named after its schema, database.ts) waits for an advisory lock. */
async function waitsForAdvisoryLock(store: ScratchStore): Promise<boolean> {
  const { rows } = await sql<{ waiting: number }>`
    SELECT count(*)::int AS waiting FROM pg_stat_activity
    WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'
      AND application_name = ${`storelens:${store.schema}`}`.execute(store.db.kysely);
  return rows[0]!.waiting > 0;
}

describe.skipIf(!postgresUrl)(
  'PostgreSQL dialect: introspection and migration lock [postgres]',
  () => {
    it("lists the store's own tables only, with their columns", async () => {
      const store = await scratchStore('postgres', { prefix: 'introspect', postgresUrl });
      const other = `introspect_other_${process.pid}`;
      try {
        await onServer(
          postgresUrl!,
          `CREATE SCHEMA ${other}`,
          `CREATE TABLE ${other}.orders (id int)`,
        );
        const tables = await store.db.kysely.introspection.getTables();
        expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([store.schema]));
        const orders = tables.find((t) => t.name === 'orders')!;
        expect(orders.columns.length).toBeGreaterThan(5);
        expect(orders.columns.find((c) => c.name === 'id')).toMatchObject({ isNullable: false });
        expect(tables.some((t) => t.name === 'kysely_migration')).toBe(false);
        const all = await store.db.kysely.introspection.getTables({
          withInternalKyselyTables: true,
        });
        expect(all.some((t) => t.name === 'kysely_migration')).toBe(true);
      } finally {
        await onServer(postgresUrl!, `DROP SCHEMA IF EXISTS ${other} CASCADE`);
        await store.drop();
      }
    });

    it('opens and migrates a store while other schemas are created and dropped', async () => {
      const store = await scratchStore('postgres', { prefix: 'introspect', postgresUrl });
      try {
        // The migrator asks for the tables at every start (migrate.ts).
        const errors = await readWhileChurning(store.db, 100, (db) => migrateToLatest(db));
        expect(errors).toEqual([]);
      } finally {
        await store.drop();
      }
    });

    it("migrating a store waits for that store's migration lock only, not another store's", async () => {
      const held = await scratchStore('postgres', { prefix: 'lock_held', postgresUrl });
      const free = await scratchStore('postgres', { prefix: 'lock_free', postgresUrl });
      const events: string[] = [];
      const lock = {
        lockTable: 'kysely_migration_lock',
        lockRowId: 'migration_lock',
        lockTableSchema: held.schema!,
      };
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      try {
        const holder = held.db.kysely.connection().execute(async (connection) => {
          const adapter = new StorePostgresAdapter();
          await adapter.acquireMigrationLock(connection, lock);
          locked();
          await released;
          await adapter.releaseMigrationLock(connection, lock);
        });
        await isLocked;
        const heldMigrated = migrateToLatest(held.db).then(() =>
          events.push('held store migrated'),
        );
        await migrateToLatest(free.db);
        events.push('other store migrated');
        // Until the held store's migration is seen waiting for an advisory lock (or has finished).
        while (!events.includes('held store migrated') && !(await waitsForAdvisoryLock(held)))
          await new Promise((resolve) => setTimeout(resolve, 10));
        events.push('lock released');
        release();
        await holder;
        await heldMigrated;
        expect(events).toEqual(['other store migrated', 'lock released', 'held store migrated']);
      } finally {
        release();
        await held.drop();
        await free.drop();
      }
    });
  },
);
