/**
 * Exact decimal arithmetic on the shortest decimal text of a number, so that 1.005 rounds
 * like the 1.005 a person reads, not like its binary neighbour 1.00499999…
 */

/** A decimal value: sign, digits as an integer, and how many of them are decimals. */
export interface ScaledDecimal {
  /** True for values below zero (never set for zero). */
  readonly negative: boolean;
  /** All digits, without the decimal point. */
  readonly coefficient: bigint;
  /** How many of the digits are decimals (value = coefficient / 10^scale). */
  readonly scale: number;
}

const DECIMAL_TEXT = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:e([+-]?\d+))?$/i;

/** Exponents past this are not amounts anyone formats (and would make enormous BigInts). */
const MAX_EXPONENT = 10_000;

/**
 * Reads a finite number or a plain numeric string ('12', '-0.5', '1e3'); null for anything
 * else, whatever its type (booleans, arrays and objects reach formatters from loose data).
 */
export function toScaledDecimal(value: unknown): ScaledDecimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fractionAfterWhole, fractionOnly, exponentText] = match;
  const fraction = fractionAfterWhole ?? fractionOnly ?? '';
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let coefficient = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - exponent;
  if (scale < 0) {
    coefficient *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: sign === '-' && coefficient !== 0n, coefficient, scale };
}

/** Rounding for the half-way case: away from zero (formatting) or to the even neighbour. */
export type HalfRounding = 'HALF_AWAY_FROM_ZERO' | 'HALF_EVEN';

/** Rounds a decimal to `precision` decimals (a non-negative integer). */
export function roundScaledDecimal(
  value: ScaledDecimal,
  precision: number,
  rounding: HalfRounding = 'HALF_AWAY_FROM_ZERO',
): ScaledDecimal {
  if (value.scale <= precision) {
    const coefficient = value.coefficient * 10n ** BigInt(precision - value.scale);
    return { negative: value.negative, coefficient, scale: precision };
  }
  const divisor = 10n ** BigInt(value.scale - precision);
  let quotient = value.coefficient / divisor;
  const twiceRemainder = (value.coefficient % divisor) * 2n;
  if (
    twiceRemainder > divisor ||
    (twiceRemainder === divisor && (rounding === 'HALF_AWAY_FROM_ZERO' || quotient % 2n === 1n))
  ) {
    quotient += 1n;
  }
  return { negative: value.negative && quotient !== 0n, coefficient: quotient, scale: precision };
}

/** Splits a decimal into its sign, whole digits and decimal digits (no separators). */
export function decimalParts(value: ScaledDecimal): {
  negative: boolean;
  whole: string;
  fraction: string;
} {
  const digits = value.coefficient.toString().padStart(value.scale + 1, '0');
  const cut = digits.length - value.scale;
  return { negative: value.negative, whole: digits.slice(0, cut), fraction: digits.slice(cut) };
}

/**
 * Rounds a number or numeric string to `precision` decimals, half away from zero, exactly;
 * returns plain text with a '.' decimal point ('' when the value is not numeric).
 */
export function roundToPrecision(value: unknown, precision: number): string {
  const decimal = toScaledDecimal(value);
  if (!decimal) return '';
  const { negative, whole, fraction } = decimalParts(roundScaledDecimal(decimal, precision));
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
