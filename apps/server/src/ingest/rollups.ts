import { rowsIn } from '../db/dialect';
import { ADD_MULTISETS_SQL, formatMultiset } from '../db/multiset';
import {
  ITEM_DAY_KEYS,
  type PeriodTable,
  periodShape,
  REVENUE_ROLLUP_COLUMNS,
  REVENUE_VALUE_COLUMNS,
} from '../db/rollups';
import type { RawSql } from '../db/sql';
import { type Deltas, decodeItemKey, type RevenueAcc } from './contributions';

// Writing a batch's rollup deltas: upserts that add each value in SQL (nothing is read back),
// then, after a removal, deleting the rows left all zero.

const REVENUE_KEYS = ['date_kind', 'bucket', 'status', 'returning_customer'];
/** The columns of a revenue rollup row as `revenueRow` gives it. */
export const REVENUE_COLUMNS = [...REVENUE_KEYS, ...REVENUE_ROLLUP_COLUMNS, 'coupon_ids'];

/** A revenue rollup row of one delta (`REVENUE_COLUMNS`), or undefined when it changes nothing. */
export function revenueRow(
  deltas: Deltas,
  width: 'hour' | 'day',
  key: number,
  delta: RevenueAcc,
): unknown[] | undefined {
  const coupons = formatMultiset(delta.couponIds);
  if (coupons === '' && REVENUE_ROLLUP_COLUMNS.every((c) => delta[c] === 0)) return undefined;
  const { kind, bucket, status, returning } = deltas.keys.decodeRevenue(key, width);
  return [kind, bucket, status, returning, ...REVENUE_ROLLUP_COLUMNS.map((c) => delta[c]), coupons];
}

/**
 * Month or day rollup rows `[date_kind, month or day, status, ...keys, ...values]` of one
 * prefix key.
 */
export function periodRows(
  deltas: Deltas,
  table: PeriodTable,
  prefix: number,
  records: Map<number, number[]>,
): unknown[][] {
  const { kind, status, ...at } =
    periodShape(table).period === 'day'
      ? deltas.keys.decodeDay(prefix)
      : deltas.keys.decodeMonth(prefix);
  const period = 'day' in at ? at.day : at.month;
  const variation = table === 'variation_month' || table === 'variation_day';
  const rows: unknown[][] = [];
  for (const [id, sums] of records) {
    const ids = variation ? [id, deltas.productOfVariation.get(id)] : [id];
    rows.push([kind, period, status, ...ids, ...sums]);
  }
  return rows;
}

/** Whether a month or day rollup row (`[date_kind, period, status, ...keys, ...values]`) changes anything. */
export const periodRowChanges = (row: readonly unknown[], keyCount: number) =>
  row.some((v, i) => i >= 3 + keyCount && v !== 0);

/**
 * Adds revenue deltas to a rollup table in the database: an upsert adding each value column,
 * the coupon multisets merged by `add_multisets` (migration 011), so nothing is read back.
 * Rows a removal touched are then deleted if left all zero (unless `dropZero` is false: the
 * caller deletes the table's all-zero rows itself, as a bulk load's `applyLate` does). The
 * other `apply*` functions take `dropZero` alike.
 */
export async function applyRevenue(
  sql: RawSql,
  table: 'revenue_hour' | 'revenue_day',
  deltas: Deltas,
  dropZero = true,
) {
  const width = table === 'revenue_hour' ? 'hour' : 'day';
  const keyColumns = REVENUE_KEYS;
  const rows: unknown[][] = [];
  for (const [key, delta] of deltas[width]) {
    const row = revenueRow(deltas, width, key, delta);
    if (row) rows.push(row);
  }
  await sql.insertMany(table, REVENUE_COLUMNS, rows, {
    keys: keyColumns,
    mode: 'add',
    merge: { coupon_ids: ADD_MULTISETS_SQL },
  });
  const deleteEmpty = `DELETE FROM ${table} WHERE ${keyColumns.map((c) => `${c} = ?`).join(' AND ')}
    AND ${REVENUE_ROLLUP_COLUMNS.map((c) => `${c} = 0`).join(' AND ')} AND coupon_ids = ''`;
  if (!dropZero) return;
  for (const key of deltas.shrunk[width]) {
    const { kind, bucket, status, returning } = deltas.keys.decodeRevenue(key, width);
    await sql.run(deleteEmpty, [kind, bucket, status, returning]);
  }
}

/**
 * Adds the deltas of every month and day rollup (upserts); after a removal, drops rows left
 * all zero.
 */
export async function applyPeriods(sql: RawSql, deltas: Deltas, dropZero = true) {
  for (const [table, byPrefix] of deltas.periods()) {
    const { period, keys, values } = periodShape(table);
    const rows: unknown[][] = [];
    for (const [prefix, records] of byPrefix)
      rows.push(...periodRows(deltas, table, prefix, records));
    await applyPeriodRows(sql, table, period, keys, values, rows, deltas.removed && dropZero);
  }
}

/** Rows of item_day keys compared at once when dropping rows a removal left all zero. */
const ITEM_KEYS_PER_DELETE = 200;

/**
 * Adds the item day deltas (migration 015) as `applyRevenue` does for days: an upsert adding
 * each value and merging the coupon multisets; then the rows a removal touched are deleted if
 * left all zero (by their keys, a few hundred per statement).
 */
export async function applyItemDays(sql: RawSql, deltas: Deltas, dropZero = true) {
  const rows: unknown[][] = [];
  const keyOf = (dayKey: number, item: number) => {
    const { kind, bucket, status, returning } = deltas.keys.decodeRevenue(dayKey, 'day');
    const { type, id } = decodeItemKey(item);
    return [type, id, kind, bucket, status, returning];
  };
  for (const [dayKey, byItem] of deltas.items) {
    for (const [item, delta] of byItem) {
      const coupons = formatMultiset(delta.couponIds);
      if (coupons === '' && REVENUE_VALUE_COLUMNS.every((c) => delta[c] === 0)) continue;
      rows.push([...keyOf(dayKey, item), ...REVENUE_VALUE_COLUMNS.map((c) => delta[c]), coupons]);
    }
  }
  await sql.insertMany(
    'item_day',
    [...ITEM_DAY_KEYS, ...REVENUE_VALUE_COLUMNS, 'coupon_ids'],
    rows,
    {
      keys: ITEM_DAY_KEYS,
      mode: 'add',
      merge: { coupon_ids: ADD_MULTISETS_SQL },
    },
  );
  if (!dropZero) return;
  const shrunk = new Map<string, unknown[]>();
  for (const [dayKey, item] of deltas.shrunkItems)
    shrunk.set(`${dayKey} ${item}`, keyOf(dayKey, item));
  const keys = [...shrunk.values()];
  const zero = `${REVENUE_VALUE_COLUMNS.map((c) => `${c} = 0`).join(' AND ')} AND coupon_ids = ''`;
  for (let start = 0; start < keys.length; start += ITEM_KEYS_PER_DELETE) {
    const chunk = keys.slice(start, start + ITEM_KEYS_PER_DELETE);
    await sql.run(
      `DELETE FROM item_day WHERE ${rowsIn(sql.engine, ITEM_DAY_KEYS, chunk.length)} AND ${zero}`,
      chunk.flat(),
    );
  }
}

/**
 * Upserts rollup rows `[date_kind, period, status, ...keys, ...values]` adding their values,
 * skipping all-zero deltas (they change nothing); after a removal (`removed`), deletes the rows
 * left all zero in the periods that changed.
 */
async function applyPeriodRows(
  sql: RawSql,
  table: string,
  period: 'month' | 'day',
  keys: readonly string[],
  values: readonly string[],
  rows: readonly unknown[][],
  removed: boolean,
) {
  const changed = rows.filter((r) => periodRowChanges(r, keys.length));
  await sql.insertMany(table, ['date_kind', period, 'status', ...keys, ...values], changed, {
    keys: ['date_kind', period, 'status', ...keys],
    mode: 'add',
  });
  if (!removed) return;
  const touched = new Map(changed.map((r) => [`${r[0]} ${r[1]}`, [r[0], r[1]]]));
  for (const [kind, at] of touched.values()) {
    await sql.run(
      `DELETE FROM ${table} WHERE date_kind = ? AND ${period} = ? AND ${values.map((v) => `${v} = 0`).join(' AND ')}`,
      [kind, at],
    );
  }
}
