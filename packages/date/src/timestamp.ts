import { storeNow } from './clock';
import { isoDateFormat } from './constants';
import { toStoreDate } from './to-store-date';
import type { DateInput } from './types';

/** Which time of day `appendTimestamp` adds. */
export type TimeOfDay = 'start' | 'now' | 'end';

/**
 * The day of `date` as ISO date-time text: `start` → T00:00:00, `end` → T23:59:59,
 * `now` → the store's current time. Throws for any other kind or an invalid date.
 */
export function appendTimestamp(date: DateInput, timeOfDay: TimeOfDay): string {
  const day = toStoreDate(date);
  if (!day.isValid()) throw new TypeError('appendTimestamp requires a valid date');
  const text = day.format(isoDateFormat);
  switch (timeOfDay) {
    case 'start':
      return `${text}T00:00:00`;
    case 'end':
      return `${text}T23:59:59`;
    case 'now':
      return `${text}T${storeNow().format('HH:mm:ss')}`;
    default:
      throw new Error(
        `appendTimestamp requires the second parameter to be 'start', 'now' or 'end', got '${String(timeOfDay)}'`,
      );
  }
}
