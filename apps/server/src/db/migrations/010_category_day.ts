import { type Kysely, SqliteAdapter, sql } from 'kysely';

// A day rollup per category. Lists for ranges that do not start and end on month boundaries
// read their edge days from the lookups; for categories every line is joined to its
// categories and counted distinct per order, about 160 ms for a year ending mid-month at 1M
// orders. A store has few categories, so per day they are a few hundred rows where the
// lookups are thousands (unlike products, which the 004 migration's note covers). The same
// figures as category_month: each order once per category, refunds never counted. Existing
// lookup rows are rolled up here.
type Db = Kysely<unknown>;

const KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('category_day')
    .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('category_id', 'bigint', (c) => c.notNull())
    .addColumn('items_sold', 'bigint', (c) => c.notNull())
    .addColumn('net_revenue', 'bigint', (c) => c.notNull())
    .addColumn('orders_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_day_pk', [
      'date_kind',
      'day',
      'status',
      'category_id',
    ] as never)
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
  for (const [kind, column] of KINDS) {
    const day = sql.raw(`substr(opl.${column}, 1, 10)`);
    await sql`INSERT INTO category_day
        (date_kind, day, status, category_id, items_sold, net_revenue, orders_count)
      SELECT ${kind}, ${day}, opl.status, pc.category_id, SUM(opl.product_qty),
        SUM(opl.product_net_revenue),
        COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END)
      FROM order_product_lookup opl JOIN product_categories pc ON pc.product_id = opl.product_id
      WHERE ${sql.raw(`opl.${column}`)} IS NOT NULL
      GROUP BY ${day}, opl.status, pc.category_id
      HAVING SUM(opl.product_qty) <> 0 OR SUM(opl.product_net_revenue) <> 0
        OR COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END) <> 0`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('category_day').ifExists().execute();
}
