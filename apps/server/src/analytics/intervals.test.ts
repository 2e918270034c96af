import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketId, bucketsBetween, wallMs } from './intervals';

describe('bucket ids', () => {
  it('uses WooCommerce formats for every interval kind', () => {
    const t = '2024-05-10 13:45:00';
    expect(bucketId(t, 'hour', 1)).toBe('2024-05-10 13');
    expect(bucketId(t, 'day', 1)).toBe('2024-05-10');
    expect(bucketId(t, 'week', 1)).toBe('2024-19');
    expect(bucketId(t, 'month', 1)).toBe('2024-05');
    expect(bucketId(t, 'quarter', 1)).toBe('2024-2');
    expect(bucketId(t, 'year', 1)).toBe('2024');
  });

  it('numbers Monday weeks as ISO weeks, crossing the year', () => {
    expect(bucketId('2024-12-30 10:00:00', 'week', 1)).toBe('2025-01');
    expect(bucketId('2021-01-03 10:00:00', 'week', 1)).toBe('2020-53');
    expect(bucketId('2026-01-01 00:00:00', 'week', 1)).toBe('2026-01');
  });

  it('numbers other weeks within the calendar year, week 1 holding Jan 1', () => {
    // 2024-01-01 is a Monday; with Sunday starts, Jan 1–6 is week 1 and Jan 7 starts week 2.
    expect(bucketId('2024-01-06 10:00:00', 'week', 0)).toBe('2024-01');
    expect(bucketId('2024-01-07 10:00:00', 'week', 0)).toBe('2024-02');
    expect(bucketId('2024-12-31 10:00:00', 'week', 0)).toBe('2024-53');
    expect(bucketId('2025-01-01 10:00:00', 'week', 0)).toBe('2025-01');
  });
});

describe('bucketsBetween', () => {
  it('clips the first and last bucket to the range', () => {
    const b = bucketsBetween('2024-05-08 10:30:00', '2024-05-21 12:00:00', 'week', 1);
    expect(b.map((x) => x.id)).toEqual(['2024-19', '2024-20', '2024-21']);
    expect(b[0]).toMatchObject({ start: '2024-05-08 10:30:00', end: '2024-05-12 23:59:59' });
    expect(b[1]).toMatchObject({ start: '2024-05-13 00:00:00', end: '2024-05-19 23:59:59' });
    expect(b[2]).toMatchObject({ start: '2024-05-20 00:00:00', end: '2024-05-21 12:00:00' });
  });

  it('splits Sunday weeks at the new year', () => {
    const b = bucketsBetween('2024-12-29 00:00:00', '2025-01-04 23:59:59', 'week', 0);
    expect(b.map((x) => [x.id, x.start.slice(0, 10), x.end.slice(0, 10)])).toEqual([
      ['2024-53', '2024-12-29', '2024-12-31'],
      ['2025-01', '2025-01-01', '2025-01-04'],
    ]);
  });

  it('answers a range asked again with the same buckets, which no caller can change', () => {
    const first = bucketsBetween('2023-01-01 00:00:00', '2023-12-31 23:59:59', 'day', 1);
    const again = bucketsBetween('2023-01-01 00:00:00', '2023-12-31 23:59:59', 'day', 1);
    expect(again).toBe(first);
    expect(first).toHaveLength(365);
    expect(() => (first as unknown as { id: string }[]).pop()).toThrow(TypeError);
    expect(() => {
      (first[0] as { id: string }).id = 'x';
    }).toThrow(TypeError);
    // Another week start is another list.
    expect(bucketsBetween('2023-01-01 00:00:00', '2023-12-31 23:59:59', 'week', 0)).not.toEqual(
      bucketsBetween('2023-01-01 00:00:00', '2023-12-31 23:59:59', 'week', 1),
    );
  });

  it('counts both ends: a day range gives one bucket per day', () => {
    expect(bucketsBetween('2024-02-01 00:00:00', '2024-02-29 23:59:59', 'day', 1)).toHaveLength(29);
    expect(bucketsBetween('2024-01-01 00:00:00', '2024-12-31 23:59:59', 'quarter', 1)).toHaveLength(
      4,
    );
    expect(bucketsBetween('2024-05-10 00:00:00', '2024-05-10 23:59:59', 'hour', 1)).toHaveLength(
      24,
    );
  });

  it('tiles the range exactly, in order, for any interval and week start', () => {
    const instant = fc.integer({
      min: wallMs('2020-01-01 00:00:00'),
      max: wallMs('2027-12-31 00:00:00'),
    });
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 400 * 86_400 }),
        fc.constantFrom('day', 'week', 'month', 'quarter', 'year' as const),
        fc.integer({ min: 0, max: 6 }),
        (start, seconds, interval, sow) => {
          const text = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
          const after = text(Math.floor(start / 1000) * 1000);
          const before = text(Math.floor(start / 1000) * 1000 + seconds * 1000);
          const buckets = bucketsBetween(after, before, interval, sow);
          expect(buckets[0]!.start).toBe(after);
          expect(buckets.at(-1)!.end).toBe(before);
          for (let i = 1; i < buckets.length; i++) {
            expect(wallMs(buckets[i]!.start) - wallMs(buckets[i - 1]!.end)).toBe(1000);
            expect(buckets[i]!.id).not.toBe(buckets[i - 1]!.id);
          }
          for (const b of buckets) {
            expect(bucketId(b.start, interval, sow)).toBe(b.id);
            expect(bucketId(b.end, interval, sow)).toBe(b.id);
          }
        },
      ),
    );
  });
});
