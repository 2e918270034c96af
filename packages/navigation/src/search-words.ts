import { getQuery } from './path';
import { parseWordList, type Query } from './query-string';

/**
 * The words of the query's `search` param: comma-separated, each trimmed, empty ones dropped;
 * a comma inside a word is written `%2C`. Reads the current query by default; throws
 * when `search` is not text.
 */
export function getSearchWords(query: Query = getQuery()): string[] {
  const search = query.search;
  if (search === undefined) return [];
  if (typeof search !== 'string') {
    throw new Error("Invalid parameter passed to getSearchWords: 'search' must be text.");
  }
  return parseWordList(search);
}
