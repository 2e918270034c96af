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
  // An unknown figure (null: a profit without a known cost) sorts below every known one, as the
  // server's lists sort it: last in a descending sort, first in an ascending one.
  const value = (i: T) => {
    if (state.orderby === 'date') return 0;
    const v = i.subtotals[state.orderby];
    return v === null ? Number.NEGATIVE_INFINITY : Number(v ?? 0);
  };
  const sorted = [...intervals].sort(
    (a, b) => dir * (value(a) - value(b)) || dir * a.date_start.localeCompare(b.date_start),
  );
  const start = (state.page - 1) * state.perPage;
  return sorted.slice(start, start + state.perPage);
}
