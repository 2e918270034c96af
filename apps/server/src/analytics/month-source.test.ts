import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallMs, wallText } from './intervals';
import { type MonthPlan, monthPlan } from './month-source';

const SECOND = 1000;
const monthMs = (month: string, add = 0) =>
  Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + add, 1);

/** The plan's pieces as [from, to) wall ms, open ends at ±Infinity, sorted. */
function pieces(plan: MonthPlan): { months: [number, number][]; ranges: [number, number][] } {
  return {
    months: plan.months.map((m) => [
      m.first ? monthMs(m.first) : -Infinity,
      m.last ? monthMs(m.last, 1) : Infinity,
    ]),
    ranges: plan.ranges.map((r) => [
      r.from ? wallMs(r.from) : -Infinity,
      r.to ? wallMs(r.to) : Infinity,
    ]),
  };
}

function expectExactCover(plan: MonthPlan, from: number, to: number) {
  const { months, ranges } = pieces(plan);
  const all = [...months, ...ranges].sort((x, y) => x[0] - y[0]);
  expect(all[0]![0]).toBe(from);
  expect(all.at(-1)![1]).toBe(to);
  for (let i = 1; i < all.length; i++) expect(all[i]![0]).toBe(all[i - 1]![1]);
  for (const [a, b] of months) {
    expect(a < b).toBe(true);
    if (Number.isFinite(a)) expect(wallText(a).slice(8)).toBe('01 00:00:00');
    if (Number.isFinite(b)) expect(wallText(b).slice(8)).toBe('01 00:00:00');
  }
  for (const [a, b] of ranges) expect(a < b).toBe(true);
}

const text = (ms: number) => wallText(ms);
const instant = fc
  .integer({ min: Date.UTC(2020, 0, 1) / SECOND, max: Date.UTC(2026, 0, 1) / SECOND })
  .map((s) => s * SECOND);

describe('monthPlan', () => {
  it('reads a year of whole months from the month tables only', () => {
    expect(monthPlan({ after: '2023-07-01 00:00:00', before: '2024-06-30 23:59:59' })).toEqual({
      months: [{ first: '2023-07', last: '2024-06' }],
      ranges: [],
      days: [],
      partial: [],
      nullDates: false,
    });
  });

  it('joins the edge pieces of each end into one lookup range', () => {
    expect(monthPlan({ after: '2024-01-15 10:30:00', before: '2024-04-02 05:15:59' })).toEqual({
      months: [{ first: '2024-02', last: '2024-03' }],
      ranges: [
        { from: '2024-01-15 10:30:00', to: '2024-02-01 00:00:00' },
        { from: '2024-04-01 00:00:00', to: '2024-04-02 05:16:00' },
      ],
      // For a day rollup: the whole days, and the hours and seconds around them.
      days: [
        { from: '2024-01-16', to: '2024-02-01' },
        { from: '2024-04-01', to: '2024-04-02' },
      ],
      partial: [
        { from: '2024-01-15 10:30:00', to: '2024-01-16 00:00:00' },
        { from: '2024-04-02 00:00:00', to: '2024-04-02 05:16:00' },
      ],
      nullDates: false,
    });
    expect(monthPlan({ after: '2024-01-15 00:00:00', before: '2024-02-10 23:59:59' })).toEqual({
      months: [],
      ranges: [{ from: '2024-01-15 00:00:00', to: '2024-02-11 00:00:00' }],
      days: [{ from: '2024-01-15', to: '2024-02-11' }],
      partial: [],
      nullDates: false,
    });
  });

  it('reads every month and the rows without a date when there are no dates', () => {
    expect(monthPlan({ after: undefined, before: undefined })).toEqual({
      months: [{}],
      ranges: [],
      days: [],
      partial: [],
      nullDates: true,
    });
  });

  it('leaves bounds it cannot plan to the lookup rows', () => {
    expect(monthPlan({ after: '0099-01-01 00:00:00', before: undefined })).toBeUndefined();
    expect(monthPlan({ after: '9999-12-15 00:00:00', before: '9999-12-31 23:59:59' })).toBe(
      undefined,
    );
    expect(monthPlan({ after: '2024-01-01T00:00:00', before: undefined })).toBeUndefined();
  });

  it('covers [after, before] exactly with whole months and lookup ranges', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 500 * 86_400 }), (a, len) => {
        const b = a + len * SECOND;
        const plan = monthPlan({ after: text(a), before: text(b) })!;
        expect(plan.nullDates).toBe(false);
        expectExactCover(plan, a, b + SECOND);
      }),
    );
  });

  it('splits the lookup ranges into whole days and partial days, covering the same time', () => {
    const ms = (r: { from?: string; to?: string }): [number, number] => [
      wallMs(r.from!.length === 10 ? `${r.from} 00:00:00` : r.from!),
      wallMs(r.to!.length === 10 ? `${r.to} 00:00:00` : r.to!),
    ];
    const merged = (list: [number, number][]) => {
      const out: [number, number][] = [];
      for (const [a, b] of [...list].sort((x, y) => x[0] - y[0])) {
        const last = out.at(-1);
        if (last && last[1] === a) last[1] = b;
        else out.push([a, b]);
      }
      return out;
    };
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 500 * 86_400 }), (a, len) => {
        const plan = monthPlan({ after: text(a), before: text(a + len * SECOND) })!;
        for (const d of plan.days) expect(d.from < d.to).toBe(true);
        expect(merged([...plan.days.map(ms), ...plan.partial.map(ms)])).toEqual(
          merged(plan.ranges.map(ms)),
        );
      }),
    );
  });

  it('covers open ranges: months unbounded on the open side', () => {
    fc.assert(
      fc.property(instant, (a) => {
        const after = monthPlan({ after: text(a), before: undefined })!;
        expectExactCover(after, a, Infinity);
        const before = monthPlan({ after: undefined, before: text(a) })!;
        expectExactCover(before, -Infinity, a + SECOND);
      }),
    );
  });
});
