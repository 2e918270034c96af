import fc from 'fast-check';
import { decimateIndexes } from './decimate';

describe('decimateIndexes', () => {
  it('keeps every point when each has its own pixel column', () => {
    expect(
      decimateIndexes(
        5,
        (i) => i * 2,
        () => 0,
      ),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps first, lowest, highest and last of a shared column, in order', () => {
    const ys = [5, 9, 1, 7, 6];
    expect(
      decimateIndexes(
        5,
        (i) => i / 10,
        (i) => ys[i] ?? 0,
      ),
    ).toEqual([0, 1, 2, 4]);
  });

  it('keeps the extremes and ends, in order, with at most four points per column', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 400 }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        (ys, pixelsPerPoint) => {
          const xAt = (i: number) => i * pixelsPerPoint;
          const yAt = (i: number) => ys[i] ?? 0;
          const kept = decimateIndexes(ys.length, xAt, yAt);
          expect(kept[0]).toBe(0);
          expect(kept.at(-1)).toBe(ys.length - 1);
          expect([...kept].sort((a, b) => a - b)).toEqual(kept);
          expect(new Set(kept).size).toBe(kept.length);
          const keptYs = kept.map(yAt);
          expect(Math.min(...keptYs)).toBe(Math.min(...ys));
          expect(Math.max(...keptYs)).toBe(Math.max(...ys));
          const perColumn = new Map<number, number>();
          for (const i of kept) {
            const column = Math.floor(xAt(i));
            perColumn.set(column, (perColumn.get(column) ?? 0) + 1);
          }
          for (const n of perColumn.values()) expect(n).toBeLessThanOrEqual(4);
        },
      ),
    );
  });

  it('returns nothing for no points', () => {
    expect(
      decimateIndexes(
        0,
        (i) => i,
        (i) => i,
      ),
    ).toEqual([]);
  });
});
