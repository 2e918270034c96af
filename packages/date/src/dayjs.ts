/**
 * The one dayjs instance of the date package, with the plugins every helper relies on.
 * Store-local dates are dayjs values in UTC mode holding the store's wall-clock time, so
 * arithmetic never crosses a DST change and never depends on the process time zone.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import isoWeek from 'dayjs/plugin/isoWeek';
import quarterOfYear from 'dayjs/plugin/quarterOfYear';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
dayjs.extend(quarterOfYear);
dayjs.extend(isoWeek);

export type { Dayjs } from 'dayjs';
export { dayjs };

/** Wall-clock format used to move a time between representations without losing precision. */
export const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss.SSS';

/** `date` moved back by `count` units; quarters are three months (month ends clamp). */
export function subtractUnits(
  date: Dayjs,
  count: number,
  unit: 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year',
): Dayjs {
  return unit === 'quarter' ? date.subtract(count * 3, 'month') : date.subtract(count, unit);
}
