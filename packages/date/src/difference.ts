import { type Dayjs, subtractUnits } from './dayjs';
import { toStoreDate } from './to-store-date';
import type { Compare, DateInput, Interval } from './types';

/** Whole calendar days from `date2` to `date` (negative when `date` is earlier). */
export function getDateDifferenceInDays(date: DateInput, date2: DateInput): number {
  return toStoreDate(date).startOf('day').diff(toStoreDate(date2).startOf('day'), 'day');
}

/**
 * The date matching `date` (a date of the primary range) in the secondary range: a year
 * earlier for `previous_year`; for `previous_period`, moved back by the whole `interval`s
 * between the primary start `date1` and the secondary start `date2`.
 */
export function getPreviousDate(
  date: DateInput,
  date1: DateInput,
  date2: DateInput,
  compare: Compare,
  interval: Interval,
): Dayjs {
  const day = toStoreDate(date);
  if (compare === 'previous_year') return day.subtract(1, 'year');
  const difference = toStoreDate(date1).diff(toStoreDate(date2), interval);
  return subtractUnits(day, difference, interval);
}
