import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deferIndexes, restoreIndexes } from '../src/db/bulk';
import { type Db, SQLITE_CACHE_KIB } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import { openStore } from '../src/store';
import { mayOrders, seedCatalog, storeSettings } from './fixtures';
import { engines, freshStore } from './harness';

/** Index name → definition, for the order and lookup tables. */
async function indexes(db: Db): Promise<Map<string, string>> {
  const rows =
    db.engine === 'sqlite'
      ? (
          await sql<{ name: string; def: string }>`
            SELECT name, sql AS def FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`.execute(
            db.kysely,
          )
        ).rows
      : (
          await sql<{ name: string; def: string }>`
            SELECT indexname AS name, indexdef AS def FROM pg_indexes
            WHERE schemaname = current_schema()`.execute(db.kysely)
        ).rows;
  return new Map(rows.map((r) => [r.name, r.def]));
}

for (const engine of engines) {
  describe(`bulk loads with deferred indexes [${engine}]`, () => {
    it('drops the secondary indexes, keeps the ones ingestion reads, and builds them all again', async () => {
      const store = await freshStore(engine);
      try {
        const before = await indexes(store.db);
        expect(before.has('order_product_lookup_paid_cover')).toBe(true);
        await storeSettings(store.db, 'UTC');
        await seedCatalog(store.db);
        await deferIndexes(store.db);
        const during = await indexes(store.db);
        expect(during.has('order_product_lookup_paid_cover')).toBe(false);
        expect(during.has('order_stats_date_paid')).toBe(false);
        // Ingestion's own reads stay indexed.
        expect(during.has('orders_customer')).toBe(true);
        expect(during.has('order_product_lookup_order')).toBe(true);
        const pending = await store.db.kysely.selectFrom('deferred_indexes').selectAll().execute();
        expect(pending.length).toBe(before.size - during.size);
        await ingestOrders(store.db, mayOrders());
        expect(await restoreIndexes(store.db)).toBeGreaterThan(0);
        expect(await indexes(store.db)).toEqual(before);
        expect(await store.db.kysely.selectFrom('deferred_indexes').selectAll().execute()).toEqual(
          [],
        );
        if (store.db.sqlite) {
          // The load's and the index builds' settings are gone: the store runs on the defaults.
          const pragma = (name: string) => store.db.sqlite!.pragma(name, { simple: true });
          expect(pragma('synchronous')).toBe(1);
          expect(pragma('cache_size')).toBe(-SQLITE_CACHE_KIB);
          expect(pragma('temp_store')).toBe(0);
          expect(pragma('threads')).toBe(0);
        }
        if (engine === 'postgres') {
          // The loaded tables have statistics for the planner at once.
          const analysed = await sql<{ relname: string }>`
            SELECT relname FROM pg_stat_user_tables
            WHERE schemaname = current_schema() AND last_analyze IS NOT NULL`.execute(
            store.db.kysely,
          );
          const names = analysed.rows.map((r) => r.relname);
          for (const table of [
            'order_stats',
            'order_product_lookup',
            'revenue_day',
            'category_day',
          ])
            expect(names).toContain(table);
        }
      } finally {
        await store.drop();
      }
    });

    it('stops at a failure of the work beside the builds, and a later restore builds the rest', async () => {
      const store = await freshStore(engine);
      try {
        const before = await indexes(store.db);
        await deferIndexes(store.db);
        const pending = async () =>
          (await store.db.kysely.selectFrom('deferred_indexes').selectAll().execute()).length;
        const deferred = await pending();
        const failing = async () => {
          throw new Error('the item visits could not be counted');
        };
        await expect(restoreIndexes(store.db, { alongside: [failing] })).rejects.toThrow(
          'the item visits could not be counted',
        );
        // Nothing after the failure started: at most the build that ran beside it is done.
        expect(await pending()).toBeGreaterThanOrEqual(deferred - 1);
        if (store.db.sqlite)
          expect(store.db.sqlite.pragma('cache_size', { simple: true })).toBe(-SQLITE_CACHE_KIB);
        const left = await pending();
        let ran = 0;
        expect(await restoreIndexes(store.db, { alongside: [async () => void ran++] })).toBe(left);
        expect(ran).toBe(1);
        expect(await pending()).toBe(0);
        expect(await indexes(store.db)).toEqual(before);
      } finally {
        await store.drop();
      }
    });
  });
}

if (engines.includes('postgres')) {
  describe('a bulk load that defers keys [postgres]', () => {
    it("drops item_day's primary key only when asked, and builds it again", async () => {
      const store = await freshStore('postgres');
      try {
        const hasKey = async () => (await indexes(store.db)).has('item_day_pk');
        expect(await hasKey()).toBe(true);
        // Ordinary batches upsert item_day during a rebuild-style load: the key stays.
        await deferIndexes(store.db);
        expect(await hasKey()).toBe(true);
        await restoreIndexes(store.db);
        await deferIndexes(store.db, { keys: true });
        expect(await hasKey()).toBe(false);
        expect(await restoreIndexes(store.db)).toBeGreaterThan(0);
        expect(await hasKey()).toBe(true);
      } finally {
        await store.drop();
      }
    });
  });
}

describe('a bulk load cut short', () => {
  it('leaves a record that the next open builds the indexes from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storelens-bulk-'));
    const url = `file:${join(dir, 'store.sqlite')}`;
    try {
      const db = await openStore(url);
      const before = await indexes(db);
      await deferIndexes(db);
      expect((await indexes(db)).size).toBeLessThan(before.size);
      await db.close(); // the process dies here, before restoreIndexes
      const reopened = await openStore(url);
      expect(await indexes(reopened)).toEqual(before);
      expect(await restoreIndexes(reopened)).toBe(0);
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
