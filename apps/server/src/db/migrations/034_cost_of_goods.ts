import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Cost of goods sold. `order_items.cost` is a line's cost (all its units; a refund's line
// negative, the cost of what came back), NULL when none is known, and `cost_source` says where
// it came from: `line` (the shop stored it on the line: WooCommerce's own COGS value, or the
// Cost of Goods extension's `_wc_cog_item_total_cost`) or `product` (none on the line: the
// product's cost in force on the order's date, from `product_costs`). `product_costs` keeps
// each product's and variation's unit cost with the date it took effect, so a cost that changes
// leaves the older orders at the older cost; `cost` NULL means the product had none from then.
//
// Stores from before have no costs. A connected shop gives them again: its products' and
// orders' marks are made older than any state of the shop, so the connector applies each again
// the next time it reads it, and connecting the shop again re-imports them all. No report
// changes.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.alterTable('order_items').addColumn('cost', 'bigint').execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('cost_source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('product_costs')
    .addColumn('product_id', sqlite ? 'integer' : 'bigint', (c) => c.notNull())
    .addColumn('effective_from_gmt', 'text', (c) => c.notNull())
    .addColumn('cost', 'bigint')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('product_costs_pk', ['product_id', 'effective_from_gmt'] as never)
    .execute();
  await sql`UPDATE connection_records SET modified_gmt = '0000-00-00 00:00:00', digest = NULL
    WHERE kind IN ('order', 'product')`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('product_costs').ifExists().execute();
  await db.schema.alterTable('order_items').dropColumn('cost_source').execute();
  await db.schema.alterTable('order_items').dropColumn('cost').execute();
}
