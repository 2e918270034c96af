import type { BootSettings, SegmentView } from '@storelens/api';
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

/**
 * The saved segment "Big spenders" (customers who spent 100 or more: the user's own, not
 * shared) as `GET storelens/v1/segments` lists it, for tests of a page under a segment;
 * `overrides` for what a test is about (its id).
 */
export function bigSpendersSegment(overrides: Partial<SegmentView> = {}): SegmentView {
  return {
    id: 7,
    name: 'Big spenders',
    source: 'customers',
    query: { total_spend_min: 100 },
    shared: false,
    owner_id: 1,
    owner_name: 'Admin',
    mine: true,
    date_created_gmt: '2024-06-01T00:00:00',
    date_modified_gmt: '2024-06-01T00:00:00',
    ...overrides,
  };
}
