import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Profit. Every table that sums an order's money gets the measures the profit figures are made
// of, so reports read them where they read net sales:
// - cost_of_goods: the cost of the lines whose cost is known (a refund's negative);
// - costed_items, costed_net: the quantity and the net of those lines (cost coverage);
// - payment_fees (order rows only): the gateway's fee less what it gave back.
// On order_stats and the revenue rollups (revenue_hour, revenue_day) and item_day all four; on
// order_product_lookup and the product, variation and category month and day rollups the line
// ones. They are filled here from order_items and orders, exactly as ingestion writes them.
//
// entered_costs keeps the unit costs entered in Storelens (REST or CSV), per product or
// variation and date they take effect from, beside the shop's own (product_costs).
//
// Frozen SQL: the column lists are written out, not read from the live measures table.
type Db = Kysely<unknown>;

const LINE = ['cost_of_goods', 'costed_items', 'costed_net'];
const ORDER = [...LINE, 'payment_fees'];
const KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;
const PERIOD_TABLES = [
  ['product', ['product_id']],
  ['variation', ['variation_id', 'product_id']],
  ['category', ['category_id']],
] as const;

async function addColumns(db: Db, table: string, columns: readonly string[]) {
  for (const column of columns)
    await db.schema
      .alterTable(table)
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await addColumns(db, 'order_stats', ORDER);
  await addColumns(db, 'order_product_lookup', LINE);
  for (const table of ['revenue_hour', 'revenue_day', 'item_day'])
    await addColumns(db, table, ORDER);
  for (const [name] of PERIOD_TABLES)
    for (const period of ['month', 'day']) await addColumns(db, `${name}_${period}`, LINE);
  await db.schema
    .createTable('entered_costs')
    .addColumn('product_id', sqlite ? 'integer' : 'bigint', (c) => c.notNull())
    .addColumn('effective_from_gmt', 'text', (c) => c.notNull())
    .addColumn('cost', 'bigint')
    .addColumn('created_gmt', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('entered_costs_pk', ['product_id', 'effective_from_gmt'] as never)
    .execute();

  // Lines and orders from their source rows.
  await sql`UPDATE order_product_lookup SET
      cost_of_goods = COALESCE((SELECT i.cost FROM order_items i
        WHERE i.id = order_product_lookup.order_item_id), 0),
      costed_items = COALESCE((SELECT i.quantity FROM order_items i
        WHERE i.id = order_product_lookup.order_item_id AND i.cost IS NOT NULL), 0),
      costed_net = COALESCE((SELECT i.total FROM order_items i
        WHERE i.id = order_product_lookup.order_item_id AND i.cost IS NOT NULL), 0)
    WHERE EXISTS (SELECT 1 FROM order_items i
      WHERE i.id = order_product_lookup.order_item_id AND i.cost IS NOT NULL)`.execute(db);
  await sql`UPDATE order_stats SET
      cost_of_goods = COALESCE((SELECT SUM(l.cost_of_goods) FROM order_product_lookup l
        WHERE l.order_id = order_stats.order_id), 0),
      costed_items = COALESCE((SELECT SUM(l.costed_items) FROM order_product_lookup l
        WHERE l.order_id = order_stats.order_id), 0),
      costed_net = COALESCE((SELECT SUM(l.costed_net) FROM order_product_lookup l
        WHERE l.order_id = order_stats.order_id), 0)
    WHERE EXISTS (SELECT 1 FROM order_product_lookup l
      WHERE l.order_id = order_stats.order_id AND l.costed_items <> 0
        OR l.order_id = order_stats.order_id AND l.cost_of_goods <> 0
        OR l.order_id = order_stats.order_id AND l.costed_net <> 0)`.execute(db);
  await sql`UPDATE order_stats SET payment_fees = COALESCE((SELECT o.payment_fee - o.payment_fee_refunded
      FROM orders o WHERE o.id = order_stats.order_id), 0)
    WHERE parent_id = 0 AND EXISTS (SELECT 1 FROM orders o WHERE o.id = order_stats.order_id
      AND (o.payment_fee <> 0 OR o.payment_fee_refunded <> 0))`.execute(db);

  // Revenue rollups: every order and refund row has its row there already (refund_count).
  const orderSums = ORDER.map((c) => `SUM(s.${c})`).join(', ');
  const set = (columns: readonly string[]) => columns.map((c) => `${c} = excluded.${c}`).join(', ');
  const costed = `(s.cost_of_goods <> 0 OR s.costed_items <> 0 OR s.costed_net <> 0
    OR s.payment_fees <> 0)`;
  for (const [table, width] of [
    ['revenue_hour', 13],
    ['revenue_day', 10],
  ] as const) {
    for (const [kind, column] of KINDS) {
      await sql
        .raw(
          `INSERT INTO ${table} (date_kind, bucket, status, returning_customer, orders_count,
             num_items_sold, total_sales, net_total, tax_total, shipping_total, refunds, coupons,
             coupon_ids, refund_count, ${ORDER.join(', ')})
           SELECT '${kind}', substr(s.${column}, 1, ${width}), s.status, s.returning_customer,
             0, 0, 0, 0, 0, 0, 0, 0, '', 0, ${orderSums}
           FROM order_stats s WHERE s.${column} IS NOT NULL AND ${costed}
           GROUP BY substr(s.${column}, 1, ${width}), s.status, s.returning_customer
           ON CONFLICT (date_kind, bucket, status, returning_customer) DO UPDATE SET ${set(ORDER)}`,
        )
        .execute(db);
    }
  }

  // item_day: the order and refund rows matching each item, as its rows were made (015).
  const members: Record<string, string> = {
    product: 'SELECT DISTINCT order_id, product_id AS item_id FROM order_product_lookup',
    variation:
      'SELECT DISTINCT order_id, variation_id AS item_id FROM order_product_lookup WHERE variation_id > 0',
    category: `SELECT DISTINCT opl.order_id, pc.category_id AS item_id FROM order_product_lookup opl
      JOIN product_categories pc ON pc.product_id = opl.product_id`,
    coupon: `SELECT DISTINCT s.order_id, c.coupon_id AS item_id FROM order_stats s
      JOIN order_coupon_lookup c ON c.order_id = (CASE WHEN s.parent_id = 0 THEN s.order_id ELSE s.parent_id END)`,
  };
  for (const [type, from] of Object.entries(members)) {
    for (const [kind, column] of KINDS) {
      await sql
        .raw(
          `INSERT INTO item_day (item_type, item_id, date_kind, day, status, returning_customer,
             orders_count, num_items_sold, total_sales, net_total, tax_total, shipping_total,
             refunds, coupons, coupon_ids, ${ORDER.join(', ')})
           SELECT '${type}', m.item_id, '${kind}', substr(s.${column}, 1, 10), s.status,
             s.returning_customer, 0, 0, 0, 0, 0, 0, 0, 0, '', ${orderSums}
           FROM (${from}) m JOIN order_stats s ON s.order_id = m.order_id
           WHERE s.${column} IS NOT NULL AND ${costed}
           GROUP BY m.item_id, substr(s.${column}, 1, 10), s.status, s.returning_customer
           ON CONFLICT (item_type, item_id, date_kind, day, status, returning_customer)
           DO UPDATE SET ${set(ORDER)}`,
        )
        .execute(db);
    }
  }

  // Product, variation and category month and day rollups, from the lines.
  const lineSums = LINE.map((c) => `SUM(l.${c})`).join(', ');
  const lineCosted = '(l.cost_of_goods <> 0 OR l.costed_items <> 0 OR l.costed_net <> 0)';
  for (const [name, keys] of PERIOD_TABLES) {
    for (const [period, width] of [
      ['month', 7],
      ['day', 10],
    ] as const) {
      for (const [kind, column] of KINDS) {
        const join =
          name === 'category' ? 'JOIN product_categories pc ON pc.product_id = l.product_id' : '';
        const ids =
          name === 'category'
            ? 'pc.category_id'
            : name === 'variation'
              ? 'l.variation_id, l.product_id'
              : 'l.product_id';
        const where = name === 'variation' ? 'AND l.variation_id > 0' : '';
        await sql
          .raw(
            `INSERT INTO ${name}_${period} (date_kind, ${period}, status, ${keys.join(', ')},
               items_sold, net_revenue, orders_count, ${LINE.join(', ')})
             SELECT '${kind}', substr(l.${column}, 1, ${width}), l.status, ${ids}, 0, 0, 0,
               ${lineSums}
             FROM order_product_lookup l ${join}
             WHERE l.${column} IS NOT NULL AND ${lineCosted} ${where}
             GROUP BY substr(l.${column}, 1, ${width}), l.status, ${ids}
             ON CONFLICT (date_kind, ${period}, status, ${keys.join(', ')})
             DO UPDATE SET ${set(LINE)}`,
          )
          .execute(db);
      }
    }
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('entered_costs').ifExists().execute();
  for (const [name] of PERIOD_TABLES)
    for (const period of ['month', 'day'])
      for (const c of LINE) await db.schema.alterTable(`${name}_${period}`).dropColumn(c).execute();
  for (const table of ['revenue_hour', 'revenue_day', 'item_day', 'order_stats'])
    for (const c of ORDER) await db.schema.alterTable(table).dropColumn(c).execute();
  for (const c of LINE) await db.schema.alterTable('order_product_lookup').dropColumn(c).execute();
}
