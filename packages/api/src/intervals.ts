import { type Static, type TNumber, type TOptional, Type } from 'typebox';
import { orNull } from './admin-common';

/** Interval kinds of stats endpoints, smallest first. */
export const intervalKinds = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
/** One interval kind. */
export type IntervalKind = (typeof intervalKinds)[number];

/**
 * The profit metrics, null where unknown (docs/metrics.md, "Profit"): a cost of goods (and
 * the profits and margins made with it) when no item sold had a known cost, a margin when net
 * sales are 0, a coverage when there is nothing to cover.
 */
export const nullableMetrics = [
  'cost_of_goods',
  'gross_profit',
  'net_profit',
  'gross_margin',
  'net_margin',
  'cost_coverage',
  'cost_coverage_net_sales',
] as const;

/** A metric of a stats answer: a number, or null where WooCommerce answers null. */
const Metric = Type.Union([Type.Number(), Type.Null()]);

/** One segment of a totals or interval object. */
export const StatsSegmentBody = Type.Object({
  segment_id: Type.Integer(),
  segment_label: Type.String(),
  subtotals: Type.Record(Type.String(), Metric),
});
/** One segment of a totals or interval object. */
export type StatsSegmentBody = Static<typeof StatsSegmentBody>;

/** Totals or subtotals of any stats answer: metric name → value, plus `segments`. */
export const StatsTotalsBody = Type.Record(
  Type.String(),
  Type.Union([Metric, Type.Array(StatsSegmentBody)]),
);
/** Totals or subtotals of any stats answer. */
export type StatsTotalsBody = Static<typeof StatsTotalsBody>;

/** The interval fields of a bucket. */
const intervalFields = {
  interval: Type.String(),
  date_start: Type.String(),
  date_start_gmt: Type.String(),
  date_end: Type.String(),
  date_end_gmt: Type.String(),
};

/** One bucket of any stats answer. */
export const StatsIntervalBody = Type.Object({ ...intervalFields, subtotals: StatsTotalsBody });
/** One bucket of any stats answer. */
export type StatsIntervalBody = Static<typeof StatsIntervalBody>;

/**
 * Any `/stats` answer, as the client reads it: stock and customers stats carry totals only,
 * and the client treats a missing or null `totals` as empty.
 */
export const ReportStatsBody = Type.Object({
  totals: orNull(StatsTotalsBody),
  intervals: Type.Optional(Type.Array(StatsIntervalBody)),
});
/** Any `/stats` answer. */
export type ReportStatsBody = Static<typeof ReportStatsBody>;

/**
 * The schema of one endpoint's stats answer: `fields` in totals and every interval's
 * subtotals, `totalsOnly` in totals alone. Each field is optional because `fields[]` keeps a
 * subset (and a page past the last answers `totals: {}`); no other name may appear.
 */
export function statsResponse<
  const F extends readonly string[],
  const T extends readonly string[] = [],
>(fields: F, totalsOnly: T = [] as unknown as T) {
  const nullable = new Set<string>(nullableMetrics);
  const metrics = <N extends string>(names: readonly N[]) =>
    Object.fromEntries(
      names.map((n) => [
        n,
        Type.Optional(nullable.has(n) ? Type.Union([Type.Number(), Type.Null()]) : Type.Number()),
      ]),
    ) as {
      [K in N]: TOptional<TNumber>;
    };
  const subtotals = Type.Object(metrics(fields), { additionalProperties: false });
  const segments = Type.Optional(
    Type.Array(
      Type.Object({
        segment_id: Type.Integer(),
        segment_label: Type.String(),
        subtotals,
      }),
    ),
  );
  const totals = Type.Object(
    { ...metrics<F[number] | T[number]>([...fields, ...totalsOnly]), segments },
    { additionalProperties: false },
  );
  const intervalSubtotals = Type.Object(
    { ...metrics(fields), segments },
    { additionalProperties: false },
  );
  return Type.Object({
    totals,
    intervals: Type.Array(Type.Object({ ...intervalFields, subtotals: intervalSubtotals })),
  });
}
