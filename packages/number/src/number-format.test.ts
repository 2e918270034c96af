import fc from 'fast-check';
import { groupThousands, numberFormat } from './number-format';

const us = { precision: 2, decimalSeparator: '.', thousandSeparator: ',' };
const de = { precision: 2, decimalSeparator: ',', thousandSeparator: '.' };

describe('numberFormat', () => {
  it('formats with the configured separators and precision', () => {
    expect(numberFormat(us, 1234567.891)).toBe('1,234,567.89');
    expect(numberFormat(de, 1234567.891)).toBe('1.234.567,89');
    expect(numberFormat({ ...us, precision: 0 }, 1337)).toBe('1,337');
    expect(numberFormat({ ...us, thousandSeparator: '' }, 1234.5)).toBe('1234.50');
  });

  it('keeps the decimals the value has when precision is null or missing', () => {
    expect(numberFormat({ precision: null }, 1234.5678)).toBe('1,234.5678');
    expect(numberFormat({}, 1337)).toBe('1,337');
    expect(numberFormat({}, 1e-7)).toBe('0.0000001');
  });

  it('rounds half away from zero, exactly', () => {
    expect(numberFormat(us, 1.005)).toBe('1.01');
    expect(numberFormat(us, -1.005)).toBe('-1.01');
    expect(numberFormat({ ...us, precision: 0 }, 0.5)).toBe('1');
    expect(numberFormat({ ...us, precision: 0 }, -0.5)).toBe('-1');
  });

  it('accepts numeric strings and precision as text', () => {
    expect(numberFormat({ ...us, precision: '1' }, '1234.56')).toBe('1,234.6');
  });

  it('groups negative numbers after the sign and never shows -0', () => {
    expect(numberFormat(us, -1234.5)).toBe('-1,234.50');
    expect(numberFormat(us, -0.001)).toBe('0.00');
  });

  it('returns an empty string for values that are not numbers', () => {
    for (const bad of [undefined, null, Number.NaN, Number.POSITIVE_INFINITY, 'abc', '']) {
      expect(numberFormat(us, bad)).toBe('');
    }
  });

  it('validates its settings', () => {
    expect(() => numberFormat({ decimalSeparator: '.', thousandSeparator: '.' }, 1)).toThrow(
      'The decimal separator must differ from the thousand separator.',
    );
  });
});

describe('groupThousands', () => {
  it('groups from the right', () => {
    expect(groupThousands('1', ',')).toBe('1');
    expect(groupThousands('1234', ',')).toBe('1,234');
    expect(groupThousands('123456', ' ')).toBe('123 456');
    expect(groupThousands('1234567', "'")).toBe("1'234'567");
  });
});

describe('numberFormat on values it cannot format', () => {
  it('answers an empty string for booleans, arrays, objects and huge exponents', () => {
    for (const value of [
      true,
      false,
      [],
      [1],
      {},
      { value: 1 },
      () => 1,
      1n,
      Symbol('x'),
      '1e999999999',
    ])
      expect(numberFormat(us, value)).toBe('');
  });

  it('never throws, and formats exactly the numbers and numeric strings (property)', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true }),
        (value) => {
          const out = numberFormat(us, value);
          expect(typeof out).toBe('string');
          if (typeof value !== 'number' && typeof value !== 'string') expect(out).toBe('');
        },
      ),
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(numberFormat(us, value)).not.toBe('');
      }),
    );
  });
});
