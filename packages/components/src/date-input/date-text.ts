import { isoDateFormat, toDayjs, validateDateInputForRange } from '@storelens/date';
import { __ } from '@storelens/i18n';
import dayjs from 'dayjs';
import { screenReaderDateFormat } from '../calendar/labels';

/** The format dates are shown and typed in (spec: MM/DD/YYYY), translatable. */
export function shownDateFormat(): string {
  return __('MM/DD/YYYY');
}

/** An ISO day as the text shown in a date field (MM/DD/YYYY). */
export function toDateText(iso: string | null): string {
  return iso ? dayjs(iso, isoDateFormat, true).format(shownDateFormat()) : '';
}

/** An ISO day as read to screen readers (MMM D, YYYY). */
export function toScreenReaderDate(iso: string): string {
  return dayjs(iso, isoDateFormat, true).format(screenReaderDateFormat());
}

/** The other end of a range the typed day must respect, by which end this field is. */
export type DateBound =
  | { type: 'start'; end: string | null }
  | { type: 'end'; start: string | null };

/** A typed text's meaning: the ISO day when valid, else the error shown under the field. */
export interface DateTextResult {
  date: string | null;
  error: string | null;
}

/**
 * Reads typed text (ISO or the shown format): empty text is no date and no error; otherwise
 * 'Invalid date', 'Select a date in the past' (after the store's today) or 'Start date must be
 * before end date' (against `bound`), or the ISO day.
 */
export function parseDateText(text: string, bound?: DateBound): DateTextResult {
  if (text.trim() === '') return { date: null, error: null };
  const result =
    bound?.type === 'start'
      ? validateDateInputForRange('after', text, bound.end, null, shownDateFormat())
      : validateDateInputForRange('before', text, null, bound?.start ?? null, shownDateFormat());
  if (result.date === null) return { date: null, error: result.error };
  return { date: result.date.format(isoDateFormat), error: null };
}

/** The ISO day `text` stands for, ignoring range rules (null when it is not a date). */
export function textToIso(text: string): string | null {
  return toDayjs(shownDateFormat(), text)?.format(isoDateFormat) ?? null;
}
