import type { ChartDataRow } from '../types';
import { getBarPath, getLinePath } from './paths';
import { createXScale, createYScale } from './scales';

const rows: ChartDataRow[] = [
  { date: 'd1', a: { value: 0 } },
  { date: 'd2', a: { value: 50 } },
  { date: 'd3', a: { value: 100 } },
];

describe('series paths', () => {
  it('draws a line through every band centre', () => {
    const x = createXScale(3, 300, 'line');
    const y = createYScale([0, 100], 100);
    expect(getLinePath(rows, 'a', x, y)).toBe('M50,100L150,50L250,0');
  });

  it('treats a missing value as 0', () => {
    const x = createXScale(2, 200, 'line');
    const y = createYScale([0, 100], 100);
    expect(getLinePath([{ date: 'd1' }, { date: 'd2', a: { value: 100 } }], 'a', x, y)).toBe(
      'M50,100L150,0',
    );
  });

  it('draws one rectangle per non-zero bar, growing from the zero line', () => {
    const x = createXScale(3, 300, 'line');
    const y = createYScale([0, 100], 100);
    expect(getBarPath(rows, 'a', x, y, 10, 20)).toBe('M110,50h20v50h-20ZM210,0h20v100h-20Z');
  });

  it('grows negative bars downwards from zero', () => {
    const x = createXScale(1, 100, 'line');
    const y = createYScale([-100, 100], 200);
    expect(getBarPath([{ date: 'd', a: { value: -50 } }], 'a', x, y, 0, 10)).toBe(
      'M0,100h10v50h-10Z',
    );
  });
});
