import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Repeat buyers per source (analytics/sources.ts, analytics/customer-time.ts): per dimension of
// the Sources report, local day and value, the persons (customers over time, migration 037)
// whose first counted order is of that day and carries that value, and how many of them have
// ordered again since. Kept with person_summary under customer_time_state's settings, so the
// state row is removed here: the start-up job that builds customers over time
// (buildStaleCustomerTime) builds this table with the others, on a fresh store and an
// existing one alike. Frozen: this file imports no live code.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('source_first_day')
    .addColumn('dimension', 'varchar(20)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('customers', 'bigint', (c) => c.notNull())
    .addColumn('repeat_customers', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('source_first_day_pk', ['dimension', 'day', 'value'] as never)
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
  await sql.raw('DELETE FROM customer_time_state').execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('source_first_day').ifExists().execute();
}
