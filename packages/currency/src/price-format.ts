import { toPlainText } from './html-text.ts';
import type { CurrencySettings, SymbolPosition } from './types.ts';

const FORMATS: Readonly<Record<SymbolPosition, string>> = {
  left: '%1$s%2$s',
  right: '%2$s%1$s',
  left_space: '%1$s\u00a0%2$s',
  right_space: '%2$s\u00a0%1$s',
};

/**
 * The placement template for a currency: its own `priceFormat` (tags stripped, entities such
 * as `&nbsp;` decoded) or the one for its symbol position; the spaced positions use a no-break
 * space so the symbol never wraps away from the number. Unknown positions read as 'left'.
 */
export function getPriceFormat(
  config: Pick<CurrencySettings, 'priceFormat' | 'symbolPosition'>,
): string {
  if (config.priceFormat) return toPlainText(String(config.priceFormat));
  return FORMATS[config.symbolPosition ?? 'left'] ?? FORMATS.left;
}

/** Fills a placement template with the symbol (`%1$s`) and the formatted number (`%2$s`). */
export function applyPriceFormat(
  priceFormat: string,
  symbol: string,
  formattedNumber: string,
): string {
  return priceFormat.replace(/%([12])\$s/g, (_match, which: string) =>
    which === '1' ? symbol : formattedNumber,
  );
}
