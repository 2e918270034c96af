import {
  compare as dineroCompare,
  greaterThan as dineroGreaterThan,
  greaterThanOrEqual as dineroGreaterThanOrEqual,
  lessThan as dineroLessThan,
  lessThanOrEqual as dineroLessThanOrEqual,
  haveSameAmount,
} from 'dinero.js/bigint';
import { assertSameCurrency, toDinero } from './core.ts';
import type { Money } from './types.ts';

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b` (same currency required). */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  assertSameCurrency(a, b);
  return dineroCompare(toDinero(a), toDinero(b));
}

/** True when both have the same currency and value (precision aside: 1.0 USD equals 1.00 USD). */
export function equals(a: Money, b: Money): boolean {
  return a.currency === b.currency && haveSameAmount([toDinero(a), toDinero(b)]);
}

/** True when the values are the same, whatever the currencies (1.0 equals 1.00). */
export function hasSameAmount(a: Money, b: Money): boolean {
  const precision = Math.max(a.precision, b.precision);
  const scaled = (value: Money) =>
    BigInt(value.amount) * 10n ** BigInt(precision - value.precision);
  return scaled(a) === scaled(b);
}

/** True when both are in the same currency. */
export function hasSameCurrency(a: Money, b: Money): boolean {
  return a.currency === b.currency;
}

/** `a` < `b` (same currency required). */
export function lessThan(a: Money, b: Money): boolean {
  assertSameCurrency(a, b);
  return dineroLessThan(toDinero(a), toDinero(b));
}

/** `a` ≤ `b` (same currency required). */
export function lessThanOrEqual(a: Money, b: Money): boolean {
  assertSameCurrency(a, b);
  return dineroLessThanOrEqual(toDinero(a), toDinero(b));
}

/** `a` > `b` (same currency required). */
export function greaterThan(a: Money, b: Money): boolean {
  assertSameCurrency(a, b);
  return dineroGreaterThan(toDinero(a), toDinero(b));
}

/** `a` ≥ `b` (same currency required). */
export function greaterThanOrEqual(a: Money, b: Money): boolean {
  assertSameCurrency(a, b);
  return dineroGreaterThanOrEqual(toDinero(a), toDinero(b));
}

/** True for a zero amount. */
export function isZero(value: Money): boolean {
  return value.amount === 0;
}

/** True for an amount above zero. */
export function isPositive(value: Money): boolean {
  return value.amount > 0;
}

/** True for an amount below zero. */
export function isNegative(value: Money): boolean {
  return value.amount < 0;
}
