import { type Dayjs, dayjs, WALL_CLOCK } from './dayjs';

/** A day of the week, 0 = Sunday … 6 = Saturday. */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

let storeTimezone = 'UTC';
// WordPress's default `start_of_week` is Monday.
let weekStartsOn: WeekDay = 1;

/** True when `tz` is an IANA zone name (or UTC) this runtime knows. */
export function isValidTimezone(tz: string): boolean {
  if (tz.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Sets the store's time zone (IANA name, e.g. `Europe/Paris`); throws on an unknown zone. */
export function setStoreTimezone(tz: string): void {
  if (!isValidTimezone(tz)) throw new RangeError(`Unknown time zone: "${tz}"`);
  storeTimezone = tz;
}

/** The store's time zone; `UTC` until set. */
export function getStoreTimezone(): string {
  return storeTimezone;
}

/** Sets the day weeks start on (the store's `start_of_week`: 0 = Sunday … 6 = Saturday). */
export function setWeekStartsOn(day: number): void {
  if (!Number.isInteger(day) || day < 0 || day > 6) {
    throw new RangeError(`Week start must be an integer from 0 to 6, got ${day}`);
  }
  weekStartsOn = day as WeekDay;
}

/** The day weeks start on for `week` / `last_week` periods and week intervals (default 1). */
export function getWeekStartsOn(): WeekDay {
  return weekStartsOn;
}

/** Converts an instant to the store's wall-clock time (a UTC-mode dayjs). */
export function instantToStore(instant: Date | number): Dayjs {
  return dayjs.utc(dayjs(instant).tz(storeTimezone).format(WALL_CLOCK));
}

/** "Now" in the store's time zone, as store wall-clock time; follows a faked system clock. */
export function storeNow(): Dayjs {
  return instantToStore(Date.now());
}

/** Start of the week (store week start) containing `date`. */
export function startOfWeek(date: Dayjs): Dayjs {
  const back = (date.day() - weekStartsOn + 7) % 7;
  return date.subtract(back, 'day').startOf('day');
}

/** Last moment of the week (store week start) containing `date`. */
export function endOfWeek(date: Dayjs): Dayjs {
  return startOfWeek(date).add(6, 'day').endOf('day');
}
