import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { formatStoreSize, storeSize } from '../bench/store-size';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';

describeEachEngine(
  "the bench's store size",
  (ctx) => {
    it('counts every row of a table and no table twice', async () => {
      const size = await storeSize(ctx().db);
      const orders = size.tables.find((t) => t.name === 'orders');
      const { n } = await ctx()
        .db.kysely.selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(orders?.rows).toBe(Number(n));
      expect(orders!.rows).toBeGreaterThan(300);
      const names = size.tables.map((t) => t.name);
      expect(new Set(names).size).toBe(names.length);
      // Largest first, and the whole is at least its tables.
      const bytes = size.tables.map((t) => t.bytes);
      expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
      expect(size.bytes).toBeGreaterThanOrEqual(bytes.reduce((a, b) => a + b, 0));
    });

    it("counts a table's indexes with it", async () => {
      const { db } = ctx();
      await sql`CREATE TABLE size_probe (id INTEGER PRIMARY KEY, label TEXT NOT NULL)`.execute(
        db.kysely,
      );
      for (let i = 0; i < 20; i++) {
        const values = Array.from({ length: 100 }, (_, j) => ({
          id: i * 100 + j,
          // Distinct labels: PostgreSQL's B-tree stores a repeated key once.
          label: String(i * 100 + j).padEnd(200, 'x'),
        }));
        await db.kysely
          .insertInto('size_probe' as never)
          .values(values as never)
          .execute();
      }
      if (db.engine === 'postgres') await sql`ANALYZE size_probe`.execute(db.kysely);
      const before = (await storeSize(db)).tables.find((t) => t.name === 'size_probe')!;
      await sql`CREATE INDEX size_probe_label ON size_probe (label)`.execute(db.kysely);
      const after = (await storeSize(db)).tables.find((t) => t.name === 'size_probe')!;
      expect(after.rows).toBe(2000);
      // The index holds every 200-byte label once more.
      expect(after.bytes - before.bytes).toBeGreaterThan(2000 * 200);
    });

    it('prints rows and bytes per 1,000 orders, leaving out small tables', async () => {
      const lines = formatStoreSize(
        {
          bytes: 3 * 2 ** 20,
          tables: [
            { name: 'orders', rows: 2000, bytes: 2 * 2 ** 20 },
            { name: 'tiny', rows: 3, bytes: 4096 },
          ],
        },
        1000,
      );
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain('3.0 MB (3.0 MB per 1,000 orders)');
      expect(lines[1]).toMatch(
        /orders +2,000 rows +2\.0 MB +per 1,000 orders: +2000\.0 rows +2\.0 MB/,
      );
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 400, end: '2026-11-20', years: 1 });
  },
);
