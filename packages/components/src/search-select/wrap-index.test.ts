import fc from 'fast-check';
import { wrapIndex } from './wrap-index';

describe('wrapIndex', () => {
  it('moves down and wraps from the last to the first', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
  });

  it('moves up and wraps from the first to the last', () => {
    expect(wrapIndex(1, -1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
  });

  it('starts at the first (down) or last (up) from no highlight', () => {
    expect(wrapIndex(-1, 1, 3)).toBe(0);
    expect(wrapIndex(-1, -1, 3)).toBe(2);
  });

  it('has no highlight when there are no items', () => {
    expect(wrapIndex(0, 1, 0)).toBe(-1);
  });

  it('always stays in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 50 }),
        fc.constantFrom(1, -1),
        fc.integer({ min: 1, max: 40 }),
        (i, step, n) => {
          const next = wrapIndex(i, step as 1 | -1, n);
          expect(next).toBeGreaterThanOrEqual(0);
          expect(next).toBeLessThan(n);
        },
      ),
    );
  });
});
