import { resolvePrecision, validateNumberConfig } from '@storelens/number';
import { defaultCurrencyConfig } from './defaults.ts';
import { toPlainText } from './html-text.ts';
import { getPriceFormat } from './price-format.ts';
import type { CurrencyConfig, CurrencySettings } from './types.ts';

/**
 * Resolves settings over the defaults: symbol to plain text, precision to a number (missing or
 * null: 2), price format from the position unless given. Throws `NumberConfigError` when the
 * separators break the number rules.
 */
export function resolveCurrencyConfig(settings: CurrencySettings = {}): CurrencyConfig {
  const defaults = defaultCurrencyConfig;
  const merged = {
    code: settings.code ?? defaults.code,
    symbol: settings.symbol ?? defaults.symbol,
    symbolPosition: settings.symbolPosition ?? defaults.symbolPosition,
    decimalSeparator: settings.decimalSeparator ?? defaults.decimalSeparator,
    thousandSeparator: settings.thousandSeparator ?? defaults.thousandSeparator,
    precision: settings.precision,
  };
  const { decimalSeparator, thousandSeparator } = validateNumberConfig({
    decimalSeparator: merged.decimalSeparator,
    thousandSeparator: merged.thousandSeparator,
  });
  return {
    code: merged.code,
    symbol: toPlainText(merged.symbol),
    symbolPosition: merged.symbolPosition,
    thousandSeparator,
    decimalSeparator,
    precision: resolvePrecision(merged.precision) ?? defaults.precision,
    priceFormat: getPriceFormat({
      priceFormat: settings.priceFormat,
      symbolPosition: merged.symbolPosition,
    }),
  };
}
