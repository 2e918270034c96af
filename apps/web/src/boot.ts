import type { BootSettings } from '@storelens/api';
import { setStoreTimezone, setWeekStartsOn, type WeekDay } from '@storelens/date';

/** The JSON element the server writes the settings into (apps/server/src/web.ts). */
const SETTINGS_ELEMENT_ID = 'storelens-settings';

/** The page's settings: a JSON data block, not a script, so the CSP forbids inline script. */
function pageSettings(): BootSettings | undefined {
  const text = document.getElementById(SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as BootSettings;
  } catch {
    return undefined;
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
  const settings = pageSettings() ?? fallback;
  setStoreTimezone(settings.timezone);
  setWeekStartsOn(settings.startOfWeek as WeekDay);
  return settings;
}
