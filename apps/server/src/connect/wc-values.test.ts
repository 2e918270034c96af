import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_SCALE } from '../money';
import { wcGmt, wcMoney } from './wc-values';

/** An amount in minor units written as a shop with `decimals` writes it. */
const write = (minor: number, decimals: number) => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** decimals;
  const fraction = decimals ? `.${String(abs % unit).padStart(decimals, '0')}` : '';
  return `${sign}${Math.floor(abs / unit)}${fraction}`;
};

describe('WooCommerce money strings', () => {
  it('reads any amount in 0 to 4 decimals exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 4 }),
        (minor, decimals) => {
          expect(wcMoney(write(minor, decimals))).toBe(minor * 10 ** (4 - decimals));
        },
      ),
    );
  });

  it('adds up exactly where floats would not', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 50 }), (amounts) => {
        const sum = amounts.reduce((a, m) => a + wcMoney(write(m, 2)), 0);
        expect(sum).toBe(amounts.reduce((a, m) => a + m, 0) * 100);
      }),
    );
    expect(wcMoney('0.10') + wcMoney('0.20')).toBe(wcMoney('0.30'));
  });

  it('takes numbers and empty amounts, and refuses anything else', () => {
    expect(wcMoney(12.5)).toBe(12.5 * MONEY_SCALE);
    expect(wcMoney('')).toBe(0);
    expect(wcMoney(null)).toBe(0);
    expect(Object.is(wcMoney('-0.00'), 0)).toBe(true);
    for (const bad of [
      '12,50',
      '1e3',
      'abc',
      '$5',
      '--1',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      {},
      true,
    ])
      expect(() => wcMoney(bad)).toThrow(RangeError);
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(s) && s !== ''),
        (s) => {
          expect(() => wcMoney(s)).toThrow(RangeError);
        },
      ),
    );
  });
});

describe('WooCommerce GMT dates', () => {
  it('reads the _gmt twins as our GMT text', () => {
    expect(wcGmt('2024-05-01T10:20:30')).toBe('2024-05-01 10:20:30');
    expect(wcGmt('2024-05-01T10:20:30.000Z')).toBe('2024-05-01 10:20:30');
    expect(wcGmt(null)).toBeNull();
    expect(() => wcGmt('yesterday')).toThrow(RangeError);
  });
});
