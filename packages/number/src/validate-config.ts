import type { NumberConfig } from './types.ts';

/** Why a number setting was refused. */
export type NumberConfigErrorCode =
  | 'same-separators'
  | 'empty-decimal-separator'
  | 'digit-in-separator'
  | 'invalid-precision'
  | 'digit-in-mask';

const MESSAGES: Record<NumberConfigErrorCode, string> = {
  'same-separators': 'The decimal separator must differ from the thousand separator.',
  'empty-decimal-separator': 'The decimal separator must not be empty.',
  'digit-in-separator': 'A separator must not contain digits.',
  'invalid-precision': 'The precision must be a whole number of 0 or more.',
  'digit-in-mask': 'A mask must not contain digits.',
};

/** Thrown for number settings that would make formatted numbers ambiguous; `code` says which rule. */
export class NumberConfigError extends Error {
  /** The rule that was broken. */
  readonly code: NumberConfigErrorCode;

  constructor(code: NumberConfigErrorCode) {
    super(MESSAGES[code]);
    this.name = 'NumberConfigError';
    this.code = code;
  }
}

/** Number settings with defaults applied and precision read as a number (null: keep decimals). */
export interface ResolvedNumberConfig {
  /** Decimals to show, or null to keep those the value has. */
  readonly precision: number | null;
  /** Decimal separator. */
  readonly decimalSeparator: string;
  /** Thousand separator ('' for none). */
  readonly thousandSeparator: string;
}

const DIGIT = /\d/;

/** Reads a precision setting (number, numeric text or null); throws for anything else. */
export function resolvePrecision(precision: number | string | null | undefined): number | null {
  if (precision === null || precision === undefined) return null;
  const value =
    typeof precision === 'string' && precision.trim() !== '' ? Number(precision) : precision;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new NumberConfigError('invalid-precision');
  }
  return value;
}

/**
 * Applies the defaults (precision null, '.', ',') and checks the rules: the decimal separator
 * is not empty and differs from the thousand separator, and neither contains digits.
 */
export function validateNumberConfig(config: Partial<NumberConfig> = {}): ResolvedNumberConfig {
  const { decimalSeparator = '.', thousandSeparator = ',' } = config;
  if (decimalSeparator === '') throw new NumberConfigError('empty-decimal-separator');
  if (DIGIT.test(decimalSeparator) || DIGIT.test(thousandSeparator)) {
    throw new NumberConfigError('digit-in-separator');
  }
  if (decimalSeparator === thousandSeparator) throw new NumberConfigError('same-separators');
  return { precision: resolvePrecision(config.precision), decimalSeparator, thousandSeparator };
}
