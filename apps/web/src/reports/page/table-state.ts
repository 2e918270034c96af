import type { SortOrder, TableHeader } from '@storelens/components';
import type { Query } from '@storelens/navigation';

/** The table's sort and page, as read from the URL query. */
export interface TableState {
  readonly orderby: string;
  readonly order: SortOrder;
  readonly page: number;
  readonly perPage: number;
}

/** The page sizes the table offers. */
export const PER_PAGE_CHOICES = [25, 50, 75, 100] as const;

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * Reads the table state from the query: `orderby` only when a sortable column of the table,
 * `order` asc/desc, `paged` a positive integer, `per_page` one of the offered sizes; anything
 * else falls back to the table's defaults, so a hand-edited URL never reaches the API.
 */
export function readTableState(
  query: Query,
  headers: readonly TableHeader[],
  defaults: { readonly orderby: string; readonly order: SortOrder },
): TableState {
  const sortable = headers.filter((h) => h.isSortable).map((h) => h.key);
  const orderby =
    typeof query.orderby === 'string' && sortable.includes(query.orderby)
      ? query.orderby
      : defaults.orderby;
  const order: SortOrder =
    query.order === 'asc' || query.order === 'desc'
      ? query.order
      : orderby === defaults.orderby
        ? defaults.order
        : 'desc';
  const perPage = positiveInt(query.per_page);
  return {
    orderby,
    order,
    page: positiveInt(query.paged) ?? 1,
    perPage:
      perPage !== undefined && (PER_PAGE_CHOICES as readonly number[]).includes(perPage)
        ? perPage
        : 25,
  };
}

/** Params whose change keeps the page number, besides `paged` itself. */
const KEEPS_PAGE = new Set(['chartType', 'paged', 'chart']);

/**
 * The query after a navigation, with `paged` dropped when any other param (a filter, the
 * range, the sort, the page size…) changed while on a later page: page 3 of the old list is
 * not page 3 of the new one. Changes of only the chart type or metric keep the page.
 */
export function resetPagingOnChange(previous: Query, next: Query): Query {
  if (next.paged === undefined || next.paged === '1') return next;
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]);
  for (const key of keys) {
    if (KEEPS_PAGE.has(key)) continue;
    if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) {
      const { paged: _paged, ...rest } = next;
      return rest;
    }
  }
  return next;
}
