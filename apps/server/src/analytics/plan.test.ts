import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallMs } from './intervals';
import { planRange, splitMonths } from './revenue';

describe('planRange', () => {
  it('uses days for whole days, hours for whole hours and raw rows for the rest', () => {
    const p = planRange('2024-05-01 10:30:00', '2024-05-04 05:15:59');
    const t = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    expect(p.raw.map(([a, b]) => [t(a), t(b)])).toEqual([
      ['2024-05-01 10:30:00', '2024-05-01 11:00:00'],
      ['2024-05-04 05:00:00', '2024-05-04 05:16:00'],
    ]);
    expect(p.hours.map(([a, b]) => [t(a), t(b)])).toEqual([
      ['2024-05-01 11:00:00', '2024-05-02 00:00:00'],
      ['2024-05-04 00:00:00', '2024-05-04 05:00:00'],
    ]);
    expect(p.days.map(([a, b]) => [t(a), t(b)])).toEqual([
      ['2024-05-02 00:00:00', '2024-05-04 00:00:00'],
    ]);
  });

  it('answers a client range (start of day … end of day) from day rollups alone', () => {
    const p = planRange('2024-01-01 00:00:00', '2024-12-31 23:59:59');
    expect(p.raw).toEqual([]);
    expect(p.hours).toEqual([]);
    expect(p.days).toHaveLength(1);
  });

  it('covers the range exactly with disjoint pieces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 10 * 86_400 }),
        (s, len) => {
          const a = wallMs('2023-01-01 00:00:00') + s * 1000;
          const text = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
          const p = planRange(text(a), text(a + len * 1000));
          const pieces = [...p.raw, ...p.hours, ...p.days].sort((x, y) => x[0] - y[0]);
          expect(pieces[0]![0]).toBe(a);
          expect(pieces.at(-1)![1]).toBe(a + len * 1000 + 1000);
          for (let i = 1; i < pieces.length; i++) expect(pieces[i]![0]).toBe(pieces[i - 1]![1]);
          for (const [from, to] of p.days)
            expect(from % 86_400_000 === 0 && to % 86_400_000 === 0).toBe(true);
          for (const [from, to] of p.hours)
            expect(from % 3_600_000 === 0 && to % 3_600_000 === 0).toBe(true);
        },
      ),
    );
  });
});

describe('splitMonths', () => {
  const text = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  it('keeps whole months for the month rollups and the days at either end', () => {
    const p = planRange('2024-01-15 00:00:00', '2024-04-10 23:59:59');
    const s = splitMonths(p.days);
    expect(s.months).toEqual([['2024-02', '2024-03']]);
    expect(s.days.map(([a, b]) => [text(a), text(b)])).toEqual([
      ['2024-01-15', '2024-02-01'],
      ['2024-04-01', '2024-04-11'],
    ]);
  });

  it('leaves a range inside one month as days', () => {
    const s = splitMonths(planRange('2024-02-02 00:00:00', '2024-02-28 23:59:59').days);
    expect(s.months).toEqual([]);
    expect(s.days).toHaveLength(1);
  });

  it('covers the days exactly with months and leftover days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 800 }),
        (start, len) => {
          const from = wallMs('2022-01-01 00:00:00') + start * 86_400_000;
          const to = from + len * 86_400_000;
          const s = splitMonths([[from, to]]);
          const monthPieces = s.months.map(([a, b]): [number, number] => {
            const [y, m] = b.split('-').map(Number) as [number, number];
            return [wallMs(`${a}-01 00:00:00`), Date.UTC(y, m, 1)];
          });
          const pieces = [...s.days, ...monthPieces].sort((x, y) => x[0] - y[0]);
          expect(pieces[0]![0]).toBe(from);
          expect(pieces.at(-1)![1]).toBe(to);
          for (let i = 1; i < pieces.length; i++) expect(pieces[i]![0]).toBe(pieces[i - 1]![1]);
          for (const [a, b] of s.days) expect(b - a).toBeLessThan(31 * 86_400_000 * 2);
        },
      ),
    );
  });
});
