import { dayjs } from './dayjs';
import { toStoreDate } from './to-store-date';
import type { DateInput } from './types';

/** True for Gregorian leap years. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** True when the days from `startDate` to `endDate` (inclusive) contain a 29 February. */
export function containsLeapYear(startDate: DateInput, endDate: DateInput): boolean {
  const start = toStoreDate(startDate).startOf('day');
  const end = toStoreDate(endDate).startOf('day');
  if (!start.isValid() || !end.isValid()) return false;
  for (let year = start.year(); year <= end.year(); year++) {
    if (!isLeapYear(year)) continue;
    const leapDay = dayjs.utc(`${String(year).padStart(4, '0')}-02-29`);
    if (!leapDay.isBefore(start) && !leapDay.isAfter(end)) return true;
  }
  return false;
}
