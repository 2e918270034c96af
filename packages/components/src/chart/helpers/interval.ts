import { __ } from '@storelens/i18n';
import type { ChartInterval } from '../types';

/** Every interval, smallest first. */
export const ALL_INTERVALS: readonly ChartInterval[] = [
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
];

/** The interval selector label, translated. */
export function getIntervalLabel(interval: ChartInterval): string {
  switch (interval) {
    case 'hour':
      return __('By hour');
    case 'day':
      return __('By day');
    case 'week':
      return __('By week');
    case 'month':
      return __('By month');
    case 'quarter':
      return __('By quarter');
    case 'year':
      return __('By year');
  }
}

/** The interval in use: the chosen one if allowed, else the first allowed (or the chosen one). */
export function resolveInterval(
  interval: ChartInterval,
  allowed: readonly ChartInterval[] | undefined,
): ChartInterval {
  if (!allowed || allowed.length === 0 || allowed.includes(interval)) return interval;
  return allowed[0] ?? interval;
}
