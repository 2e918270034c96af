import { NumberConfigError } from './validate-config.ts';

/** A fixed-shape number pattern such as '#### #### #### ####' or '(###) ###-####'. */
export interface PatternConfig {
  /** The pattern; each `patternChar` is a digit slot, everything else is written as is. */
  readonly format: string;
  /** Shown in slots not yet filled (default '_'); must not contain digits. */
  readonly mask?: string;
  /** The slot character (default '#'). */
  readonly patternChar?: string;
}

/** Checks a mask: it must not contain digits, or a shown digit could be the mask or the value. */
export function validateMask(mask: string): string {
  if (/\d/.test(mask)) throw new NumberConfigError('digit-in-mask');
  return mask;
}

/**
 * Writes the digits of `value` into the pattern's slots, left to right, and the mask into the
 * slots left over; other characters in `value` are ignored and extra digits are dropped.
 * Throws `NumberConfigError` ('digit-in-mask') when the mask contains a digit.
 */
export function patternFormat(config: PatternConfig, value: string): string {
  const mask = validateMask(config.mask ?? '_');
  const slot = config.patternChar ?? '#';
  const digits = value.replace(/\D/g, '').split('');
  let next = 0;
  return config.format
    .split('')
    .map((character) => (character === slot ? (digits[next++] ?? mask) : character))
    .join('');
}
