/**
 * The one CSV writer of Storelens: the dashboard's download of a table and the server's report
 * export both write every cell through {@link csvCell}, so a file has one formula policy
 * whichever path wrote it.
 */

/**
 * A spreadsheet (Excel, LibreOffice, Google Sheets) runs a cell that starts with one of these
 * as a formula: `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text that is only a decimal number: an optional minus, digits, an optional fraction. A
 * spreadsheet reads it as that number; nothing in it can name a function, a cell or another
 * program, so it is written as it stands (`-12.50` stays the number -12.5 in the sheet).
 */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A cell that must be quoted (RFC 4180): it holds the separator, a double quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A value as the text of one CSV cell, quoted when RFC 4180 requires it.
 *
 * - `null` and `undefined` are an empty cell.
 * - A finite number (or a bigint) is written as JavaScript writes it, negative ones included:
 *   a number is never read as a formula, and neutralising `-12.5` would turn it into text.
 * - Text is kept as it is unless a spreadsheet would run it: text starting with `=`, `+`, `-`,
 *   `@`, a tab or a carriage return gets a leading `'`, which makes it shown, not evaluated
 *   (`=HYPERLINK(…)` → `'=HYPERLINK(…)`). Text that is only a decimal number (`-12.50`) is the
 *   exception: it is a number to the spreadsheet, and stays one.
 * - Anything else (booleans, non-finite numbers, objects) is written as text by the same
 *   rule: `true`, `-Infinity` → `'-Infinity`, an object as its JSON.
 *
 * A cell with a comma, a double quote, a carriage return or a line feed is put in double
 * quotes, its double quotes doubled.
 */
export function csvCell(value: unknown): string {
  return quoted(cellText(value));
}

/** The cell's text before quoting: numbers as they are, text neutralised. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? (JSON.stringify(value) ?? '')
        : String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * One CSV record: its cells through {@link csvCell}, joined by commas, ended by a line feed
 * (`\n`; every spreadsheet reads it, and the files have always ended lines so). A record of
 * one empty cell is written `""`, so that it is not read as an empty line.
 */
export function csvRow(values: readonly unknown[]): string {
  const cells = values.map(csvCell);
  return `${cells.length === 1 && cells[0] === '' ? '""' : cells.join(',')}\n`;
}

/** Records as CSV text, one {@link csvRow} each. */
export function csvText(rows: readonly (readonly unknown[])[]): string {
  return rows.map(csvRow).join('');
}

export { type CsvRecord, CsvSyntaxError, readCsv } from './read';
