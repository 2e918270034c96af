import type { ChartInterval, ChartMode } from '../types';

/**
 * How many x-axis labels fit a chart width: 7 under 783 px, 12 up to 1130, then 16
 * (time-comparison) or 12 up to 1365, and 31 or 16 above.
 */
export function getMaxXTicks(width: number, mode: ChartMode): number {
  if (width < 783) return 7;
  if (width < 1130) return 12;
  const isTime = mode === 'time-comparison';
  if (width < 1365) return isTime ? 16 : 12;
  return isTime ? 31 : 16;
}

/** Whether labels collapse to the first point of each month: day ≥ 63 points, week ≥ 9. */
export function shouldCollapseToMonths(interval: ChartInterval, count: number): boolean {
  return (interval === 'day' && count >= 63) || (interval === 'week' && count >= 9);
}

/** Indexes of the first point of each month (the first point always counts). */
export function getFirstIndexPerMonth(dates: readonly Date[]): number[] {
  const result: number[] = [];
  let previous = '';
  dates.forEach((date, index) => {
    const month = `${date.getFullYear()}-${date.getMonth()}`;
    if (month !== previous) result.push(index);
    previous = month;
  });
  return result;
}

/** Thins a list to at most `max` entries by a fixed step, always keeping the last entry. */
export function thinToMax<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const step = Math.ceil(items.length / Math.max(1, max));
  const last = items.length - 1;
  return items.filter((_item, index) => (last - index) % step === 0);
}

/** Indexes of the dates that get an x-axis label. */
export function getXTickIndexes(
  dates: readonly Date[],
  width: number,
  mode: ChartMode,
  interval: ChartInterval,
): number[] {
  const max = getMaxXTicks(width, mode);
  const candidates = shouldCollapseToMonths(interval, dates.length)
    ? getFirstIndexPerMonth(dates)
    : dates.map((_date, index) => index);
  return thinToMax(candidates, max);
}
