/** How numbers are written: decimals shown and the two separators. */
export interface NumberConfig {
  /** Decimals to show; `null` keeps as many as the value has. */
  readonly precision: number | string | null;
  /** Character(s) between the whole part and the decimals. */
  readonly decimalSeparator: string;
  /** Character(s) between groups of three digits; empty for no grouping. */
  readonly thousandSeparator: string;
}

/** The value types reports format: averages, money and plain numbers. */
export type ValueType = 'average' | 'currency' | 'number';

/** Anything that formats money and knows its number settings, such as a `CurrencyFactory` result. */
export interface CurrencyFormatter {
  /** The currency's number settings. */
  getCurrencyConfig(): Partial<NumberConfig>;
  /** Formats an amount with the currency symbol. */
  formatAmount(value: number): string;
}
