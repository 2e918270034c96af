import type { IntervalLike } from './chart-rows';

/** The table's sort and page, read from the URL query. */
export interface TableState {
  orderby: string;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** Reads the table state from the query; bad values fall back to date, desc, page 1, 25. */
export function tableState(
  query: Record<string, unknown>,
  sortable: readonly string[],
): TableState {
  const int = (value: unknown, fallback: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const orderby =
    typeof query.orderby === 'string' && sortable.includes(query.orderby) ? query.orderby : 'date';
  return {
    orderby,
    order: query.order === 'asc' ? 'asc' : 'desc',
    page: int(query.paged, 1),
    perPage: [25, 50, 75, 100].includes(int(query.per_page, 25)) ? int(query.per_page, 25) : 25,
  };
}

/** Sorts intervals by date or a subtotal (ties by date) and returns the page asked for. */
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
