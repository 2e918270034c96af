import fc from 'fast-check';
import type { ChartDataRow } from '../types';
import { getSeriesColumns } from './columns';
import {
  createBarScale,
  createXScale,
  createYScale,
  getValueExtent,
  getYTickCount,
  indexAtX,
  xCenter,
} from './scales';

describe('x scale', () => {
  it('gives lines one unpadded band per date', () => {
    const x = createXScale(10, 500, 'line');
    expect(x.bandwidth).toBe(50);
    expect(xCenter(x, 0)).toBe(25);
    expect(xCenter(x, 9)).toBe(475);
  });

  it('pads bars between dates', () => {
    const x = createXScale(10, 500, 'bar');
    expect(x.bandwidth).toBeLessThan(x.step);
    expect(x.start(0)).toBeGreaterThan(0);
    expect(x.start(9) + x.bandwidth).toBeLessThan(500);
  });

  it('maps any x back to the date under it, clamped to the data', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9000 }),
        fc.integer({ min: 50, max: 2000 }),
        fc.constantFrom('line' as const, 'bar' as const),
        (count, width, type) => {
          const x = createXScale(count, width, type);
          const index = Math.floor(count / 2);
          expect(indexAtX(x, xCenter(x, index))).toBe(index);
          expect(indexAtX(x, -100)).toBe(0);
          expect(indexAtX(x, width + 100)).toBe(count - 1);
          expect(indexAtX(x, x.start(index) + x.bandwidth - 1e-6)).toBe(index);
        },
      ),
    );
  });
});

it('returns -1 without data', () => {
  expect(indexAtX(createXScale(0, 500, 'line'), 10)).toBe(-1);
});

describe('y scale', () => {
  const rows: ChartDataRow[] = [
    { date: 'd1', a: { value: 40 }, b: { value: -5 } },
    { date: 'd2', a: { value: 90 }, b: { value: 500 } },
  ];

  it('takes the extent of the given series only, always including 0', () => {
    expect(getValueExtent(getSeriesColumns(rows), ['a'])).toEqual([0, 90]);
    expect(getValueExtent(getSeriesColumns(rows), ['a', 'b'])).toEqual([-5, 500]);
    expect(getValueExtent(getSeriesColumns(rows), ['missing'])).toEqual([0, 0]);
  });

  it('puts 0 at the bottom and nices the top', () => {
    const y = createYScale([0, 90], 200);
    expect(y(0)).toBe(200);
    expect(y.domain()).toEqual([0, 100]);
  });

  it('spans 0…1 when every value is 0', () => {
    expect(createYScale([0, 0], 200).domain()).toEqual([0, 1]);
  });

  it('asks for one tick per 50 px, at least 2', () => {
    expect(getYTickCount(250)).toBe(5);
    expect(getYTickCount(60)).toBe(2);
  });
});

describe('bar slots', () => {
  it('splits a date band between the visible series', () => {
    const slots = createBarScale(['a', 'b'], 40);
    expect(slots('a')).toBe(0);
    expect((slots('b') ?? 0) > 0).toBe(true);
    expect(slots.bandwidth() * 2).toBeLessThan(40);
  });
});
