import type { BootSettings } from '@storelens/api';
import { defaultCurrencyConfig } from '@storelens/currency';

/**
 * A store's settings as the page boots with them, for component tests: the default currency
 * (US dollars), weeks from Monday, the paid date, no excluded status; `overrides` for what a
 * test is about.
 */
export function testSettings(overrides: Partial<BootSettings> = {}): BootSettings {
  return {
    timezone: 'UTC',
    startOfWeek: 1,
    defaultDateRange: 'period=month&compare=previous_year',
    dateType: 'date_paid',
    currency: defaultCurrencyConfig,
    excludedStatuses: [],
    ...overrides,
  };
}
