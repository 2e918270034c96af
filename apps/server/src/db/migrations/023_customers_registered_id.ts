import type { Kysely } from 'kysely';

// The customers list pages by registration date with the customer id as its tie-break (newest
// first, the report's default order), and with an order-date range it walks the customers in
// that order until a page of them has an order in the range. On (date_registered) alone, the
// customers of one date (above all the guests, who have none: 150,000 at 1M orders) came in
// no order, so PostgreSQL read and sorted all of them first (390 ms for a month's page); with
// the id in the index they come in the page's order, and the walk stops at the page. The
// leading column is the old index's, so every query that used it can use this one.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('customers_registered_id')
    .ifNotExists()
    .on('customers')
    .columns(['date_registered', 'id'])
    .execute();
  await db.schema.dropIndex('customers_registered').ifExists().execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createIndex('customers_registered')
    .ifNotExists()
    .on('customers')
    .columns(['date_registered'])
    .execute();
  await db.schema.dropIndex('customers_registered_id').ifExists().execute();
}
