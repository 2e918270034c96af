import { decimalParts, toScaledDecimal } from '@storelens/number';
import { dinero, transformScale } from 'dinero.js/bigint';
import {
  assertCurrencyCode,
  assertInteger,
  dineroCurrency,
  fromDinero,
  type MoneyOptions,
  ROUNDING,
} from './core.ts';
import { MoneyError } from './errors.ts';
import { type Money, moneyDefaults, type RoundingMode } from './types.ts';

/** Exact decimal text of an integer amount at a scale (12345n, 2 → '123.45'). */
export function decimalText(amount: bigint, scale: number): string {
  const negative = amount < 0n;
  const parts = decimalParts({ negative, coefficient: negative ? -amount : amount, scale });
  return `${parts.negative ? '-' : ''}${parts.whole}${parts.fraction ? `.${parts.fraction}` : ''}`;
}

/** Exact decimal text of money: create({ amount: 1050 }) → '10.50'. */
export function toDecimal(value: Money): string {
  return decimalText(BigInt(value.amount), value.precision);
}

/** Money as a JavaScript number of whole units (10.5); for charts, not for further arithmetic. */
export function toNumber(value: Money): number {
  return Number(toDecimal(value));
}

/**
 * Money from a decimal number or text ('10.5' → 1050 at precision 2), rounding extra decimals
 * (default HALF_EVEN). Throws 'You must provide a finite number.' for non-numeric input.
 */
export function fromDecimal(
  value: number | string,
  options: Omit<MoneyOptions, 'amount'> & { readonly rounding?: RoundingMode } = {},
): Money {
  const decimal = toScaledDecimal(value);
  if (!decimal) throw new MoneyError('finite');
  const precision = options.precision ?? moneyDefaults.precision;
  assertInteger(precision);
  const currency = options.currency ?? moneyDefaults.currency;
  assertCurrencyCode(currency);
  const exact = dinero({
    amount: decimal.negative ? -decimal.coefficient : decimal.coefficient,
    currency: dineroCurrency(currency),
    scale: BigInt(decimal.scale),
  });
  const rounding = ROUNDING[options.rounding ?? moneyDefaults.rounding];
  return fromDinero(transformScale(exact, BigInt(precision), rounding));
}
