import type { SortOrder, TableHeader, TableQuery, TableRow, TableSort } from './types';

/** The key of the default-sort column, else the first column's; `undefined` without columns. */
export function defaultSortKey(headers: readonly TableHeader[]): string | undefined {
  return (headers.find((h) => h.defaultSort) ?? headers[0])?.key;
}

/** The sort in effect: the query's, else the default column with its default order (desc). */
export function currentSort(headers: readonly TableHeader[], query: TableQuery): TableSort {
  const orderby = query.orderby ?? defaultSortKey(headers) ?? '';
  const header = headers.find((h) => h.key === orderby);
  const order = query.order ?? (query.orderby === undefined ? header?.defaultOrder : undefined);
  return { orderby, order: order ?? 'desc' };
}

/** Clicking a header: the sorted column flips between desc and asc; a new column starts desc. */
export function sortAfterClick(current: TableSort, key: string): TableSort {
  if (current.orderby === key) {
    return { orderby: key, order: flipOrder(current.order) };
  }
  return { orderby: key, order: 'desc' };
}

/**
 * Hiding a column: when it is the sorted one the sort resets to the default-sort column (or the
 * first; the first still shown if that is the one being hidden) with desc; otherwise `null`.
 */
export function sortAfterHiding(
  headers: readonly TableHeader[],
  current: TableSort,
  hiddenKey: string,
  hiddenKeys: ReadonlySet<string>,
): TableSort | null {
  if (current.orderby !== hiddenKey) return null;
  const fallback = defaultSortKey(headers);
  const orderby =
    fallback !== undefined && fallback !== hiddenKey
      ? fallback
      : headers.find((h) => h.key !== hiddenKey && !hiddenKeys.has(h.key))?.key;
  return orderby === undefined ? null : { orderby, order: 'desc' };
}

/** The `aria-sort` value of a header. */
export function ariaSort(
  header: TableHeader,
  sort: TableSort,
): 'ascending' | 'descending' | undefined {
  if (!header.isSortable || header.key !== sort.orderby) return undefined;
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

function compareValues(a: TableRow[number]['value'], b: TableRow[number]['value']): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * Sorts rows locally by a column's raw values (numbers numerically, text naturally, nulls
 * first ascending); stable. Reports sort on the server; this serves local data.
 */
export function sortRows(
  rows: readonly TableRow[],
  headers: readonly TableHeader[],
  sort: TableSort,
): TableRow[] {
  const index = headers.findIndex((h) => h.key === sort.orderby);
  if (index < 0) return [...rows];
  const direction: number = sort.order === 'asc' ? 1 : -1;
  return rows
    .map((row, position) => ({ row, position }))
    .sort(
      (x, y) =>
        direction * compareValues(x.row[index]?.value ?? null, y.row[index]?.value ?? null) ||
        x.position - y.position,
    )
    .map(({ row }) => row);
}

/** The opposite direction. */
export function flipOrder(order: SortOrder): SortOrder {
  return order === 'asc' ? 'desc' : 'asc';
}
