import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newRowId } from './row-ids';

describe('newRowId', () => {
  it('strictly increases within a process, also many in one millisecond and when the clock steps back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 })),
        (clock) => {
          let previous = newRowId();
          for (const ms of clock) {
            for (let i = 0; i < 3; i++) {
              const id = newRowId(ms);
              expect(id).toBeGreaterThan(previous);
              expect(Number.isSafeInteger(id)).toBe(true);
              previous = id;
            }
          }
        },
      ),
    );
  });

  it('is epoch microseconds of its clock when the clock moves on', () => {
    const ms = 2_000_000_000_000; // later than any clock above
    const id = newRowId(ms);
    expect(Math.floor(id / 1000)).toBe(ms);
  });
});
