import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { LINE_MEASURES, ORDER_MEASURES } from './measures';

// The shapes of the rollup tables that runtime code (ingestion, the demo's bulk load, reports)
// writes, fills and reads, shared with the migrations that create them (004 month rollups,
// 006 customer totals, 015 item_day; 019 copies the day rollups' shapes, see there).
type Db = Kysely<unknown>;

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

/** Key columns after (date_kind, month, status), and the summed value columns. */
export const MONTH_ROLLUPS = {
  product_month: {
    keys: ['product_id'],
    values: ['items_sold', 'net_revenue', 'orders_count'],
  },
  variation_month: {
    keys: ['variation_id', 'product_id'],
    values: ['items_sold', 'net_revenue', 'orders_count'],
  },
  category_month: {
    keys: ['category_id'],
    values: ['items_sold', 'net_revenue', 'orders_count'],
  },
  coupon_month: {
    keys: ['coupon_id'],
    values: ['amount', 'orders_count'],
  },
  tax_month: {
    keys: ['tax_rate_id'],
    values: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count'],
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

/** The (row, item) pairs of each item kind: lookup rows (orders and refunds) and their items. */
const MEMBERS: Record<ItemType, string> = {
  product: 'SELECT DISTINCT order_id, product_id AS item_id FROM order_product_lookup',
  variation:
    'SELECT DISTINCT order_id, variation_id AS item_id FROM order_product_lookup WHERE variation_id > 0',
  category: `SELECT DISTINCT opl.order_id, pc.category_id AS item_id FROM order_product_lookup opl
    JOIN product_categories pc ON pc.product_id = opl.product_id`,
  coupon: `SELECT DISTINCT s.order_id, c.coupon_id AS item_id FROM order_stats s
    JOIN order_coupon_lookup c ON c.order_id = (CASE WHEN s.parent_id = 0 THEN s.order_id ELSE s.parent_id END)`,
};

/**
 * Fills item_day from the lookup rows (an empty table: the migration, or after a bulk load
 * that skipped it, which is several times cheaper than keeping it batch by batch).
 */
export async function rollUpItemDays(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // The coupon multiset 'id:count,…' (ids ascending, as formatMultiset writes it).
  const agg = sqlite
    ? "group_concat(coupon_id || ':' || n, ',' ORDER BY coupon_id)"
    : "string_agg(coupon_id || ':' || n, ',' ORDER BY coupon_id)";
  for (const [type, members] of Object.entries(MEMBERS)) {
    for (const [kind, column] of DATE_KINDS) {
      const day = `substr(s.${column}, 1, 10)`;
      const from = (
        join: string,
      ) => `FROM (${members}) m JOIN order_stats s ON s.order_id = m.order_id
        ${join} WHERE s.${column} IS NOT NULL`;
      await sql
        .raw(
          `INSERT INTO item_day (${ITEM_DAY_KEYS.join(',')}, orders_count, num_items_sold,
             total_sales, net_total, tax_total, shipping_total, refunds, coupons, coupon_ids)
           SELECT '${type}', t.item_id, '${kind}', t.day, t.status, t.returning_customer,
             t.orders_count, t.num_items_sold, t.total_sales, t.net_total, t.tax_total,
             t.shipping_total, t.refunds, t.coupons, COALESCE(ids.coupon_ids, '')
           FROM (
             SELECT m.item_id, ${day} AS day, s.status, s.returning_customer,
               SUM(CASE WHEN s.parent_id = 0 THEN 1 ELSE 0 END) AS orders_count,
               SUM(s.num_items_sold) AS num_items_sold, SUM(s.total_sales) AS total_sales,
               SUM(s.net_total) AS net_total, SUM(s.tax_total) AS tax_total,
               SUM(s.shipping_total) AS shipping_total,
               SUM(CASE WHEN s.net_total < 0 THEN -s.net_total ELSE 0 END) AS refunds,
               SUM(COALESCE(d.amount, 0)) AS coupons
             ${from(`LEFT JOIN (SELECT order_id, SUM(discount_amount) AS amount
               FROM order_coupon_lookup GROUP BY order_id) d ON d.order_id = s.order_id`)}
             GROUP BY m.item_id, ${day}, s.status, s.returning_customer
           ) t LEFT JOIN (
             SELECT item_id, day, status, returning_customer, ${agg} AS coupon_ids
             FROM (
               SELECT m.item_id, ${day} AS day, s.status, s.returning_customer, c.coupon_id,
                 COUNT(*) AS n
               ${from('JOIN order_coupon_lookup c ON c.order_id = s.order_id')}
               GROUP BY m.item_id, ${day}, s.status, s.returning_customer, c.coupon_id
             ) per_coupon
             GROUP BY item_id, day, status, returning_customer
           ) ids ON ids.item_id = t.item_id AND ids.day = t.day AND ids.status = t.status
             AND ids.returning_customer = t.returning_customer
           WHERE t.orders_count <> 0 OR t.num_items_sold <> 0 OR t.total_sales <> 0
             OR t.net_total <> 0 OR t.tax_total <> 0 OR t.shipping_total <> 0 OR t.refunds <> 0
             OR t.coupons <> 0 OR ids.coupon_ids IS NOT NULL`,
        )
        .execute(db);
    }
  }
}
