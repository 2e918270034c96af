import type { OrdersListRow } from '@storelens/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toQueryString } from '../routes/query-validation';
import { parseQuery } from '../routes/querystring';
import { type ExportColumn, revenueSource, valueAt } from './export-sources';

describe('ExportColumn', () => {
  it("takes only the paths of the report's row type", () => {
    const columns: ExportColumn<OrdersListRow>[] = [
      { key: 'net_total', header: 'Net sales' },
      { key: 'extended_info.products', header: 'Product(s)' },
      // @ts-expect-error: a field the orders row does not have
      { key: 'net_totals', header: 'Net sales' },
      // @ts-expect-error: nor its extended info
      { key: 'extended_info.product', header: 'Product(s)' },
    ];
    expect(columns).toHaveLength(4);
  });
});

describe('valueAt', () => {
  it('reads dot paths, joins lists of named objects, and blanks missing values', () => {
    const row = {
      net_total: 12.5,
      extended_info: {
        products: [
          { id: 1, name: 'Mug' },
          { id: 2, name: 'Tee - Red' },
        ],
        coupons: [{ id: 9, code: 'save5' }],
        customer: {},
      },
      zero: 0,
    };
    expect(valueAt(row, 'net_total')).toBe(12.5);
    expect(valueAt(row, 'extended_info.products')).toBe('Mug, Tee - Red');
    expect(valueAt(row, 'extended_info.coupons')).toBe('save5');
    expect(valueAt(row, 'extended_info.customer.name')).toBe('');
    expect(valueAt(row, 'zero')).toBe(0);
    expect(valueAt(null, 'a.b')).toBe('');
  });
});

describe('toQueryString', () => {
  it('writes lists as a[]= and lists of lists as a[i][]=', () => {
    expect(
      decodeURIComponent(
        toQueryString({ a: 'x', b: [1, 2], c: [['p', 'q'], ['r']], d: null, e: undefined }),
      ),
    ).toBe('a=x&b[]=1&b[]=2&c[0][]=p&c[0][]=q&c[1][]=r');
  });

  it('writes numbers and booleans as text and an object as its JSON', () => {
    expect(decodeURIComponent(toQueryString({ n: 3, t: true, o: { a: [1] } }))).toBe(
      'n=3&t=true&o={"a":[1]}',
    );
  });

  it("round-trips through the server's query parser (property)", () => {
    const text = fc.string({ minLength: 1 });
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.stringMatching(/^[a-z_]{1,8}$/),
          fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 4 })),
        ),
        (query) => {
          expect(parseQuery(toQueryString(query))).toEqual(query);
        },
      ),
    );
  });
});

describe('revenueSource.isEmpty', () => {
  it('looks at the totals of the whole range, not the first page', () => {
    const page = { page: 1, totalPages: 4, rows: [] };
    expect(
      revenueSource.isEmpty({ ...page, totals: { orders_count: 0, total_sales: 0, refunds: 0 } }),
    ).toBe(true);
    expect(
      revenueSource.isEmpty({ ...page, totals: { orders_count: 0, total_sales: 0, refunds: 5 } }),
    ).toBe(false);
    expect(revenueSource.isEmpty(page)).toBe(true);
  });
});
