import {
  add as dineroAdd,
  multiply as dineroMultiply,
  subtract as dineroSubtract,
  transformScale,
} from 'dinero.js/bigint';
import {
  assertSameCurrency,
  create,
  fromDinero,
  ROUNDING,
  toDinero,
  toScaledAmount,
} from './core.ts';
import { MoneyError } from './errors.ts';
import type { Money, RoundingMode } from './types.ts';

/** Sum of two amounts of one currency, at the higher precision of the two. */
export function add(augend: Money, addend: Money): Money {
  assertSameCurrency(augend, addend);
  return fromDinero(dineroAdd(toDinero(augend), toDinero(addend)));
}

/** Difference of two amounts of one currency, at the higher precision of the two. */
export function subtract(minuend: Money, subtrahend: Money): Money {
  assertSameCurrency(minuend, subtrahend);
  return fromDinero(dineroSubtract(toDinero(minuend), toDinero(subtrahend)));
}

function multiplyScaled(
  value: Money,
  factor: { amount: bigint; scale: bigint },
  rounding: RoundingMode,
): Money {
  const product = dineroMultiply(toDinero(value), factor);
  return fromDinero(transformScale(product, BigInt(value.precision), ROUNDING[rounding]));
}

/** Multiplies by any finite number, exactly, then rounds to the amount's precision (default HALF_EVEN). */
export function multiply(
  value: Money,
  multiplier: number,
  rounding: RoundingMode = 'HALF_EVEN',
): Money {
  return multiplyScaled(value, toScaledAmount(multiplier), rounding);
}

/** Divides by any finite non-zero number, exactly, then rounds to the amount's precision (default HALF_EVEN). */
export function divide(value: Money, divisor: number, rounding: RoundingMode = 'HALF_EVEN'): Money {
  const { amount: divisorAmount, scale } = toScaledAmount(divisor);
  if (divisorAmount === 0n) throw new MoneyError('divideByZero');
  const { calculator } = toDinero(value);
  // amount / (d / 10^s) = amount * 10^s / d, with the sign carried by the dividend.
  const sign = divisorAmount < 0n ? -1n : 1n;
  const quotient = ROUNDING[rounding](
    BigInt(value.amount) * 10n ** scale * sign,
    divisorAmount * sign,
    calculator,
  );
  const asNumber = Number(quotient);
  if (!Number.isSafeInteger(asNumber)) throw new MoneyError('unsafe');
  return create({ amount: asNumber, currency: value.currency, precision: value.precision });
}

/**
 * `percent`% of an amount (0–100, decimals allowed), rounded to its precision (default
 * HALF_EVEN). Throws 'You must provide a numeric value between 0 and 100.' otherwise.
 */
export function percentage(
  value: Money,
  percent: number,
  rounding: RoundingMode = 'HALF_EVEN',
): Money {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new MoneyError('percentage');
  }
  const { amount, scale } = toScaledAmount(percent);
  return multiplyScaled(value, { amount, scale: scale + 2n }, rounding);
}
