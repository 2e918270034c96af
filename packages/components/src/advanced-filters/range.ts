import type { FilterValue } from '@storelens/navigation';

/** Whether text is a finite number (the Number and Currency inputs' values). */
export function isValidNumberText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed));
}

/** Whether text is a real calendar date written YYYY-MM-DD. */
export function isValidIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day
  );
}

/** The one value of a single-value rule; a pair collapses to its first end. */
export function getSingleText(value: FilterValue): string {
  return typeof value === 'string' ? value : (value[0] ?? '');
}

/** The two ends of a between value; a single value is the start. */
export function getRangeTexts(value: FilterValue): [string, string] {
  if (typeof value === 'string') return [value, ''];
  return [value[0] ?? '', value[1] ?? ''];
}

/** Which field of a range input a text is in. */
export type RangePosition = 'single' | 'start' | 'end';

/**
 * Reads one field's text into the value to commit, or null when it is invalid. `other` is
 * the text of the range's other end (empty for a single field), for rules such as "start
 * before end".
 */
export type RangeParse = (text: string, position: RangePosition, other: string) => string | null;

/**
 * The value a between input commits for its two texts: both ends read when valid; an invalid
 * end is left empty, which keeps the range from being applied.
 */
export function getRangeValue(
  texts: readonly [string, string],
  parse: RangeParse,
): [string, string] {
  return [parse(texts[0], 'start', texts[1]) ?? '', parse(texts[1], 'end', texts[0]) ?? ''];
}

/** A parser for number fields: the trimmed text when it is a finite number. */
export const parseNumberText: RangeParse = (text) => (isValidNumberText(text) ? text.trim() : null);

/** Whether a value is a complete, valid between range. */
export function isCompleteRange(value: FilterValue, isValid: (text: string) => boolean): boolean {
  return typeof value !== 'string' && value.length === 2 && value.every(isValid);
}
