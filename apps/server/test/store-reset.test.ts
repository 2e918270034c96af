import { describe, expect, it } from 'vitest';
import { generateDemoStore } from '../src/demo/generate';
import { isEmpty, resetStore } from '../src/store';
import { engines, freshStore } from './harness';

for (const engine of engines) {
  describe(`resetStore [${engine}]`, () => {
    it('empties every store table (admin ones included) so the demo can be generated again', async () => {
      const store = await freshStore(engine);
      try {
        const options = { orders: 300, end: '2026-11-20', years: 1 };
        await generateDemoStore(store.db, options);
        const reviews = async () =>
          Number(
            (
              await store.db.kysely
                .selectFrom('product_reviews')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const first = await reviews();
        expect(first).toBeGreaterThan(0);

        await resetStore(store.db);
        expect(await isEmpty(store.db)).toBe(true);
        expect(await reviews()).toBe(0);
        // Settings survive a reset.
        const tz = await store.db.kysely
          .selectFrom('options')
          .select('value')
          .where('name', '=', 'timezone_string')
          .executeTakeFirst();
        expect(tz?.value).toBeDefined();

        await generateDemoStore(store.db, options);
        expect(await reviews()).toBe(first);
      } finally {
        await store.drop();
      }
    });
  });
}
