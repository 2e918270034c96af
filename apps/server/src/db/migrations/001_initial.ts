import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Column helpers keep both engines on the same types: bigint for money units and ids,
// text for date-times ('YYYY-MM-DD HH:MM:SS'), integer 0/1 for booleans.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  // On SQLite an INTEGER PRIMARY KEY is the rowid itself, and a composite key can be the
  // table's b-tree (WITHOUT ROWID): either saves one index write per row, which ingestion feels.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const idType = sqlite ? 'integer' : 'bigint';
  const keyedTable = sqlite ? sql`without rowid` : sql``;
  await db.schema
    .createTable('options')
    .addColumn('name', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('attributes')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('attribute_terms')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('attribute_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('attribute_terms_attribute')
    .on('attribute_terms')
    .columns(['attribute_id', 'name'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('publish'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('regular_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sale_price', 'bigint')
    .addColumn('manage_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock_quantity', 'bigint')
    .addColumn('stock_status', 'varchar(20)', (c) => c.notNull().defaultTo('instock'))
    .addColumn('low_stock_amount', 'bigint')
    .addColumn('downloadable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('virtual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('average_rating', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_sales', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_created_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_parent').on('products').columns(['parent_id']).execute();
  await db.schema.createIndex('products_sku').on('products').columns(['sku']).execute();
  await db.schema
    .createIndex('products_sales')
    .on('products')
    .columns(['total_sales', 'id'])
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('category_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .modifyEnd(keyedTable)
    .execute();
  await db.schema
    .createIndex('product_categories_category')
    .on('product_categories')
    .columns(['category_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('product_attributes')
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('attribute_id', 'bigint', (c) => c.notNull())
    .addColumn('term_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attributes_pk', ['product_id', 'attribute_id', 'term_id'])
    .modifyEnd(keyedTable)
    .execute();
  await db.schema
    .createIndex('product_attributes_term')
    .on('product_attributes')
    .columns(['attribute_id', 'term_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('product_downloads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date_registered', 'varchar(19)')
    .addColumn('date_registered_gmt', 'varchar(19)')
    .addColumn('date_last_active', 'varchar(19)')
    .addColumn('date_last_active_gmt', 'varchar(19)')
    .execute();
  await db.schema.createIndex('customers_email').on('customers').columns(['email']).execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('discount_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_expires', 'varchar(19)')
    .addColumn('date_expires_gmt', 'varchar(19)')
    .execute();

  await db.schema
    .createTable('tax_rates')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('country', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('shipping', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('compound', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_class', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_paid', 'varchar(19)')
    .addColumn('date_paid_gmt', 'varchar(19)')
    .addColumn('date_completed', 'varchar(19)')
    .addColumn('date_completed_gmt', 'varchar(19)')
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('tax_total', 'bigint', (c) => c.notNull())
    .addColumn('shipping_total', 'bigint', (c) => c.notNull())
    .addColumn('shipping_tax', 'bigint', (c) => c.notNull())
    .addColumn('discount_total', 'bigint', (c) => c.notNull())
    .addColumn('billing_country', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('billing_state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billing_email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('orders_parent').on('orders').columns(['parent_id']).execute();
  await db.schema
    .createIndex('orders_customer')
    .on('orders')
    .columns(['customer_id', 'date_created_gmt'])
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('variation_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('shipping', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_tax', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('order_items_order')
    .on('order_items')
    .columns(['order_id'])
    .execute();

  await db.schema
    .createTable('order_coupon_lines')
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('coupon_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_coupon_lines_pk', ['order_id', 'coupon_id'])
    .modifyEnd(keyedTable)
    .execute();

  await db.schema
    .createTable('order_tax_lines')
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('tax_rate_id', 'bigint', (c) => c.notNull())
    .addColumn('tax_total', 'bigint', (c) => c.notNull())
    .addColumn('shipping_tax_total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_tax_lines_pk', ['order_id', 'tax_rate_id'])
    .modifyEnd(keyedTable)
    .execute();

  await db.schema
    .createTable('download_log')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('download_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('user_ip_address', 'varchar(45)', (c) => c.notNull())
    .addColumn('timestamp', 'varchar(19)', (c) => c.notNull())
    .addColumn('timestamp_gmt', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('download_log_ip')
    .on('download_log')
    .columns(['user_ip_address'])
    .execute();
  await db.schema
    .createIndex('download_log_time')
    .on('download_log')
    .columns(['timestamp'])
    .execute();

  // ---- analytics lookup tables ----
  await db.schema
    .createTable('order_stats')
    .addColumn('order_id', idType, (c) => c.primaryKey())
    .addColumn('parent_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('returning_customer', 'integer', (c) => c.notNull())
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_created_gmt', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_paid', 'varchar(19)')
    .addColumn('date_completed', 'varchar(19)')
    .addColumn('num_items_sold', 'bigint', (c) => c.notNull())
    .addColumn('total_sales', 'bigint', (c) => c.notNull())
    .addColumn('tax_total', 'bigint', (c) => c.notNull())
    .addColumn('shipping_total', 'bigint', (c) => c.notNull())
    .addColumn('net_total', 'bigint', (c) => c.notNull())
    .addColumn('discount_total', 'bigint', (c) => c.notNull())
    .execute();
  for (const column of ['date_created', 'date_paid', 'date_completed']) {
    await db.schema
      .createIndex(`order_stats_${column}`)
      .on('order_stats')
      .columns([column, 'status'])
      .execute();
  }
  await db.schema
    .createIndex('order_stats_customer')
    .on('order_stats')
    .columns(['customer_id', 'date_created'])
    .execute();
  await db.schema
    .createIndex('order_stats_parent')
    .on('order_stats')
    .columns(['parent_id'])
    .execute();

  await db.schema
    .createTable('order_product_lookup')
    .addColumn('order_item_id', idType, (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('variation_id', 'bigint', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('returning_customer', 'integer', (c) => c.notNull())
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_paid', 'varchar(19)')
    .addColumn('date_completed', 'varchar(19)')
    .addColumn('product_qty', 'bigint', (c) => c.notNull())
    .addColumn('product_net_revenue', 'bigint', (c) => c.notNull())
    .addColumn('product_gross_revenue', 'bigint', (c) => c.notNull())
    .addColumn('coupon_amount', 'bigint', (c) => c.notNull())
    .addColumn('tax_amount', 'bigint', (c) => c.notNull())
    .addColumn('shipping_amount', 'bigint', (c) => c.notNull())
    .addColumn('shipping_tax_amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_product_lookup_order')
    .on('order_product_lookup')
    .columns(['order_id'])
    .execute();
  await db.schema
    .createIndex('order_product_lookup_product')
    .on('order_product_lookup')
    .columns(['product_id', 'date_created'])
    .execute();
  await db.schema
    .createIndex('order_product_lookup_variation')
    .on('order_product_lookup')
    .columns(['variation_id', 'date_created'])
    .execute();
  await db.schema
    .createIndex('order_product_lookup_date')
    .on('order_product_lookup')
    .columns(['date_created'])
    .execute();

  await db.schema
    .createTable('order_coupon_lookup')
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('coupon_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('returning_customer', 'integer', (c) => c.notNull())
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_paid', 'varchar(19)')
    .addColumn('date_completed', 'varchar(19)')
    .addColumn('discount_amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_coupon_lookup_pk', ['order_id', 'coupon_id'])
    .modifyEnd(keyedTable)
    .execute();
  await db.schema
    .createIndex('order_coupon_lookup_coupon')
    .on('order_coupon_lookup')
    .columns(['coupon_id', 'date_created'])
    .execute();
  await db.schema
    .createIndex('order_coupon_lookup_date')
    .on('order_coupon_lookup')
    .columns(['date_created'])
    .execute();

  await db.schema
    .createTable('order_tax_lookup')
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('tax_rate_id', 'bigint', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_paid', 'varchar(19)')
    .addColumn('date_completed', 'varchar(19)')
    .addColumn('shipping_tax', 'bigint', (c) => c.notNull())
    .addColumn('order_tax', 'bigint', (c) => c.notNull())
    .addColumn('total_tax', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_tax_lookup_pk', ['order_id', 'tax_rate_id'])
    .modifyEnd(keyedTable)
    .execute();
  await db.schema
    .createIndex('order_tax_lookup_rate')
    .on('order_tax_lookup')
    .columns(['tax_rate_id', 'date_created'])
    .execute();

  for (const table of ['revenue_hour', 'revenue_day']) {
    await db.schema
      .createTable(table)
      .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('bucket', 'varchar(13)', (c) => c.notNull())
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
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'date_kind',
        'bucket',
        'status',
        'returning_customer',
      ])
      .modifyEnd(keyedTable)
      .execute();
  }

  await db.schema
    .createTable('product_day')
    .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('returning_customer', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('variation_id', 'bigint', (c) => c.notNull())
    .addColumn('items_sold', 'bigint', (c) => c.notNull())
    .addColumn('net_revenue', 'bigint', (c) => c.notNull())
    .addColumn('orders_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_day_pk', [
      'date_kind',
      'day',
      'status',
      'returning_customer',
      'product_id',
      'variation_id',
    ])
    .modifyEnd(keyedTable)
    .execute();
  await db.schema
    .createIndex('product_day_product')
    .on('product_day')
    .columns(['date_kind', 'product_id', 'day', 'status'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'product_day',
    'revenue_day',
    'revenue_hour',
    'order_tax_lookup',
    'order_coupon_lookup',
    'order_product_lookup',
    'order_stats',
    'download_log',
    'order_tax_lines',
    'order_coupon_lines',
    'order_items',
    'orders',
    'tax_rates',
    'coupons',
    'customers',
    'product_downloads',
    'product_attributes',
    'product_categories',
    'products',
    'attribute_terms',
    'attributes',
    'categories',
    'options',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
