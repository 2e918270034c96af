import { type Kysely, sql } from 'kysely';

// The customers leaderboard ranks customers by their spend within a date range. Aggregating
// every order of a year per customer costs about a second at 1M orders, so the board walks the
// customers from the largest possible spend down and stops once no later customer can rank
// (analytics/customers.ts, topCustomersBySpend). The bound is each customer's all-time sum of
// positive order_stats rows (orders, not refunds): no date range can hold more than that.
// Existing rows are filled here under the excluded statuses they were computed with.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('customer_totals')
    .addColumn('gross_spend', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const state = await sql<{ excluded_statuses: string }>`
    SELECT excluded_statuses FROM customer_totals_state WHERE id = 1`.execute(db);
  const key = state.rows[0]?.excluded_statuses;
  if (key !== undefined) {
    const excluded = JSON.parse(key) as string[];
    const counted = excluded.length ? sql`AND s.status NOT IN (${sql.join(excluded)})` : sql``;
    await sql`UPDATE customer_totals SET gross_spend = COALESCE((
        SELECT SUM(s.total_sales) FROM order_stats s
        WHERE s.customer_id = customer_totals.customer_id AND s.total_sales > 0 ${counted}), 0)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('customer_totals_gross_spend')
    .on('customer_totals')
    .columns(['gross_spend', 'customer_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('customer_totals_gross_spend').ifExists().execute();
  await db.schema.alterTable('customer_totals').dropColumn('gross_spend').execute();
}
