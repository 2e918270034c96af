import { numberFormat, roundToPrecision, toScaledDecimal } from '@storelens/number';
import { getDataForCountry } from './get-data-for-country.ts';
import { applyPriceFormat, getPriceFormat } from './price-format.ts';
import { resolveCurrencyConfig } from './resolve-currency-config.ts';
import type { CurrencyConfig, CurrencySettings } from './types.ts';

/** A store currency: formats amounts with its settings (see `CurrencyFactory`). */
export interface Currency {
  /** A copy of the resolved settings. */
  getCurrencyConfig(): CurrencyConfig;
  /** Replaces the settings (missing fields take the defaults). */
  setCurrency(settings?: CurrencySettings): void;
  /** '$1,234.50'; the code instead of the symbol with `useCode`; '-' before the symbol; '' for non-numbers. */
  formatAmount(value: unknown, useCode?: boolean): string;
  /** The value rounded to the currency's precision, as a number (0 for non-numbers). */
  formatDecimal(value: unknown): number;
  /** The value rounded to the currency's precision, as plain text ('1088.48'; '' for non-numbers). */
  formatDecimalString(value: unknown): string;
  /** Text to show in React: the formatted amount ('' for non-numbers). */
  render(value: unknown): string;
  /** The placement template for given settings. */
  getPriceFormat: typeof getPriceFormat;
  /** A country's currency settings. */
  getDataForCountry: typeof getDataForCountry;
}

/**
 * Creates a currency from store settings (defaults: USD, '$', left, ',', '.', 2 decimals).
 * Amounts round half away from zero, exactly. Throws `NumberConfigError` for bad separators.
 */
export function CurrencyFactory(settings?: CurrencySettings): Currency {
  let config = resolveCurrencyConfig(settings);

  const formatAmount = (value: unknown, useCode = false): string => {
    const formatted = numberFormat(config, value);
    if (formatted === '') return '';
    const negative = formatted.startsWith('-');
    const symbol = useCode ? config.code : config.symbol;
    const placed = applyPriceFormat(
      config.priceFormat,
      symbol,
      negative ? formatted.slice(1) : formatted,
    );
    return negative ? `-${placed}` : placed;
  };

  return {
    getCurrencyConfig: () => ({ ...config }),
    setCurrency: (next) => {
      config = resolveCurrencyConfig(next);
    },
    formatAmount,
    formatDecimal: (value) => {
      const rounded = roundToPrecision(value, config.precision);
      return rounded === '' ? 0 : Number(rounded);
    },
    formatDecimalString: (value) => roundToPrecision(value, config.precision),
    render: (value) => (toScaledDecimal(value) ? formatAmount(value) : ''),
    getPriceFormat,
    getDataForCountry,
  };
}
