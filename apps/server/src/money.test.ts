import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateUnits, fromUnits, toUnits } from './money';

describe('money units', () => {
  it('parses decimal text exactly', () => {
    expect(toUnits('12.34')).toBe(123_400);
    expect(toUnits('-0.5')).toBe(-5_000);
    expect(toUnits('0.00005')).toBe(1);
    expect(toUnits('7')).toBe(70_000);
    expect(() => toUnits('abc')).toThrow(RangeError);
    expect(() => toUnits('')).toThrow(RangeError);
  });

  it('rounds to the currency precision half away from zero', () => {
    expect(fromUnits(12_345, 2)).toBe(1.23);
    expect(fromUnits(12_350, 2)).toBe(1.24);
    expect(fromUnits(-12_350, 2)).toBe(-1.24);
    expect(fromUnits(12_350, 0)).toBe(1);
    expect(Object.is(fromUnits(-1, 2), 0)).toBe(true);
  });

  it('round-trips any cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const text = (cents / 100).toFixed(2);
        expect(fromUnits(toUnits(text), 2)).toBe(Number(text));
      }),
    );
  });

  it('allocates exactly, in proportion, without negatives', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 10 }),
        (total, weights) => {
          const parts = allocateUnits(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(parts.every((p) => p >= 0)).toBe(true);
          weights.forEach((w, i) => {
            if (w === 0 && weights.some((x) => x > 0)) expect(parts[i]).toBe(0);
          });
        },
      ),
    );
  });
});
