import {
  compare,
  equals,
  greaterThan,
  greaterThanOrEqual,
  hasSameAmount,
  hasSameCurrency,
  isNegative,
  isPositive,
  isZero,
  lessThan,
  lessThanOrEqual,
} from './compare';
import { create } from './core';

const usd = (amount: number, precision = 2) => create({ amount, precision });
const eur = (amount: number) => create({ amount, currency: 'EUR' });
const SAME_CURRENCY = 'You must provide a Dinero instance with the same currency.';

describe('comparisons', () => {
  it('compare gives -1, 0 or 1, across precisions', () => {
    expect(compare(usd(1), usd(2))).toBe(-1);
    expect(compare(usd(100), usd(1000, 3))).toBe(0);
    expect(compare(usd(2), usd(1))).toBe(1);
  });

  it('orderings', () => {
    expect(lessThan(usd(1), usd(2))).toBe(true);
    expect(lessThan(usd(2), usd(2))).toBe(false);
    expect(lessThanOrEqual(usd(2), usd(2))).toBe(true);
    expect(greaterThan(usd(3), usd(2))).toBe(true);
    expect(greaterThan(usd(2), usd(2))).toBe(false);
    expect(greaterThanOrEqual(usd(20, 3), usd(2))).toBe(true);
  });

  it('ordering across currencies is refused with the same-currency message', () => {
    for (const fn of [compare, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual]) {
      expect(() => fn(usd(1), eur(1))).toThrow(SAME_CURRENCY);
    }
  });

  it('equals needs the same currency and value; it never throws', () => {
    expect(equals(usd(100), usd(1000, 3))).toBe(true);
    expect(equals(usd(100), usd(101))).toBe(false);
    expect(equals(usd(100), eur(100))).toBe(false);
  });

  it('hasSameAmount and hasSameCurrency look at one side each', () => {
    expect(hasSameAmount(usd(100), eur(100))).toBe(true);
    expect(hasSameAmount(usd(10), usd(100, 3))).toBe(true);
    expect(hasSameAmount(usd(10), usd(11))).toBe(false);
    expect(hasSameCurrency(usd(1), usd(5, 4))).toBe(true);
    expect(hasSameCurrency(usd(1), eur(1))).toBe(false);
  });

  it('sign checks', () => {
    expect([isZero(usd(0)), isZero(usd(1))]).toEqual([true, false]);
    expect([isPositive(usd(1)), isPositive(usd(0)), isPositive(usd(-1))]).toEqual([
      true,
      false,
      false,
    ]);
    expect([isNegative(usd(-1)), isNegative(usd(0))]).toEqual([true, false]);
  });
});
