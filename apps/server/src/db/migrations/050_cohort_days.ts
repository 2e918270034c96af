import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Cohorts of a range that starts or ends inside a week, month, quarter or year
// (analytics/customer-time.ts, `cohortCells`). cohort_totals keeps whole periods, so such a
// range had to read again the whole history of every customer its edges cut: at 10,000,000
// orders about a second for a month cut on the 20th. Two finer copies of the same cells, kept
// by the same per-person difference:
// - cohort_days: per grain, cohort and local day, the cohort's orders and net sales of that
//   day, and its customers counted on the day of their first order in that day's period;
// - cohort_first_days: per grain, day of the first order and period, the cells of the
//   customers whose first order is of that day (period '' their number).
// The first answers the last period up to a day, the second leaves out the customers whose
// first order falls before a range's first day. The state row is removed so the start-up
// build (buildStaleCustomerTime) fills both with the others. Frozen: imports no live code.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('cohort_days')
    .addColumn('grain', 'varchar(1)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('cohort', 'varchar(10)', (c) => c.notNull())
    .addColumn('customers', 'bigint', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cohort_days_pk', ['grain', 'day', 'cohort'] as never)
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
  await db.schema
    .createTable('cohort_first_days')
    .addColumn('grain', 'varchar(1)', (c) => c.notNull())
    .addColumn('first_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('customers', 'bigint', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cohort_first_days_pk', ['grain', 'first_day', 'period'] as never)
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
  await sql.raw('DELETE FROM customer_time_state').execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('cohort_first_days').ifExists().execute();
  await db.schema.dropTable('cohort_days').ifExists().execute();
}
