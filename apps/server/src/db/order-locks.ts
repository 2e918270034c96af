import type { RawSql } from './sql';

/**
 * Serialises ingestions of the same orders on PostgreSQL: locks the source rows of `ids`
 * (`SELECT … FOR UPDATE`, in id order so two batches cannot deadlock) for the rest of the
 * calling transaction. Without it, an import page and a webhook delivery (or two processes)
 * re-ingesting one order at once both read its old lookup rows and both subtracted them from
 * the rollups. A second ingestion now waits for the first to commit, and then reads and
 * subtracts what the first wrote.
 *
 * Ingestion replaces an order's row (delete, insert), so a waiter wakes to find the row it
 * waited on gone and the new one unlocked: the lock is taken again until every order row
 * that exists is held. An order not stored yet has no row to lock; two first ingestions of it
 * collide on its primary key and the second fails, to be retried (a delivery is retried, an
 * import step too), never counted twice. SQLite needs none of this: its transactions take the
 * one write lock when they begin (db/database.ts), so the second waits before it reads.
 */
export async function lockOrders(sql: RawSql, ids: readonly number[]): Promise<void> {
  if (sql.engine !== 'postgres' || ids.length === 0) return;
  const list = sql.idList(ids);
  for (;;) {
    const locked = await sql.query<{ id: number }>(
      `SELECT id FROM orders WHERE ${sql.inIdList('id')} ORDER BY id FOR UPDATE`,
      [list],
    );
    const [present] = await sql.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM orders WHERE ${sql.inIdList('id')}`,
      [list],
    );
    if (Number(present?.n ?? 0) <= locked.length) return;
  }
}
