import fc from 'fast-check';
import {
  getFirstIndexPerMonth,
  getMaxXTicks,
  getXTickIndexes,
  shouldCollapseToMonths,
  thinToMax,
} from './x-ticks';

const days = (start: Date, count: number) =>
  Array.from(
    { length: count },
    (_v, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i),
  );

describe('getMaxXTicks', () => {
  it('fits 7 labels under 783 px and 12 up to 1130', () => {
    expect(getMaxXTicks(782, 'time-comparison')).toBe(7);
    expect(getMaxXTicks(783, 'time-comparison')).toBe(12);
    expect(getMaxXTicks(1129, 'item-comparison')).toBe(12);
  });

  it('fits 16 (time) or 12 (items) up to 1365, and 31 or 16 above', () => {
    expect(getMaxXTicks(1130, 'time-comparison')).toBe(16);
    expect(getMaxXTicks(1130, 'item-comparison')).toBe(12);
    expect(getMaxXTicks(1365, 'time-comparison')).toBe(31);
    expect(getMaxXTicks(1365, 'item-comparison')).toBe(16);
  });
});

describe('month collapsing', () => {
  it('applies to day series of 63+ points and week series of 9+', () => {
    expect(shouldCollapseToMonths('day', 62)).toBe(false);
    expect(shouldCollapseToMonths('day', 63)).toBe(true);
    expect(shouldCollapseToMonths('week', 8)).toBe(false);
    expect(shouldCollapseToMonths('week', 9)).toBe(true);
    expect(shouldCollapseToMonths('month', 100)).toBe(false);
  });

  it('finds the first point of each month, the first point included', () => {
    const dates = days(new Date(2024, 0, 30), 5); // Jan 30, 31, Feb 1, 2, 3
    expect(getFirstIndexPerMonth(dates.length, (i) => dates[i])).toEqual([0, 2]);
  });

  it('labels a 90-day series at month starts only', () => {
    const dates = days(new Date(2024, 0, 1), 91); // Jan 1 … Mar 31
    const ticks = getXTickIndexes(dates.length, (i) => dates[i], 1400, 'time-comparison', 'day');
    expect(ticks.map((i) => dates[i]?.getDate())).toEqual([1, 1, 1]);
    expect(ticks.map((i) => dates[i]?.getMonth())).toEqual([0, 1, 2]);
  });

  it('does not collapse a 62-day series', () => {
    const dates = days(new Date(2024, 0, 1), 62);
    const ticks = getXTickIndexes(dates.length, (i) => dates[i], 1400, 'time-comparison', 'day');
    expect(ticks.length).toBeGreaterThan(3);
  });
});

describe('thinning', () => {
  it('labels every date when they fit', () => {
    const dates = days(new Date(2024, 0, 1), 7);
    expect(getXTickIndexes(dates.length, (i) => dates[i], 700, 'time-comparison', 'day')).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
  });

  it('never exceeds the maximum and always keeps the last entry', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 40 }), (n, max) => {
        const items = Array.from({ length: n }, (_v, i) => i);
        const thinned = thinToMax(items, max);
        expect(thinned.length).toBeLessThanOrEqual(Math.max(max, 0));
        if (n > 0) expect(thinned.at(-1)).toBe(n - 1);
        if (n <= max) expect(thinned).toEqual(items);
      }),
    );
  });

  it('thins plain indexes exactly as thinToMax would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9000 }),
        fc.integer({ min: 300, max: 2000 }),
        (n, width) => {
          const all = Array.from({ length: n }, (_v, i) => i);
          const dateAt = () => new Date(2024, 0, 1);
          expect(getXTickIndexes(n, dateAt, width, 'time-comparison', 'hour')).toEqual(
            thinToMax(all, getMaxXTicks(width, 'time-comparison')),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('keeps 7 labels for a month of days on a narrow chart', () => {
    const dates = days(new Date(2024, 0, 1), 31);
    expect(
      getXTickIndexes(dates.length, (i) => dates[i], 600, 'time-comparison', 'day').length,
    ).toBeLessThanOrEqual(7);
  });
});
