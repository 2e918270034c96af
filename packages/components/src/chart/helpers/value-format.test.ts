import fc from 'fast-check';
import { createChartLocale, getValueFormatter, getYFormatter, Y_FORMATS } from './value-format';

describe('y-axis formats', () => {
  it("uses ',.0f' for number and average", () => {
    expect(Y_FORMATS.number.format).toBe(',.0f');
    expect(Y_FORMATS.average.format).toBe(',.0f');
    expect(getYFormatter('number')(1234567.4)).toBe('1,234,567');
    expect(getYFormatter('average')(12.6)).toBe('13');
  });

  it("uses '$.3~s' for currency with the store's symbol", () => {
    expect(getYFormatter('currency')(1500)).toBe('$1.5k');
    expect(getYFormatter('currency')(2_000_000)).toBe('$2M');
    expect(getYFormatter('currency', { symbol: '€' })(1500)).toBe('€1.5k');
  });

  it("uses '$.3~f' for currency values below 1", () => {
    expect(getYFormatter('currency')(0.5)).toBe('$0.5');
    expect(getYFormatter('currency')(0.25)).toBe('$0.25');
    expect(getYFormatter('currency')(0)).toBe('$0');
  });

  it('places the symbol as the store does', () => {
    expect(getYFormatter('currency', { symbol: 'kr', symbolPosition: 'right_space' })(3000)).toBe(
      '3k\u00a0kr',
    );
    expect(getYFormatter('currency', { symbol: '£', symbolPosition: 'right' })(0.5)).toBe('0.5£');
  });

  it('never prints an SI prefix below 1 for currency', () => {
    const format = getYFormatter('currency');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.999, noNaN: true }), (value) => {
        expect(format(value)).toMatch(/^\$0(\.\d{1,3})?$/);
      }),
    );
  });
});

describe('value formatter', () => {
  it('formats money with two decimals and the separators of the store', () => {
    const format = getValueFormatter('currency', {
      symbol: '€',
      symbolPosition: 'left_space',
      decimalSeparator: ',',
      thousandSeparator: '.',
    });
    expect(format(1234.5)).toBe('€\u00a01.234,50');
  });

  it('formats numbers whole and averages with up to two decimals', () => {
    expect(getValueFormatter('number')(1234.4)).toBe('1,234');
    expect(getValueFormatter('average')(2.5)).toBe('2.5');
    expect(getValueFormatter('average')(2.456)).toBe('2.46');
  });

  it('builds a locale with the default dollar', () => {
    expect(createChartLocale().format('$,.2f')(1)).toBe('$1.00');
  });
});
