import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Order-level stats filtered to one product, variation, category or coupon. Per item
// and local day, the revenue-rollup sums of the orders and refunds that match the item as the
// lookup filter does: a row matches a product, variation or category when the row itself (the
// order, or the refund) has a line of it; a coupon when the order (for a refund, its order)
// used it. Keyed like revenue_day by date kind, status and new/returning, so a status or
// customer-type filter combines with the item. A year by day for one item reads at most a few
// thousand rows instead of every order holding it. Existing lookup rows are rolled up here.
type Db = Kysely<unknown>;

/** Key columns after (item_type, item_id): as revenue_day's, with the local day. */
const ITEM_DAY_KEYS = ['item_type', 'item_id', 'date_kind', 'day', 'status', 'returning_customer'];

/** Each date kind as the rollups name it, and its order_stats column. */
const DATE_KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('item_day')
    .addColumn('item_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('returning_customer', 'integer', (c) => c.notNull())
    .addColumn('orders_count', 'bigint', (c) => c.notNull())
    .addColumn('num_items_sold', 'bigint', (c) => c.notNull())
    .addColumn('total_sales', 'bigint', (c) => c.notNull())
    .addColumn('net_total', 'bigint', (c) => c.notNull())
    .addColumn('tax_total', 'bigint', (c) => c.notNull())
    .addColumn('shipping_total', 'bigint', (c) => c.notNull())
    .addColumn('refunds', 'bigint', (c) => c.notNull())
    .addColumn('coupons', 'bigint', (c) => c.notNull())
    .addColumn('coupon_ids', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_day_pk', ITEM_DAY_KEYS as never)
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
  await rollUpItemDays(db);
}

/** The (row, item) pairs of each item kind: lookup rows (orders and refunds) and their items. */
const MEMBERS: Record<string, string> = {
  product: 'SELECT DISTINCT order_id, product_id AS item_id FROM order_product_lookup',
  variation:
    'SELECT DISTINCT order_id, variation_id AS item_id FROM order_product_lookup WHERE variation_id > 0',
  category: `SELECT DISTINCT opl.order_id, pc.category_id AS item_id FROM order_product_lookup opl
    JOIN product_categories pc ON pc.product_id = opl.product_id`,
  coupon: `SELECT DISTINCT s.order_id, c.coupon_id AS item_id FROM order_stats s
    JOIN order_coupon_lookup c ON c.order_id = (CASE WHEN s.parent_id = 0 THEN s.order_id ELSE s.parent_id END)`,
};

/**
 * Fills an empty item_day from the lookup rows, with the columns this migration made
 * (exported for its test).
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

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('item_day').ifExists().execute();
}
