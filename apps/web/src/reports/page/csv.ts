import type { Query } from '@storelens/navigation';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * `<title>_<YYYY-MM-DD>_<key>-<value>…csv`: the report, the day, then the
 * query that shaped the rows, without the app's own params, `extended_info`, and the id list a
 * search resolved to.
 */
export function reportCsvFileName(
  title: string,
  date: Date,
  query: Query,
  searchIdParam?: string,
): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const skip = new Set(['page', 'path', 'extended_info']);
  if (query.search && searchIdParam) skip.add(searchIdParam);
  const pairs = Object.entries(query)
    .filter(([key, value]) => !skip.has(key) && value !== undefined && value !== '')
    .map(([key, value]) =>
      slug(`${key}-${Array.isArray(value) ? value.flat().join('-') : String(value)}`),
    )
    .filter((part) => part !== '');
  return `${[slug(title) || 'report', day, ...pairs].join('_')}.csv`;
}
