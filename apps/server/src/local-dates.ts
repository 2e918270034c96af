import { updateById } from './db/dialect';
import type { Database } from './db/schema';
import type { RawSql } from './db/sql';
import type { SqlDateTime } from './timezone';

/*
 * Every local date-time the store keeps is its GMT twin in the shop's zone (db/schema.ts). The
 * analytics tables are rebuilt beside the live ones and swapped in (ingest/rebuild.ts); the
 * source rows below are live rows a rebuild does not copy, so its swap sets their local dates
 * again in its transaction (ingest/import-job.ts): after a change of zone they move with the
 * reports, all at once, however often the rebuild was killed and resumed.
 *
 * Two other tables hold local dates: `customers` (registered, last active; the last active one
 * comes from the orders: customer-activity.ts, set in the same swap) and `orders`, whose local
 * dates ingestion writes; a rebuild writes every order again in the new zone batch by batch,
 * so while it runs they are of both zones, and no answer reads them (the orders picker shows
 * the date of the order's lookup row, `order_stats`, swapped with the reports; the import's
 * day filter compares GMT dates).
 */

type DatePairs = {
  [T in keyof Database]?: readonly (readonly [
    local: keyof Database[T] & string,
    gmt: keyof Database[T] & string,
  ])[];
};

/** Each source table's local date columns, each with the GMT column it is the local form of. */
export const LOCAL_DATE_COLUMNS = {
  products: [['date_created', 'date_created_gmt']],
  coupons: [
    ['date_created', 'date_created_gmt'],
    ['date_expires', 'date_expires_gmt'],
  ],
  // download_day (its local days) follows through download_log's triggers (migration 018).
  download_log: [['timestamp', 'timestamp_gmt']],
  admin_notes: [
    ['date_created', 'date_created_gmt'],
    ['date_reminder', 'date_reminder_gmt'],
  ],
  product_reviews: [['date_created', 'date_created_gmt']],
} as const satisfies DatePairs;

/** Rows read and written at a time. */
const CHUNK = 5_000;

/**
 * Sets every local date of the tables of `LOCAL_DATE_COLUMNS` to its GMT twin through
 * `toLocal` (the shop's zone), writing only the rows that change. Run in a transaction with
 * what the local dates must agree with (a rebuild's swap). Rows are not locked: a row written
 * meanwhile (the connector's, in the same zone) is written over only while its GMT dates are
 * the ones read, and then with the same values.
 */
export async function refreshLocalDates(
  sql: RawSql,
  toLocal: (gmt: SqlDateTime) => SqlDateTime,
): Promise<void> {
  for (const [table, pairs] of Object.entries(LOCAL_DATE_COLUMNS)) {
    const locals = pairs.map(([local]) => local);
    const gmts = pairs.map(([, gmt]) => gmt);
    const update = updateById(sql.engine, table, locals, gmts);
    let after = -1;
    for (;;) {
      const rows = await sql.query<Record<string, string | null> & { id: number }>(
        `SELECT id, ${[...locals, ...gmts].join(', ')} FROM ${table}
         WHERE id > ? ORDER BY id LIMIT ${CHUNK}`,
        [after],
      );
      if (rows.length === 0) break;
      after = Number(rows.at(-1)!.id);
      const changed: (string | number | null)[][] = [];
      for (const r of rows) {
        const want = gmts.map((gmt) => {
          const value = r[gmt] ?? null;
          return value && toLocal(value);
        });
        if (want.some((value, i) => value !== (r[locals[i]!] ?? null)))
          changed.push([Number(r.id), ...want, ...gmts.map((gmt) => r[gmt] ?? null)]);
      }
      if (changed.length > 0) await sql.run(update.sql, update.params(changed));
      if (rows.length < CHUNK) break;
    }
  }
}
