import { roundToPrecision, toScaledDecimal } from './decimal.ts';
import type { NumberConfig } from './types.ts';
import { validateNumberConfig } from './validate-config.ts';

const SPACE_LIKE = /[ \u00a0\u202f]/g;

/**
 * Reads text written with the store's separators ('1.234,5' with ',' decimals) into plain
 * decimal text with `precision` decimals ('1234.50'), rounded half away from zero; null
 * precision keeps the decimals typed. Returns '' when the text is not a number. When the
 * thousand separator is a space, any space-like character (no-break, narrow) counts as one.
 */
export function parseNumber(config: Partial<NumberConfig>, value: string): string {
  const { precision, decimalSeparator, thousandSeparator } = validateNumberConfig(config);
  if (typeof value !== 'string') return '';
  let text = value.trim();
  if (text === '') return '';
  if (thousandSeparator !== '') {
    text = SPACE_LIKE.test(thousandSeparator)
      ? text.replace(SPACE_LIKE, '')
      : text.split(thousandSeparator).join('');
  }
  const pieces = text.split(decimalSeparator);
  if (pieces.length > 2) return '';
  text = pieces.join('.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return '';
  const decimal = toScaledDecimal(text);
  if (!decimal) return '';
  return roundToPrecision(text, precision ?? decimal.scale);
}
