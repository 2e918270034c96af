import { countryCurrencyData } from './country-currency-data.ts';
import { currencySymbols } from './currency-symbols.ts';
import { toPlainText } from './html-text.ts';
import { resolveCurrencyConfig } from './resolve-currency-config.ts';
import type { CountryCurrencyInfo, CurrencyConfig } from './types.ts';

/**
 * The currency settings of a country (ISO 3166-1 alpha-2, any case) from locale data and
 * symbols (defaults: this package's tables); the symbol falls back to the currency code.
 * Undefined when the country is unknown.
 */
export function getDataForCountry(
  countryCode: string,
  localeInfo: Readonly<Record<string, CountryCurrencyInfo | undefined>> = countryCurrencyData,
  symbols: Readonly<Record<string, string | undefined>> = currencySymbols,
): CurrencyConfig | undefined {
  const info = localeInfo[countryCode.toUpperCase()];
  if (!info) return undefined;
  const symbol = symbols[info.currency_code];
  return resolveCurrencyConfig({
    code: info.currency_code,
    symbol: symbol ? toPlainText(symbol) : info.currency_code,
    symbolPosition: info.currency_pos,
    thousandSeparator: info.thousand_sep,
    decimalSeparator: info.decimal_sep,
    precision: info.num_decimals,
  });
}
