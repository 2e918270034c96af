import type { Kysely } from 'kysely';

// The "discounted orders" indicator counts distinct orders with a coupon over a range (the
// coupon month rollup counts orders per coupon, so an order with two coupons would count
// twice). With the status in the date index the count reads the index alone. These replace
// the date-only indexes of the coupon lookup, which they cover.
type Db = Kysely<unknown>;

const KINDS: [replaced: string, name: string, column: string][] = [
  ['order_coupon_lookup_date', 'order_coupon_lookup_created_status', 'date_created'],
  ['order_coupon_lookup_paid', 'order_coupon_lookup_paid_status', 'date_paid'],
  ['order_coupon_lookup_completed', 'order_coupon_lookup_completed_status', 'date_completed'],
];

export async function up(db: Db): Promise<void> {
  for (const [replaced, name, column] of KINDS) {
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on('order_coupon_lookup')
      .columns([column, 'status'])
      .execute();
    await db.schema.dropIndex(replaced).ifExists().execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const [replaced, name, column] of KINDS) {
    await db.schema
      .createIndex(replaced)
      .ifNotExists()
      .on('order_coupon_lookup')
      .columns([column])
      .execute();
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
