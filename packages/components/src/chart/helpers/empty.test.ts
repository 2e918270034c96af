import type { ChartDataRow } from '../types';
import { isChartEmpty } from './empty';

describe('isChartEmpty', () => {
  const zeros: ChartDataRow[] = [
    { date: 'd1', a: { value: 0 }, b: { value: 0 } },
    { date: 'd2', a: { value: 0 }, b: { value: 0 } },
  ];

  it('is empty when every value equals the default base value 0', () => {
    expect(isChartEmpty(zeros)).toBe(true);
    expect(isChartEmpty([])).toBe(true);
  });

  it('is not empty as soon as one value differs', () => {
    expect(isChartEmpty([...zeros, { date: 'd3', a: { value: 0 }, b: { value: 0.01 } }])).toBe(
      false,
    );
  });

  it('compares against a caller-given base value', () => {
    const ones: ChartDataRow[] = [{ date: 'd1', a: { value: 1 } }];
    expect(isChartEmpty(ones, 1)).toBe(true);
    expect(isChartEmpty(ones)).toBe(false);
  });
});
