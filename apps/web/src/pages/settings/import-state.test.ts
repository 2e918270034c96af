import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  estimateText,
  importDays,
  importPhase,
  isRunning,
  phaseLabel,
  secondsLeft,
} from './import-state';

const status = (
  c: [number, number],
  o: [number, number],
  importing: boolean,
  from: string | -1 = -1,
) => ({
  customers: { imported: c[0], total: c[1] },
  orders: { imported: o[0], total: o[1] },
  imported_from: from,
  is_importing: importing,
});

describe('import phase', () => {
  it('follows the status machine of the import section', () => {
    const base = { totals: { customers: 3, orders: 9 }, failed: false, reimport: false };
    expect(importPhase({ ...base, status: status([0, 0], [0, 0], true) })).toBe('initializing');
    expect(importPhase({ ...base, status: status([1, 3], [0, 9], true) })).toBe('customers');
    expect(importPhase({ ...base, status: status([3, 3], [4, 9], true) })).toBe('orders');
    expect(importPhase({ ...base, status: status([3, 3], [9, 9], true) })).toBe('finalizing');
    expect(importPhase({ ...base, status: status([3, 3], [9, 9], false) })).toBe('finished');
    expect(importPhase({ ...base, reimport: true, status: status([3, 3], [9, 9], false) })).toBe(
      'ready',
    );
    expect(importPhase({ ...base, status: status([1, 3], [2, 9], false) })).toBe('ready');
    expect(
      importPhase({
        ...base,
        totals: { customers: 0, orders: 0 },
        status: status([0, 0], [0, 0], false),
      }),
    ).toBe('nothing');
    expect(importPhase({ ...base, failed: true, status: status([3, 3], [9, 9], true) })).toBe(
      'error',
    );
    expect(isRunning('orders')).toBe(true);
    expect(isRunning('finished')).toBe(false);
  });

  it('labels a finished import by where it started', () => {
    expect(phaseLabel('finished', -1)).toBe('All historical data imported');
    expect(phaseLabel('finished', '2025-03-01 00:00:00')).toBe(
      'Historical data from 2025-03-01 onward imported',
    );
  });
});

describe('time left', () => {
  it('needs two readings with progress', () => {
    expect(secondsLeft([], 10)).toBeNull();
    expect(secondsLeft([{ at: 0, done: 5 }], 10)).toBeNull();
    expect(
      secondsLeft(
        [
          { at: 0, done: 5 },
          { at: 1000, done: 5 },
        ],
        10,
      ),
    ).toBeNull();
    expect(
      secondsLeft(
        [
          { at: 0, done: 0 },
          { at: 2000, done: 10 },
        ],
        30,
      ),
    ).toBe(4);
  });

  it('is never negative and shrinks as more is done at the same rate (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100 }),
        (rate, total, seconds) => {
          const done = Math.min(total, rate * seconds);
          const left = secondsLeft(
            [
              { at: 0, done: 0 },
              { at: seconds * 1000, done },
            ],
            total,
          );
          expect(left).not.toBeNull();
          expect(left!).toBeGreaterThanOrEqual(0);
          expect(left!).toBeLessThanOrEqual(Math.ceil((total - done) / (done / seconds)));
        },
      ),
    );
  });

  it('reads as text', () => {
    expect(estimateText(null)).toBe('Estimating the time left…');
    expect(estimateText(30)).toBe('Less than a minute left');
    expect(estimateText(90)).toBe('About 2 minutes left');
  });
});

describe('importDays', () => {
  it('sends nothing for all, N for last N days, and whole days since a custom date', () => {
    expect(importDays('all', '', '2026-11-24')).toBeUndefined();
    expect(importDays('30', '', '2026-11-24')).toBe(30);
    expect(importDays('custom', '2026-11-14', '2026-11-24')).toBe(10);
    expect(importDays('custom', '2026-11-24', '2026-11-24')).toBe(0);
    expect(importDays('custom', '2026-11-25', '2026-11-24')).toBeNull();
    expect(importDays('custom', '11/14/2026', '2026-11-24')).toBeNull();
    expect(importDays('custom', '', '2026-11-24')).toBeNull();
  });

  it('counts the days between any two past dates (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 3000 }),
        (end, back) => {
          const day = (n: number) =>
            new Date(Date.UTC(1990, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
          expect(importDays('custom', day(end), day(end + back))).toBe(back);
        },
      ),
    );
  });
});
