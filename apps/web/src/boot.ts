import type { BootSettings } from '@storelens/api';
import { setStoreTimezone, setWeekStartsOn, type WeekDay } from '@storelens/date';

declare global {
  interface Window {
    /** Written into the page by the server (apps/server/src/web.ts). */
    storelensSettings?: BootSettings;
  }
}

/** Settings used when the page was not served by the Storelens server (e.g. `vite dev`). */
const fallback: BootSettings = {
  timezone: 'UTC',
  startOfWeek: 1,
  defaultDateRange: 'period=month&compare=previous_year',
  dateType: 'date_paid',
  currency: {
    code: 'USD',
    symbol: '$',
    symbolPosition: 'left',
    thousandSeparator: ',',
    decimalSeparator: '.',
    precision: 2,
  },
  excludedStatuses: ['pending', 'failed', 'cancelled'],
};

/** Reads the store settings and sets the store clock (zone, week start) from them. */
export function boot(): BootSettings {
  const settings = window.storelensSettings ?? fallback;
  setStoreTimezone(settings.timezone);
  setWeekStartsOn(settings.startOfWeek as WeekDay);
  return settings;
}
