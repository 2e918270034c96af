import type { Kysely } from 'kysely';

// The Sources report's pickers list a dimension's distinct values with their orders: grouped
// from an index of the column (read in its order, never the table), so thousands of utm values
// page and search in the time of one index scan. The report itself reads each order's row by
// its key (the primary key of order_attribution, migration 033); the source filters read one
// order's value the same way. Payment method and channel are columns of `orders`.
type Db = Kysely<unknown>;

const INDEXES = [
  ['order_attribution_origin', 'order_attribution', 'origin'],
  ['order_attribution_utm_source', 'order_attribution', 'utm_source'],
  ['order_attribution_utm_medium', 'order_attribution', 'utm_medium'],
  ['order_attribution_utm_campaign', 'order_attribution', 'utm_campaign'],
  ['order_attribution_device_type', 'order_attribution', 'device_type'],
  ['orders_payment_method', 'orders', 'payment_method'],
  ['orders_created_via', 'orders', 'created_via'],
] as const;

export async function up(db: Db): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await db.schema.createIndex(name).ifNotExists().on(table).column(column).execute();
}

export async function down(db: Db): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
