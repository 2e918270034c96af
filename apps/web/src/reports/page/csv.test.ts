import { describe, expect, it } from 'vitest';
import { reportCsvFileName } from './csv';

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
