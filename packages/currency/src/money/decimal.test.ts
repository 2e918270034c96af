import fc from 'fast-check';
import { create } from './core';
import { fromDecimal, toDecimal, toNumber } from './decimal';

describe('toDecimal and toNumber', () => {
  it('write the exact decimal', () => {
    expect(toDecimal(create({ amount: 1050 }))).toBe('10.50');
    expect(toDecimal(create({ amount: -5 }))).toBe('-0.05');
    expect(toDecimal(create({ amount: 7, precision: 0 }))).toBe('7');
    expect(toNumber(create({ amount: 1050 }))).toBe(10.5);
  });
});

describe('fromDecimal', () => {
  it('reads decimals into minor units', () => {
    expect(fromDecimal('10.5')).toEqual(create({ amount: 1050 }));
    expect(fromDecimal(19.99, { currency: 'EUR' })).toEqual(
      create({ amount: 1999, currency: 'EUR' }),
    );
    expect(fromDecimal('-3', { precision: 3 })).toEqual(create({ amount: -3000, precision: 3 }));
  });

  it('rounds extra decimals HALF_EVEN by default', () => {
    expect(fromDecimal('0.125').amount).toBe(12);
    expect(fromDecimal('0.135').amount).toBe(14);
    expect(fromDecimal('0.125', { rounding: 'HALF_AWAY_FROM_ZERO' }).amount).toBe(13);
  });

  it('refuses non-numbers', () => {
    expect(() => fromDecimal('ten')).toThrow('You must provide a finite number.');
  });

  it('property: fromDecimal(toDecimal(m)) gives m back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 50), max: 2 ** 50 }),
        fc.integer({ min: 0, max: 8 }),
        (amount, precision) => {
          const value = create({ amount, precision, currency: 'EUR' });
          expect(fromDecimal(toDecimal(value), { precision, currency: 'EUR' })).toEqual(value);
        },
      ),
    );
  });
});
