import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Fee lines of orders and refunds (WooCommerce's `fee_lines`: a cash-on-delivery surcharge,
// gift wrapping, a negative fee a plugin adds as a discount). They count in an order's net
// sales, taxes and total sales as WooCommerce counts them; this table keeps them as the
// source rows of that (a rebuild reads them back) and for the Orders report's rows. A
// refund's lines are negative and name the order's fee line they give back. `taxes` is JSON
// text, the tax per rate id.
//
// Stores from before hold none, and a rebuild cannot bring what the source rows never kept. A
// connected shop brings them: its orders' marks (connection_records) are made older than any
// state of the shop, so the connector applies each order again the next time it reads it
// (webhook, reconciliation), and connecting the shop again re-imports every order, fees
// included (an import passes over orders whose mark is as new as the shop's). The tax of a
// connected shop's fees was already in its tax lines (the Taxes report does not change); net
// sales, taxes and total sales of the revenue reports gain the fees.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('order_fee_lines')
    .addColumn('id', sqlite ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('taxes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('refunded_item_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('order_fee_lines_order')
    .on('order_fee_lines')
    .columns(['order_id'])
    .execute();
  await sql`UPDATE connection_records SET modified_gmt = '0000-00-00 00:00:00', digest = NULL
    WHERE kind = 'order'`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('order_fee_lines').ifExists().execute();
}
