import fc from 'fast-check';
import {
  ariaSort,
  currentSort,
  defaultSortKey,
  sortAfterClick,
  sortAfterHiding,
  sortRows,
} from './sort';
import type { TableHeader, TableRow } from './types';

const headers: TableHeader[] = [
  { key: 'date', label: 'Date', isSortable: true, required: true },
  { key: 'orders', label: 'Orders', isSortable: true, defaultSort: true, isNumeric: true },
  { key: 'net', label: 'Net sales', isSortable: true, isNumeric: true, defaultOrder: 'asc' },
  { key: 'note', label: 'Note' },
];

describe('default and current sort', () => {
  it('uses the default-sort column, else the first', () => {
    expect(defaultSortKey(headers)).toBe('orders');
    expect(defaultSortKey(headers.map((h) => ({ ...h, defaultSort: false })))).toBe('date');
    expect(defaultSortKey([])).toBeUndefined();
  });

  it('takes the query first and falls back to the default column, desc', () => {
    expect(currentSort(headers, {})).toEqual({ orderby: 'orders', order: 'desc' });
    expect(currentSort(headers, { orderby: 'date', order: 'asc' })).toEqual({
      orderby: 'date',
      order: 'asc',
    });
    expect(currentSort(headers, { orderby: 'net' })).toEqual({ orderby: 'net', order: 'desc' });
  });

  it("uses the default column's default order when the query names no column", () => {
    const netDefault = headers.map((h) => ({ ...h, defaultSort: h.key === 'net' }));
    expect(currentSort(netDefault, {})).toEqual({ orderby: 'net', order: 'asc' });
  });
});

describe('sortAfterClick', () => {
  it('flips the sorted column between desc and asc', () => {
    expect(sortAfterClick({ orderby: 'net', order: 'desc' }, 'net')).toEqual({
      orderby: 'net',
      order: 'asc',
    });
    expect(sortAfterClick({ orderby: 'net', order: 'asc' }, 'net')).toEqual({
      orderby: 'net',
      order: 'desc',
    });
  });

  it('starts a new column at desc whatever the previous direction', () => {
    fc.assert(
      fc.property(fc.constantFrom('asc' as const, 'desc' as const), (order) => {
        expect(sortAfterClick({ orderby: 'net', order }, 'orders')).toEqual({
          orderby: 'orders',
          order: 'desc',
        });
      }),
    );
  });
});

describe('sortAfterHiding', () => {
  it('resets to the default-sort column, desc, when the sorted column is hidden', () => {
    expect(sortAfterHiding(headers, { orderby: 'net', order: 'asc' }, 'net', new Set())).toEqual({
      orderby: 'orders',
      order: 'desc',
    });
  });

  it('resets to the first column when there is no default-sort column', () => {
    const plain = headers.map((h) => ({ ...h, defaultSort: false }));
    expect(sortAfterHiding(plain, { orderby: 'net', order: 'asc' }, 'net', new Set())).toEqual({
      orderby: 'date',
      order: 'desc',
    });
  });

  it('picks the first shown column when the default-sort column itself is hidden', () => {
    expect(
      sortAfterHiding(headers, { orderby: 'orders', order: 'asc' }, 'orders', new Set(['date'])),
    ).toEqual({ orderby: 'net', order: 'desc' });
  });

  it('leaves the sort alone when another column is hidden', () => {
    expect(sortAfterHiding(headers, { orderby: 'net', order: 'asc' }, 'note', new Set())).toBe(
      null,
    );
  });
});

describe('ariaSort', () => {
  it('marks only the sorted, sortable column', () => {
    const sort = { orderby: 'net', order: 'asc' as const };
    expect(ariaSort(headers[2]!, sort)).toBe('ascending');
    expect(ariaSort(headers[2]!, { ...sort, order: 'desc' })).toBe('descending');
    expect(ariaSort(headers[1]!, sort)).toBeUndefined();
    expect(ariaSort({ ...headers[3]!, key: 'net' }, sort)).toBeUndefined();
  });
});

describe('sortRows', () => {
  const cell = (value: string | number | null) => ({ display: String(value), value });
  const rows: TableRow[] = [
    [cell('b'), cell(10), cell(2), cell(null)],
    [cell('a'), cell(2), cell(3), cell(null)],
    [cell('c'), cell(33), cell(1), cell(null)],
  ];

  it('sorts numbers numerically and text naturally, in both directions', () => {
    const byOrders = sortRows(rows, headers, { orderby: 'orders', order: 'asc' });
    expect(byOrders.map((r) => r[1]?.value)).toEqual([2, 10, 33]);
    const byDate = sortRows(rows, headers, { orderby: 'date', order: 'desc' });
    expect(byDate.map((r) => r[0]?.value)).toEqual(['c', 'b', 'a']);
  });

  it('returns a sorted permutation and is stable on ties', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 40 }), (values) => {
        const input: TableRow[] = values.map((v, i) => [cell(String(i)), cell(v)]);
        const out = sortRows(input, headers, { orderby: 'orders', order: 'asc' });
        expect(out).toHaveLength(input.length);
        for (let i = 1; i < out.length; i++) {
          const prev = out[i - 1]!;
          const next = out[i]!;
          const a = prev[1]!.value as number;
          const b = next[1]!.value as number;
          expect(a).toBeLessThanOrEqual(b);
          if (a === b) expect(Number(prev[0]!.value)).toBeLessThan(Number(next[0]!.value));
        }
      }),
    );
  });

  it('leaves the order alone for an unknown column', () => {
    expect(sortRows(rows, headers, { orderby: 'nope', order: 'asc' })).toEqual(rows);
  });
});
