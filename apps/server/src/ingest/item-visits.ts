import { notExcluded } from '../analytics/customer-totals';
import type { Db } from '../db/database';
import { DATE_KINDS } from '../db/rollups';
import { RawSql } from '../db/sql';
import { readStoreSettings } from '../options';
import type { Lookup } from './rows';

// One item's distinct customers over a range of days without reading its lines (migration 025).
//
// A *visit* is a day on which a customer has a counted line (an order or refund row of a status
// not excluded) of a product or variation, under one date kind. Each visit carries the day of
// the same customer's previous visit of that item ('' for the first). The customers who bought
// the item between days A and B are then exactly the visits in [A, B] whose previous visit is
// before A: a customer's first visit in the range is the only one whose previous visit falls
// outside it. item_visits holds the number of visits per (item, date kind, day, previous day),
// which for a best seller's year is a tenth of its lines (1,674 rows for 15,296 lines at 1M
// orders), and per bucket the same count with the bucket's first day in place of A.
//
// The previous visit depends on every counted line of the customer and item, so ingestion
// reads the lines of each customer a batch touches before the batch, works out the lines after
// it (those of the orders it replaces or removes out, its own in), and adds the difference of
// the two visit counts (`ItemVisitChanges`); a bulk load and the migration count them for the
// whole store in SQL (`fillItemVisits`). The excluded statuses are those of the
// time of ingestion: a change of them rebuilds every analytics table (rebuild.ts).

/** The item kinds item_visits holds, with their lookup column. */
export const VISIT_ITEMS = [
  ['product', 'product_id'],
  ['variation', 'variation_id'],
] as const;

/** item_visits' key columns; `n` is the visits counted under the key. */
export const ITEM_VISIT_KEYS = ['item_type', 'item_id', 'date_kind', 'day', 'prev_day'] as const;

/** A counted lookup line of a customer, as visits are computed from it. */
export interface VisitLine {
  /** The order or refund of the line (lines read from the store). */
  order_id?: number | string;
  customer_id: number | string;
  product_id: number | string;
  variation_id: number | string;
  date_created: string;
  date_paid: string | null;
  date_completed: string | null;
}

/** Visit counts keyed `type|id|kind|day|prev_day` (prev_day '' for a first visit). */
export function countVisits(lines: Iterable<VisitLine>): Map<string, number> {
  const days = new Map<string, Set<string>>();
  for (const line of lines) {
    for (const [type, column] of VISIT_ITEMS) {
      const id = Number(line[column]);
      if (!(id > 0)) continue;
      for (const [kind, dateColumn] of DATE_KINDS) {
        const date = line[dateColumn];
        if (date === null || date === undefined) continue;
        const key = `${type}|${id}|${kind}|${Number(line.customer_id)}`;
        let set = days.get(key);
        if (!set) {
          set = new Set();
          days.set(key, set);
        }
        set.add(String(date).slice(0, 10));
      }
    }
  }
  const counts = new Map<string, number>();
  for (const [key, set] of days) {
    const item = key.slice(0, key.lastIndexOf('|'));
    let prev = '';
    for (const day of [...set].sort()) {
      const visit = `${item}|${day}|${prev}`;
      counts.set(visit, (counts.get(visit) ?? 0) + 1);
      prev = day;
    }
  }
  return counts;
}

/**
 * The counted lookup lines of some customers and products (through order_stats' customer
 * index). Every line of such a product is read, so its visits and those of its variations
 * are whole; other products' visits are not read, and a batch leaves them as they are.
 */
async function customerLines(
  sql: RawSql,
  customers: readonly number[],
  products: readonly number[],
  excluded: readonly string[],
): Promise<VisitLine[]> {
  if (customers.length === 0 || products.length === 0) return [];
  const counted = notExcluded('opl.status', excluded);
  // `product_id + 0`: the products' own index must not lead. SQLite, which plans without
  // statistics, takes it otherwise at any size, reading every line of a batch's products (at
  // 10M orders most of the store) where the customers' orders are a few hundred lines
  // (test/ingest-plans.test.ts).
  return sql.query<VisitLine>(
    `SELECT opl.order_id, opl.customer_id, opl.product_id, opl.variation_id,
       opl.date_created, opl.date_paid, opl.date_completed
     FROM order_stats s JOIN order_product_lookup opl ON opl.order_id = s.order_id
     WHERE ${sql.inIdList('s.customer_id')} AND ${sql.inIdList('opl.product_id + 0')}
       AND ${counted.sql}`,
    [sql.idList(customers), sql.idList(products), ...counted.params],
  );
}

/** The first key of item_visits' advisory locks (the second is the customer id). */
const VISIT_LOCK_SPACE = 25_025;

/**
 * The visits of the customers an ingestion batch touches: their lines are read before the
 * batch changes them (`read`); after it, the lines of the orders it replaced or removed are
 * taken out, the batch's own put in (the product lookup rows copy their order's customer,
 * status and dates: ingest/rows.ts), and the difference of the visit counts is added to
 * item_visits (`write`). Only the products of the lines the batch writes or replaces are read:
 * a customer with years of orders is read for those products alone, and no other product's
 * visits change. Reading the lines once instead of again after the batch halves the cost of a
 * webhook's order for a customer of thousands of orders.
 */
export class ItemVisitChanges {
  private constructor(
    private readonly customers: ReadonlySet<number>,
    private readonly products: ReadonlySet<number>,
    private readonly excluded: ReadonlySet<string>,
    private readonly lines: readonly VisitLine[],
  ) {}

  /**
   * Reads the lines of `customers` (ids ≤ 0, guests without a customer, are skipped) of
   * `products` and their variations. On PostgreSQL it first takes a transaction lock per
   * customer: two batches with orders of one customer would each compute the visits without
   * the other's lines and add differences that do not sum to the visits of both (the second
   * visit of a day would count as a first).
   */
  static async read(
    sql: RawSql,
    customers: Iterable<number>,
    products: Iterable<number>,
    excluded: readonly string[],
  ): Promise<ItemVisitChanges> {
    const ids = [...new Set(customers)].filter((id) => id > 0).sort((a, b) => a - b);
    const productIds = [...new Set(products)];
    if (sql.engine === 'postgres' && ids.length > 0)
      await sql.query(
        // In key order, so that two batches cannot each hold a lock the other waits for.
        `SELECT pg_advisory_xact_lock(${VISIT_LOCK_SPACE}, k) FROM (
           SELECT DISTINCT (id % 2147483647)::int AS k FROM unnest(?::bigint[]) AS id ORDER BY k
         ) locks`,
        [sql.idList(ids)],
      );
    const lines = await customerLines(sql, ids, productIds, excluded);
    return new ItemVisitChanges(new Set(ids), new Set(productIds), new Set(excluded), lines);
  }

  /**
   * Adds the change of the customers' visits since `read`, given the orders and refunds whose
   * lines the batch deleted (`removed`) and the lookup rows it wrote (`added`).
   */
  async write(sql: RawSql, removed: Iterable<number>, added: readonly Lookup[]): Promise<void> {
    const gone = new Set(removed);
    const after = this.lines.filter((l) => !gone.has(Number(l.order_id)));
    for (const { stats, products } of added) {
      const customer = Number(stats.customer_id);
      if (!this.customers.has(customer) || this.excluded.has(stats.status)) continue;
      for (const p of products) {
        if (!this.products.has(Number(p.product_id))) continue;
        after.push({
          customer_id: customer,
          product_id: p.product_id,
          variation_id: p.variation_id,
          date_created: stats.date_created,
          date_paid: stats.date_paid,
          date_completed: stats.date_completed,
        });
      }
    }
    const before = countVisits(this.lines);
    const counts = countVisits(after);
    const rows: unknown[][] = [];
    const shrunk: unknown[][] = [];
    const add = (key: string, delta: number) => {
      if (delta === 0) return;
      const [type, id, kind, day, prev] = key.split('|');
      const keys = [type, Number(id), kind, day, prev];
      rows.push([...keys, delta]);
      if (delta < 0) shrunk.push(keys);
    };
    for (const [key, n] of counts) add(key, n - (before.get(key) ?? 0));
    for (const [key, n] of before) if (!counts.has(key)) add(key, -n);
    await sql.addToRollup(
      'item_visits',
      [...ITEM_VISIT_KEYS, 'n'],
      ITEM_VISIT_KEYS,
      rows,
      shrunk,
      'n = 0',
    );
  }
}

/**
 * Counts every customer's visits from the lookup rows into an empty item_visits (the migration,
 * and a bulk load at its end), one statement per item kind and date kind.
 */
export async function fillItemVisits(sql: RawSql, excluded: readonly string[]): Promise<void> {
  for (const fill of itemVisitFills(excluded)) await fill(sql);
}

/**
 * The statements of `fillItemVisits`, one per item kind and date kind. Each writes rows of its
 * own (item type, date kind), so they may run at once on separate connections (a bulk load
 * on PostgreSQL runs them beside its index builds).
 */
export function itemVisitFills(excluded: readonly string[]): ((sql: RawSql) => Promise<void>)[] {
  const counted = notExcluded('status', excluded);
  return VISIT_ITEMS.flatMap(([type, column]) =>
    DATE_KINDS.map(([kind, dateColumn]) => async (sql: RawSql) => {
      // Each statement sorts the store's lines twice: in memory rather than in temporary files.
      if (sql.engine === 'postgres') await sql.run("SET LOCAL work_mem = '256MB'");
      // Each line with the day of the customer's previous line of the item: the first line
      // of a day is a visit, and the previous line's day is the previous visit's. (Two sorts,
      // the window's and the grouping's: taking each customer's distinct days first added a
      // third and took twice as long.) In key order: PostgreSQL keeps rows where they were
      // written, and an item's year read 9,000 rows from as many pages when its grouping
      // hashed them all over the table (21 ms at 10M orders).
      await sql.run(
        `INSERT INTO item_visits (${ITEM_VISIT_KEYS.join(', ')}, n)
         SELECT ?, item_id, ?, day, COALESCE(prev, ''), COUNT(*) FROM (
           SELECT ${column} AS item_id, substr(${dateColumn}, 1, 10) AS day,
             substr(LAG(${dateColumn}) OVER (
               PARTITION BY ${column}, customer_id ORDER BY ${dateColumn}), 1, 10) AS prev
           FROM order_product_lookup
           WHERE customer_id > 0 AND ${column} > 0 AND ${dateColumn} IS NOT NULL AND ${counted.sql}
         ) lines
         WHERE prev IS NULL OR prev < day
         GROUP BY item_id, day, COALESCE(prev, '')
         ORDER BY item_id, day`,
        [type, kind, ...counted.params],
      );
    }),
  );
}

// Deferred visits. Recounting a batch's customers' visits reads all their lines of the batch's
// products: for an import from a shop whose customers have thousands of orders each, every
// batch read most of the store (a 20,000-order import of 25 customers, when the lines were
// read twice, before and after the batch: 2,479 -> 1,190 orders/s). An import therefore marks
// the visits stale while it runs and counts them once at its end, as a bulk load does;
// meanwhile ingestion leaves item_visits alone and one item's customers are counted from its
// lines (analytics/revenue.ts).

/** The option that marks item_visits stale (its value: when, for whoever looks). */
export const VISITS_STALE_OPTION = 'storelens_item_visits_stale';

/**
 * The advisory lock (PostgreSQL) between ingestion and a recount: every ingestion holds it
 * shared from the moment it reads the mark until it commits, a recount holds it alone. So no
 * ingestion that skipped the visits commits after a recount read the lines, and none that
 * counts them runs before the recount has cleared the mark.
 */
const RECOUNT_LOCK = [VISIT_LOCK_SPACE + 1, 0] as const;

/**
 * Marks item_visits stale until `recountItemVisits`. An import marks them at every step: only
 * the first writes, so the mark keeps the time it was first set.
 */
export async function deferItemVisits(db: Db): Promise<void> {
  await new RawSql(db.kysely, db.engine).run(
    'INSERT INTO options (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
    [VISITS_STALE_OPTION, JSON.stringify(new Date().toISOString())],
  );
}

/**
 * Whether item_visits is stale, read inside an ingestion transaction; on PostgreSQL it first
 * takes the recount lock shared, until the transaction ends.
 */
export async function itemVisitsStale(sql: RawSql): Promise<boolean> {
  if (sql.engine === 'postgres')
    await sql.query('SELECT pg_advisory_xact_lock_shared(?, ?)', [...RECOUNT_LOCK]);
  return visitsMarkedStale(sql);
}

/** Whether item_visits is marked stale (readers count one item's customers from its lines). */
export async function visitsMarkedStale(sql: RawSql): Promise<boolean> {
  const rows = await sql.query('SELECT 1 AS stale FROM options WHERE name = ?', [
    VISITS_STALE_OPTION,
  ]);
  return rows.length > 0;
}

/**
 * Counts item_visits anew from the lookup rows and clears the stale mark, in one transaction;
 * nothing to do when the visits are not stale. Ingestion waits meanwhile (on PostgreSQL for
 * the recount lock; SQLite has one writer): at 1M orders about 9 s on SQLite and 20 s on
 * PostgreSQL.
 */
export async function recountItemVisits(db: Db): Promise<void> {
  if (!(await visitsMarkedStale(new RawSql(db.kysely, db.engine)))) return;
  const { excludedStatuses } = await readStoreSettings(db);
  await db.kysely.transaction().execute(async (trx) => {
    const sql = new RawSql(trx, db.engine, db.sqlite);
    // Counting a large store's visits takes its time.
    await sql.liftStatementTimeout();
    if (db.engine === 'postgres')
      await sql.query('SELECT pg_advisory_xact_lock(?, ?)', [...RECOUNT_LOCK]);
    // Read again under the lock: another process may have recounted meanwhile.
    if (!(await visitsMarkedStale(sql))) return;
    await refillItemVisits(sql, excludedStatuses);
    await sql.run('DELETE FROM options WHERE name = ?', [VISITS_STALE_OPTION]);
  });
}

/**
 * Counts item_visits anew from the lookup rows, whatever the mark says: a rebuild's copy of the
 * analytics tables, whose batches leave the visits alone (ingest/import-job.ts), before its swap.
 */
export async function countItemVisits(db: Db): Promise<void> {
  const { excludedStatuses } = await readStoreSettings(db);
  await db.kysely.transaction().execute(async (trx) => {
    const sql = new RawSql(trx, db.engine, db.sqlite);
    await sql.liftStatementTimeout();
    await refillItemVisits(sql, excludedStatuses);
  });
}

async function refillItemVisits(sql: RawSql, excluded: readonly string[]): Promise<void> {
  await sql.run('DELETE FROM item_visits');
  await fillItemVisits(sql, excluded);
}
