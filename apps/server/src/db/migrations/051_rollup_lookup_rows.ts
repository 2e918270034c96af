import { type Kysely, sql } from 'kysely';

// The lookup rows each product, variation, category and tax rollup row sums. A rollup row was
// kept only while one of its sums was not zero, so a record whose only lookup rows in a month
// summed to zero (a refund giving back no tax, the tax alone of a line given back) had no
// row, and a list read from the month rollups left it out where the lookup rows list it with
// zeros, as WooCommerce's reports do. `lookup_rows` counts the rows summed: such a record now
// keeps its row, and a removal still leaves an all-zero row, which is deleted, once its last
// lookup row is gone.
//
// Existing rows are counted here from the lookup rows, by their own dates and status, as
// ingestion writes them (ingest/contributions.ts): each day rollup from the lookups, then each
// month rollup from its days. Rows only such zero sums give are added. Frozen SQL: the
// columns are written out.
type Db = Kysely<unknown>;

const KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;

/** The product-like rollups' value columns before this migration (035 added the last three). */
const LINE_VALUES = [
  'items_sold',
  'net_revenue',
  'orders_count',
  'cost_of_goods',
  'costed_items',
  'costed_net',
] as const;

/** Each rollup family: its keys, its value columns before this migration, and its rows' SQL. */
const FAMILIES = [
  {
    name: 'product',
    keys: ['product_id'],
    values: LINE_VALUES,
    from: 'order_product_lookup l',
    select: ['l.product_id'],
  },
  {
    name: 'variation',
    keys: ['variation_id', 'product_id'],
    values: LINE_VALUES,
    from: 'order_product_lookup l',
    select: ['l.variation_id', 'l.product_id'],
    where: 'l.variation_id > 0',
  },
  {
    name: 'category',
    keys: ['category_id'],
    values: LINE_VALUES,
    from: 'order_product_lookup l JOIN product_categories pc ON pc.product_id = l.product_id',
    select: ['pc.category_id'],
  },
  {
    name: 'tax',
    keys: ['tax_rate_id'],
    values: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count'],
    from: 'order_tax_lookup l',
    select: ['l.tax_rate_id'],
  },
] as const;

export async function up(db: Db): Promise<void> {
  for (const f of FAMILIES) {
    for (const period of ['day', 'month'])
      await db.schema
        .alterTable(`${f.name}_${period}`)
        .addColumn('lookup_rows', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    const keys = f.keys.join(', ');
    const dayKeys = f.keys.map((k) => `d.${k}`).join(', ');
    const zeros = f.values.map(() => '0').join(', ');
    const where = 'where' in f ? ` AND ${f.where}` : '';
    for (const [kind, column] of KINDS) {
      const day = `substr(l.${column}, 1, 10)`;
      await sql
        .raw(
          `INSERT INTO ${f.name}_day (date_kind, day, status, ${keys}, ${f.values.join(', ')}, lookup_rows)
           SELECT '${kind}', ${day}, l.status, ${f.select.join(', ')}, ${zeros}, COUNT(*)
           FROM ${f.from}
           WHERE l.${column} IS NOT NULL${where}
           GROUP BY ${day}, l.status, ${f.select.join(', ')}
           ON CONFLICT (date_kind, day, status, ${keys}) DO UPDATE SET lookup_rows = excluded.lookup_rows`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `INSERT INTO ${f.name}_month (date_kind, month, status, ${keys}, ${f.values.join(', ')}, lookup_rows)
         SELECT d.date_kind, substr(d.day, 1, 7), d.status, ${dayKeys},
           ${zeros}, SUM(d.lookup_rows)
         FROM ${f.name}_day d
         WHERE d.lookup_rows <> 0
         GROUP BY d.date_kind, substr(d.day, 1, 7), d.status, ${dayKeys}
         ON CONFLICT (date_kind, month, status, ${keys}) DO UPDATE SET lookup_rows = excluded.lookup_rows`,
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  for (const f of FAMILIES) {
    for (const period of ['day', 'month']) {
      const table = `${f.name}_${period}`;
      // Rows only zero sums gave did not exist before.
      await sql
        .raw(`DELETE FROM ${table} WHERE ${f.values.map((v) => `${v} = 0`).join(' AND ')}`)
        .execute(db);
      await db.schema.alterTable(table).dropColumn('lookup_rows').execute();
    }
  }
}
