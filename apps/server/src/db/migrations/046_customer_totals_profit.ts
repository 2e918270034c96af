import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Each customer's lifetime profit sums, kept in customer_totals beside their orders and spend,
// so the customers list sorted by gross profit without an order-date range walks an index
// instead of summing every order of every customer on the request (2.4 s at 1,000,000 orders
// on SQLite). The sums are the report's (analytics/customers.ts) over the same order_stats rows
// as the other totals (status not excluded, refunds included): net sales (net_total), items
// sold (num_items_sold) and the line measures (cost_of_goods, costed_items, costed_net).
// gross_profit is generated from them as the report computes it: NULL (unknown) when items
// were sold and none had a known cost, else net sales less cost of goods. It is virtual on
// SQLite (which cannot add a stored column to a table) and stored on PostgreSQL; its index,
// with the customer id as tie-break, sorts NULL lowest on both engines (NULLS FIRST on
// PostgreSQL, SQLite's own order), as the list does (migration 026 did the same).
//
// The rows a store has get no sums here: the state row goes instead, so the rows are never
// read without them (reads aggregate order_stats meanwhile), and they are rebuilt with every
// column when the store opens (store.ts) or by the next ingestion batch, whichever comes
// first. Frozen SQL: the columns are written out, not read from the live measures table.
type Db = Kysely<unknown>;

const SUMS = ['net_total', 'num_items_sold', 'cost_of_goods', 'costed_items', 'costed_net'];

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const column of SUMS)
    await db.schema
      .alterTable('customer_totals')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  const profit = sql`CASE WHEN num_items_sold <> 0 AND costed_items = 0 THEN NULL
    ELSE net_total - cost_of_goods END`;
  await db.schema
    .alterTable('customer_totals')
    .addColumn('gross_profit', 'bigint', (c) =>
      sqlite ? c.generatedAlwaysAs(profit) : c.generatedAlwaysAs(profit).stored(),
    )
    .execute();
  await sql
    .raw(
      `CREATE INDEX customer_totals_gross_profit
         ON customer_totals (gross_profit${sqlite ? '' : ' NULLS FIRST'}, customer_id)`,
    )
    .execute(db);
  await sql.raw('DELETE FROM customer_totals_state').execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('customer_totals_gross_profit').ifExists().execute();
  await db.schema.alterTable('customer_totals').dropColumn('gross_profit').execute();
  for (const column of [...SUMS].reverse())
    await db.schema.alterTable('customer_totals').dropColumn(column).execute();
}
