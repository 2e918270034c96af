import { isoDateFormat, storeNow } from '@storelens/date';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar's `Date` for an ISO day: local midnight of that calendar day, which is how
 * react-day-picker represents days. Throws on text that is not `YYYY-MM-DD`.
 */
export function isoToCalendarDate(iso: string): Date {
  const match = ISO_DAY.exec(iso);
  if (!match) throw new RangeError(`Expected an ISO day (YYYY-MM-DD), got "${iso}"`);
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  date.setFullYear(Number(match[1])); // years 0–99 are not shifted to 19xx
  return date;
}

/** The ISO day (`YYYY-MM-DD`) of a calendar `Date`, read from its local calendar fields. */
export function calendarDateToIso(date: Date): string {
  const year = String(date.getFullYear()).padStart(4, '0');
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** The store's today as an ISO day. */
export function storeToday(): string {
  return storeNow().format(isoDateFormat);
}

/** First day of the month `months` after (negative: before) the month of ISO day `iso`. */
export function addMonths(iso: string, months: number): string {
  const date = isoToCalendarDate(iso);
  return calendarDateToIso(new Date(date.getFullYear(), date.getMonth() + months, 1));
}

/**
 * The first month to show (as its first ISO day): the month of `selected`, or of `latest`
 * without a selection, moved back so that none of the `numberOfMonths` shown lies after
 * the month of `latest`.
 */
export function firstShownMonth(
  selected: string | null,
  latest: string,
  numberOfMonths: number,
): string {
  const lastAllowed = addMonths(latest, -(numberOfMonths - 1));
  const wanted = addMonths(selected ?? lastAllowed, 0);
  // ISO month texts compare in date order; the earlier of the two wins.
  return [wanted, lastAllowed].sort()[0]!;
}
