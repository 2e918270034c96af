import fc from 'fast-check';
import { csvFileName, csvValue, saveTextFile, tableToCsv } from './csv';
import type { TableHeader, TableRow } from './types';

const headers: TableHeader[] = [
  { key: 'name', label: 'Product' },
  { key: 'sold', label: 'Items sold' },
];

/** A small RFC 4180 reader, only for checking the writer. */
function parseCsv(text: string): string[][] {
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
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

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

  it('round-trips any text through a CSV reader', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.integer()), { maxLength: 10 }), (data) => {
        const rows: TableRow[] = data.map(([text, n]) => [
          { display: text, value: text },
          { display: String(n), value: n },
        ]);
        const parsed = parseCsv(tableToCsv(headers, rows));
        expect(parsed[0]).toEqual(['Product', 'Items sold']);
        expect(parsed.slice(1)).toEqual(data.map(([text, n]) => [csvValue(text), String(n)]));
      }),
    );
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvValue('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvValue('@cmd')).toBe("'@cmd");
    expect(csvValue('-2+3')).toBe("'-2+3");
    expect(csvValue(-5)).toBe('-5');
    expect(csvValue(true)).toBe('true');
    expect(csvValue(null)).toBe('');
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
