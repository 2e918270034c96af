import fc from 'fast-check';
import { calculateDelta } from './calculate-delta';

describe('calculateDelta', () => {
  it('gives the rounded percentage change from the baseline', () => {
    expect(calculateDelta(10, 8)).toBe(25);
    expect(calculateDelta(8, 10)).toBe(-20);
    expect(calculateDelta(1, 3)).toBe(-67);
    expect(calculateDelta(100, 100)).toBe(0);
  });

  it('rounds halves away from zero in both directions', () => {
    expect(calculateDelta(102.5, 100)).toBe(3);
    expect(calculateDelta(97.5, 100)).toBe(-3);
  });

  it('measures change against the size of a negative baseline', () => {
    expect(calculateDelta(50, -100)).toBe(150);
    expect(calculateDelta(-150, -100)).toBe(-50);
  });

  it('is null when it cannot be computed', () => {
    expect(calculateDelta(5, 0)).toBeNull();
    expect(calculateDelta(Number.NaN, 1)).toBeNull();
    expect(calculateDelta(1, Number.POSITIVE_INFINITY)).toBeNull();
    expect(calculateDelta(null, 1)).toBeNull();
    expect(calculateDelta(1, undefined)).toBeNull();
  });

  it('treats 0 against 0 as no change', () => {
    expect(calculateDelta(0, 0)).toBe(0);
  });

  it('property: the sign follows the direction of change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (primary, baseline) => {
          const delta = calculateDelta(primary, baseline);
          if (delta === null) return false;
          if (primary > baseline) return delta >= 0;
          if (primary < baseline) return delta <= 0;
          return delta === 0;
        },
      ),
    );
  });
});
