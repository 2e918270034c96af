import type { Kysely } from 'kysely';

// Admin services: inbox notes, favorites, plugin state, product reviews, background jobs.
// Same portable column types as 001: bigint ids, varchar(19) date-times, integer 0/1 booleans,
// JSON as text.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('admin_notes')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'varchar(191)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('locale', 'varchar(20)', (c) => c.notNull().defaultTo('en_US'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('unactioned'))
    .addColumn('source', 'varchar(191)', (c) => c.notNull().defaultTo('woocommerce'))
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_reminder', 'varchar(19)')
    .addColumn('date_reminder_gmt', 'varchar(19)')
    .addColumn('is_snoozable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('layout', 'varchar(20)', (c) => c.notNull().defaultTo('plain'))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('admin_notes_list')
    .on('admin_notes')
    .columns(['is_deleted', 'date_created_gmt'])
    .execute();

  await db.schema
    .createTable('navigation_favorites')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('item_id', 'varchar(191)', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('navigation_favorites_pk', ['user_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('plugin_state')
    .addColumn('slug', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('installed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('install_time', 'varchar(19)')
    .execute();

  await db.schema
    .createTable('product_reviews')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reviewer', 'text', (c) => c.notNull())
    .addColumn('reviewer_email', 'text', (c) => c.notNull())
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_created_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_reviews_product')
    .on('product_reviews')
    .columns(['product_id', 'date_created_gmt'])
    .execute();
  await db.schema
    .createIndex('product_reviews_status')
    .on('product_reviews')
    .columns(['status', 'date_created_gmt'])
    .execute();

  await db.schema
    .createTable('admin_jobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('progress', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_jobs_kind')
    .on('admin_jobs')
    .columns(['kind', 'status'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'admin_jobs',
    'product_reviews',
    'plugin_state',
    'navigation_favorites',
    'admin_notes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
