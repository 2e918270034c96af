import { instantToStore } from './clock';
import { isoDateFormat } from './constants';
import { type Dayjs, dayjs, WALL_CLOCK } from './dayjs';
import type { DateInput } from './types';

const HAS_OFFSET = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * Reads any accepted date input as store wall-clock time (UTC-mode dayjs). Text without an
 * offset (`2024-05-01`, `2024-05-01T10:00:00`) and dayjs values are taken as wall-clock time;
 * `Date`, epoch numbers and text with an offset are instants converted to the store's zone.
 * The result may be invalid (check `isValid()`).
 */
export function toStoreDate(input: DateInput): Dayjs {
  if (dayjs.isDayjs(input)) {
    return input.isUTC() ? input.clone() : dayjs.utc(input.format(WALL_CLOCK));
  }
  if (input instanceof Date || typeof input === 'number') {
    return Number.isNaN(new Date(input).getTime()) ? dayjs.utc(Number.NaN) : instantToStore(input);
  }
  const text = input.trim();
  if (HAS_OFFSET.test(text)) {
    const instant = dayjs(text);
    return instant.isValid() ? instantToStore(instant.valueOf()) : dayjs.utc(Number.NaN);
  }
  return dayjs.utc(text);
}

/** `format` with leading zeros made optional (MM → M, DD → D), for lenient typing. */
function lenient(format: string): string {
  return format.replace(/MM/g, 'M').replace(/DD/g, 'D');
}

/**
 * Strictly parses typed text in ISO `YYYY-MM-DD` or `format` (also without leading zeros);
 * returns a store wall-clock day, or null when it is not a real date. A dayjs passes through.
 */
export function toDayjs(format: string, value: string | Dayjs): Dayjs | null {
  if (dayjs.isDayjs(value)) return value.isValid() ? toStoreDate(value) : null;
  const text = value.trim();
  if (text === '') return null;
  const formats = [isoDateFormat, format, lenient(format)];
  const parsed = dayjs(text, formats, true);
  return parsed.isValid() ? parsed.utc(true) : null;
}
