import { updateById } from './db/dialect';
import type { RawSql } from './db/sql';
import type { SqlDateTime } from './timezone';

/*
 * A customer's "last active" date is their latest order's creation date (refunds are not
 * activity). The historical import and the demo generator both write it through this module,
 * so that a generated store and the same store imported again agree (the customers table sorts
 * by it by default, and its last-active filters read it).
 *
 * A customer's local dates (registered, last active) are their GMT dates in the shop's zone.
 * A rebuild sets them all again in its swap's transaction (ingest/import-job.ts), so that after a
 * change of zone they move with the reports, all at once, whatever step it was killed at.
 */

/** Customers read and written at a time. */
const CHUNK = 5_000;

interface StoredDates {
  id: number;
  date_registered: string | null;
  date_registered_gmt: string | null;
  date_last_active: string | null;
  date_last_active_gmt: string | null;
  /** The GMT creation date of the customer's latest order, if any. */
  last_order_gmt: string | null;
}

/**
 * Sets the last active date of the given customers (every customer, without `ids`) from their
 * latest order (a customer without orders keeps theirs), and both local dates from the GMT
 * ones through `toLocal` (the shop's zone). Writes only the customers whose dates change. Run
 * in a transaction: on PostgreSQL the rows are locked before their orders are read (each
 * statement reads what was committed when it began), so of two writers of a customer's dates
 * (a rebuild's swap, the connector after writing an order) the second waits for the first and
 * then reads the orders both wrote, and neither writes over the other with an older date;
 * SQLite's transaction holds the one write lock from its start.
 */
export async function refreshCustomerDates(
  sql: RawSql,
  toLocal: (gmt: SqlDateTime) => SqlDateTime,
  ids?: readonly number[],
): Promise<void> {
  const update = updateById(sql.engine, 'customers', [
    'date_registered',
    'date_last_active',
    'date_last_active_gmt',
  ]);
  const lock = sql.engine === 'postgres' ? ' FOR UPDATE' : '';
  const select = `SELECT c.id, c.date_registered, c.date_registered_gmt, c.date_last_active,
      c.date_last_active_gmt,
      (SELECT MAX(o.date_created_gmt) FROM orders o
        WHERE o.customer_id = c.id AND o.type = 'order') AS last_order_gmt
    FROM customers c WHERE ${sql.inIdList('c.id')} ORDER BY c.id`;
  // Locked in id order, as every writer of several customers does.
  const list = ids && [...new Set(ids)].sort((a, b) => a - b);
  let after = -1;
  for (let start = 0; ; start += CHUNK) {
    let chunk: number[];
    if (list) {
      chunk = list.slice(start, start + CHUNK);
      if (chunk.length > 0 && lock)
        await sql.query(`SELECT id FROM customers WHERE ${sql.inIdList('id')} ORDER BY id${lock}`, [
          sql.idList(chunk),
        ]);
    } else {
      chunk = (
        await sql.query<{ id: number }>(
          `SELECT id FROM customers WHERE id > ? ORDER BY id LIMIT ${CHUNK}${lock}`,
          [after],
        )
      ).map((r) => Number(r.id));
      after = chunk.at(-1) ?? after;
    }
    if (chunk.length === 0) return;
    const rows = await sql.query<StoredDates>(select, [sql.idList(chunk)]);
    const changed: (string | number | null)[][] = [];
    for (const r of rows) {
      const active = r.last_order_gmt ?? r.date_last_active_gmt;
      const registered = r.date_registered_gmt && toLocal(r.date_registered_gmt);
      const activeLocal = active && toLocal(active);
      if (
        registered !== r.date_registered ||
        activeLocal !== r.date_last_active ||
        active !== r.date_last_active_gmt
      )
        changed.push([Number(r.id), registered, activeLocal, active]);
    }
    if (changed.length > 0) await sql.run(update.sql, update.params(changed));
  }
}

/** Sets every customer's last active date in one pass over the orders (bulk loads). */
export async function refreshAllLastActive(sql: RawSql): Promise<void> {
  await sql.run(
    `UPDATE customers SET date_last_active = s.local, date_last_active_gmt = s.gmt
     FROM (SELECT customer_id, MAX(date_created) AS local, MAX(date_created_gmt) AS gmt
       FROM orders WHERE type = 'order' GROUP BY customer_id) s
     WHERE s.customer_id = customers.id`,
  );
}
