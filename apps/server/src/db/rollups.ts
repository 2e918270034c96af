import { LINE_MEASURES, ORDER_MEASURES } from './measures';

// The shapes of the rollup tables that runtime code (ingestion, the demo's bulk load, reports)
// writes, fills and reads. The migrations that created them (004 month rollups, 006 customer
// totals, 015 item_day, 019 day rollups) carry their own frozen copies of the shapes they made.

/** The customers report's sortable aggregates, each indexed with the customer id as tie-break. */
export const CUSTOMER_TOTALS_SORTS = ['orders_count', 'total_spend', 'avg_order_value'] as const;

/** The revenue rollups' summed columns before the measures (migrations 003, 015). */
export const REVENUE_BASE_COLUMNS = [
  'orders_count',
  'num_items_sold',
  'total_sales',
  'net_total',
  'tax_total',
  'shipping_total',
  'refunds',
  'coupons',
] as const;

/**
 * The summed order-level columns of the revenue rollups (revenue_hour, revenue_day) and
 * item_day: the base ones and every measure (db/measures.ts).
 */
export const REVENUE_VALUE_COLUMNS = [...REVENUE_BASE_COLUMNS, ...ORDER_MEASURES] as const;

/**
 * The revenue rollups' columns: item_day's, and the number of refund rows (order_stats rows
 * with a parent; orders_count counts the others), with which the orders list counts its rows
 * (migration 021).
 */
export const REVENUE_ROLLUP_COLUMNS = [...REVENUE_VALUE_COLUMNS, 'refund_count'] as const;

/**
 * Key columns after (date_kind, month, status), and the summed value columns. `lookup_rows`
 * counts the lookup rows summed (migration 051): a refund giving back no tax, or a line's tax
 * alone, has lookup rows whose sums are all zero, and the record still has a row in the
 * period, as the lookup lists show it. Coupon rows need no count: a coupon's lookup rows are
 * its orders', which `orders_count` counts.
 */
export const MONTH_ROLLUPS = {
  product_month: {
    keys: ['product_id'],
    values: ['items_sold', 'net_revenue', 'orders_count', 'lookup_rows'],
  },
  variation_month: {
    keys: ['variation_id', 'product_id'],
    values: ['items_sold', 'net_revenue', 'orders_count', 'lookup_rows'],
  },
  category_month: {
    keys: ['category_id'],
    values: ['items_sold', 'net_revenue', 'orders_count', 'lookup_rows'],
  },
  coupon_month: {
    keys: ['coupon_id'],
    values: ['amount', 'orders_count'],
  },
  tax_month: {
    keys: ['tax_rate_id'],
    values: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count', 'lookup_rows'],
  },
} as const;

export type MonthTable = keyof typeof MONTH_ROLLUPS;

/**
 * Day rollups (migrations 010 and 019): each month rollup's rows per local day, keyed
 * (date_kind, day, status, ...keys). Lists, leaderboards and indicators read them for the whole
 * days at the edges of a range that the month rows do not cover, instead of the lookup rows
 * of those days.
 */
export const DAY_ROLLUPS = {
  product_day: 'product_month',
  variation_day: 'variation_month',
  category_day: 'category_month',
  coupon_day: 'coupon_month',
  tax_day: 'tax_month',
} as const satisfies Record<string, MonthTable>;
export type DayTable = keyof typeof DAY_ROLLUPS;

/** A month or a day rollup. */
export type PeriodTable = MonthTable | DayTable;

/**
 * The coupon rollups' sums of the order rows (orders and refunds) whose order used the coupon:
 * net sales, items sold and every measure (db/measures.ts), which the profit figures of a
 * coupon's orders are made of (migration 042).
 */
export const COUPON_ORDER_VALUES = ['net_total', 'num_items_sold', ...ORDER_MEASURES] as const;

/** The month rollups that sum lines, and so hold the line measures (db/measures.ts). */
export const LINE_ROLLUPS: ReadonlySet<MonthTable> = new Set([
  'product_month',
  'variation_month',
  'category_month',
]);

/**
 * A month or day rollup's period column, and its key and value columns (its month's): the
 * line measures follow the values of the tables that sum lines, the coupon order sums
 * (`COUPON_ORDER_VALUES`) those of the coupon rollups.
 */
export function periodShape(table: PeriodTable): {
  period: 'month' | 'day';
  keys: readonly string[];
  values: readonly string[];
} {
  const month = table in DAY_ROLLUPS ? DAY_ROLLUPS[table as DayTable] : (table as MonthTable);
  const { keys, values } = MONTH_ROLLUPS[month];
  return {
    period: table in DAY_ROLLUPS ? 'day' : 'month',
    keys,
    values: LINE_ROLLUPS.has(month)
      ? [...values, ...LINE_MEASURES]
      : month === 'coupon_month'
        ? [...values, ...COUPON_ORDER_VALUES]
        : values,
  };
}

/** The item kinds, as `item_type` holds them. */
export const ITEM_TYPES = ['product', 'variation', 'category', 'coupon'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Key columns after (item_type, item_id): as revenue_day's, with the local day. */
export const ITEM_DAY_KEYS = [
  'item_type',
  'item_id',
  'date_kind',
  'day',
  'status',
  'returning_customer',
] as const;

/** Each date kind as the rollups name it, and its order_stats column. */
export const DATE_KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;
