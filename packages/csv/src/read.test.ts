import fc from 'fast-check';
import { expect, it } from 'vitest';
import { csvRow } from './index';
import { CsvSyntaxError, readCsv } from './read';

it('reads back what the writer wrote, with LF or CRLF line ends, each record with its line', () => {
  const text = fc.string({ unit: fc.constantFrom('a', '1', ',', '"', '\n', ' ', 'é', '.') });
  fc.assert(
    fc.property(
      fc.array(fc.array(text, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.boolean(),
      (rows, crlf, lastEnd) => {
        // Digits-and-dot cells stay as they are; others may gain the formula quote, never here.
        let csv = rows.map((r) => csvRow(r)).join('');
        if (crlf) csv = csv.replace(/\n(?=(?:[^"]*"[^"]*")*[^"]*$)/g, '\r\n');
        if (!lastEnd) csv = csv.replace(/\r?\n$/, '');
        const read = readCsv(csv);
        expect(read.map((r) => r.cells)).toEqual(rows);
        // Each record starts on the line after the previous one's last line.
        let line = 1;
        read.forEach((r, i) => {
          expect(r.line).toBe(line);
          line += 1 + rows[i]!.join('').split('\n').length - 1;
        });
      },
    ),
  );
});

it('skips a byte-order mark and empty lines, and refuses malformed quoting with its line', () => {
  expect(readCsv('\uFEFFsku,cost\n\nA,1\r\n\r\nB,2')).toEqual([
    { line: 1, cells: ['sku', 'cost'] },
    { line: 3, cells: ['A', '1'] },
    { line: 5, cells: ['B', '2'] },
  ]);
  for (const [bad, line] of [
    ['a,b\nx"y,1\n', 2],
    ['a,b\n"x"y,1\n', 2],
    ['a,b\n1,2\n"open,3\n', 3],
  ] as const) {
    expect(() => readCsv(bad)).toThrow(CsvSyntaxError);
    try {
      readCsv(bad);
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(line);
    }
  }
});
