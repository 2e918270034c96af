import {
  defaultDateRange as DEFAULT_RANGE,
  isCompare,
  isPeriod,
  periods,
  presetValues,
} from './constants';
import type { Dayjs } from './dayjs';
import { getDateValue } from './periods';
import { getRangeLabel } from './range-label';
import { appendTimestamp } from './timestamp';
import { toStoreDate } from './to-store-date';
import type { CurrentDates, DateParams, DateQuery } from './types';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/;

/** Reads an `after`/`before` parameter as a store-local day, or null when absent or invalid. */
function readDay(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return null;
  const day = toStoreDate(value.slice(0, 10));
  return day.isValid() && day.format('YYYY-MM-DD') === value.slice(0, 10) ? day : null;
}

type Source = Readonly<Record<string, unknown>>;

function resolve(
  source: Source,
  fallback: Omit<DateParams, 'after' | 'before'>,
): DateParams | null {
  const period = isPeriod(source.period) ? source.period : fallback.period;
  const compare = isCompare(source.compare) ? source.compare : fallback.compare;
  if (period !== 'custom') return { period, compare, after: null, before: null };
  const after = readDay(source.after);
  const before = readDay(source.before);
  if (!after || !before || after.isAfter(before)) return null;
  return { period, compare, after, before };
}

/**
 * The date parameters of a report query: `period` and `compare` from the query, each falling
 * back to `defaultDateRange` (a query string, default `period=month&compare=previous_year`);
 * `after`/`before` days for a custom period. A custom period without two valid days in order
 * falls back to the default range.
 */
export function getDateParamsFromQuery(
  query: DateQuery,
  defaultDateRange: string = DEFAULT_RANGE,
): DateParams {
  const defaults = Object.fromEntries(new URLSearchParams(defaultDateRange));
  const base = resolve(defaults, { period: 'month', compare: 'previous_year' }) ?? {
    period: 'month',
    compare: 'previous_year',
    after: null,
    before: null,
  };
  return resolve(query, base) ?? base;
}

/**
 * The primary range (label of its period, readable range, ends) and the secondary range it is
 * compared with (label of the comparison option, readable range, ends) for a report query.
 */
export function getCurrentDates(
  query: DateQuery,
  defaultDateRange: string = DEFAULT_RANGE,
): CurrentDates {
  const { period, compare, after, before } = getDateParamsFromQuery(query, defaultDateRange);
  const value = getDateValue(period, compare, after, before);
  const periodLabel = presetValues.find((preset) => preset.value === period)?.label ?? '';
  const compareLabel = periods.find((option) => option.value === compare)?.label ?? '';
  return {
    primary: {
      label: periodLabel,
      range: getRangeLabel(value.primaryStart, value.primaryEnd),
      after: value.primaryStart,
      before: value.primaryEnd,
    },
    secondary: {
      label: compareLabel,
      range: getRangeLabel(value.secondaryStart, value.secondaryEnd),
      after: value.secondaryStart,
      before: value.secondaryEnd,
    },
  };
}

/** `after`/`before` REST parameters of one range: its first day's start and last day's end. */
export interface ReportDateParams {
  after: string;
  before: string;
}

/**
 * The REST date parameters of a report query: `after` at the start of the first
 * day and `before` at the end of the last day, for the primary and the secondary range.
 */
export function getReportDateParams(
  query: DateQuery,
  defaultDateRange: string = DEFAULT_RANGE,
): { primary: ReportDateParams; secondary: ReportDateParams } {
  const { primary, secondary } = getCurrentDates(query, defaultDateRange);
  return {
    primary: {
      after: appendTimestamp(primary.after, 'start'),
      before: appendTimestamp(primary.before, 'end'),
    },
    secondary: {
      after: appendTimestamp(secondary.after, 'start'),
      before: appendTimestamp(secondary.before, 'end'),
    },
  };
}
