import fc from 'fast-check';
import { allocate } from './allocate';
import { create } from './core';

const usd = (amount: number) => create({ amount });
const RATIOS = 'You must provide a non-empty array of numeric values greater than 0.';

describe('allocate', () => {
  it('splits by ratios, leftover units to the largest ratios first', () => {
    expect(allocate(usd(100), [1, 1, 1]).map((part) => part.amount)).toEqual([34, 33, 33]);
    expect(allocate(usd(1003), [50, 50]).map((part) => part.amount)).toEqual([502, 501]);
    expect(allocate(usd(5), [1, 3]).map((part) => part.amount)).toEqual([1, 4]);
  });

  it('gives nothing to a 0 ratio and accepts decimal ratios', () => {
    expect(allocate(usd(1003), [0.5, 0.25, 0]).map((part) => part.amount)).toEqual([669, 334, 0]);
  });

  it('keeps currency and precision', () => {
    const parts = allocate(create({ amount: 10, currency: 'EUR', precision: 3 }), [1, 1]);
    expect(parts).toEqual([
      create({ amount: 5, currency: 'EUR', precision: 3 }),
      create({ amount: 5, currency: 'EUR', precision: 3 }),
    ]);
  });

  it('refuses empty, negative, all-zero and non-numeric ratios with the ratios message (a non-empty array of numeric values greater than 0)', () => {
    for (const bad of [[], [-1, 2], [0, 0], [Number.NaN, 1], [Number.POSITIVE_INFINITY]]) {
      expect(() => allocate(usd(100), bad)).toThrow(RATIOS);
    }
  });

  it('property: parts sum to the whole, none negative, zero ratios get zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc
          .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 12 })
          .filter((ratios) => ratios.some((ratio) => ratio > 0)),
        (amount, ratios) => {
          const parts = allocate(usd(amount), ratios);
          expect(parts).toHaveLength(ratios.length);
          expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(amount);
          parts.forEach((part, index) => {
            expect(part.amount).toBeGreaterThanOrEqual(0);
            if (ratios[index] === 0) expect(part.amount).toBe(0);
          });
        },
      ),
    );
  });

  it('property: a negative whole splits into parts that sum to it, none positive', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 40), max: 0 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 }),
        (amount, ratios) => {
          const parts = allocate(usd(amount), ratios);
          expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(amount);
          for (const part of parts) expect(part.amount).toBeLessThanOrEqual(0);
        },
      ),
    );
  });
});
