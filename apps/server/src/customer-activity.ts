import type { RawSql } from './db/sql';

/*
 * A customer's "last active" date is their latest order's creation date (refunds are not
 * activity). The historical import and the demo generator both write it through this module,
 * so that a generated store and the same store imported again agree (the customers table sorts
 * by it by default, and its last-active filters read it).
 */

/** Sets the last active dates of the given customers from their orders. */
export async function refreshLastActive(sql: RawSql, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const last = (column: string) =>
    `(SELECT MAX(o.${column}) FROM orders o WHERE o.customer_id = customers.id AND o.type = 'order')`;
  await sql.run(
    `UPDATE customers SET date_last_active = ${last('date_created')}, date_last_active_gmt = ${last('date_created_gmt')}
     WHERE id IN (${ids.map(() => '?').join(',')})`,
    ids,
  );
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
