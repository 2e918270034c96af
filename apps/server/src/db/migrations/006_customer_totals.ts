import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Each customer's all-time order aggregates: the customers report without an order
// date range reads one row per customer instead of aggregating every order on each request.
// Ingestion keeps the rows current (analytics/customer-totals.ts); the indexes make the
// aggregate sorts of the list an index walk. `customer_totals_state` records the excluded
// statuses the rows were computed with: rows built under other settings are never read.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // The report's average order value, computed exactly as the aggregate query computes it
  // (a REAL on SQLite, a NUMERIC on PostgreSQL), so sorting on it orders rows identically.
  const avg = sql`CASE WHEN orders_count = 0 THEN 0 ELSE total_spend * 1.0 / orders_count END`;
  await db.schema
    .createTable('customer_totals')
    .addColumn('customer_id', sqlite ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('orders_count', 'bigint', (c) => c.notNull())
    .addColumn('total_spend', 'bigint', (c) => c.notNull())
    .addColumn('date_last_order', 'varchar(19)')
    .addColumn('avg_order_value', sqlite ? 'real' : 'numeric', (c) =>
      c.generatedAlwaysAs(avg).stored(),
    )
    .execute();
  for (const column of ['orders_count', 'total_spend', 'avg_order_value']) {
    await db.schema
      .createIndex(`customer_totals_${column}`)
      .on('customer_totals')
      .columns([column, 'customer_id'])
      .execute();
  }
  await db.schema
    .createTable('customer_totals_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('excluded_statuses', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('customer_totals_state').ifExists().execute();
  await db.schema.dropTable('customer_totals').ifExists().execute();
}
