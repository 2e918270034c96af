import fc from 'fast-check';
import { ratingText, starFills } from './stars';

describe('starFills', () => {
  it('fills whole stars then part of one', () => {
    expect(starFills(3.5, 5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(0, 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('clamps out-of-range and non-numbers', () => {
    expect(starFills(9, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(-2, 3)).toEqual([0, 0, 0]);
    expect(starFills(Number.NaN, 2)).toEqual([0, 0]);
  });

  it('adds up to the clamped rating', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 15, noNaN: true }),
        fc.integer({ min: 1, max: 10 }),
        (r, n) => {
          const sum = starFills(r, n).reduce((a, b) => a + b, 0);
          expect(sum).toBeCloseTo(Math.min(Math.max(r, 0), n), 9);
        },
      ),
    );
  });
});

describe('ratingText', () => {
  it('keeps at most two decimals', () => {
    expect(ratingText(4)).toBe('4');
    expect(ratingText(4.5)).toBe('4.5');
    expect(ratingText(3.666)).toBe('3.67');
  });
});
