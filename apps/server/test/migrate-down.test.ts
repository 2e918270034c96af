import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateCommand } from '../src/cli/migrate';
import type { Db } from '../src/db/database';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../src/db/migrate';
import { ingestOrders } from '../src/ingest/ingest';
import { mayOrders, seedCatalog, storeSettings } from './fixtures';
import { engines, freshStore } from './harness';

/** The migrator of an older version of Storelens, whose latest migration is `last`. */
function olderVersion(db: Db, last: string): Migrator {
  const known = MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf(last) + 1);
  return new Migrator({
    db: db.kysely,
    provider: {
      // Never run: the store has each of them applied already.
      getMigrations: async () =>
        Object.fromEntries(known.map((name) => [name, { up: async () => undefined }])),
    },
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

/** Tables, columns and indexes of the store (the migrations' own bookkeeping left out). */
async function schemaOf(db: Db): Promise<Map<string, string>> {
  const rows =
    db.engine === 'sqlite'
      ? (
          await sql<{ name: string; def: string }>`
            SELECT name, sql AS def FROM sqlite_master
            WHERE sql IS NOT NULL AND name NOT LIKE 'kysely_%'`.execute(db.kysely)
        ).rows
      : [
          ...(
            await sql<{ name: string; def: string }>`
              SELECT indexname AS name, indexdef AS def FROM pg_indexes
              WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely_%'`.execute(
              db.kysely,
            )
          ).rows,
          ...(
            await sql<{ name: string; def: string }>`
              SELECT table_name || '.' || column_name AS name,
                data_type || ' ' || is_nullable || ' ' || COALESCE(column_default, '') AS def
              FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely_%'`.execute(
              db.kysely,
            )
          ).rows,
        ];
  return new Map(rows.map((r) => [r.name, r.def]));
}

const latest = MIGRATION_NAMES.at(-1)!;
/** The version before item_visits (migration 025): going back to it drops the table. */
const previous = '024_customers_sort_indexes';
const later = MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(previous) + 1);

async function itemVisits(db: Db): Promise<number | undefined> {
  try {
    const row = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM item_visits`.execute(db.kysely);
    return Number(row.rows[0]!.n);
  } catch {
    return undefined; // no such table
  }
}

for (const engine of engines) {
  describe(`going back to an older version [${engine}]`, () => {
    it('undoes the later migrations so that the older version opens the store, and a start of this one applies them again', async () => {
      const store = await freshStore(engine);
      try {
        const { db } = store;
        await storeSettings(db, 'UTC');
        await seedCatalog(db);
        await ingestOrders(db, mayOrders());
        const visits = await itemVisits(db);
        expect(visits).toBeGreaterThan(0);
        // The older version refuses a store migrated past its own latest migration.
        expect((await olderVersion(db, previous).migrateToLatest()).error).toBeDefined();

        expect(await migrateCommand(db, ['to', previous])).toEqual([
          ...[...later].reverse().map((name) => `undone\t${name}`),
          `The store is at ${previous}.`,
        ]);
        expect(await itemVisits(db)).toBeUndefined();
        expect((await olderVersion(db, previous).migrateToLatest()).error).toBeUndefined();
        expect((await migrateCommand(db, ['status'])).at(-1)).toBe(`${latest}\tpending`);
        expect(await migrateCommand(db, ['to', previous])).toEqual([
          `The store is at ${previous} already.`,
        ]);

        // Starting this version again: the migration runs and counts the visits afresh.
        await migrateToLatest(db);
        expect(await itemVisits(db)).toBe(visits);
        expect((await migrateCommand(db, ['status'])).at(-1)).toMatch(
          new RegExp(`^${latest}\tapplied \\d{4}-`),
        );
      } finally {
        await store.drop();
      }
    });

    it("every migration's down undoes its up: down to the first and up again gives the same schema", async () => {
      const store = await freshStore(engine);
      try {
        const before = await schemaOf(store.db);
        const undone = await migrateTo(store.db, MIGRATION_NAMES[0]!);
        expect(undone.map((m) => m.name)).toEqual(MIGRATION_NAMES.slice(1).reverse());
        expect((await schemaOf(store.db)).size).toBeLessThan(before.size);
        await migrateToLatest(store.db);
        expect(await schemaOf(store.db)).toEqual(before);
      } finally {
        await store.drop();
      }
    });

    it('refuses a name it does not know and a command it does not know, changing nothing', async () => {
      const store = await freshStore(engine);
      try {
        await expect(migrateCommand(store.db, ['to', '024'])).rejects.toThrow(
          new RegExp(
            `^No migration is named 024; the migrations are 001_initial, .*, ${latest}\\.$`,
          ),
        );
        await expect(migrateCommand(store.db, ['down'])).rejects.toThrow(
          'Usage: npm run migrate -- status | to NAME',
        );
        await expect(migrateCommand(store.db, ['to'])).rejects.toThrow('Usage:');
        expect(await itemVisits(store.db)).toBe(0);
      } finally {
        await store.drop();
      }
    });
  });
}
