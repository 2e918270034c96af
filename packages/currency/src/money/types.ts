/** An amount of money: an integer count of 10^-precision units of a currency. Plain, immutable data. */
export interface Money {
  /** Integer amount in units of 10^-precision (cents at precision 2). */
  readonly amount: number;
  /** ISO 4217 code, e.g. 'USD'. */
  readonly currency: string;
  /** Decimals the amount carries. */
  readonly precision: number;
}

/** Rounding for results that fall between two units; arithmetic defaults to HALF_EVEN. */
export type RoundingMode =
  | 'HALF_EVEN'
  | 'HALF_AWAY_FROM_ZERO'
  | 'HALF_UP'
  | 'HALF_DOWN'
  | 'HALF_ODD'
  | 'HALF_TOWARDS_ZERO'
  | 'UP'
  | 'DOWN';

/** Defaults for creating and formatting money. */
export const moneyDefaults = Object.freeze({
  currency: 'USD',
  precision: 2,
  locale: 'en-US',
  format: '$0,0.00',
  rounding: 'HALF_EVEN',
  formatRounding: 'HALF_AWAY_FROM_ZERO',
} as const satisfies {
  currency: string;
  precision: number;
  locale: string;
  format: string;
  rounding: RoundingMode;
  formatRounding: RoundingMode;
});
