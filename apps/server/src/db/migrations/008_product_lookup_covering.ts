import type { Kysely } from 'kysely';

// Ranges not aligned to whole months read their edge days from the product lookup, e.g. the
// distinct products of revenue stats ("products") over a year ending mid-month: about 100,000
// rows at 1M orders. With status and new/returning in the date indexes those reads are
// index-only instead of a table lookup per row. Each index keeps its leading columns, so every
// query that used the one it replaces can use it.
type Db = Kysely<unknown>;

const KINDS: [replaced: string, name: string, column: string][] = [
  ['order_product_lookup_date', 'order_product_lookup_created_cover', 'date_created'],
  ['order_product_lookup_paid', 'order_product_lookup_paid_cover', 'date_paid'],
  ['order_product_lookup_completed', 'order_product_lookup_completed_cover', 'date_completed'],
];

export async function up(db: Db): Promise<void> {
  for (const [replaced, name, column] of KINDS) {
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on('order_product_lookup')
      .columns([column, 'product_id', 'status', 'returning_customer'])
      .execute();
    await db.schema.dropIndex(replaced).ifExists().execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const [replaced, name, column] of KINDS) {
    await db.schema
      .createIndex(replaced)
      .ifNotExists()
      .on('order_product_lookup')
      .columns(column === 'date_created' ? [column] : [column, 'product_id'])
      .execute();
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
