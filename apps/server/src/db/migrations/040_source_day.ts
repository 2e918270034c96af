import { type Kysely, SqliteAdapter, sql } from 'kysely';

// The Sources report by local day (analytics/sources.ts, ingest/source-day.ts): per date kind,
// day, dimension, status and value (a payment method's also per title), the sums the report
// shows of the order rows (orders and refunds, a refund under its order's values on its own
// date): rows, orders, net sales, new customers, orders of unknown source type, items sold and
// the profit measures. Dimension `unknown_reason` holds why an order's source is unknown
// (`known`, `no_record`, `not_checkout`, `checkout`). A year reads a few thousand rows instead
// of every order of the year with its attribution. Keyed by day before dimension: an order's
// rows (three date kinds, nine dimensions) fall in three places of the key, not 27, which a
// single order's commit writes as pages; a year's read of one dimension passes over the
// others' rows of its days (about 46,000 rows a year at 1,000,000 orders). The index on
// orders' creation time finds the store's first attributed order and the orders before it
// from the oldest. Existing rows are rolled up here. Frozen: this file imports no live code.
type Db = Kysely<unknown>;

const KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;

const MEASURES = ['cost_of_goods', 'costed_items', 'costed_net', 'payment_fees'] as const;

const attribution = (column: string) =>
  `CASE WHEN a.${column} IS NULL OR a.${column} = '' THEN 'unknown' ELSE a.${column} END`;
const ofOrder = (column: string) =>
  `CASE WHEN o.${column} IS NULL OR o.${column} = '' THEN 'unknown' ELSE LOWER(o.${column}) END`;
const SOURCE_TYPE = attribution('source_type');

const DIMENSIONS: readonly [string, string][] = [
  ['source_type', SOURCE_TYPE],
  [
    'origin',
    `CASE WHEN a.origin IS NULL OR a.origin = '' OR a.origin = 'Unknown' THEN 'unknown' ELSE a.origin END`,
  ],
  ['utm_source', attribution('utm_source')],
  ['utm_medium', attribution('utm_medium')],
  ['utm_campaign', attribution('utm_campaign')],
  ['device_type', attribution('device_type')],
  ['payment_method', ofOrder('payment_method')],
  ['created_via', ofOrder('created_via')],
  [
    'unknown_reason',
    `CASE WHEN ${SOURCE_TYPE} <> 'unknown' THEN 'known' WHEN a.order_id IS NULL THEN 'no_record'
      WHEN NOT (o.created_via IS NULL OR o.created_via IN ('', 'checkout', 'store-api'))
      THEN 'not_checkout' ELSE 'checkout' END`,
  ],
];

const SUMS = [
  'rows_count',
  'orders_count',
  'net_total',
  'new_customers',
  'unknown_orders',
  'num_items_sold',
  ...MEASURES,
];

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  let table = db.schema
    .createTable('source_day')
    .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('dimension', 'varchar(20)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull());
  for (const name of SUMS) table = table.addColumn(name, 'bigint', (c) => c.notNull());
  await table
    .addPrimaryKeyConstraint('source_day_pk', [
      'date_kind',
      'day',
      'dimension',
      'status',
      'value',
      'title',
    ] as never)
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
  await db.schema
    .createIndex('orders_date_created_gmt')
    .ifNotExists()
    .on('orders')
    .column('date_created_gmt')
    .execute();
  const names = DIMENSIONS.map(([name]) => `SELECT '${name}' AS name`).join(' UNION ALL ');
  const value = `CASE dims.name ${DIMENSIONS.map(([name], i) => `WHEN '${name}' THEN x.v${i}`).join(' ')} END`;
  const title = `CASE WHEN dims.name = 'payment_method' THEN x.title ELSE '' END`;
  for (const [kind, column] of KINDS) {
    await sql
      .raw(
        `INSERT INTO source_day (date_kind, dimension, day, status, value, title, ${SUMS.join(', ')})
         SELECT '${kind}', dims.name, x.day, x.status, ${value}, ${title}, COUNT(*),
           SUM(x.orders_count), SUM(x.net_total), SUM(x.new_customers), SUM(x.unknown_orders),
           SUM(x.num_items_sold), ${MEASURES.map((m) => `SUM(x.${m})`).join(', ')}
         FROM (SELECT SUBSTR(os.${column}, 1, 10) AS day, os.status,
             ${DIMENSIONS.map(([, expr], i) => `${expr} AS v${i}`).join(', ')},
             COALESCE(o.payment_method_title, '') AS title,
             CASE WHEN os.parent_id = 0 THEN 1 ELSE 0 END AS orders_count, os.net_total,
             CASE WHEN os.parent_id = 0 AND os.returning_customer = 0 AND os.customer_id > 0
               THEN 1 ELSE 0 END AS new_customers,
             CASE WHEN os.parent_id = 0 AND ${SOURCE_TYPE} = 'unknown' THEN 1 ELSE 0 END
               AS unknown_orders,
             os.num_items_sold, ${MEASURES.map((m) => `os.${m}`).join(', ')}
           FROM order_stats os
           LEFT JOIN order_attribution a
             ON a.order_id = (CASE WHEN os.parent_id > 0 THEN os.parent_id ELSE os.order_id END)
           LEFT JOIN orders o ON o.id = os.order_id
           WHERE os.${column} IS NOT NULL) x
         CROSS JOIN (${names}) dims
         GROUP BY dims.name, x.day, x.status, ${value}, ${title}`,
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('source_day').ifExists().execute();
  await db.schema.dropIndex('orders_date_created_gmt').ifExists().execute();
}
