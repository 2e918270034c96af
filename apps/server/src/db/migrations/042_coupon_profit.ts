import { type Kysely, sql } from 'kysely';

// The profit of the orders that used a coupon, kept in the coupon rollups. coupon_month and
// coupon_day gain, per date kind, period, status and coupon, the sums of the order rows (orders
// and their refunds, each refund on its own date and status, under its order's coupons) whose
// order used the coupon: net sales (net_total), items sold (num_items_sold) and the profit
// measures (cost_of_goods, costed_items, costed_net, payment_fees). The coupons list sums them
// for whole months and days as it sums the discount, instead of reading every order of its
// coupons (analytics/coupons-list.ts). A refund has no coupon row of its own, so a period may
// now hold a coupon's row with no discount and no order: only its refunds' sums.
//
// Existing rows are filled here from order_stats and order_coupon_lookup, as ingestion writes
// them (ingest/contributions.ts). Frozen SQL: the columns are written out, not read from the
// live measures table.
type Db = Kysely<unknown>;

const KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;

const PERIODS = [
  ['coupon_month', 'month', 7],
  ['coupon_day', 'day', 10],
] as const;

const SUMS = [
  'net_total',
  'num_items_sold',
  'cost_of_goods',
  'costed_items',
  'costed_net',
  'payment_fees',
] as const;

export async function up(db: Db): Promise<void> {
  for (const [table] of PERIODS)
    for (const column of SUMS)
      await db.schema
        .alterTable(table)
        .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

  const sums = SUMS.map((c) => `SUM(s.${c})`).join(', ');
  const anyNonZero = SUMS.map((c) => `SUM(s.${c}) <> 0`).join(' OR ');
  const set = SUMS.map((c) => `${c} = excluded.${c}`).join(', ');
  for (const [table, period, width] of PERIODS) {
    for (const [kind, column] of KINDS) {
      await sql
        .raw(
          `INSERT INTO ${table} (date_kind, ${period}, status, coupon_id, amount, orders_count,
             ${SUMS.join(', ')})
           SELECT '${kind}', substr(s.${column}, 1, ${width}), s.status, c.coupon_id, 0, 0, ${sums}
           FROM order_stats s JOIN order_coupon_lookup c
             ON c.order_id = (CASE WHEN s.parent_id = 0 THEN s.order_id ELSE s.parent_id END)
           WHERE s.${column} IS NOT NULL
           GROUP BY substr(s.${column}, 1, ${width}), s.status, c.coupon_id
           HAVING ${anyNonZero}
           ON CONFLICT (date_kind, ${period}, status, coupon_id) DO UPDATE SET ${set}`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  for (const [table] of PERIODS) {
    // Rows that held only refunds' sums (no discount, no order) did not exist before.
    await sql.raw(`DELETE FROM ${table} WHERE amount = 0 AND orders_count = 0`).execute(db);
    for (const column of SUMS) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
