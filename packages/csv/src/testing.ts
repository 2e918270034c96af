/**
 * For tests only (`@storelens/csv/testing`): a small RFC 4180 reader to read back what the
 * writer wrote. It refuses what RFC 4180 does not allow (a quote inside an unquoted cell, a
 * bare carriage return, an unclosed quote, a last record without its line end), so a test
 * that reads a file through it also checks that the file is well formed.
 */
/** The records of CSV text whose records end with `\n`. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') {
      // A quote opens a field only at its start (RFC 4180); elsewhere it would be malformed.
      if (field !== '') throw new Error(`A quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (ch === '\r') throw new Error(`A bare carriage return at ${i}`);
    else field += ch;
  }
  if (quoted) throw new Error('An unclosed quote');
  if (field !== '' || row.length > 0) throw new Error('The last record has no line end');
  return rows;
}
