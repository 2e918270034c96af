import { type Kysely, sql } from 'kysely';

// The orders list counts its rows (orders and refunds of the range) on every page: at 1M orders
// a year is 486,000 rows, about 100 ms of index scan on PostgreSQL, ten times that at 10M. The
// revenue rollups already count each day's and hour's orders (orders_count); with the refund
// rows counted beside them (refund_count), whole days and hours of the range add up from the
// rollups and only the partial hours at its edges are counted from order_stats. Ingestion keeps
// the column from here on (`addRevenue` in ingest/contributions.ts); this fills it for the rows
// already rolled up, per date kind, bucket, status and new/returning. A refund whose figures
// are all zero left no rollup row before; it now has one (refund_count 1), as ingestion writes.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  for (const table of ['revenue_hour', 'revenue_day']) {
    await db.schema
      .alterTable(table)
      .addColumn('refund_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await countRefundRows(db);
}

/** Sets every revenue rollup row's refund_count from order_stats (exported for its test). */
export async function countRefundRows(db: Db): Promise<void> {
  for (const [table, width] of [
    ['revenue_hour', 13],
    ['revenue_day', 10],
  ] as const) {
    await sql.raw(`UPDATE ${table} SET refund_count = 0`).execute(db);
    for (const [kind, column] of [
      ['created', 'date_created'],
      ['paid', 'date_paid'],
      ['completed', 'date_completed'],
    ]) {
      await sql
        .raw(
          `INSERT INTO ${table} (date_kind, bucket, status, returning_customer, orders_count,
             num_items_sold, total_sales, net_total, tax_total, shipping_total, refunds, coupons,
             coupon_ids, refund_count)
           SELECT '${kind}', substr(s.${column}, 1, ${width}), s.status, s.returning_customer,
             0, 0, 0, 0, 0, 0, 0, 0, '', COUNT(*)
           FROM order_stats s WHERE s.parent_id <> 0 AND s.${column} IS NOT NULL
           GROUP BY substr(s.${column}, 1, ${width}), s.status, s.returning_customer
           ON CONFLICT (date_kind, bucket, status, returning_customer)
           DO UPDATE SET refund_count = excluded.refund_count`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of ['revenue_hour', 'revenue_day']) {
    await sql
      .raw(
        `DELETE FROM ${table} WHERE orders_count = 0 AND num_items_sold = 0 AND total_sales = 0
           AND net_total = 0 AND tax_total = 0 AND shipping_total = 0 AND refunds = 0
           AND coupons = 0 AND coupon_ids = ''`,
      )
      .execute(db);
    await db.schema.alterTable(table).dropColumn('refund_count').execute();
  }
}
