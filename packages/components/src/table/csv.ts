import { csvText } from '@storelens/csv';
import type { TableHeader, TableRow } from './types';

/**
 * The CSV text of a table: a header line of labels, then one line per row of raw values,
 * written by `@storelens/csv` (text a spreadsheet would run as a formula gets a leading `'`;
 * numbers stay numbers).
 */
export function tableToCsv(headers: readonly TableHeader[], rows: readonly TableRow[]): string {
  return csvText([
    headers.map((h) => h.label),
    ...rows.map((row) => headers.map((_, i) => row[i]?.value ?? null)),
  ]);
}

/** A file name for a table's CSV: the title in kebab case plus the date, e.g. `revenue_2026-01-05.csv`. */
export function csvFileName(title: string, date: Date): string {
  const slug =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'table';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${slug}_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}

/** Saves text as a file through a temporary Blob link. */
export function saveTextFile(
  fileName: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
