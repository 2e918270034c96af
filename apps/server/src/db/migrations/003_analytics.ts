import type { Kysely } from 'kysely';

// Indexes for the analytics reads: reports filter and bucket on the store's date
// type (paid by default), so each lookup table gets its date columns indexed, and the
// customers report aggregates per customer.
type Db = Kysely<unknown>;

const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['order_product_lookup_paid', 'order_product_lookup', ['date_paid', 'product_id']],
  ['order_product_lookup_completed', 'order_product_lookup', ['date_completed', 'product_id']],
  ['order_coupon_lookup_paid', 'order_coupon_lookup', ['date_paid']],
  ['order_coupon_lookup_completed', 'order_coupon_lookup', ['date_completed']],
  ['order_tax_lookup_created', 'order_tax_lookup', ['date_created']],
  ['order_tax_lookup_paid', 'order_tax_lookup', ['date_paid']],
  ['order_tax_lookup_completed', 'order_tax_lookup', ['date_completed']],
  ['download_log_product', 'download_log', ['product_id', 'timestamp']],
  ['customers_registered', 'customers', ['date_registered']],
];

export async function up(db: Db): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
