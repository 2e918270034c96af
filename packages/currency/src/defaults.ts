import type { CurrencyConfig } from './types.ts';

/** The default currency: USD, '$' on the left, ',' thousands, '.' decimals, 2 decimals. */
export const defaultCurrencyConfig: CurrencyConfig = Object.freeze({
  code: 'USD',
  symbol: '$',
  symbolPosition: 'left',
  thousandSeparator: ',',
  decimalSeparator: '.',
  precision: 2,
  priceFormat: '%1$s%2$s',
});
