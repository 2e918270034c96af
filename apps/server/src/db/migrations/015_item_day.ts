import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { ITEM_DAY_KEYS, rollUpItemDays } from '../rollups';

// Order-level stats filtered to one product, variation, category or coupon. Per item
// and local day, the revenue-rollup sums of the orders and refunds that match the item as the
// lookup filter does: a row matches a product, variation or category when the row itself (the
// order, or the refund) has a line of it; a coupon when the order (for a refund, its order)
// used it. Keyed like revenue_day by date kind, status and new/returning, so a status or
// customer-type filter combines with the item. A year by day for one item reads at most a few
// thousand rows instead of every order holding it. Existing lookup rows are rolled up here.
type Db = Kysely<unknown>;

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
    .addPrimaryKeyConstraint('item_day_pk', [...ITEM_DAY_KEYS] as never)
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
  await rollUpItemDays(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('item_day').ifExists().execute();
}
