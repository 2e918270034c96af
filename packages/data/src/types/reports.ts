// Report response types per API.md §1 and §2, until packages/api has schemas.

/** A segment of a stats total or interval. */
export interface StatsSegment {
  readonly segment_id: number;
  readonly segment_label: string;
  readonly subtotals: Readonly<Record<string, number>>;
}

/** Totals of a stats answer: metrics plus segments. */
export type StatsTotals = Readonly<Record<string, number | null | readonly StatsSegment[]>>;

/** One interval bucket of a stats answer. */
export interface StatsInterval {
  readonly interval: string;
  readonly date_start: string;
  readonly date_start_gmt: string;
  readonly date_end: string;
  readonly date_end_gmt: string;
  readonly subtotals: StatsTotals;
}

/** A stats answer; stock and customers stats carry totals only. */
export interface ReportStats {
  readonly totals: StatsTotals | null;
  readonly intervals?: readonly StatsInterval[];
}

/** A report list row (fields vary by endpoint). */
export type ReportRow = Readonly<Record<string, unknown>>;

/** A cached report answer with the totals read from the headers. */
export interface ReportResult<D> {
  readonly data: D;
  readonly totalResults: number;
  readonly totalPages: number;
}

/** Report endpoints the dashboard reads. */
export type ReportEndpoint =
  | 'revenue'
  | 'orders'
  | 'products'
  | 'variations'
  | 'categories'
  | 'coupons'
  | 'taxes'
  | 'downloads'
  | 'stock'
  | 'customers'
  | 'performance-indicators'
  | (string & {});
