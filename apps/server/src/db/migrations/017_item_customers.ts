import type { Kysely } from 'kysely';

// Orders stats filtered to one product, variation or category with `total_customers` count the
// item's distinct customers per bucket from its lines (customerCountsOfItem in
// analytics/revenue.ts): the lines of one item in the range, by the report's date kind, with
// their customer, status and new/returning. These indexes hold exactly those columns, one per
// item kind and date kind, so the count reads a year of a best seller (12,000 lines at 1M orders)
// from the index alone instead of every line of the item, row by row, from the table. The
// (item, date_created) indexes they replace are their leading columns, so every query that
// used those can use these.
type Db = Kysely<unknown>;

const DATES = ['date_created', 'date_paid', 'date_completed'] as const;
const ITEMS = ['product', 'variation'] as const;
const suffix = { date_created: 'created', date_paid: 'paid', date_completed: 'completed' };

export async function up(db: Db): Promise<void> {
  for (const item of ITEMS) {
    for (const date of DATES) {
      await db.schema
        .createIndex(`order_product_lookup_${item}_${suffix[date]}`)
        .ifNotExists()
        .on('order_product_lookup')
        .columns([`${item}_id`, date, 'customer_id', 'status', 'returning_customer'])
        .execute();
    }
    await db.schema.dropIndex(`order_product_lookup_${item}`).ifExists().execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const item of ITEMS) {
    await db.schema
      .createIndex(`order_product_lookup_${item}`)
      .ifNotExists()
      .on('order_product_lookup')
      .columns([`${item}_id`, 'date_created'])
      .execute();
    for (const date of DATES)
      await db.schema
        .dropIndex(`order_product_lookup_${item}_${suffix[date]}`)
        .ifExists()
        .execute();
  }
}
