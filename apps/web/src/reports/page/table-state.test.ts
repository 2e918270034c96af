import type { TableHeader } from '@storelens/components';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTableState, resetPagingOnChange } from './table-state';

const headers: TableHeader[] = [
  { key: 'name', label: 'Name', isSortable: true },
  { key: 'items_sold', label: 'Items sold', isSortable: true, defaultSort: true },
  { key: 'status', label: 'Status' },
];
const defaults = { orderby: 'items_sold', order: 'desc' } as const;

describe('readTableState', () => {
  it('reads sort, page and size from the query', () => {
    expect(
      readTableState(
        { orderby: 'name', order: 'asc', paged: '3', per_page: '50' },
        headers,
        defaults,
      ),
    ).toEqual({ orderby: 'name', order: 'asc', page: 3, perPage: 50 });
  });

  it('falls back to the table defaults for unknown or unsortable columns and bad numbers', () => {
    expect(
      readTableState({ orderby: 'status', paged: '-2', per_page: '7' }, headers, defaults),
    ).toEqual({ orderby: 'items_sold', order: 'desc', page: 1, perPage: 25 });
    expect(readTableState({}, headers, { orderby: 'name', order: 'asc' }).order).toBe('asc');
  });

  it('never yields a page or size outside the allowed values, whatever the query', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (paged, perPage, orderby) => {
        const state = readTableState({ paged, per_page: perPage, orderby }, headers, defaults);
        expect(Number.isSafeInteger(state.page) && state.page >= 1).toBe(true);
        expect([25, 50, 75, 100]).toContain(state.perPage);
        expect(['name', 'items_sold']).toContain(state.orderby);
      }),
    );
  });
});

describe('resetPagingOnChange', () => {
  it('drops paged when a filter, the range or the sort changes', () => {
    expect(resetPagingOnChange({ paged: '3' }, { paged: '3', filter: 'advanced' })).toEqual({
      filter: 'advanced',
    });
    expect(
      resetPagingOnChange({ paged: '3', period: 'month' }, { paged: '3', period: 'year' }),
    ).toEqual({
      period: 'year',
    });
    expect(resetPagingOnChange({ paged: '2' }, { paged: '2', orderby: 'name' })).toEqual({
      orderby: 'name',
    });
  });

  it('keeps paged when only the page, chart type or chart metric change', () => {
    expect(resetPagingOnChange({ paged: '2' }, { paged: '3' })).toEqual({ paged: '3' });
    expect(resetPagingOnChange({ paged: '2' }, { paged: '2', chartType: 'bar' })).toEqual({
      paged: '2',
      chartType: 'bar',
    });
  });
});
