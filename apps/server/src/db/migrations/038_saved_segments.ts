import type { Kysely } from 'kysely';

// Saved segments (apps/server/src/segments): a named set of customers or orders, kept as the
// query parameters of the report it was saved from (`orders` or `customers`, JSON of that
// report's own query-string keys) and evaluated on every request that names it, so new
// matching customers and orders join it. A segment is its owner's, or shared with every user
// who reads reports. Frozen here: this file imports no live code.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('saved_segments')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_segments_user')
    .on('saved_segments')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('saved_segments').ifExists().execute();
}
