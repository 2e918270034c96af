/*
 * Each customer's all-time order aggregates (table customer_totals, migration 006), kept by
 * ingestion so the customers report without an order-date range reads one row per customer.
 * The figures are the report's own (analytics/customers.ts), over order_stats rows of the
 * customer (customer_id > 0) whose status is not excluded:
 *   orders_count    = rows with parent_id = 0 (orders; refunds are not counted)
 *   total_spend     = SUM(total_sales), refunds (negative rows) included
 *   date_last_order = MAX(date_created) of the counted orders (local time)
 *   avg_order_value = total_spend / orders_count (a generated column), 0 without orders
 *   gross_spend     = SUM of the positive total_sales: the most any date range can hold
 *                     (the customers leaderboard's bound, migration 009)
 *   net_total, num_items_sold, cost_of_goods, costed_items, costed_net
 *                   = their SUMs, refunds included: the profit sums (`PROFIT_SUMS`, migration
 *                     046), which the rows' profit figures are made of
 *   gross_profit    = net_total - cost_of_goods, NULL (unknown) when items were sold and none
 *                     had a known cost (a generated column: the list's gross profit sort)
 *
 * Counts and sums are added and subtracted per ingested batch. The latest order date cannot be
 * un-maxed: when orders are removed (sign -1) their customers' dates are recomputed from the
 * orders that remain, found through orders.customer_id (an index bulk loads keep) and read from
 * order_stats by order id.
 *
 * The rows depend on the store's excluded statuses, which settings can change: the set they
 * were computed with is kept in customer_totals_state. Reads use the rows only when it matches
 * the current set (`customerTotalsCurrent`); an update under another set (or with no record,
 * e.g. a store migrated with orders, or after a reset) first rebuilds them from order_stats,
 * and so does opening a store without a record (`buildStaleCustomerTotals`, store.ts): a
 * migration that adds a column drops the record rather than fill the column itself (046).
 */
import type { Db } from '../db/database';
import { rowsWithIds } from '../db/dialect';
import { LINE_MEASURES } from '../db/measures';
import { RawSql } from '../db/sql';
import { readStoreSettings } from '../options';

/** The state row's key: the excluded statuses, deduplicated and sorted, as JSON. */
export const statusKey = (excluded: readonly string[]) =>
  JSON.stringify([...new Set(excluded)].sort());

/** `<column> NOT IN (…)` for the excluded statuses, or a true condition when there are none. */
export function notExcluded(column: string, excluded: readonly string[]) {
  const list = [...new Set(excluded)];
  if (list.length === 0) return { sql: '1=1', params: [] as string[] };
  return { sql: `${column} NOT IN (${list.map(() => '?').join(',')})`, params: list };
}

/** The order_stats rows whose `column` is one of the ids parameter (dialect.ts). */
const statsRows = (sql: RawSql, column: 'order_id' | 'parent_id') =>
  rowsWithIds(sql.engine, 'order_stats', column);

/**
 * The sums a customer's profit figures are made of (`grossProfitMetrics`), over the same
 * order_stats rows as their orders and total spend: net sales, items sold and the line measures
 * (db/measures.ts) of their orders and refunds. Columns of order_stats and customer_totals.
 */
export const PROFIT_SUMS = ['net_total', 'num_items_sold', ...LINE_MEASURES] as const;

/** customer_totals' written columns (the others are generated), in `AGGREGATES`' order. */
const COLUMNS = [
  'customer_id',
  'orders_count',
  'total_spend',
  'date_last_order',
  'gross_spend',
  ...PROFIT_SUMS,
].join(', ');

/** customer_totals' columns that batches add to and subtract from. */
const SUMMED = ['orders_count', 'total_spend', 'gross_spend', ...PROFIT_SUMS];

/** The per-customer aggregates over order_stats rows (alias s), as the report defines them. */
const AGGREGATES = `SUM(CASE WHEN s.parent_id = 0 THEN 1 ELSE 0 END),
  SUM(s.total_sales), MAX(CASE WHEN s.parent_id = 0 THEN s.date_created END),
  SUM(CASE WHEN s.total_sales > 0 THEN s.total_sales ELSE 0 END),
  ${PROFIT_SUMS.map((m) => `SUM(s.${m})`).join(', ')}`;

/** True when customer_totals holds the figures for these excluded statuses. */
export async function customerTotalsCurrent(
  sql: RawSql,
  excludedStatuses: readonly string[],
): Promise<boolean> {
  const rows = await sql.query<{ excluded_statuses: string }>(
    'SELECT excluded_statuses FROM customer_totals_state WHERE id = 1',
  );
  return rows[0]?.excluded_statuses === statusKey(excludedStatuses);
}

/**
 * Recomputes every customer's totals from order_stats (one GROUP BY) and records the excluded
 * statuses used. Run it inside a transaction (on PostgreSQL it locks the table until commit,
 * so concurrent ingestion adds its batches after the rebuild, never into it).
 */
export async function rebuildCustomerTotals(
  sql: RawSql,
  excludedStatuses: readonly string[],
): Promise<void> {
  if (sql.engine === 'postgres') {
    await sql.run('LOCK TABLE customer_totals IN SHARE ROW EXCLUSIVE MODE');
  }
  const status = notExcluded('s.status', excludedStatuses);
  await sql.run('DELETE FROM customer_totals');
  await sql.run(
    `INSERT INTO customer_totals (${COLUMNS})
     SELECT s.customer_id, ${AGGREGATES}
     FROM order_stats s WHERE s.customer_id > 0 AND ${status.sql}
     GROUP BY s.customer_id`,
    status.params,
  );
  await sql.run(
    `INSERT INTO customer_totals_state (id, excluded_statuses) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET excluded_statuses = excluded.excluded_statuses`,
    [statusKey(excludedStatuses)],
  );
}

/**
 * Rebuilds a store's customer totals in a transaction of its own, with its current settings.
 * One GROUP BY over every order: at millions of orders it may outlast the statement timeout
 * that protects requests (db/database.ts).
 */
export async function rebuildStoreCustomerTotals(db: Db): Promise<void> {
  const settings = await readStoreSettings(db);
  await db.kysely.transaction().execute(async (trx) => {
    const sql = new RawSql(trx, db.engine, db.sqlite);
    await sql.liftStatementTimeout();
    await rebuildCustomerTotals(sql, settings.excludedStatuses);
  });
}

/**
 * At start-up (store.ts): rebuilds the totals when they do not hold the store's excluded
 * statuses — a store upgraded past a migration that added a column (046 drops the record),
 * emptied analytics, or settings changed with no batch since — so the customers list does not
 * aggregate every order on each request until the next ingestion batch. Returns whether it
 * rebuilt them.
 */
export async function buildStaleCustomerTotals(db: Db): Promise<boolean> {
  const { excludedStatuses } = await readStoreSettings(db);
  const sql = new RawSql(db.kysely, db.engine, db.sqlite);
  if (await customerTotalsCurrent(sql, excludedStatuses)) return false;
  await rebuildStoreCustomerTotals(db);
  return true;
}

/**
 * Makes the totals current for the store's excluded statuses: when they are missing or were
 * built under another set, rebuilds them from order_stats as it stands. Ingestion calls it
 * before it writes a batch, then subtracts and adds the batch's orders (`updateCustomerTotals`).
 */
export async function prepareCustomerTotals(
  sql: RawSql,
  excludedStatuses: readonly string[],
): Promise<void> {
  if (!(await customerTotalsCurrent(sql, excludedStatuses)))
    await rebuildCustomerTotals(sql, excludedStatuses);
}

/**
 * Adds (sign 1) or subtracts (sign -1) the order_stats rows of `orderIds` (parent orders) and
 * of their refunds (rows whose parent_id is in `orderIds`) to their customers' totals, which
 * `prepareCustomerTotals` made current. Ingestion calls it with -1 for re-ingested orders
 * while their old lookup rows still exist, and with 1 for a batch's orders once their new
 * lookup rows are written. One set-based upsert; with -1, also one UPDATE recomputing the
 * latest order dates of the customers whose latest order is removed, and one DELETE of the
 * rows left empty (by id: the upsert returns the rows it changed).
 */
export async function updateCustomerTotals(
  sql: RawSql,
  orderIds: readonly number[],
  sign: 1 | -1,
  excludedStatuses: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  const status = notExcluded('s.status', excludedStatuses);
  const ids = sql.idList(orderIds);
  /** The batch's order_stats rows (alias s): the orders, then their refunds. */
  const batch = (columns: string) =>
    `SELECT ${columns} FROM ${statsRows(sql, 'order_id')} s
     UNION ALL SELECT ${columns} FROM ${statsRows(sql, 'parent_id')} s`;
  const counted = notExcluded('b.status', excludedStatuses);
  const n = sign === 1 ? '' : '-';
  const sums = PROFIT_SUMS.map((m) => `${n}SUM(b.${m})`).join(', ');
  const read = [
    'customer_id',
    'parent_id',
    'status',
    'total_sales',
    'date_created',
    ...PROFIT_SUMS,
  ];
  const upsert = `INSERT INTO customer_totals (${COLUMNS})
     SELECT b.customer_id, ${n}SUM(CASE WHEN b.parent_id = 0 THEN 1 ELSE 0 END),
       ${n}SUM(b.total_sales), MAX(CASE WHEN b.parent_id = 0 THEN b.date_created END),
       ${n}SUM(CASE WHEN b.total_sales > 0 THEN b.total_sales ELSE 0 END), ${sums}
     FROM (${batch(read.map((c) => `s.${c}`).join(', '))}) b
     WHERE b.customer_id > 0 AND ${counted.sql}
     GROUP BY b.customer_id
     ON CONFLICT (customer_id) DO UPDATE SET
       ${SUMMED.map((c) => `${c} = customer_totals.${c} + excluded.${c}`).join(',\n       ')},
       date_last_order = ${
         sign === 1
           ? `CASE WHEN excluded.date_last_order IS NULL
                OR customer_totals.date_last_order >= excluded.date_last_order
              THEN customer_totals.date_last_order ELSE excluded.date_last_order END`
           : 'customer_totals.date_last_order'
       }`;
  const params = [ids, ids, ...counted.params];
  if (sign === 1) {
    await sql.run(upsert, params);
    return;
  }
  const upserted = await sql.query<Record<string, number>>(
    `${upsert} RETURNING customer_id, ${SUMMED.join(', ')}`,
    params,
  );

  // Customers whose latest order is removed: their latest date among the orders that remain.
  const kept = notExcluded('r.status', excludedStatuses);
  await sql.run(
    `UPDATE customer_totals SET date_last_order = (
       SELECT MAX(r.date_created) FROM orders o JOIN order_stats r ON r.order_id = o.id
       WHERE o.customer_id = customer_totals.customer_id AND o.type = 'order'
         AND NOT (${sql.inIdList('o.id')}) AND r.parent_id = 0
         AND r.customer_id = customer_totals.customer_id AND ${kept.sql})
     WHERE customer_id IN (SELECT s.customer_id FROM ${statsRows(sql, 'order_id')} s
       WHERE s.parent_id = 0 AND s.customer_id > 0 AND ${status.sql}
         AND s.date_created >= (SELECT t.date_last_order FROM customer_totals t
           WHERE t.customer_id = s.customer_id))`,
    [ids, ...kept.params, ids, ...status.params],
  );
  // Rows left empty go, as a rebuild would not have them: every sum back at 0, the profit
  // sums too (with no order left, the date above was recomputed to null).
  const emptied = upserted
    .filter((r) => SUMMED.every((c) => Number(r[c]) === 0))
    .map((r) => Number(r.customer_id));
  if (emptied.length === 0) return;
  await sql.run(
    `DELETE FROM customer_totals WHERE ${sql.inIdList('customer_id')}
       AND ${SUMMED.map((c) => `${c} = 0`).join(' AND ')} AND date_last_order IS NULL`,
    [sql.idList(emptied)],
  );
}
