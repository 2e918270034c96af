import { type NumberConfig, numberFormat, parseNumber } from '@storelens/number';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The shape of a plain or grouped number written with these separators (optional '-'). */
function numericPattern(decimalSeparator: string, thousandSeparator: string): RegExp {
  const decimal = escapeRegExp(decimalSeparator);
  const grouped = thousandSeparator ? `|\\d{1,3}(?:${escapeRegExp(thousandSeparator)}\\d{3})+` : '';
  return new RegExp(`^\\s*-?(?:\\d+${grouped})(?:${decimal}\\d+)?\\s*$`);
}

/**
 * Localises a number, or text holding only a number, for display with the store's separators
 * (and precision, if set). Any other text is returned unchanged, so labels pass through.
 */
export function localiseMonetaryValue(
  config: Partial<NumberConfig>,
  value: number | string,
): string {
  if (typeof value === 'number') return numberFormat(config, value);
  const { decimalSeparator = '.', thousandSeparator = ',' } = config;
  if (!numericPattern(decimalSeparator, thousandSeparator).test(value)) return value;
  return numberFormat(config, parseNumber({ ...config, precision: null }, value));
}

/** Why a localised value could not be read. */
export type MonetaryValueErrorCode =
  | 'empty'
  | 'formula'
  | 'not-numeric'
  | 'invalid-decimal-separator';

const MESSAGES: Record<MonetaryValueErrorCode, string> = {
  empty: 'Input value is empty.',
  formula: 'Input value contains a formula.',
  'not-numeric': 'Input value contains non-numeric characters.',
  'invalid-decimal-separator': 'Invalid decimal separator.',
};

/** Thrown by `unformatLocalisedMonetaryValue`; `code` says why. */
export class MonetaryValueError extends Error {
  /** The reason. */
  readonly code: MonetaryValueErrorCode;

  constructor(code: MonetaryValueErrorCode) {
    super(MESSAGES[code]);
    this.name = 'MonetaryValueError';
    this.code = code;
  }
}

/**
 * Reads a value typed with the store's separators ('1.234,50') back into a number (1234.5).
 * Finite numbers pass through. Throws `MonetaryValueError` for empty text, formulas
 * ('[…]'), other characters, or a decimal separator that repeats or comes before a thousand
 * separator.
 */
export function unformatLocalisedMonetaryValue(
  config: Pick<NumberConfig, 'decimalSeparator' | 'thousandSeparator'>,
  value: number | string,
): number {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw new MonetaryValueError('not-numeric');
  }
  const text = value.trim();
  if (text === '') throw new MonetaryValueError('empty');
  if (text.includes('[') && text.includes(']')) throw new MonetaryValueError('formula');
  const { decimalSeparator, thousandSeparator } = config;
  const allowed = new RegExp(
    `^-?[0-9${escapeRegExp(thousandSeparator)}${escapeRegExp(decimalSeparator)}]+$`,
  );
  if (!allowed.test(text)) throw new MonetaryValueError('not-numeric');
  const decimalAt = text.indexOf(decimalSeparator);
  if (
    text.split(decimalSeparator).length > 2 ||
    (thousandSeparator !== '' &&
      decimalAt !== -1 &&
      text.lastIndexOf(thousandSeparator) > decimalAt)
  ) {
    throw new MonetaryValueError('invalid-decimal-separator');
  }
  const parsed = parseNumber({ ...config, precision: null }, text);
  if (parsed === '') throw new MonetaryValueError('not-numeric');
  return Number(parsed);
}
