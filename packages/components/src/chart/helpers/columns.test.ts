import type { ChartDataRow } from '../types';
import { getSeriesColumns } from './columns';

describe('getSeriesColumns', () => {
  it('aligns every series with the rows, missing and non-finite values as 0', () => {
    const rows: ChartDataRow[] = [
      { date: 'd1', a: { value: 1 }, b: { value: Number.NaN } },
      { date: 'd2', b: { value: 4 } },
      { date: 'd3', a: { value: 3 } },
    ];
    const columns = getSeriesColumns(rows);
    expect([...(columns.get('a') ?? [])]).toEqual([1, 0, 3]);
    expect([...(columns.get('b') ?? [])]).toEqual([0, 4, 0]);
    expect(columns.has('date')).toBe(false);
  });
});
