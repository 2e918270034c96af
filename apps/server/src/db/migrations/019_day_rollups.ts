import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Day rollups for products, variations, coupons and tax rates, on the pattern of category_day
// (migration 010): the month rollups' figures per local day. A list range that does not start
// and end on month boundaries read its edge days from the lookup rows; at 10 million orders a
// year ending mid-month is a quarter of a million product lines (the products list took 474
// ms). A day row sums one record's lines of a day and status, so it is the lines of the day
// divided by how many of them the record sold: many times fewer on a busy store, about as
// many on a quiet one, which the edge days of a quiet store can afford either way.
//
// The shapes are written out here rather than read from db/rollups.ts: a migration must not
// change when runtime code does. Existing lookup rows are rolled up with the same figures as
// the month rollups (each order once per record, refunds never counted as orders).
type Db = Kysely<unknown>;

const KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;

interface DayRollup {
  keys: readonly string[];
  values: readonly string[];
  /** The fill: lookup table (alias l), its grouped key expressions and value expressions. */
  from: string;
  where?: string;
  keyOf: readonly string[];
  sums: readonly string[];
}

const ORDERS_OF_LINES = 'COUNT(DISTINCT CASE WHEN l.parent_id = 0 THEN l.order_id END)';

const TABLES: Record<string, DayRollup> = {
  product_day: {
    keys: ['product_id'],
    values: ['items_sold', 'net_revenue', 'orders_count'],
    from: 'order_product_lookup l',
    keyOf: ['l.product_id'],
    sums: ['SUM(l.product_qty)', 'SUM(l.product_net_revenue)', ORDERS_OF_LINES],
  },
  variation_day: {
    keys: ['variation_id', 'product_id'],
    values: ['items_sold', 'net_revenue', 'orders_count'],
    from: 'order_product_lookup l',
    where: 'l.variation_id > 0',
    keyOf: ['l.variation_id', 'l.product_id'],
    sums: ['SUM(l.product_qty)', 'SUM(l.product_net_revenue)', ORDERS_OF_LINES],
  },
  coupon_day: {
    keys: ['coupon_id'],
    values: ['amount', 'orders_count'],
    // Coupon lookup rows are orders' only (a refund has none).
    from: 'order_coupon_lookup l',
    keyOf: ['l.coupon_id'],
    sums: ['SUM(l.discount_amount)', 'COUNT(DISTINCT l.order_id)'],
  },
  tax_day: {
    keys: ['tax_rate_id'],
    values: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count'],
    from: 'order_tax_lookup l',
    keyOf: ['l.tax_rate_id'],
    sums: ['SUM(l.total_tax)', 'SUM(l.order_tax)', 'SUM(l.shipping_tax)', ORDERS_OF_LINES],
  },
};

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const [table, t] of Object.entries(TABLES)) {
    let create = db.schema
      .createTable(table)
      .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull());
    for (const key of t.keys) create = create.addColumn(key, 'bigint', (c) => c.notNull());
    for (const value of t.values) create = create.addColumn(value, 'bigint', (c) => c.notNull());
    await create
      .addPrimaryKeyConstraint(`${table}_pk`, ['date_kind', 'day', 'status', ...t.keys] as never)
      .modifyEnd(sqlite ? sql`without rowid` : sql``)
      .execute();
    for (const [kind, column] of KINDS) {
      const day = `substr(l.${column}, 1, 10)`;
      await sql
        .raw(
          `INSERT INTO ${table} (date_kind, day, status, ${[...t.keys, ...t.values].join(', ')})
           SELECT '${kind}', ${day}, l.status, ${[...t.keyOf, ...t.sums].join(', ')}
           FROM ${t.from} WHERE l.${column} IS NOT NULL${t.where ? ` AND ${t.where}` : ''}
           GROUP BY ${day}, l.status, ${t.keyOf.join(', ')}
           HAVING ${t.sums.map((s) => `${s} <> 0`).join(' OR ')}`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of Object.keys(TABLES)) await db.schema.dropTable(table).ifExists().execute();
}
