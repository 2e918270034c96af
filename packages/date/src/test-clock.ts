/** Test helpers (not exported from the package): freeze the clock and fix the store zone. */
import { afterEach, vi } from 'vitest';
import { setStoreTimezone, setWeekStartsOn } from './clock';

/** Freezes "now" at the instant `iso` and sets the store zone (and week start) for one test. */
export function freezeStoreClock(iso: string, timezone = 'UTC', weekStartsOn = 1): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  setStoreTimezone(timezone);
  setWeekStartsOn(weekStartsOn);
}

/** Restores the real clock and the defaults after each test of the calling file. */
export function resetStoreClockAfterEach(): void {
  afterEach(() => {
    vi.useRealTimers();
    setStoreTimezone('UTC');
    setWeekStartsOn(1);
  });
}
