import type { ChartDataRow } from '../types';
import { getPoint, getValue } from './point';

describe('reading points', () => {
  const row: ChartDataRow = { date: 'd', a: { value: 3, label: 'A' }, bad: { value: Number.NaN } };

  it('reads a series entry and ignores the date column', () => {
    expect(getPoint(row, 'a')).toEqual({ value: 3, label: 'A' });
    expect(getPoint(row, 'date')).toBeUndefined();
  });

  it('counts missing and non-finite values as 0', () => {
    expect(getValue(row, 'missing')).toBe(0);
    expect(getValue(row, 'bad')).toBe(0);
    expect(getValue(row, 'a')).toBe(3);
  });
});
