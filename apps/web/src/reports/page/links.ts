import { getNewPath, getPersistedQuery, type Query } from '@storelens/navigation';

/**
 * The href of another report view that keeps the current date range (the persisted params,
 * PAGES.md §1.4), e.g. a product row to its single-product view.
 */
export function reportHref(
  path: string,
  params: Readonly<Record<string, string | number>>,
  query: Query,
): string {
  const args = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return getNewPath({ ...getPersistedQuery(query), ...args }, path, {});
}
