import { parseNumber } from '@storelens/number';
import fc from 'fast-check';
import { create } from './core';
import { format, parseMask } from './format';

describe('format', () => {
  it("defaults to '$0,0.00' in en-US", () => {
    expect(format(create({ amount: 123456 }))).toBe('$1,234.56');
    expect(format(create({ amount: -5 }))).toBe('-$0.05');
  });

  it('rounds HALF_AWAY_FROM_ZERO to the mask decimals', () => {
    expect(format(create({ amount: 12345, precision: 3 }))).toBe('$12.35');
    expect(format(create({ amount: -12345, precision: 3 }))).toBe('-$12.35');
    expect(format(create({ amount: 250 }), '$0,0')).toBe('$3');
    expect(format(create({ amount: 350 }), '$0,0')).toBe('$4');
  });

  it('takes another rounding mode', () => {
    expect(format(create({ amount: 250 }), '$0,0', { rounding: 'HALF_EVEN' })).toBe('$2');
  });

  it('follows the mask: code, name, no currency, grouping, decimals', () => {
    const value = create({ amount: 123456 });
    expect(format(value, 'USD0,0.00')).toBe('USD\u00a01,234.56');
    expect(format(value, '0,0.0 dollar')).toBe('1,234.6 US dollars');
    expect(format(value, '0.000')).toBe('1234.560');
    expect(format(value, '$0.00')).toBe('$1234.56');
  });

  it('formats in the given locale and currency', () => {
    expect(
      format(create({ amount: 123456, currency: 'EUR' }), '$0,0.00', { locale: 'de-DE' }),
    ).toBe('1.234,56\u00a0€');
  });

  it('property: parsing the formatted text gives the decimal back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (amount) => {
        const text = format(create({ amount }), '0,0.00');
        const cents = BigInt(parseNumber({ precision: 2 }, text).replace('.', ''));
        expect(cents).toBe(BigInt(amount));
      }),
    );
  });
});

describe('parseMask', () => {
  it('reads currency display, grouping and decimals', () => {
    expect(parseMask('$0,0.00')).toEqual({
      currencyDisplay: 'symbol',
      useGrouping: true,
      fractionDigits: 2,
    });
    expect(parseMask('EUR0.0')).toEqual({
      currencyDisplay: 'code',
      useGrouping: false,
      fractionDigits: 1,
    });
    expect(parseMask('0')).toEqual({
      currencyDisplay: 'none',
      useGrouping: false,
      fractionDigits: 0,
    });
  });
});
