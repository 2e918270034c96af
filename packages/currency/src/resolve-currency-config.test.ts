import { NumberConfigError } from '@storelens/number';
import { defaultCurrencyConfig } from './defaults';
import { resolveCurrencyConfig } from './resolve-currency-config';

describe('resolveCurrencyConfig', () => {
  it('defaults to USD, $, left, comma, dot and 2 decimals', () => {
    expect(resolveCurrencyConfig()).toEqual({
      code: 'USD',
      symbol: '$',
      symbolPosition: 'left',
      thousandSeparator: ',',
      decimalSeparator: '.',
      precision: 2,
      priceFormat: '%1$s%2$s',
    });
    expect(resolveCurrencyConfig()).toEqual(defaultCurrencyConfig);
  });

  it('keeps defaults for fields given as undefined and reads precision text', () => {
    const config = resolveCurrencyConfig({ symbol: undefined, precision: '3' });
    expect(config.symbol).toBe('$');
    expect(config.precision).toBe(3);
    expect(resolveCurrencyConfig({ precision: null }).precision).toBe(2);
  });

  it('decodes the symbol and derives the price format from the position', () => {
    const config = resolveCurrencyConfig({ symbol: '&euro;', symbolPosition: 'right_space' });
    expect(config.symbol).toBe('€');
    expect(config.priceFormat).toBe('%2$s\u00a0%1$s');
  });

  it('refuses equal separators', () => {
    expect(() => resolveCurrencyConfig({ decimalSeparator: ',', thousandSeparator: ',' })).toThrow(
      NumberConfigError,
    );
  });
});
