// The measures table: each summed figure that ingestion writes on the lookup rows and the
// rollups keep, named once. A measure is one column of the same name on every table that holds
// it: `order_stats` (an order or refund), `order_product_lookup` (a line) when it is a line
// measure, the revenue rollups and item_day, and the product, variation and category month and
// day rollups and customer_totals (migration 046, analytics/customer-totals.ts) when it is a
// line measure. Contributions (ingest/contributions.ts), the bulk
// load's item_day sums (ingest/item-day-totals.ts), the rollup writers (ingest/rollups.ts), the
// lookup row copies (ingest/rows.ts) and the report readers loop over this list; migration 035
// created the columns (its SQL is frozen, so a new measure needs a migration of its own).
// docs/metrics.md ("Profit") says what each one means.

export interface Measure {
  /** The column on every table that holds it. */
  readonly column: string;
  /** Whether lines carry it (`order_product_lookup` and the product-like period rollups). */
  readonly line: boolean;
  /**
   * A line's value in SQL over `order_items i` (its `cost`, `quantity`, `total`), as the
   * product lookup copy computes it; an order's row sums its lines' (`order_stats`).
   */
  readonly itemSql?: string;
  /** The same for a line in JavaScript (ingestion's rows and the bulk load's copies). */
  readonly ofLine?: (l: { cost: number | null; quantity: number; total: number }) => number;
  /** An order's (or refund's) value in SQL over `orders o`, for the order-only measures. */
  readonly orderSql?: string;
  /** The same in JavaScript. */
  readonly ofOrder?: (o: { isOrder: boolean; fee: number; refunded: number }) => number;
}

export const MEASURES = [
  {
    column: 'cost_of_goods',
    line: true,
    itemSql: 'COALESCE(i.cost, 0)',
    ofLine: (l) => l.cost ?? 0,
  },
  {
    column: 'costed_items',
    line: true,
    itemSql: 'CASE WHEN i.cost IS NULL THEN 0 ELSE i.quantity END',
    ofLine: (l) => (l.cost === null ? 0 : l.quantity),
  },
  {
    column: 'costed_net',
    line: true,
    itemSql: 'CASE WHEN i.cost IS NULL THEN 0 ELSE i.total END',
    ofLine: (l) => (l.cost === null ? 0 : l.total),
  },
  {
    column: 'payment_fees',
    line: false,
    orderSql: 'CASE WHEN o.parent_id = 0 THEN o.payment_fee - o.payment_fee_refunded ELSE 0 END',
    ofOrder: (o) => (o.isOrder ? o.fee - o.refunded : 0),
  },
] as const satisfies readonly Measure[];

export type MeasureColumn = (typeof MEASURES)[number]['column'];

/** Every measure's column: on order_stats, the revenue rollups and item_day. */
export const ORDER_MEASURES: readonly MeasureColumn[] = MEASURES.map((m) => m.column);

/** A line measure's column. */
export type LineMeasureColumn = Extract<(typeof MEASURES)[number], { line: true }>['column'];

/** The line measures' columns: on order_product_lookup and the product-like period rollups. */
export const LINE_MEASURES = MEASURES.filter((m) => m.line).map(
  (m) => m.column,
) as readonly LineMeasureColumn[];

type LineIn = { cost: number | null; quantity: number; total: number };
type OrderIn = { isOrder: boolean; fee: number; refunded: number };

const LINE_MEASURE_DEFS: readonly Measure[] = MEASURES.filter((m) => m.line);

/** A line's values of the line measures, in `LINE_MEASURES`' order. */
export const lineValues = (l: LineIn): number[] => LINE_MEASURE_DEFS.map((m) => m.ofLine!(l));

/**
 * An order's (or refund's) values of every measure, in `ORDER_MEASURES`' order: its lines'
 * sums, and the order-only ones.
 */
export function orderValues(o: OrderIn, lines: readonly LineIn[]): number[] {
  return MEASURES.map((m: Measure) =>
    m.line ? lines.reduce((sum, l) => sum + m.ofLine!(l), 0) : m.ofOrder!(o),
  );
}
