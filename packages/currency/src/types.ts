import type { NumberConfig } from '@storelens/number';

/** Where the symbol goes relative to the amount. */
export type SymbolPosition = 'left' | 'right' | 'left_space' | 'right_space';

/** A currency's display settings with every field resolved. */
export interface CurrencyConfig {
  /** ISO 4217 code, e.g. 'USD'. */
  readonly code: string;
  /** Display symbol as plain text (HTML entities decoded), e.g. '$'. */
  readonly symbol: string;
  /** Where the symbol goes. */
  readonly symbolPosition: SymbolPosition;
  /** Thousand separator ('' for none). */
  readonly thousandSeparator: string;
  /** Decimal separator. */
  readonly decimalSeparator: string;
  /** Decimals shown. */
  readonly precision: number;
  /** Placement template: '%1$s' is the symbol, '%2$s' the formatted number. */
  readonly priceFormat: string;
}

/** Settings a currency is built from: any subset, precision also as text (as WooCommerce sends it). */
export type CurrencySettings = Partial<Omit<CurrencyConfig, 'precision'>> & {
  /** Decimals shown, as a number or numeric text. */
  readonly precision?: number | string | null;
};

/** One country's currency data, with WooCommerce's locale-info field names. */
export interface CountryCurrencyInfo {
  /** ISO 4217 code. */
  readonly currency_code: string;
  /** Symbol position. */
  readonly currency_pos: SymbolPosition;
  /** Thousand separator. */
  readonly thousand_sep: string;
  /** Decimal separator. */
  readonly decimal_sep: string;
  /** Decimals shown. */
  readonly num_decimals: number;
}

/** The number settings of a currency, as `@storelens/number` takes them. */
export type CurrencyNumberConfig = Pick<NumberConfig, 'decimalSeparator' | 'thousandSeparator'> & {
  readonly precision: number;
};
