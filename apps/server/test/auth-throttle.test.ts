import fc from 'fast-check';
import { expect, it } from 'vitest';
import { clear, hit, retryAfter } from '../src/auth/throttle';
import { openDatabase } from '../src/db/database';
import { describeEachEngine } from './harness';

describeEachEngine('rate limits (database-backed fixed windows)', (ctx) => {
  it('allows max hits per window, then waits until the window ends', async () => {
    const { db } = ctx();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1_000, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        async (max, windowMs, start) => {
          const key = `prop:${run++}`;
          const limit = { max, windowMs };
          for (let i = 0; i < max; i++) {
            expect(await retryAfter(db, key, limit, start + i)).toBe(0);
            await hit(db, key, limit, start + i);
          }
          // Full: the wait is exactly what is left of the window.
          const at = start + max;
          expect(await retryAfter(db, key, limit, at)).toBe(start + windowMs - at);
          // A new window starts once the old one ended.
          expect(await retryAfter(db, key, limit, start + windowMs)).toBe(0);
          await hit(db, key, limit, start + windowMs);
          expect(await retryAfter(db, key, limit, start + windowMs)).toBe(max === 1 ? windowMs : 0);
          await clear(db, key);
          expect(await retryAfter(db, key, limit, start + windowMs)).toBe(0);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('counts every hit made at once from several connections (processes share the count)', async () => {
    const { db, engine } = ctx();
    // A second handle on the same store: on PostgreSQL its own pool, as another process has.
    const other =
      engine === 'postgres' ? openDatabase(db.url, db.schema ? { schema: db.schema } : {}) : db;
    try {
      const limit = { max: 1_000, windowMs: 60_000 };
      const key = 'concurrent';
      const start = 5_000_000;
      await hit(db, key, limit, start);
      // The window has ended: twenty hits at once, half from each handle, all start the next
      // one together. Deciding the restart by reading first let several reset it to 1.
      const next = start + limit.windowMs;
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => hit(i % 2 ? other : db, key, limit, next)),
      );
      const row = await db.kysely
        .selectFrom('rate_limits')
        .select(['hits', 'window_start_ms'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(Number(row.window_start_ms)).toBe(next);
      expect(Number(row.hits)).toBe(20);
    } finally {
      if (other !== db) await other.close();
    }
  });
});
