import { formatValue } from './format-value';
import type { CurrencyFormatter } from './types';

const config = { precision: 2, decimalSeparator: ',', thousandSeparator: '.' };

describe('formatValue', () => {
  it("'average' rounds to a whole number, half away from zero", () => {
    expect(formatValue(config, 'average', 10.5)).toBe('11');
    expect(formatValue(config, 'average', -10.5)).toBe('-11');
    expect(formatValue(config, 'average', 1234.4)).toBe('1.234');
  });

  it("'number' keeps the value's decimals whatever the precision", () => {
    expect(formatValue(config, 'number', 1337.125)).toBe('1.337,125');
    expect(formatValue(config, 'number', '1337')).toBe('1.337');
  });

  it("'currency' uses the currency's formatAmount when given a currency", () => {
    const currency: CurrencyFormatter = {
      getCurrencyConfig: () => config,
      formatAmount: (value) => `€${value}`,
    };
    expect(formatValue(currency, 'currency', 12.5)).toBe('€12.5');
    expect(formatValue(currency, 'average', 12.5)).toBe('13');
  });

  it("'currency' falls back to the precision (default 2) with plain number settings", () => {
    expect(formatValue(config, 'currency', 1234.5)).toBe('1.234,50');
    expect(formatValue({}, 'currency', 3)).toBe('3.00');
  });

  it('returns null for a missing or non-finite value', () => {
    for (const bad of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 'n/a']) {
      expect(formatValue(config, 'number', bad)).toBeNull();
    }
  });
});
