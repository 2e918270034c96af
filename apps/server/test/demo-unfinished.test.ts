import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { DEMO_GENERATION_OPTION, generateDemoStore } from '../src/demo/generate';
import { getOptions } from '../src/options';
import { ensureDemoStore, isUnfinishedDemo } from '../src/store';
import { engines, freshStore } from './harness';

const count = async (db: Db, table: 'orders' | 'categories' | 'products') =>
  Number(
    (
      await db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Makes order writes fail, so a generation stops after its catalog, as a kill would. */
async function failOrders(db: Db, on: boolean) {
  if (db.engine === 'sqlite') {
    await sql
      .raw(
        on
          ? "CREATE TRIGGER stop_orders BEFORE INSERT ON orders BEGIN SELECT RAISE(ABORT, 'killed'); END"
          : 'DROP TRIGGER stop_orders',
      )
      .execute(db.kysely);
  } else if (on) {
    await sql
      .raw(
        `CREATE FUNCTION stop_orders() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'killed'; END $$ LANGUAGE plpgsql;
         CREATE TRIGGER stop_orders BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION stop_orders()`,
      )
      .execute(db.kysely);
  } else {
    await sql
      .raw('DROP TRIGGER stop_orders ON orders; DROP FUNCTION stop_orders()')
      .execute(db.kysely);
  }
}

const options = { orders: 300, years: 1, seed: 4, end: '2024-06-30' };

for (const engine of engines) {
  describe(`an unfinished demo store [${engine}]`, () => {
    it('a generation stopped after its catalog is detected and rebuilt on the next start', async () => {
      const store = await freshStore(engine);
      try {
        await failOrders(store.db, true);
        await expect(generateDemoStore(store.db, options)).rejects.toThrow(/killed/);
        await failOrders(store.db, false);
        expect(await count(store.db, 'categories')).toBeGreaterThan(0);
        expect(await count(store.db, 'orders')).toBe(0);
        expect(await isUnfinishedDemo(store.db)).toBe(true);

        // With the demo turned off the start only warns.
        const warnings: string[] = [];
        expect(await ensureDemoStore(store.db, (l) => warnings.push(l), 300, false)).toBe(false);
        expect(warnings.join('\n')).toMatch(/stopped half-way/);

        const lines: string[] = [];
        expect(await ensureDemoStore(store.db, (l) => lines.push(l), 300)).toBe(true);
        expect(lines[0]).toMatch(/not finished.*rebuilding/);
        expect(await count(store.db, 'orders')).toBeGreaterThanOrEqual(300);
        expect(await isUnfinishedDemo(store.db)).toBe(false);
        expect(
          (await getOptions(store.db, [DEMO_GENERATION_OPTION])).get(DEMO_GENERATION_OPTION),
        ).toEqual({ status: 'done', orders: 300 });

        // The same store as a first start that was never interrupted.
        const clean = await freshStore(engine);
        try {
          await ensureDemoStore(clean.db, () => {}, 300);
          for (const table of ['categories', 'products', 'orders'] as const) {
            expect(await count(store.db, table), table).toBe(await count(clean.db, table));
          }
        } finally {
          await clean.drop();
        }
        // A finished store is left alone.
        expect(await ensureDemoStore(store.db, () => {}, 300)).toBe(false);
      } finally {
        await store.drop();
      }
    }, 120_000);

    it('a generation stopped after its orders (before the indexes) is detected too', async () => {
      const store = await freshStore(engine);
      try {
        await expect(
          generateDemoStore(store.db, {
            ...options,
            onProgress: () => {
              throw new Error('killed');
            },
          }),
        ).rejects.toThrow(/killed/);
        expect(await count(store.db, 'orders')).toBeGreaterThan(0);
        expect(await isUnfinishedDemo(store.db)).toBe(true);
        expect(await ensureDemoStore(store.db, () => {}, 300)).toBe(true);
        expect(await isUnfinishedDemo(store.db)).toBe(false);
      } finally {
        await store.drop();
      }
    }, 120_000);
  });
}
