import type { Kysely } from 'kysely';

// Connections to live WooCommerce shops (apps/server/src/connect): the connection itself, the
// webhooks registered on the shop, its error log, webhook deliveries (kept until applied, and
// by delivery id so a replay is recognised), the last modification date applied per shop
// record (so an older state never overwrites a newer one), and the analytics customer ids
// given to the shop's guests (WooCommerce has no id for them).
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('connections')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('consumer_key', 'text', (c) => c.notNull())
    .addColumn('consumer_secret', 'text', (c) => c.notNull())
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('can_write', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'varchar(64)')
    .addColumn('progress', 'text', (c) => c.notNull())
    .addColumn('last_change_gmt', 'varchar(19)')
    .addColumn('last_reconciled_gmt', 'varchar(19)')
    .addColumn('cursor_gmt', 'varchar(19)')
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('connection_webhooks')
    .addColumn('connection_id', 'bigint', (c) => c.notNull())
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addColumn('webhook_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('connection_webhooks_pk', ['connection_id', 'topic'] as never)
    .execute();
  await db.schema
    .createTable('connection_errors')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('connection_id', 'bigint', (c) => c.notNull())
    .addColumn('at_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('retry', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('connection_deliveries')
    .addColumn('connection_id', 'bigint', (c) => c.notNull())
    .addColumn('delivery_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('applied', 'integer', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('connection_deliveries_pk', ['connection_id', 'delivery_id'] as never)
    .execute();
  await db.schema
    .createTable('connection_records')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('modified_gmt', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('connection_records_pk', ['kind', 'record_id'] as never)
    .execute();
  await db.schema
    .createTable('connection_guests')
    .addColumn('email', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'connection_guests',
    'connection_records',
    'connection_deliveries',
    'connection_errors',
    'connection_webhooks',
    'connections',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
