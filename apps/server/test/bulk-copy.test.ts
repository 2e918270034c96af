import { afterAll, describe, expect, it } from 'vitest';
import { type ScratchStore, scratchStore } from '../bench/scratch-store';
import type { Db } from '../src/db/database';
import { ANALYTICS_TABLES } from '../src/db/schema';
import { postgresCopy, RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';

const postgresUrl = process.env.TEST_POSTGRES_URL;

/** Every row of a table, in a stable order, as text (so engines' number types compare equal). */
async function rowsOf(db: Db, table: string): Promise<string[]> {
  const sql = new RawSql(db.kysely, db.engine);
  const rows = await sql.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
  return rows.map((r) => JSON.stringify(r)).sort();
}

// On PostgreSQL a bulk load writes its large batches with COPY (db/sql.ts): the store it
// leaves must be the very one the INSERT path leaves, row for row, source and analytics.
describe.skipIf(!postgresUrl)('bulk load through COPY [postgres]', () => {
  const stores: ScratchStore[] = [];
  afterAll(async () => {
    postgresCopy.enabled = true;
    for (const s of stores) await s.drop();
  });

  it('leaves exactly the rows (and so the totals) of the INSERT path', async () => {
    const load = async (copy: boolean) => {
      const store = await scratchStore('postgres', { prefix: 'copy', postgresUrl });
      stores.push(store);
      postgresCopy.enabled = copy;
      try {
        // Batches of 2,500 orders: the rollups of closed days are flushed between them.
        await generateDemoStore(store.db, {
          orders: 6000,
          years: 1,
          seed: 17,
          end: '2025-03-31',
          batch: 2500,
        });
      } finally {
        postgresCopy.enabled = true;
      }
      return store.db;
    };
    const copied = await load(true);
    const inserted = await load(false);
    const tables = [
      'orders',
      'order_items',
      'order_coupon_lines',
      'order_tax_lines',
      'order_fee_lines',
      'customers',
      ...ANALYTICS_TABLES,
      // Kept by triggers on order_coupon_lookup (migration 018), which COPY fires too.
      'coupon_order_day',
    ];
    for (const table of tables) {
      const a = await rowsOf(copied, table);
      const b = await rowsOf(inserted, table);
      // customer_persons holds only guests merged into a registered customer of their e-mail,
      // which a generated store may not have: both paths must agree, empty or not.
      if (table !== 'customer_persons') expect(a.length, table).toBeGreaterThan(0);
      expect(a, table).toEqual(b);
    }
  }, 300_000);
});
