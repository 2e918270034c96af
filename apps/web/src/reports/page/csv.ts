import type { TableCell, TableHeader } from '@storelens/components';
import type { Query } from '@storelens/navigation';
import { stringify } from 'csv-stringify/browser/esm/sync';

// A spreadsheet runs a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell value as CSV text. Text a spreadsheet would run as a formula gets a leading tab
 * so it is shown, never evaluated; numbers are written as they are.
 */
export function csvCell(value: TableCell['value']): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  return FORMULA_START.test(value) ? `\t${value}` : value;
}

/** The report's CSV: every column's label, then each row's raw values (not their display). */
export function reportCsv(
  headers: readonly TableHeader[],
  rows: readonly (readonly TableCell[])[],
): string {
  return stringify(
    [
      headers.map((h) => csvCell(h.label)),
      ...rows.map((row) => headers.map((_, i) => csvCell(row[i]?.value ?? null))),
    ],
    { record_delimiter: 'unix', quoted_match: /^\t/ },
  );
}

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
