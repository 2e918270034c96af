import { __ } from '@storelens/i18n';
import type { Compare, LabelledOption, Period } from './types';

/** ISO day format (dayjs tokens), as used in `after`/`before` query parameters. */
export const isoDateFormat = 'YYYY-MM-DD';

/** ISO date-time format without offset (dayjs tokens), as sent to the REST API. */
export const defaultDateTimeFormat = 'YYYY-MM-DDTHH:mm:ss';

/** Date format of table cells (dayjs tokens). */
export const defaultTableDateFormat = 'MM/DD/YYYY';

/** Day series with this many points or more label only the first day of each month. */
export const dayTicksThreshold = 63;

/** Week series with this many points or more label only the first week of each month. */
export const weekTicksThreshold = 9;

/** An option whose label is translated each time it is read (so late-loaded locales apply). */
function option<V extends string>(value: V, text: string): LabelledOption<V> {
  return Object.freeze({
    value,
    get label() {
      return __(text);
    },
  });
}

/** Period presets of the date-range picker, in display order, ending with Custom. */
export const presetValues: ReadonlyArray<LabelledOption<Period>> = Object.freeze([
  option('today', 'Today'),
  option('yesterday', 'Yesterday'),
  option('week', 'Week to date'),
  option('last_week', 'Last week'),
  option('month', 'Month to date'),
  option('last_month', 'Last month'),
  option('quarter', 'Quarter to date'),
  option('last_quarter', 'Last quarter'),
  option('year', 'Year to date'),
  option('last_year', 'Last year'),
  option('custom', 'Custom'),
]);

/** Comparison options ("compare to"). */
export const periods: ReadonlyArray<LabelledOption<Compare>> = Object.freeze([
  option('previous_period', 'Previous period'),
  option('previous_year', 'Previous year'),
]);

/** The messages of typed-date validation (translated when read). */
export const dateValidationMessages: {
  readonly invalid: string;
  readonly future: string;
  readonly startAfterEnd: string;
  readonly endBeforeStart: string;
} = Object.freeze({
  get invalid() {
    return __('Invalid date');
  },
  get future() {
    return __('Select a date in the past');
  },
  get startAfterEnd() {
    return __('Start date must be before end date');
  },
  get endBeforeStart() {
    return __('Start date must be before end date');
  },
});

/** Default date query when the URL has none. */
export const defaultDateRange = 'period=month&compare=previous_year';

/** True when `value` is a known period. */
export function isPeriod(value: unknown): value is Period {
  return presetValues.some((preset) => preset.value === value);
}

/** True when `value` is a known comparison option. */
export function isCompare(value: unknown): value is Compare {
  return periods.some((period) => period.value === value);
}
