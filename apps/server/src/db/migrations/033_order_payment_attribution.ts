import { type Kysely, SqliteAdapter, sql } from 'kysely';

// What an order says of how it was bought: its payment method (`payment_method`, the gateway's
// id, and `payment_method_title`, what the buyer saw), where it was created (`created_via`:
// checkout, admin, rest-api, pos…), the fee the payment gateway kept (`payment_fee`, in
// `payment_fee_currency`, and the part of it given back on refunds, `payment_fee_refunded`),
// and, in `order_attribution`, the order attribution WooCommerce records (its
// `_wc_order_attribution_*` meta), one row per order, normalised for grouping: the source type
// and the case-folded campaign values, with the origin label WooCommerce shows. An order
// without attribution has a row whose source type is `unknown`. A refund's row in `orders`
// carries its order's method and channel; its fees and attribution are its order's.
//
// Stores from before have empty values (and unknown attribution once their orders are applied
// again). A connected shop gives them again: its orders' marks are made older than any state of
// the shop, so the connector applies each order again the next time it reads it, and
// connecting the shop again re-imports every order with them. No report changes.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const [name, type] of [
    ['payment_method', 'text'],
    ['payment_method_title', 'text'],
    ['created_via', 'text'],
    ['payment_fee_currency', 'text'],
  ] as const)
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => c.notNull().defaultTo(''))
      .execute();
  for (const name of ['payment_fee', 'payment_fee_refunded'])
    await db.schema
      .alterTable('orders')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  let table = db.schema
    .createTable('order_attribution')
    .addColumn('order_id', sqlite ? 'integer' : 'bigint', (c) => c.primaryKey());
  for (const name of [
    'source_type',
    'origin',
    'source',
    'referrer',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_content',
    'utm_id',
    'utm_term',
    'utm_source_platform',
    'utm_creative_format',
    'utm_marketing_tactic',
    'session_entry',
    'session_start_time',
    'user_agent',
    'device_type',
  ])
    table = table.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
  await table.addColumn('session_pages', 'integer').addColumn('session_count', 'integer').execute();
  await db.schema
    .createIndex('order_attribution_source')
    .on('order_attribution')
    .columns(['source_type', 'source'])
    .execute();
  await sql`UPDATE connection_records SET modified_gmt = '0000-00-00 00:00:00', digest = NULL
    WHERE kind = 'order'`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('order_attribution').ifExists().execute();
  for (const name of [
    'payment_method',
    'payment_method_title',
    'created_via',
    'payment_fee_currency',
    'payment_fee',
    'payment_fee_refunded',
  ])
    await db.schema.alterTable('orders').dropColumn(name).execute();
}
