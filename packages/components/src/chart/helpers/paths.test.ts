import { getBarPath, getLinePath } from './paths';
import { createXScale, createYScale } from './scales';

const values = Float64Array.from([0, 50, 100]);

describe('series paths', () => {
  it('draws a line through every band centre', () => {
    const x = createXScale(3, 300, 'line');
    const y = createYScale([0, 100], 100);
    expect(getLinePath(values, x, y)).toBe('M50,100L150,50L250,0');
  });

  it('decimates a series denser than two points per pixel, keeping the extremes', () => {
    const dense = Float64Array.from({ length: 1000 }, (_v, i) => (i === 500 ? 100 : i % 2));
    const x = createXScale(1000, 100, 'line');
    const y = createYScale([0, 100], 100);
    const path = getLinePath(dense, x, y);
    const points = path.slice(1).split('L');
    expect(points.length).toBeLessThanOrEqual(400);
    expect(points.some((point) => point.endsWith(',0'))).toBe(true);
  });

  it('draws one rectangle per non-zero bar, growing from the zero line', () => {
    const x = createXScale(3, 300, 'line');
    const y = createYScale([0, 100], 100);
    expect(getBarPath(values, x, y, 10, 20)).toBe('M110,50h20v50h-20ZM210,0h20v100h-20Z');
  });

  it('grows negative bars downwards from zero', () => {
    const x = createXScale(1, 100, 'line');
    const y = createYScale([-100, 100], 200);
    expect(getBarPath(Float64Array.from([-50]), x, y, 0, 10)).toBe('M0,100h10v50h-10Z');
  });

  it('merges sub-pixel bars into one bar per pixel column with the tallest value', () => {
    const x = createXScale(4, 2, 'line'); // half a pixel per date
    const y = createYScale([0, 100], 100);
    expect(getBarPath(Float64Array.from([10, 80, 0, 40]), x, y, 0, 0.5)).toBe(
      'M0,20h1v80h-1ZM1,60h1v40h-1Z',
    );
  });
});
