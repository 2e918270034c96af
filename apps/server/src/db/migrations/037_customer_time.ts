import { type Kysely, SqliteAdapter } from 'kysely';

// Customers over time (analytics/customer-time.ts): who each guest is (a guest with a
// registered customer's e-mail is that customer), each person's lifetime figures, and the
// cohort totals (new customers of each week, month, quarter and year, and their customers,
// orders and net sales in each later one), kept by ingestion so the Cohorts and RFM reports
// read small tables instead of every order. `customer_time_state` records the settings the
// rows were built under (excluded statuses, date type, week start, zone): rows built under
// others are never read. The tables start empty, with no state row: the reports read the
// orders as before until the first ingested batch (or a rebuild) fills them.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = sqlite ? 'integer' : 'bigint';
  await db.schema
    .createTable('customer_persons')
    .addColumn('customer_id', id, (c) => c.primaryKey())
    .addColumn('person', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_persons_person')
    .on('customer_persons')
    .columns(['person', 'customer_id'])
    .execute();
  await db.schema
    .createTable('person_summary')
    .addColumn('person', id, (c) => c.primaryKey())
    .addColumn('first_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('last_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('person_summary_first_at')
    .on('person_summary')
    .columns(['first_at', 'person'])
    .execute();
  await db.schema
    .createTable('cohort_totals')
    .addColumn('grain', 'varchar(1)', (c) => c.notNull())
    .addColumn('cohort', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('customers', 'bigint', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cohort_totals_pk', ['grain', 'cohort', 'period'])
    .execute();
  await db.schema
    .createTable('customer_time_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'customer_time_state',
    'cohort_totals',
    'person_summary',
    'customer_persons',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
