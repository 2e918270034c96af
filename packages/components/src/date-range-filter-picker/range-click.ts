/** Which end of the range the calendar fills next. */
export type FocusedInput = 'start' | 'end';

/** A range of ISO days; either end may be unset. */
export interface DayRange {
  after: string | null;
  before: string | null;
}

/** Result of a calendar click: the new range and the end to fill next. */
export interface DayClickResult {
  range: DayRange;
  focusedInput: FocusedInput;
}

/** ISO day `days` after `iso` (UTC arithmetic on the calendar day; no time zone involved). */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Applies a picked day to a range, by the focused end (`minimumNights` days at least between
 * start and end; 0 allows a one-day range):
 * - start focused: the day becomes the start; an end before start + minimumNights is cleared;
 *   the end is focused next;
 * - end focused without a start: the day becomes the end; the start is focused next;
 * - end focused, day on or after start + minimumNights: the day becomes the end;
 * - end focused, day before that: the day becomes the start and the end is cleared.
 */
export function applyDayClick(
  range: DayRange,
  day: string,
  focusedInput: FocusedInput,
  minimumNights = 0,
): DayClickResult {
  if (focusedInput === 'start') {
    const keepsEnd = range.before !== null && range.before >= addDays(day, minimumNights);
    return { range: { after: day, before: keepsEnd ? range.before : null }, focusedInput: 'end' };
  }
  if (range.after === null) return { range: { after: null, before: day }, focusedInput: 'start' };
  if (day >= addDays(range.after, minimumNights)) {
    return { range: { after: range.after, before: day }, focusedInput: 'end' };
  }
  return { range: { after: day, before: null }, focusedInput: 'end' };
}
