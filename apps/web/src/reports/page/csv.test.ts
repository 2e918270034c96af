import type { TableHeader } from '@storelens/components';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, reportCsv, reportCsvFileName } from './csv';

const headers: TableHeader[] = [
  { key: 'name', label: 'Product title' },
  { key: 'sold', label: 'Items sold' },
];

describe('reportCsv', () => {
  it('writes the labels and the raw values, quoting commas and quotes', () => {
    const csv = reportCsv(headers, [
      [
        { display: 'x', value: 'Cap, "blue"' },
        { display: '1,000', value: 1000 },
      ],
    ]);
    expect(csv).toBe('Product title,Items sold\n"Cap, ""blue""",1000\n');
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('\t=HYPERLINK("x")');
    expect(csvCell('-2')).toBe('\t-2');
    expect(csvCell(-2)).toBe('-2');
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvCell(value);
        expect(/^[=+\-@]/.test(cell)).toBe(false);
        expect(cell === value || cell === `\t${value}`).toBe(true);
      }),
    );
    expect(
      reportCsv(headers, [
        [
          { display: '', value: '=1+1' },
          { display: '', value: 2 },
        ],
      ]),
    ).toBe('Product title,Items sold\n"\t=1+1",2\n');
  });
});

describe('reportCsvFileName', () => {
  it('names the file by report, day and query, without app params or searched ids', () => {
    expect(
      reportCsvFileName('Orders', new Date(2026, 0, 5), {
        page: 'wc-admin',
        path: '/analytics/orders',
        period: 'last_year',
        status_is: 'completed',
      }),
    ).toBe('orders_2026-01-05_period-last-year_status-is-completed.csv');
    expect(
      reportCsvFileName(
        'Products',
        new Date(2026, 0, 5),
        { search: 'cap', products: '1,2' },
        'products',
      ),
    ).toBe('products_2026-01-05_search-cap.csv');
  });
});
