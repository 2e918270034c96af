import type { Kysely } from 'kysely';

// Alert rules, continued (apps/server/src/notify): a `no_orders` rule's opening hours
// (`open_hours`, JSON `{ days, from, to }` in the store's time zone, NULL for every hour), an
// `unusual` rule's direction (`up`, `down`, `both`; NULL is both), and `notify_starters`, one
// row per starter rule Storelens made for the administrators: inserting it is the claim that
// makes the rule once across processes, and the row stays when the rule is deleted, so a
// deleted starter rule is not made again. Frozen here: this file imports no live code.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('notify_alerts').addColumn('open_hours', 'text').execute();
  await db.schema.alterTable('notify_alerts').addColumn('direction', 'varchar(10)').execute();
  await db.schema
    .createTable('notify_starters')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('alert_id', 'bigint', (c) => c.notNull())
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notify_starters').ifExists().execute();
  await db.schema.alterTable('notify_alerts').dropColumn('direction').execute();
  await db.schema.alterTable('notify_alerts').dropColumn('open_hours').execute();
}
