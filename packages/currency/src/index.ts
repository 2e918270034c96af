export { countryCurrencyData } from './country-currency-data.ts';
export type { Currency } from './currency-factory.ts';
export { CurrencyFactory } from './currency-factory.ts';
export { currencySymbols } from './currency-symbols.ts';
export { defaultCurrencyConfig } from './defaults.ts';
export { getDataForCountry } from './get-data-for-country.ts';
export { decodeEntities, stripTags } from './html-text.ts';
export type { MonetaryValueErrorCode } from './localise.ts';
export {
  localiseMonetaryValue,
  MonetaryValueError,
  unformatLocalisedMonetaryValue,
} from './localise.ts';
export type { ConvertOptions, RateLookup, RateSource } from './money/convert.ts';
export type { MoneyOptions } from './money/core.ts';
export type { MoneyErrorCode } from './money/errors.ts';
export type { FormatOptions, MaskSettings } from './money/format.ts';
/** Money arithmetic on dinero.js: `money.create`, `money.add`, `money.format`, … */
export * as money from './money/index.ts';
export type { Money, RoundingMode } from './money/types.ts';
export { applyPriceFormat, getPriceFormat } from './price-format.ts';
export { resolveCurrencyConfig } from './resolve-currency-config.ts';
export type {
  CountryCurrencyInfo,
  CurrencyConfig,
  CurrencyNumberConfig,
  CurrencySettings,
  SymbolPosition,
} from './types.ts';
