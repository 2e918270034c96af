import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Month rollups for the list reports, each customer's first order, and the
// record of indexes deferred by a bulk load. A day-level rollup per product is about as
// large as the line lookup itself on a busy store (every product sells every day), so it cost
// ingestion a row per line and bought reads nothing: it goes. Per month a year is 12 rows per
// product, kind and status; days of partly covered months are read from the lookups.
type Db = Kysely<unknown>;

/** The month rollups as this migration made them: key columns after (date_kind, month, status), then the summed values. */
const MONTH_ROLLUPS = {
  product_month: { keys: ['product_id'], values: ['items_sold', 'net_revenue', 'orders_count'] },
  variation_month: {
    keys: ['variation_id', 'product_id'],
    values: ['items_sold', 'net_revenue', 'orders_count'],
  },
  category_month: { keys: ['category_id'], values: ['items_sold', 'net_revenue', 'orders_count'] },
  coupon_month: { keys: ['coupon_id'], values: ['amount', 'orders_count'] },
  tax_month: {
    keys: ['tax_rate_id'],
    values: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count'],
  },
} as const;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.dropTable('product_day').ifExists().execute();
  for (const [table, { keys, values }] of Object.entries(MONTH_ROLLUPS)) {
    let create = db.schema
      .createTable(table)
      .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull());
    for (const key of keys) create = create.addColumn(key, 'bigint', (c) => c.notNull());
    for (const value of values) create = create.addColumn(value, 'bigint', (c) => c.notNull());
    await create
      .addPrimaryKeyConstraint(`${table}_pk`, ['date_kind', 'month', 'status', ...keys] as never)
      .modifyEnd(sqlite ? sql`without rowid` : sql``)
      .execute();
  }
  // Each customer's first counted order (new vs returning): ingestion reads one row per
  // customer instead of every order the customer ever placed. A customer without a row has
  // it recomputed from the orders, so stores ingested before this migration heal themselves.
  await db.schema
    .createTable('customer_first_order')
    .addColumn('customer_id', sqlite ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('date_created_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  // Secondary indexes a bulk load dropped and has not built again (db/bulk.ts).
  await db.schema
    .createTable('deferred_indexes')
    .addColumn('name', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('definition', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('deferred_indexes').ifExists().execute();
  await db.schema.dropTable('customer_first_order').ifExists().execute();
  for (const table of Object.keys(MONTH_ROLLUPS))
    await db.schema.dropTable(table).ifExists().execute();
}
