import type { ChartInterval, ChartMode } from '../types';
import type { DateAt } from './dates';

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
export function getFirstIndexPerMonth(count: number, dateAt: DateAt): number[] {
  const result: number[] = [];
  let previous = '';
  for (let index = 0; index < count; index++) {
    const date = dateAt(index);
    const month = date ? `${date.getFullYear()}-${date.getMonth()}` : '';
    if (index === 0 || month !== previous) result.push(index);
    previous = month;
  }
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
  count: number,
  dateAt: DateAt,
  width: number,
  mode: ChartMode,
  interval: ChartInterval,
): number[] {
  const max = getMaxXTicks(width, mode);
  if (shouldCollapseToMonths(interval, count)) {
    return thinToMax(getFirstIndexPerMonth(count, dateAt), max);
  }
  // Every index is a candidate: pick the thinned ones directly, without listing all of them.
  const step = count <= max ? 1 : Math.ceil(count / Math.max(1, max));
  const indexes: number[] = [];
  for (let index = (count - 1) % step; index < count; index += step) indexes.push(index);
  return indexes;
}
