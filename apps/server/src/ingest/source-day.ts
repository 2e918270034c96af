/*
 * source_day (migration 040): the Sources report's sums per date kind, local day, dimension,
 * status and value, kept by ingestion. The rows of the orders a batch touches (and of their
 * refunds) are read with their dimension values before the batch changes them and again
 * after, and the difference is added to the table, so an order re-ingested with another
 * status, date, attribution, payment method or refunds, or removed, moves its sums exactly;
 * rows left with no order row are deleted. A bulk load fills the table once at its end
 * (`rebuildSourceDays`), from the same per-row SQL.
 */
import { sourceDimensions, UNKNOWN_SOURCE } from '@storelens/api';
import { pathDimension, SOURCE_PATHS } from '../analytics/source-paths';
import { rollupValueSql, UNKNOWN_REASON_SQL } from '../analytics/sources';
import { ORDER_MEASURES } from '../db/measures';
import type { RawSql } from '../db/sql';
import { dateKinds, dayNumber, dayText } from './contributions';

/**
 * The dimensions of source_day: the report's, why an order's source is unknown, and the
 * drill-down paths (a compound value per path: analytics/sources.ts `SOURCE_PATHS`).
 */
export const SOURCE_DAY_DIMENSIONS: readonly string[] = [
  ...sourceDimensions,
  'unknown_reason',
  ...SOURCE_PATHS.map(pathDimension),
];

/** The order rows' date column of each date kind. */
const DATE_COLUMNS = {
  created: 'date_created',
  paid: 'date_paid',
  completed: 'date_completed',
} as const;

/** A dimension's value in SQL over `order_attribution a` and `orders o`. */
const valueSql = (d: string) => (d === 'unknown_reason' ? UNKNOWN_REASON_SQL : rollupValueSql(d));

export const SOURCE_DAY_KEYS = ['date_kind', 'day', 'dimension', 'status', 'value', 'title'];
export const SOURCE_DAY_SUMS = [
  'rows_count',
  'orders_count',
  'net_total',
  'new_customers',
  'unknown_orders',
  'num_items_sold',
  ...ORDER_MEASURES,
];

/** The per-row values and sums of order rows (alias `os`), with each dimension as `v<i>`. */
const ROW_SQL = `SELECT os.date_created, os.date_paid, os.date_completed, os.status,
    ${SOURCE_DAY_DIMENSIONS.map((d, i) => `${valueSql(d)} AS v${i}`).join(', ')},
    COALESCE(o.payment_method_title, '') AS title,
    1 AS rows_count,
    CASE WHEN os.parent_id = 0 THEN 1 ELSE 0 END AS orders_count, os.net_total,
    CASE WHEN os.parent_id = 0 AND os.returning_customer = 0 AND os.customer_id > 0
      THEN 1 ELSE 0 END AS new_customers,
    CASE WHEN os.parent_id = 0 AND ${rollupValueSql('source_type')} = '${UNKNOWN_SOURCE}'
      THEN 1 ELSE 0 END AS unknown_orders,
    os.num_items_sold, ${ORDER_MEASURES.map((m) => `os.${m}`).join(', ')}
  FROM order_stats os
  LEFT JOIN order_attribution a
    ON a.order_id = (CASE WHEN os.parent_id > 0 THEN os.parent_id ELSE os.order_id END)
  LEFT JOIN orders o ON o.id = os.order_id`;

/** Days of order rows a rebuild groups in one statement, per date kind. */
const REBUILD_DAYS = 7;

/**
 * Empties source_day and fills it from every order row (a bulk load's end; tests that change
 * rows behind ingestion's back). Call inside a transaction. Each date kind's rows are grouped
 * a week of their dates at a time: every row is counted once per dimension, so grouping all
 * of them in one statement sorted twenty rows per order row at once, which at 10,000,000
 * orders spilled more than 25 GB to PostgreSQL's temporary files (and took 1,723 s on SQLite).
 * Within a week, the rows of a day alike in every dimension are summed first, and only those
 * sums are crossed with the dimensions: a week of 9,700 order rows at 1,000,000 orders gives
 * 2,600 such groups, and SQLite no longer works out every dimension's value once per
 * dimension (1.2 s a week instead of 3.5 s, on a loaded machine).
 */
export async function rebuildSourceDays(sql: RawSql): Promise<void> {
  await sql.run('DELETE FROM source_day');
  const names = SOURCE_DAY_DIMENSIONS.map((d) => `SELECT '${d}' AS name`).join(' UNION ALL ');
  const value = `CASE dims.name ${SOURCE_DAY_DIMENSIONS.map((d, i) => `WHEN '${d}' THEN g.v${i}`).join(' ')} END`;
  const title = `CASE WHEN dims.name = 'payment_method' THEN g.title ELSE '' END`;
  const values = SOURCE_DAY_DIMENSIONS.map((_, i) => `x.v${i}`).join(', ');
  for (const kind of dateKinds) {
    const column = DATE_COLUMNS[kind];
    // Each end from its index (one statement with both would read every row on SQLite).
    const [ends] = await sql.query<{ lo: string | null; hi: string | null }>(
      `SELECT (SELECT MIN(${column}) FROM order_stats) AS lo,
         (SELECT MAX(${column}) FROM order_stats) AS hi`,
    );
    if (!ends?.lo || !ends.hi) continue;
    const day = `SUBSTR(x.${column}, 1, 10)`;
    const alike = `SELECT ${day} AS day, x.status, ${values}, x.title,
        ${SOURCE_DAY_SUMS.map((s) => `SUM(x.${s}) AS ${s}`).join(', ')}
      FROM (${ROW_SQL} WHERE os.${column} >= ? AND os.${column} < ?) x
      GROUP BY ${day}, x.status, ${values}, x.title`;
    const insert = `INSERT INTO source_day (${[...SOURCE_DAY_KEYS, ...SOURCE_DAY_SUMS].join(', ')})
      SELECT '${kind}', g.day, dims.name, g.status, ${value}, ${title},
        ${SOURCE_DAY_SUMS.map((s) => `SUM(g.${s})`).join(', ')}
      FROM (${alike}) g
      CROSS JOIN (${names}) dims
      GROUP BY dims.name, g.day, g.status, ${value}, ${title}`;
    const last = dayNumber(String(ends.hi));
    for (let from = dayNumber(String(ends.lo)); from <= last; from += REBUILD_DAYS)
      await sql.run(insert, [dayText(from), dayText(from + REBUILD_DAYS)]);
  }
}

/**
 * One batch's changes to source_day: `read(sql, ids, -1)` before the batch changes the rows
 * of those orders (and their refunds), `read(sql, ids, 1)` after, then `write`.
 */
export class SourceDayChanges {
  /** Key (the key columns joined by NUL) → sums in `SOURCE_DAY_SUMS` order. */
  private readonly sums = new Map<string, number[]>();

  async read(sql: RawSql, orderIds: readonly number[], sign: 1 | -1): Promise<void> {
    if (orderIds.length === 0) return;
    const rows = [
      ...(await sql.selectIn<Record<string, unknown>>(`${ROW_SQL}`, 'os.order_id', orderIds)),
      ...(await sql.selectIn<Record<string, unknown>>(`${ROW_SQL}`, 'os.parent_id', orderIds)),
    ];
    for (const r of rows) {
      const values = SOURCE_DAY_SUMS.map((s) => sign * Number(r[s] ?? 0));
      for (const kind of dateKinds) {
        const date = r[DATE_COLUMNS[kind]];
        if (date === null || date === undefined) continue;
        const day = String(date).slice(0, 10);
        SOURCE_DAY_DIMENSIONS.forEach((d, i) => {
          const title = d === 'payment_method' ? String(r.title ?? '') : '';
          const key = [kind, day, d, String(r.status), String(r[`v${i}`]), title].join('\0');
          const acc = this.sums.get(key);
          if (acc) for (let j = 0; j < values.length; j++) acc[j]! += values[j]!;
          else this.sums.set(key, [...values]);
        });
      }
    }
  }

  /** Adds the changes to source_day and deletes the rows left without an order row. */
  async write(sql: RawSql): Promise<void> {
    const rows: unknown[][] = [];
    const emptied: string[][] = [];
    for (const [key, values] of this.sums) {
      if (values.every((v) => v === 0)) continue;
      const keys = key.split('\0');
      rows.push([...keys, ...values]);
      if (values[0]! < 0) emptied.push(keys);
    }
    this.sums.clear();
    await sql.addToRollup(
      'source_day',
      [...SOURCE_DAY_KEYS, ...SOURCE_DAY_SUMS],
      SOURCE_DAY_KEYS,
      rows,
      emptied,
      'rows_count = 0',
    );
  }
}
