/** Interval kinds of stats endpoints, smallest first. */
export const intervalKinds = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
/** One interval kind. */
export type IntervalKind = (typeof intervalKinds)[number];

/** One bucket of a stats response (API.md Part B §1). */
export interface StatsInterval<Subtotals> {
  interval: string;
  date_start: string;
  date_start_gmt: string;
  date_end: string;
  date_end_gmt: string;
  subtotals: Subtotals & { segments: StatsSegment<Subtotals>[] };
}

/** One segment of a totals or interval object. */
export interface StatsSegment<Subtotals> {
  segment_id: number;
  segment_label: string;
  subtotals: Subtotals;
}

/** The envelope of every `/stats` endpoint that has intervals. */
export interface StatsResponse<Totals, Subtotals = Totals> {
  totals: Totals & { segments: StatsSegment<Subtotals>[] };
  intervals: StatsInterval<Subtotals>[];
}
