import { DEFAULT_PAGE } from './admin-url';
import { getHistory } from './history';
import { parseQuery, type Query, type QueryInput, stringifyQuery } from './query-string';

/** Report query parameters kept when navigating between reports. */
export const persistedQueryParams = [
  'period',
  'compare',
  'before',
  'after',
  'interval',
  'type',
] as const;

/** One of the persisted report query parameters. */
export type PersistedQueryParam = (typeof persistedQueryParams)[number];

/** The in-app route of the current location ('/' when the `path` param is missing). */
export function getPath(): string {
  return getHistory().location.pathname;
}

/** The current location's query, parsed (includes `page` and `path`). */
export function getQuery(): Query {
  return parseQuery(getHistory().location.search);
}

/**
 * The admin href for a route and query: `admin.php?page=<page>&path=<path>&…`, where the
 * current query is merged under the new one (undefined/null values remove a param) and `path`
 * is left out at the root.
 */
export function getNewPath(
  query: QueryInput,
  path: string = getPath(),
  currentQuery: QueryInput = getQuery(),
  page: string = DEFAULT_PAGE,
): string {
  const { page: _page, path: _path, ...rest } = { ...currentQuery, ...query };
  const route = path === '' ? '/' : path;
  const args: QueryInput = route === '/' ? { page, ...rest } : { page, path: route, ...rest };
  return `admin.php?${stringifyQuery(args)}`;
}

/** Navigates (history push) to the route with the query merged into the current one. */
export function updateQueryString(
  query: QueryInput,
  path: string = getPath(),
  currentQuery: QueryInput = getQuery(),
  page: string = DEFAULT_PAGE,
): void {
  getHistory().push(getNewPath(query, path, currentQuery, page));
}

/** The persisted report params of a query (period, compare, before, after, interval, type). */
export function getPersistedQuery(
  query: Query = getQuery(),
): Partial<Record<PersistedQueryParam, string>> {
  const persisted: Partial<Record<PersistedQueryParam, string>> = {};
  for (const name of persistedQueryParams) {
    const value = query[name];
    if (typeof value === 'string') persisted[name] = value;
  }
  return persisted;
}
