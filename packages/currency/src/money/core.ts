import { toScaledDecimal } from '@storelens/number';
import type { Dinero, DineroDivideOperation } from 'dinero.js/bigint';
import {
  dinero,
  down,
  halfAwayFromZero,
  halfDown,
  halfEven,
  halfOdd,
  halfTowardsZero,
  halfUp,
  up,
} from 'dinero.js/bigint';
import { MoneyError } from './errors.ts';
import { type Money, moneyDefaults, type RoundingMode } from './types.ts';

/** Dinero's divide operation for each rounding mode. */
export const ROUNDING: Readonly<Record<RoundingMode, DineroDivideOperation>> = {
  HALF_EVEN: halfEven,
  HALF_AWAY_FROM_ZERO: halfAwayFromZero,
  HALF_UP: halfUp,
  HALF_DOWN: halfDown,
  HALF_ODD: halfOdd,
  HALF_TOWARDS_ZERO: halfTowardsZero,
  UP: up,
  DOWN: down,
};

/** Throws MoneyError('integer'), "You must provide an integer.", unless `value` is a safe integer. */
export function assertInteger(value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new MoneyError('integer');
}

/** Throws unless `code` is a three-letter upper-case currency code. */
export function assertCurrencyCode(code: unknown): asserts code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) throw new MoneyError('currencyCode');
}

/**
 * Throws MoneyError('sameCurrency'), "You must provide a Dinero instance with the same
 * currency.", unless both amounts share a currency.
 */
export function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new MoneyError('sameCurrency');
}

/** Options for `create`: all optional (0 USD at precision 2). */
export interface MoneyOptions {
  /** Integer amount in units of 10^-precision. */
  readonly amount?: number;
  /** ISO 4217 code (default 'USD'). */
  readonly currency?: string;
  /** Decimals the amount carries (default 2). */
  readonly precision?: number;
}

/** Creates money; amount and precision must be integers ('You must provide an integer.'). */
export function create(options: MoneyOptions = {}): Money {
  const {
    amount = 0,
    currency = moneyDefaults.currency,
    precision = moneyDefaults.precision,
  } = options;
  assertInteger(amount);
  assertInteger(precision);
  if (precision < 0) throw new MoneyError('integer');
  assertCurrencyCode(currency);
  return Object.freeze({ amount: amount === 0 ? 0 : amount, currency, precision });
}

/** Dinero's currency for a code: decimal, with a fixed exponent (our `precision` is the scale). */
export function dineroCurrency(code: string) {
  return { code, base: 10n, exponent: 2n } as const;
}

/** The Dinero (bigint) object for money. */
export function toDinero(value: Money): Dinero<bigint> {
  return dinero({
    amount: BigInt(value.amount),
    currency: dineroCurrency(value.currency),
    scale: BigInt(value.precision),
  });
}

/** Money from a Dinero (bigint) object; throws when the amount no longer fits a safe integer. */
export function fromDinero(value: Dinero<bigint>): Money {
  const { amount, currency, scale } = value.toJSON();
  const asNumber = Number(amount);
  if (!Number.isSafeInteger(asNumber)) throw new MoneyError('unsafe');
  return create({ amount: asNumber, currency: currency.code, precision: Number(scale) });
}

/** A finite number as an exact scaled integer (1.5 → 15 at scale 1); throws for non-finite input. */
export function toScaledAmount(value: number): { amount: bigint; scale: bigint } {
  const decimal = typeof value === 'number' ? toScaledDecimal(value) : null;
  if (!decimal) throw new MoneyError('finite');
  const amount = decimal.negative ? -decimal.coefficient : decimal.coefficient;
  return { amount, scale: BigInt(decimal.scale) };
}
