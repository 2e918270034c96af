import { decimalParts, roundScaledDecimal, toScaledDecimal } from './decimal.ts';
import type { NumberConfig } from './types.ts';
import { validateNumberConfig } from './validate-config.ts';

/** Puts `separator` between groups of three digits, counting from the right. */
export function groupThousands(digits: string, separator: string): string {
  if (separator === '' || digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let index = head; index < digits.length; index += 3)
    groups.push(digits.slice(index, index + 3));
  return groups.join(separator);
}

/**
 * Formats a number or numeric string with the store's separators, rounded half away from zero
 * to `precision` decimals (null: as many decimals as the value has). Returns '' for anything
 * that is not a number or numeric text (never throws for a value); never a negative zero. Throws `NumberConfigError` for bad settings.
 */
export function numberFormat(config: Partial<NumberConfig>, value: unknown): string {
  const { precision, decimalSeparator, thousandSeparator } = validateNumberConfig(config);
  if (value === null || value === undefined) return '';
  const decimal = toScaledDecimal(value);
  if (!decimal) return '';
  const rounded = roundScaledDecimal(decimal, precision ?? decimal.scale);
  const { negative, whole, fraction } = decimalParts(rounded);
  const grouped = groupThousands(whole, thousandSeparator);
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimalSeparator}${fraction}` : ''}`;
}
