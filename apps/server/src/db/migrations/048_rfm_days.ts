import { type Kysely, SqliteAdapter } from 'kysely';

// The RFM groups at the end of every day (analytics/rfm-days.ts), kept by a sweep over the
// counted orders that runs after ingestion, so `reports/rfm` for a day's end reads a few rows
// instead of scoring every person twice. `rfm_day` holds each day's groups (customers and net
// sales), `rfm_move` each day's groups one week, month, quarter and year before (grain w, m,
// q, y: the customers then, and those in the same group both times), `rfm_cut` each day's cut
// points (the last order, orders and net sales at each quintile's edge, which
// `reports/rfm/customers` scores with), `rfm_state` the settings and days the sweep covered,
// and `rfm_marks` the earliest day each ingestion batch changed since: a day is read only
// while no mark is on or before it. The tables start empty: the reports score the persons as
// before until the first sweep. Frozen: this file imports no live code.
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('rfm_day')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('grp', 'integer', (c) => c.notNull())
    .addColumn('customers', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rfm_day_pk', ['day', 'grp'])
    .execute();
  await db.schema
    .createTable('rfm_move')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('grain', 'varchar(1)', (c) => c.notNull())
    .addColumn('grp', 'integer', (c) => c.notNull())
    .addColumn('previous', 'bigint', (c) => c.notNull())
    .addColumn('stayed', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rfm_move_pk', ['day', 'grain', 'grp'])
    .execute();
  let cut = db.schema.createTable('rfm_cut').addColumn('day', 'varchar(10)', (c) => c.primaryKey());
  for (const k of [1, 2, 3, 4]) cut = cut.addColumn(`last_${k}`, 'varchar(19)', (c) => c.notNull());
  for (const k of [1, 2, 3, 4]) cut = cut.addColumn(`orders_${k}`, 'bigint', (c) => c.notNull());
  for (const k of [1, 2, 3, 4]) cut = cut.addColumn(`net_${k}`, 'bigint', (c) => c.notNull());
  await cut.execute();
  await db.schema
    .createTable('rfm_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('first_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_day', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rfm_marks')
    .addColumn('id', sqlite ? 'integer' : 'bigserial', (c) => c.primaryKey())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['rfm_marks', 'rfm_state', 'rfm_cut', 'rfm_move', 'rfm_day'])
    await db.schema.dropTable(table).ifExists().execute();
}
