import type { Kysely } from 'kysely';

// Digests and alerts (apps/server/src/notify): a user's digest subscriptions and
// alert rules, the events alerts fired, and the outbox of deliveries. `notify_periods` holds
// one row per digest and period: inserting it is the claim that makes a period's digest go
// out once, across restarts and processes (the primary key refuses the second). Every
// delivery is an outbox row, claimed with a lease before it is sent and retried with backoff.
// Frozen here: this file imports no live code.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('notify_digests')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('store_wide', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'varchar(10)', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('notify_periods')
    .addColumn('digest_id', 'bigint', (c) => c.notNull())
    // 'daily:2024-03-04', 'weekly:2024-03-04', 'monthly:2024-03-01'; 'now:<ms>' for a send now.
    .addColumn('period', 'varchar(40)', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notify_periods_pk', ['digest_id', 'period'] as never)
    .execute();
  await db.schema
    .createTable('notify_alerts')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('store_wide', 'integer', (c) => c.notNull())
    .addColumn('metric', 'varchar(40)', (c) => c.notNull())
    .addColumn('condition', 'varchar(20)', (c) => c.notNull())
    .addColumn('threshold', 'double precision')
    .addColumn('span', 'varchar(10)', (c) => c.notNull())
    .addColumn('hours', 'integer')
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('starter', 'varchar(40)')
    // 'normal' or 'firing'; changed only by a conditional update, so one process fires.
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('event_id', 'bigint')
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('notify_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('alert_id', 'bigint', (c) => c.notNull())
    .addColumn('metric', 'varchar(40)', (c) => c.notNull())
    .addColumn('condition', 'varchar(20)', (c) => c.notNull())
    .addColumn('span', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'varchar(40)', (c) => c.notNull())
    .addColumn('expected', 'text', (c) => c.notNull())
    .addColumn('actual', 'double precision')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('note_id', 'bigint')
    .addColumn('fired_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('cleared_gmt', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('notify_events_alert')
    .on('notify_events')
    .columns(['alert_id', 'id'])
    .execute();
  await db.schema
    .createTable('notify_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('period', 'varchar(40)', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending → sent | failed; a pending row is sent by whoever holds its lease.
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_try_ms', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(120)')
    .addColumn('lease_until_ms', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('sent_gmt', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('notify_outbox_due')
    .on('notify_outbox')
    .columns(['status', 'next_try_ms'])
    .execute();
  await db.schema
    .createIndex('notify_outbox_source')
    .on('notify_outbox')
    .columns(['source', 'source_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'notify_outbox',
    'notify_events',
    'notify_alerts',
    'notify_periods',
    'notify_digests',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
