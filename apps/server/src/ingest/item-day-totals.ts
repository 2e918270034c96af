import { ORDER_MEASURES } from '../db/measures';
import { formatMultiset } from '../db/multiset';
import {
  ITEM_DAY_KEYS,
  ITEM_TYPES,
  REVENUE_BASE_COLUMNS,
  REVENUE_VALUE_COLUMNS,
} from '../db/rollups';
import type { RawSql } from '../db/sql';
import {
  type CouponRow,
  type DateKind,
  dateKinds,
  dayText,
  decodeItemKey,
  type ItemDaySink,
  type StatsRow,
} from './contributions';

const WIDTH = REVENUE_VALUE_COLUMNS.length;
/** Where the measures' sums start in a slot (after the base columns). */
const MEASURES_AT = REVENUE_BASE_COLUMNS.length;
const STATUS_SLOTS = 64;
/** Cells per item and day: date kind × status × new/returning. */
const CELLS = 3 * STATUS_SLOTS * 2;
/** Rows bound per insertMany call while writing (bounds the rows held as arrays at once). */
const WRITE_CHUNK = 20_000;

/**
 * item_day summed across the batches of a bulk load and written day by day as the days close.
 * Rolling item_day up in SQL from the loaded lookups sorts every (item, order, date kind)
 * triple, about 5.8 million at 300,000 orders, which cost more than the rest of the load;
 * hashing the same contributions here as the batches are ingested costs a fraction of it. The
 * contributions are the ones ingestion keeps item_day with batch by batch (`Deltas`), flips
 * of new/returning across batches included, so the table is the same.
 *
 * Only the open days are held: `write(sql, before)` inserts the cells of the days before
 * `before` and frees them, so a load whose orders come in date order holds a few weeks of
 * cells whatever its size (the bulk load closes the days before each batch's first order:
 * ingest/bulk-rollups.ts).
 *
 * Sums live in one Float64Array (money is integer units far below 2^53), reached through a
 * map per day from its (item, date kind, status, new/returning) cell to a slot; slots of
 * written days are reused.
 */
export class ItemDayTotals implements ItemDaySink {
  private readonly statusCodes = new Map<string, number>();
  private readonly statusNames: string[] = [];
  /** Day (since 1970) → item key (`itemKey`) × CELLS + cell (kind, status, new/returning) → slot. */
  private readonly byDay = new Map<number, Map<number, number>>();
  private values = new Float64Array(WIDTH * 65_536);
  /** One order row's measures, signed (`add`'s scratch). */
  private readonly measures = new Float64Array(ORDER_MEASURES.length);
  private slots = 0;
  /** Slots of written cells, free for new ones. */
  private readonly free: number[] = [];
  /** Slot → coupon id → rows (only slots whose rows had coupon lookups). */
  private readonly couponIds = new Map<number, Map<number, number>>();

  /** The days held (since 1970): those not written yet. */
  days(): number[] {
    return [...this.byDay.keys()];
  }

  /** Cells held (the open days' rows before empty ones are left out). */
  get size(): number {
    return this.slots - this.free.length;
  }

  add(
    items: readonly number[],
    kind: number,
    day: number,
    status: string,
    returning: number,
    sign: 1 | -1,
    s: StatsRow,
    coupons: readonly CouponRow[],
    couponTotal: number,
  ): void {
    let code = this.statusCodes.get(status);
    if (code === undefined) {
      code = this.statusNames.length;
      if (code >= STATUS_SLOTS) throw new RangeError(`More than ${STATUS_SLOTS} order statuses`);
      this.statusCodes.set(status, code);
      this.statusNames.push(status);
    }
    const cell = (kind * STATUS_SLOTS + code) * 2 + returning;
    const orders = sign * (s.parent_id === 0 ? 1 : 0);
    const items_ = sign * s.num_items_sold;
    const sales = sign * s.total_sales;
    const net = sign * s.net_total;
    const tax = sign * s.tax_total;
    const shipping = sign * s.shipping_total;
    const refunds = sign * (s.net_total < 0 ? -s.net_total : 0);
    const discount = sign * couponTotal;
    // The measures once per call, not once per item (each is a keyed read of the row).
    const measures = this.measures;
    for (let m = 0; m < ORDER_MEASURES.length; m++)
      measures[m] = sign * Number(s[ORDER_MEASURES[m]!]);
    let byCell = this.byDay.get(day);
    if (!byCell) {
      byCell = new Map();
      this.byDay.set(day, byCell);
    }
    for (const item of items) {
      const key = item * CELLS + cell;
      let slot = byCell.get(key);
      if (slot === undefined) {
        slot = this.free.pop();
        if (slot === undefined) {
          slot = this.slots++;
          if (this.slots * WIDTH > this.values.length) {
            const grown = new Float64Array(this.values.length * 2);
            grown.set(this.values);
            this.values = grown;
          }
        }
        byCell.set(key, slot);
      }
      const v = this.values;
      const at = slot * WIDTH;
      v[at]! += orders;
      v[at + 1]! += items_;
      v[at + 2]! += sales;
      v[at + 3]! += net;
      v[at + 4]! += tax;
      v[at + 5]! += shipping;
      v[at + 6]! += refunds;
      v[at + 7]! += discount;
      for (let m = 0; m < ORDER_MEASURES.length; m++) v[at + MEASURES_AT + m]! += measures[m]!;
      if (coupons.length > 0) {
        let ids = this.couponIds.get(slot);
        if (!ids) {
          ids = new Map();
          this.couponIds.set(slot, ids);
        }
        for (const c of coupons) ids.set(c.coupon_id, (ids.get(c.coupon_id) ?? 0) + sign);
      }
    }
  }

  /**
   * Inserts the sums of the days before `before` (days since 1970; every day by default) into
   * item_day, which must hold no row of them yet (a bulk load into an empty store), and
   * forgets them. Rows are written in the primary key's order, and rows that summed to
   * nothing are left out, as ingestion deletes them. Call inside a transaction (PostgreSQL's
   * COPY needs the transaction's connection). Returns the rows written.
   */
  async write(sql: RawSql, before = Number.POSITIVE_INFINITY): Promise<number> {
    const closed = [...this.byDay.keys()].filter((d) => d < before);
    if (closed.length === 0) return 0;
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const typeRank = [...ITEM_TYPES].sort(text).map((t) => ITEM_TYPES.indexOf(t));
    const typeOrder = ITEM_TYPES.map((_, i) => typeRank.indexOf(i));
    const kindRank = [...dateKinds].sort(text).map((k: DateKind) => dateKinds.indexOf(k));
    const kindOrder = dateKinds.map((_, i) => kindRank.indexOf(i));
    const statusRank = [...this.statusNames]
      .sort(text)
      .map((name) => this.statusCodes.get(name)!)
      .reduce((ranks, code, rank) => ranks.set(code, rank), new Map<number, number>());
    // Each cell with its sort key in the primary key's order: (item type, id) first, then
    // (date kind, day, status, new/returning).
    const cells: { item: number; second: number; day: number; cell: number; slot: number }[] = [];
    for (const day of closed) {
      for (const [key, slot] of this.byDay.get(day)!) {
        const cell = key % CELLS;
        const item = (key - cell) / CELLS;
        const returning = cell % 2;
        const rest = (cell - returning) / 2;
        const status = rest % STATUS_SLOTS;
        const kind = (rest - status) / STATUS_SLOTS;
        const second =
          ((kindOrder[kind]! * 1_000_000 + day) * STATUS_SLOTS + statusRank.get(status)!) * 2 +
          returning;
        cells.push({ item, second, day, cell, slot });
      }
      this.byDay.delete(day);
    }
    const first = (item: number) => {
      const { type, id } = decodeItemKey(item);
      return typeOrder[ITEM_TYPES.indexOf(type)]! * 2 ** 44 + id;
    };
    const firstOf = new Map<number, number>();
    for (const c of cells) if (!firstOf.has(c.item)) firstOf.set(c.item, first(c.item));
    cells.sort((a, b) => firstOf.get(a.item)! - firstOf.get(b.item)! || a.second - b.second);

    const dayTexts = new Map<number, string>();
    const columns = [...ITEM_DAY_KEYS, ...REVENUE_VALUE_COLUMNS, 'coupon_ids'];
    let rows: unknown[][] = [];
    let written = 0;
    const v = this.values;
    for (const { item, day, cell, slot } of cells) {
      if (sql.pipelined) await sql.turn();
      const at = slot * WIDTH;
      const ids = this.couponIds.get(slot);
      const coupons = ids ? formatMultiset(ids) : '';
      let empty = coupons === '';
      for (let i = 0; empty && i < WIDTH; i++) if (v[at + i] !== 0) empty = false;
      if (!empty) {
        const { type, id } = decodeItemKey(item);
        const returning = cell % 2;
        const rest = (cell - returning) / 2;
        const status = rest % STATUS_SLOTS;
        const kind = (rest - status) / STATUS_SLOTS;
        let dayString = dayTexts.get(day);
        if (dayString === undefined) {
          dayString = dayText(day);
          dayTexts.set(day, dayString);
        }
        const row: unknown[] = [
          type,
          id,
          dateKinds[kind],
          dayString,
          this.statusNames[status],
          returning,
        ];
        // A loop, not a spread of a subarray (an object and an iterator per row).
        for (let i = 0; i < WIDTH; i++) row.push(v[at + i]);
        row.push(coupons);
        rows.push(row);
      }
      v.fill(0, at, at + WIDTH);
      this.couponIds.delete(slot);
      this.free.push(slot);
      if (rows.length >= WRITE_CHUNK) {
        await sql.insertMany('item_day', columns, rows);
        written += rows.length;
        rows = [];
      }
    }
    await sql.insertMany('item_day', columns, rows);
    return written + rows.length;
  }
}
