import { rebuildCustomerTime, storeTimeSettings } from '../analytics/customer-time';
import { statusKey } from '../analytics/customer-totals';
import { restoreIndexes } from '../db/bulk';
import type { Db } from '../db/database';
import {
  type MonthTable,
  periodShape,
  REVENUE_ROLLUP_COLUMNS,
  REVENUE_VALUE_COLUMNS,
} from '../db/rollups';
import { pipelinedTransaction, type RawSql } from '../db/sql';
import { readStoreSettings } from '../options';
import { Deltas, dayNumber } from './contributions';
import { ItemDayTotals } from './item-day-totals';
import { itemVisitFills } from './item-visits';
import { BulkNewReturning } from './returning';
import {
  applyItemDays,
  applyPeriods,
  applyRevenue,
  periodRowChanges,
  periodRows,
  REVENUE_COLUMNS,
  revenueRow,
} from './rollups';
import { rebuildSourceDays } from './source-day';

const DAY_MS = 86_400_000;

/**
 * The end of a bulk load into `bulk` (after `deferIndexes`): the flips moved and the rows
 * still held written, the item visits counted while the deferred indexes are built (on
 * PostgreSQL side by side), then the late contributions, which need the keys. `phase` is
 * called as each step ends (`npm run demo -- --timings`).
 */
export async function endBulkLoad(
  db: Db,
  bulk: BulkRollups,
  phase: (name: string) => void = () => undefined,
): Promise<void> {
  const inTransaction = (write: (sql: RawSql) => Promise<void>) =>
    pipelinedTransaction(db, async (sql) => {
      // Whole-store statements.
      await sql.liftStatementTimeout();
      await write(sql);
    });
  await inTransaction((sql) => bulk.moveFlips(sql));
  phase('new/returning flips (at the end)');
  await inTransaction((sql) => bulk.finish(sql));
  phase('rollups of the last days');
  await restoreIndexes(db, {
    alongside: bulk.visitFills().map((fill) => () => inTransaction(fill)),
  });
  phase('item visits counted, indexes built (and analysed)');
  await inTransaction((sql) => bulk.applyLate(sql));
  phase('late rollup contributions');
  // The load's batches left the customers-over-time tables stale: built once, from every order.
  const settings = storeTimeSettings(await readStoreSettings(db));
  await inTransaction((sql) => rebuildCustomerTime(sql, settings));
  phase('customers over time');
  await inTransaction((sql) => rebuildSourceDays(sql));
  phase('sources by day');
}

/** The first day (since 1970) of the month after month `index` (months since 1970). */
const dayAfterMonth = (index: number) =>
  Date.UTC(Math.floor((index + 1) / 12), (index + 1) % 12, 1) / DAY_MS;

/**
 * The rollups of a bulk load into an empty store (the demo generator), summed across its
 * batches and each row written once, with a plain insert (COPY on PostgreSQL), when its
 * period is closed: no upsert, no temporary table, no row rewritten batch after batch.
 *
 * The caller closes the days before a date (`closeBefore`) once no later order of the load is
 * dated before it: orders loaded in creation order close the days before each batch's first
 * order. Each batch's transaction then writes the closed days (and months) and forgets them
 * (`flush`), so what is held in memory is the open weeks, whatever the store's size.
 * Contributions that still come for a closed day (a re-ingested order during the load; the
 * new/returning flips, held in `newReturning` and moved by `finish`) are summed apart and added
 * with the ordinary upserts after each batch's inserts (`flush`) or at the end (`applyLate`,
 * which also takes what needs a key a bulk load defers).
 */
export class BulkRollups {
  readonly itemDays = new ItemDayTotals();
  /** Contributions to closed days, upserted after each batch (`flush`) or at the end. */
  readonly late = new Deltas({ items: true });
  readonly deltas = new Deltas({ items: true, sink: this.itemDays, late: this.late });
  /** New/returning state known without reading it back; flips moved at the end. */
  readonly newReturning = new BulkNewReturning();
  private closed = Number.NEGATIVE_INFINITY;
  /** The excluded statuses the load's batches were ingested under (`ingestedUnder`). */
  private excluded?: readonly string[];

  /**
   * Notes the excluded statuses a batch is ingested under: the item visits counted at the
   * end (`visitFills`) count the lines of the others. A load's batches must all share them.
   */
  ingestedUnder(excluded: readonly string[]) {
    if (this.excluded && statusKey(this.excluded) !== statusKey(excluded))
      throw new Error('A bulk load changed its excluded statuses between batches');
    this.excluded = excluded;
  }

  /** No contribution but late ones will come for the days before `day` ('YYYY-MM-DD', local). */
  closeBefore(day: string) {
    const n = dayNumber(day);
    this.deltas.closeBefore(n);
    this.closed = Math.max(this.closed, n);
  }

  /** Times late contributions were upserted (rows they left all zero are deleted at the end). */
  lateUpserts = 0;

  /**
   * Writes the closed days' and months' rows and forgets them (in the batch's transaction),
   * then upserts the late contributions so far onto the rows written: a load that re-ingests
   * orders as it goes could grow them with the store, so they are not held to the end.
   * PostgreSQL's `item_day` has no primary key until the load ends (`deferIndexes`), so there
   * its late contributions wait for `applyLate`.
   */
  async flush(sql: RawSql): Promise<void> {
    await this.write(sql, this.closed);
    await this.upsertLate(sql, sql.engine !== 'postgres', false);
  }

  /**
   * Moves the new/returning flips the load held (`BulkNewReturning`): their contributions
   * join the rows still held, or the late ones for days already written. `finish` does it
   * first if it was not done.
   */
  async moveFlips(sql: RawSql): Promise<void> {
    await this.newReturning.moveFlips(sql, this.deltas);
  }

  /** Moves the flips held, then writes every row still held. */
  async finish(sql: RawSql): Promise<void> {
    await this.moveFlips(sql);
    await this.write(sql, Number.POSITIVE_INFINITY);
  }

  /**
   * The statements that count every customer's item visits from the loaded lookups
   * (ingest/item-visits.ts), each for a transaction of its own: after `finish`, in any order
   * or at once. None for a load that ingested nothing.
   */
  visitFills(): ((sql: RawSql) => Promise<void>)[] {
    return this.excluded ? itemVisitFills(this.excluded) : [];
  }

  /**
   * Adds the late contributions with the upserts ordinary ingestion uses (they need the
   * tables' primary keys: after `restoreIndexes`), then deletes the rows left all zero with
   * one statement per table. Ordinary ingestion deletes them key by key, a round trip each,
   * which for the thousands of flips of a large load cost more than the upserts; no other
   * row is all zero (neither ingestion nor `write` leaves one), so the result is the same.
   */
  async applyLate(sql: RawSql): Promise<void> {
    await this.upsertLate(sql, true, true);
    if (this.lateUpserts === 0) return;
    const zero = (columns: readonly string[]) => columns.map((c) => `${c} = 0`).join(' AND ');
    for (const [table, columns] of [
      ['revenue_hour', REVENUE_ROLLUP_COLUMNS],
      ['revenue_day', REVENUE_ROLLUP_COLUMNS],
      ['item_day', REVENUE_VALUE_COLUMNS],
    ] as const)
      await sql.run(`DELETE FROM ${table} WHERE ${zero(columns)} AND coupon_ids = ''`);
    for (const [table] of this.late.periods())
      await sql.run(`DELETE FROM ${table} WHERE ${zero(periodShape(table).values)}`);
  }

  /**
   * Upserts the late contributions held (item_day's too with `items`) without deleting rows
   * left all zero (`applyLate` does, once), and forgets them. Before the `final` call, those
   * of months not closed yet wait: a late contribution's day is closed but its month may not
   * be, and the month's row is inserted (not upserted) when the month closes.
   */
  private async upsertLate(sql: RawSql, items: boolean, final: boolean): Promise<void> {
    const late = this.late;
    const held = (map: Map<number, unknown>) => map.size > 0;
    if (
      !held(late.day) &&
      ![...late.months.values()].some(held) &&
      ![...late.days.values()].some(held) &&
      (!items || !held(late.items))
    )
      return;
    this.lateUpserts++;
    const openMonths: [MonthTable, number, Map<number, number[]>][] = [];
    for (const [table, byPrefix] of late.months) {
      for (const [prefix, records] of byPrefix) {
        if (final || dayAfterMonth(late.keys.periodIndex(prefix)) <= this.closed) continue;
        openMonths.push([table, prefix, records]);
        byPrefix.delete(prefix);
      }
    }
    await applyRevenue(sql, 'revenue_hour', late, false);
    await applyRevenue(sql, 'revenue_day', late, false);
    await applyPeriods(sql, late, false);
    late.hour.clear();
    late.day.clear();
    for (const byPrefix of late.months.values()) byPrefix.clear();
    for (const [table, prefix, records] of openMonths) late.months.get(table)!.set(prefix, records);
    for (const byPrefix of late.days.values()) byPrefix.clear();
    late.shrunk.hour.clear();
    late.shrunk.day.clear();
    late.shrunkItems.length = 0;
    if (!items) return;
    await applyItemDays(sql, late, false);
    late.items.clear();
  }

  /** Inserts the rows of the days before `before` (days since 1970), months wholly before it. */
  private async write(sql: RawSql, before: number): Promise<void> {
    const d = this.deltas;
    for (const width of ['hour', 'day'] as const) {
      const rows: unknown[][] = [];
      const map = d[width];
      for (const [key, delta] of map) {
        const index = d.keys.revenueIndex(key);
        if ((width === 'hour' ? Math.floor(index / 24) : index) >= before) continue;
        const row = revenueRow(d, width, key, delta);
        if (row) rows.push(row);
        map.delete(key);
      }
      await sql.insertMany(`revenue_${width}`, REVENUE_COLUMNS, rows);
    }
    for (const [table, byPrefix] of d.periods()) {
      const { period, keys, values } = periodShape(table);
      const rows: unknown[][] = [];
      for (const [prefix, records] of byPrefix) {
        // Written once closed: when the first day after its month or day is not after `before`.
        const index = d.keys.periodIndex(prefix);
        if ((period === 'month' ? dayAfterMonth(index) : index + 1) > before) continue;
        for (const row of periodRows(d, table, prefix, records))
          if (periodRowChanges(row, keys.length)) rows.push(row);
        byPrefix.delete(prefix);
      }
      await sql.insertMany(table, ['date_kind', period, 'status', ...keys, ...values], rows);
    }
    await this.itemDays.write(sql, before);
    d.shrunk.hour.clear();
    d.shrunk.day.clear();
  }
}
