import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Orders stats for one product or variation with `total_customers` counted the item's distinct
// customers from its lines in the range (migration 017's indexes): 15,000 index entries for a
// best seller's year at 1M orders, 128,000 at 10M (73-95 ms). item_visits holds the visits
// those lines make, per item, date kind, day and the same customer's previous visit
// (ingest/item-visits.ts), so the count reads a tenth as many rows and never a line. The
// visits are counted here from the existing lookups under the stored excluded statuses, with
// the statement ingestion's full count used when this migration was written.
type Db = Kysely<unknown>;

/** The statuses reports leave out: the stored setting, or WooCommerce's default. */
async function excludedStatuses(db: Db): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`SELECT value FROM options
    WHERE name = 'woocommerce_excluded_report_order_statuses'`.execute(db);
  const stored = rows[0] ? (JSON.parse(rows[0].value) as unknown) : undefined;
  return Array.isArray(stored) ? stored.map(String) : ['pending', 'failed', 'cancelled'];
}

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('item_visits')
    .addColumn('item_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('prev_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_visits_pk', [
      'item_type',
      'item_id',
      'date_kind',
      'day',
      'prev_day',
    ] as never)
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
  await countVisits(db, sqlite, await excludedStatuses(db));
}

/** Counts every customer's visits from the lookup rows, per item kind and date kind. */
async function countVisits(db: Db, sqlite: boolean, excluded: string[]): Promise<void> {
  const statuses = [...new Set(excluded)];
  const counted = statuses.length
    ? sql`status NOT IN (${sql.join(statuses.map((s) => sql`${s}`))})`
    : sql`1=1`;
  for (const [type, column] of [
    ['product', 'product_id'],
    ['variation', 'variation_id'],
  ]) {
    for (const [kind, dateColumn] of [
      ['created', 'date_created'],
      ['paid', 'date_paid'],
      ['completed', 'date_completed'],
    ]) {
      const item = sql.ref(column!);
      const date = sql.ref(dateColumn!);
      if (!sqlite) await sql`SET LOCAL work_mem = '256MB'`.execute(db);
      // Each line with the day of the customer's previous line of the item: the first line of
      // a day is a visit, and the previous line's day is the previous visit's.
      await sql`INSERT INTO item_visits (item_type, item_id, date_kind, day, prev_day, n)
        SELECT ${type}, item_id, ${kind}, day, COALESCE(prev, ''), COUNT(*) FROM (
          SELECT ${item} AS item_id, substr(${date}, 1, 10) AS day,
            substr(LAG(${date}) OVER (PARTITION BY ${item}, customer_id ORDER BY ${date}), 1, 10) AS prev
          FROM order_product_lookup
          WHERE customer_id > 0 AND ${item} > 0 AND ${date} IS NOT NULL AND ${counted}
        ) lines
        WHERE prev IS NULL OR prev < day
        GROUP BY item_id, day, COALESCE(prev, '')
        ORDER BY item_id, day`.execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('item_visits').ifExists().execute();
}
