import { describe, expect, it } from 'vitest';
import { pageOfIntervals } from './interval-rows';

const rows = [
  { interval: 'a', date_start: '2024-05-01 00:00:00', subtotals: { net_revenue: 5 } },
  { interval: 'b', date_start: '2024-05-02 00:00:00', subtotals: { net_revenue: 9 } },
  { interval: 'c', date_start: '2024-05-03 00:00:00', subtotals: { net_revenue: 5 } },
];
const state = { orderby: 'date', order: 'desc', page: 1, perPage: 25 } as const;

describe('pageOfIntervals', () => {
  it('sorts newest first by default and by a metric with ties by date', () => {
    expect(pageOfIntervals(rows, state).map((r) => r.interval)).toEqual(['c', 'b', 'a']);
    const byNet = { ...state, orderby: 'net_revenue' };
    expect(pageOfIntervals(rows, byNet).map((r) => r.interval)).toEqual(['b', 'c', 'a']);
  });

  it('returns the asked page', () => {
    expect(
      pageOfIntervals(rows, { orderby: 'date', order: 'asc', page: 2, perPage: 2 }).map(
        (r) => r.interval,
      ),
    ).toEqual(['c']);
  });

  it('sorts an unknown figure last descending and first ascending', () => {
    const withUnknown = [
      { interval: 'a', date_start: '2024-05-01 00:00:00', subtotals: { gross_profit: 5 } },
      { interval: 'b', date_start: '2024-05-02 00:00:00', subtotals: { gross_profit: null } },
      { interval: 'c', date_start: '2024-05-03 00:00:00', subtotals: { gross_profit: -2 } },
    ];
    const desc = { ...state, orderby: 'gross_profit' };
    expect(pageOfIntervals(withUnknown, desc).map((r) => r.interval)).toEqual(['a', 'c', 'b']);
    const asc = { ...desc, order: 'asc' } as const;
    expect(pageOfIntervals(withUnknown, asc).map((r) => r.interval)).toEqual(['b', 'c', 'a']);
  });
});
