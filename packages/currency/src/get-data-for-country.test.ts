import { CurrencyFactory } from './currency-factory';
import { getDataForCountry } from './get-data-for-country';

describe('getDataForCountry', () => {
  it('gives the settings of a known country', () => {
    expect(getDataForCountry('US')).toEqual({
      code: 'USD',
      symbol: '$',
      symbolPosition: 'left',
      thousandSeparator: ',',
      decimalSeparator: '.',
      precision: 2,
      priceFormat: '%1$s%2$s',
    });
    const germany = getDataForCountry('de');
    expect(germany).toMatchObject({
      code: 'EUR',
      symbol: '€',
      symbolPosition: 'right_space',
      thousandSeparator: '.',
      decimalSeparator: ',',
    });
  });

  it('is ready for CurrencyFactory', () => {
    expect(CurrencyFactory(getDataForCountry('JP')).formatAmount(1234.5)).toBe('￥1,235');
  });

  it('is undefined for an unknown country', () => {
    expect(getDataForCountry('ZZ')).toBeUndefined();
  });

  it('takes other locale data and symbols, falling back to the code for the symbol', () => {
    const info = {
      XX: {
        currency_code: 'ABC',
        currency_pos: 'left_space' as const,
        thousand_sep: ' ',
        decimal_sep: ',',
        num_decimals: 1,
      },
    };
    expect(getDataForCountry('XX', info, { ABC: '&#x20AC;' })?.symbol).toBe('€');
    expect(getDataForCountry('XX', info, {})).toMatchObject({ symbol: 'ABC', precision: 1 });
  });
});
