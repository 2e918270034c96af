/** Rows-per-page choices offered by default. */
export const PER_PAGE_OPTIONS: readonly number[] = [25, 50, 75, 100];

/** Number of pages needed for `total` rows at `perPage` per page (0 when there are no rows). */
export function pageCount(total: number, perPage: number): number {
  if (total <= 0 || perPage <= 0) return 0;
  return Math.ceil(total / perPage);
}

/** Whether a previous page exists. */
export function hasPrevious(page: number): boolean {
  return page > 1;
}

/** Whether a next page exists. */
export function hasNext(page: number, pages: number): boolean {
  return page < pages;
}

/**
 * Reads the page picker's text: a whole number from 1 to `pages`, else `null` (the input is
 * then marked invalid and ignored).
 */
export function parsePageInput(text: string, pages: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page >= 1 && page <= pages ? page : null;
}

/** The page to show after changing rows per page: the last page if the current one would exceed it. */
export function pageAfterPerPageChange(page: number, perPage: number, total: number): number {
  const last = Math.max(1, pageCount(total, perPage));
  return Math.min(Math.max(1, page), last);
}

/** What the pagination bar shows. */
export type PaginationLayout =
  | { kind: 'none' }
  | { kind: 'per-page-only' }
  | { kind: 'full'; pages: number };

/**
 * Nothing when everything fits one page of the smallest size; only the rows-per-page picker
 * when the total exceeds the smallest size but fits the current page; otherwise everything.
 */
export function paginationLayout(
  total: number,
  perPage: number,
  smallestPerPage: number = PER_PAGE_OPTIONS[0] ?? 25,
): PaginationLayout {
  const pages = pageCount(total, perPage);
  if (pages > 1) return { kind: 'full', pages };
  if (total > smallestPerPage) return { kind: 'per-page-only' };
  return { kind: 'none' };
}
