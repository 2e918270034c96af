import fc from 'fast-check';
import { expect, it } from 'vitest';
import { clear, hit, retryAfter } from '../src/auth/throttle';
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
});
