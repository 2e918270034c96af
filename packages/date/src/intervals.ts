import { intervalKinds } from '@storelens/api';
import { defaultDateRange as DEFAULT_RANGE } from './constants';
import { getDateDifferenceInDays } from './difference';
import { getDateParamsFromQuery } from './query';
import type { ChartType, DateQuery, Interval, Period } from './types';

/** Every interval, finest first (the contract's `intervalKinds`). */
export const intervals: readonly Interval[] = intervalKinds;

/**
 * Intervals allowed for a custom range spanning `days` (the `before` day minus the `after`
 * day): 365+ day…year, 90+ day…quarter, 28+ day…month, 7+ day and week, 2–6 day, else hour
 * and day.
 */
export function getAllowedIntervalsForSpan(days: number): Interval[] {
  if (days >= 365) return ['day', 'week', 'month', 'quarter', 'year'];
  if (days >= 90) return ['day', 'week', 'month', 'quarter'];
  if (days >= 28) return ['day', 'week', 'month'];
  if (days >= 7) return ['day', 'week'];
  if (days >= 2) return ['day'];
  return ['hour', 'day'];
}

const BY_PERIOD: Record<Exclude<Period, 'custom'>, Interval[]> = {
  today: ['hour', 'day'],
  yesterday: ['hour', 'day'],
  week: ['day'],
  last_week: ['day'],
  month: ['day', 'week'],
  last_month: ['day', 'week'],
  quarter: ['day', 'week', 'month'],
  last_quarter: ['day', 'week', 'month'],
  year: ['day', 'week', 'month', 'quarter'],
  last_year: ['day', 'week', 'month', 'quarter'],
};

/** The intervals a report query allows, finest first (never empty). */
export function getAllowedIntervalsForQuery(
  query: DateQuery,
  defaultDateRange: string = DEFAULT_RANGE,
): Interval[] {
  const { period, after, before } = getDateParamsFromQuery(query, defaultDateRange);
  if (period === 'custom' && after && before) {
    return getAllowedIntervalsForSpan(getDateDifferenceInDays(before, after));
  }
  return period === 'custom' ? ['day'] : [...BY_PERIOD[period]];
}

/** The query's `interval` when allowed, else the first allowed interval. */
export function getIntervalForQuery(
  query: DateQuery,
  defaultDateRange: string = DEFAULT_RANGE,
): Interval {
  const allowed = getAllowedIntervalsForQuery(query, defaultDateRange);
  const wanted = allowed.find((interval) => interval === query.interval);
  return wanted ?? allowed[0] ?? 'day';
}

/**
 * The query's `chartType` (`line` or `bar`), `line` by default: the chart's type toggle writes
 * `chartType`, and `type` belongs to other reports (e.g. the stock report's filter).
 */
export function getChartTypeForQuery(query: DateQuery): ChartType {
  return query.chartType === 'bar' ? 'bar' : 'line';
}
