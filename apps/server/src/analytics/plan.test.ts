import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noFilters, type ReportFilters } from './filters';
import { wallMs, wallText } from './intervals';
import {
  clausesOf,
  type FilterClause,
  type MonthPlan,
  monthPlan,
  onlyClauses,
  planRange,
  ROLLUP_CLAUSES,
  type RollupFamily,
  rollupsAnswer,
  splitMonths,
} from './plan';

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

/** One filter of each clause kind, as a request would carry it. */
const ONE_OF_EACH: Record<FilterClause, Partial<ReportFilters>> = {
  status: { statusIs: ['completed'] },
  customerType: { customerType: 'new' },
  product: { productIncludes: [1] },
  variation: { variationExcludes: [2] },
  category: { categoryIncludes: [3] },
  coupon: { couponIncludes: [4] },
  taxRate: { taxRateExcludes: [5] },
  attribute: { attributeIs: [[6, 7]] },
  refunds: { refunds: 'partial' },
  source: { sources: [{ dimension: 'source_type', values: ['utm'], negate: false }] },
  segment: { segment: { customers: [8] } },
};

/**
 * Which family of rollups applies which clause, written out as the tables' keys say (the
 * revenue rollups keep status and new/returning; the line rollups status and product, the
 * variation ones variation too; category, coupon and tax rollups status beside their own
 * record; source_day status and the dimension's value). A clause not marked reads the rows.
 */
const ANSWERS: [FilterClause, RollupFamily[]][] = [
  ['status', ['revenue', 'product', 'variation', 'category', 'coupon', 'tax', 'source']],
  ['customerType', ['revenue']],
  ['product', ['product', 'variation']],
  ['variation', ['variation']],
  ['category', ['product', 'variation', 'category']],
  ['coupon', ['coupon']],
  ['taxRate', ['tax']],
  ['attribute', []],
  ['refunds', []],
  ['source', ['source']],
  ['segment', []],
];

describe('rollupsAnswer', () => {
  const families = Object.keys(ROLLUP_CLAUSES) as RollupFamily[];

  it('answers a request without filters from every family', () => {
    expect(clausesOf(noFilters).size).toBe(0);
    for (const family of families) expect(rollupsAnswer(family, noFilters)).toBe(true);
  });

  it.each(ANSWERS)('a %s clause is answered by %j and no other family', (clause, answering) => {
    const f: ReportFilters = { ...noFilters, ...ONE_OF_EACH[clause] };
    expect([...clausesOf(f)]).toEqual([clause]);
    for (const family of families)
      expect(rollupsAnswer(family, f), family).toBe(answering.includes(family));
  });

  it('reads the rows as soon as one clause is not answered, whatever the others', () => {
    const clauses = ANSWERS.map(([c]) => c);
    fc.assert(
      fc.property(fc.subarray(clauses), fc.constantFrom(...families), (picked, family) => {
        const f: ReportFilters = Object.assign(
          { ...noFilters },
          ...picked.map((c) => ONE_OF_EACH[c]),
        );
        const answered = picked.every((c) => ANSWERS.find(([x]) => x === c)![1].includes(family));
        expect(rollupsAnswer(family, f)).toBe(answered);
      }),
    );
  });

  it('keeps only the clauses a report applies, for a report whose query takes no other', () => {
    const f: ReportFilters = Object.assign({ ...noFilters }, ...Object.values(ONE_OF_EACH));
    const kept = onlyClauses(f, ['status', 'coupon', 'segment']);
    expect([...clausesOf(kept)].sort()).toEqual(['coupon', 'segment', 'status']);
    expect(kept.couponIncludes).toEqual([4]);
    expect(rollupsAnswer('coupon', onlyClauses(f, ['status', 'coupon']))).toBe(true);
    expect(rollupsAnswer('coupon', kept)).toBe(false);
  });

  it('an empty list sets no clause', () => {
    expect(clausesOf({ ...noFilters, productIncludes: [], sources: [] }).size).toBe(0);
  });
});

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
