import type { Kysely } from 'kysely';

// The orders list sorted by net sales or items sold read and sorted every row of its range to
// give 25 (a year at 1M orders: 324 ms on PostgreSQL, about ten times that at 10M). With the
// rows in that order in an index (the order id breaks ties, as the list does), a page of a
// wide range is the first matching rows of the index (`pageByAmount` in
// analytics/orders-list.ts).
type Db = Kysely<unknown>;

const INDEXES = [
  ['order_stats_net_total', 'net_total'],
  ['order_stats_items_sold', 'num_items_sold'],
] as const;

export async function up(db: Db): Promise<void> {
  for (const [name, column] of INDEXES)
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on('order_stats')
      .columns([column, 'order_id'])
      .execute();
}

export async function down(db: Db): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
