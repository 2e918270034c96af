/**
 * The CSV reader of uploads (a cost list a shop owner saved from a spreadsheet): the same
 * RFC 4180 reading as the test reader (`./testing`), lenient where spreadsheets differ from
 * the RFC and strict where a file would be read wrongly. Records may end with `\r\n` or `\n`,
 * the last one with no line end; a UTF-8 byte-order mark is skipped; a line with nothing on it
 * is no record. A quote inside an unquoted cell, text after a closing quote, or an unclosed
 * quote is refused with its line, so that a bad file is never read as other values.
 */

/** One record and the line it starts on (1 for the first line of the file). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A file that is not well-formed CSV: `line` is where reading stopped. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

/** The records of CSV text, each with its line number. */
export function readCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  /** Whether the current cell was quoted (then it may not go on after its closing quote). */
  let wasQuoted = false;
  let inQuotes = false;
  let line = 1;
  let start = 1;
  const end = () => {
    cells.push(cell);
    // A line with nothing on it (not even a quoted empty cell) is no record.
    if (!(cells.length === 1 && cells[0] === '' && !wasQuoted))
      records.push({ line: start, cells });
    cells = [];
    cell = '';
    wasQuoted = false;
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === ',') {
      cells.push(cell);
      cell = '';
      wasQuoted = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      end();
      line++;
      start = line;
    } else if (ch === '"') {
      if (cell !== '' || wasQuoted)
        throw new CsvSyntaxError(line, 'a double quote inside a cell that is not quoted.');
      inQuotes = true;
      wasQuoted = true;
    } else {
      if (wasQuoted) throw new CsvSyntaxError(line, 'text after a closing double quote.');
      cell += ch;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(start, 'a double quote is never closed.');
  if (cell !== '' || cells.length > 0 || wasQuoted) end();
  return records;
}
