import { describe, expect, it } from 'vitest';
import { pageOfIntervals, tableState } from './table-rows';

const rows = [
  { interval: 'a', date_start: '2024-05-01 00:00:00', subtotals: { net_revenue: 5 } },
  { interval: 'b', date_start: '2024-05-02 00:00:00', subtotals: { net_revenue: 9 } },
  { interval: 'c', date_start: '2024-05-03 00:00:00', subtotals: { net_revenue: 5 } },
];

describe('revenue table rows', () => {
  it('reads sort and page from the query, rejecting unknown columns and sizes', () => {
    expect(tableState({}, ['net_revenue'])).toEqual({
      orderby: 'date',
      order: 'desc',
      page: 1,
      perPage: 25,
    });
    expect(
      tableState({ orderby: 'net_revenue', order: 'asc', paged: '2', per_page: '50' }, [
        'net_revenue',
      ]),
    ).toEqual({
      orderby: 'net_revenue',
      order: 'asc',
      page: 2,
      perPage: 50,
    });
    expect(tableState({ orderby: 'evil', paged: '-1', per_page: '7' }, ['net_revenue'])).toEqual({
      orderby: 'date',
      order: 'desc',
      page: 1,
      perPage: 25,
    });
  });

  it('sorts newest first by default and by a metric with ties by date', () => {
    expect(pageOfIntervals(rows, tableState({}, [])).map((r) => r.interval)).toEqual([
      'c',
      'b',
      'a',
    ]);
    const byNet = tableState({ orderby: 'net_revenue', order: 'desc' }, ['net_revenue']);
    expect(pageOfIntervals(rows, byNet).map((r) => r.interval)).toEqual(['b', 'c', 'a']);
  });

  it('returns the asked page', () => {
    expect(
      pageOfIntervals(rows, { orderby: 'date', order: 'asc', page: 2, perPage: 2 }).map(
        (r) => r.interval,
      ),
    ).toEqual(['c']);
  });
});
