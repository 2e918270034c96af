import fc from 'fast-check';
import { nestedLevel, toHeadingLevel } from './heading-level';

describe('toHeadingLevel', () => {
  it('keeps 1..6 and clamps everything else into that range', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (n) => {
        const level = toHeadingLevel(n);
        expect(level).toBeGreaterThanOrEqual(1);
        expect(level).toBeLessThanOrEqual(6);
        expect(Number.isInteger(level)).toBe(true);
      }),
    );
    expect(toHeadingLevel(4)).toBe(4);
    expect(toHeadingLevel(0)).toBe(1);
    expect(toHeadingLevel(9)).toBe(6);
  });

  it('nests one level deeper, never past 6', () => {
    expect(nestedLevel(2)).toBe(3);
    expect(nestedLevel(6)).toBe(6);
  });
});
