import type { IntervalLike } from './chart-rows';
import type { TableState } from './table-state';

/**
 * Sorts stats intervals (the rows of a table read from a stats answer, as Revenue's days) by
 * date or a subtotal, ties by date, and returns the page asked for.
 */
export function pageOfIntervals<T extends IntervalLike>(
  intervals: readonly T[],
  state: TableState,
): T[] {
  const dir = state.order === 'asc' ? 1 : -1;
  const value = (i: T) => (state.orderby === 'date' ? 0 : Number(i.subtotals[state.orderby] ?? 0));
  const sorted = [...intervals].sort(
    (a, b) => dir * (value(a) - value(b)) || dir * a.date_start.localeCompare(b.date_start),
  );
  const start = (state.page - 1) * state.perPage;
  return sorted.slice(start, start + state.perPage);
}
