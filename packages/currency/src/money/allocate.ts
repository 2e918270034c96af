import { toScaledDecimal } from '@storelens/number';
import { allocate as dineroAllocate } from 'dinero.js/bigint';
import { fromDinero, toDinero } from './core.ts';
import { MoneyError } from './errors.ts';
import type { Money } from './types.ts';

/** Ratios as integers of one common scale ([0.5, 1.25] → [50n, 125n]); null when invalid. */
function integerRatios(ratios: readonly number[]): bigint[] | null {
  if (!Array.isArray(ratios) || ratios.length === 0) return null;
  const decimals = ratios.map((ratio) =>
    typeof ratio === 'number' ? toScaledDecimal(ratio) : null,
  );
  if (decimals.some((decimal) => decimal === null || decimal.negative)) return null;
  const present = decimals.filter((decimal) => decimal !== null);
  const scale = Math.max(...present.map((decimal) => decimal.scale));
  const integers = present.map(
    (decimal) => decimal.coefficient * 10n ** BigInt(scale - decimal.scale),
  );
  return integers.some((ratio) => ratio > 0n) ? integers : null;
}

/**
 * Splits an amount by ratios without losing a unit: parts sum to the whole, leftover units go
 * one by one to the largest ratios, a 0 ratio gets nothing. Ratios must be a non-empty array of
 * non-negative numbers with at least one above 0, else 'You must provide a non-empty array of
 * numeric values greater than 0.'.
 */
export function allocate(value: Money, ratios: readonly number[]): Money[] {
  const integers = integerRatios(ratios);
  if (!integers) throw new MoneyError('ratios');
  return dineroAllocate(toDinero(value), integers).map(fromDinero);
}
