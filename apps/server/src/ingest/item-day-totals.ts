import { formatMultiset } from '../db/multiset';
import { ITEM_DAY_KEYS, ITEM_TYPES, REVENUE_VALUE_COLUMNS } from '../db/rollups';
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
const STATUS_SLOTS = 64;
/** Rows bound per insertMany call while writing (bounds the rows held as arrays at once). */
const WRITE_CHUNK = 20_000;

/**
 * item_day summed across every batch of a bulk load, written once at its end. Rolling item_day
 * up in SQL from the loaded lookups sorts every (item, order, date kind) triple, about 5.8
 * million at 300,000 orders, which cost more than the rest of the load; hashing the same
 * contributions here as the batches are ingested, and writing the sums in the table's key
 * order, costs a fraction of it. The contributions are the ones ingestion keeps item_day with
 * batch by batch (`Deltas`), flips of new/returning across batches included, so the table is
 * the same.
 *
 * Sums live in one Float64Array (money is integer units far below 2^53), reached through a
 * map per item from its (day, kind, status, new/returning) cell to a slot.
 */
export class ItemDayTotals implements ItemDaySink {
  private readonly statusCodes = new Map<string, number>();
  private readonly statusNames: string[] = [];
  /** Item key (`itemKey`) → cell → slot. */
  private readonly cells = new Map<number, Map<number, number>>();
  private values = new Float64Array(WIDTH * 65_536);
  private slots = 0;
  /** Slot → coupon id → rows (only slots whose rows had coupon lookups). */
  private readonly couponIds = new Map<number, Map<number, number>>();

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
    const cell = ((day * 3 + kind) * STATUS_SLOTS + code) * 2 + returning;
    const orders = sign * (s.parent_id === 0 ? 1 : 0);
    const items_ = sign * s.num_items_sold;
    const sales = sign * s.total_sales;
    const net = sign * s.net_total;
    const tax = sign * s.tax_total;
    const shipping = sign * s.shipping_total;
    const refunds = sign * (s.net_total < 0 ? -s.net_total : 0);
    const discount = sign * couponTotal;
    for (const item of items) {
      let byCell = this.cells.get(item);
      if (!byCell) {
        byCell = new Map();
        this.cells.set(item, byCell);
      }
      let slot = byCell.get(cell);
      if (slot === undefined) {
        slot = this.slots++;
        if (this.slots * WIDTH > this.values.length) {
          const grown = new Float64Array(this.values.length * 2);
          grown.set(this.values);
          this.values = grown;
        }
        byCell.set(cell, slot);
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
   * Inserts the sums into item_day, which must hold no row of them yet (a bulk load into an
   * empty store), in the primary key's order so every row is appended to the B-tree. Rows
   * that summed to nothing are left out, as ingestion deletes them. Call inside a
   * transaction (PostgreSQL's COPY needs the transaction's connection).
   */
  async write(sql: RawSql): Promise<number> {
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const typeRank = new Map(
      [...ITEM_TYPES].sort(text).map((t, rank) => [ITEM_TYPES.indexOf(t), rank] as const),
    );
    const kindRank = [...dateKinds].sort(text).map((k: DateKind) => dateKinds.indexOf(k));
    const kindOrder = dateKinds.map((_, i) => kindRank.indexOf(i));
    const statusRank = [...this.statusNames]
      .sort(text)
      .map((name) => this.statusCodes.get(name)!)
      .reduce((ranks, code, rank) => ranks.set(code, rank), new Map<number, number>());
    const items = [...this.cells.keys()].sort((a, b) => {
      const x = decodeItemKey(a);
      const y = decodeItemKey(b);
      const byType =
        typeRank.get(ITEM_TYPES.indexOf(x.type))! - typeRank.get(ITEM_TYPES.indexOf(y.type))!;
      return byType !== 0 ? byType : x.id - y.id;
    });
    const days = new Map<number, string>();
    const columns = [...ITEM_DAY_KEYS, ...REVENUE_VALUE_COLUMNS, 'coupon_ids'];
    let rows: unknown[][] = [];
    let written = 0;
    // PostgreSQL keeps the primary key's B-tree as a separate index: built once from the
    // written rows (one sort) it costs a fraction of inserting every key into it.
    const postgres = sql.engine === 'postgres';
    if (postgres) await sql.run('ALTER TABLE item_day DROP CONSTRAINT item_day_pk');
    for (const item of items) {
      const { type, id } = decodeItemKey(item);
      const byCell = this.cells.get(item)!;
      // Each cell with its sort key: date kind, day, status (by name), new/returning.
      const order: [number, number, number][] = [];
      for (const [cell, slot] of byCell) {
        const returning = cell % 2;
        const rest = (cell - returning) / 2;
        const status = rest % STATUS_SLOTS;
        const dayKind = (rest - status) / STATUS_SLOTS;
        const kind = dayKind % 3;
        const day = (dayKind - kind) / 3;
        const key =
          ((kindOrder[kind]! * 1_000_000 + day) * STATUS_SLOTS + statusRank.get(status)!) * 2 +
          returning;
        order.push([key, cell, slot]);
      }
      order.sort((a, b) => a[0] - b[0]);
      for (const [, cell, slot] of order) {
        const at = slot * WIDTH;
        const ids = this.couponIds.get(slot);
        const coupons = ids ? formatMultiset(ids) : '';
        const v = this.values;
        let empty = coupons === '';
        for (let i = 0; empty && i < WIDTH; i++) if (v[at + i] !== 0) empty = false;
        if (empty) continue;
        const returning = cell % 2;
        const rest = (cell - returning) / 2;
        const status = rest % STATUS_SLOTS;
        const dayKind = (rest - status) / STATUS_SLOTS;
        const kind = dayKind % 3;
        const day = (dayKind - kind) / 3;
        let dayString = days.get(day);
        if (dayString === undefined) {
          dayString = dayText(day);
          days.set(day, dayString);
        }
        rows.push([
          type,
          id,
          dateKinds[kind],
          dayString,
          this.statusNames[status],
          returning,
          v[at],
          v[at + 1],
          v[at + 2],
          v[at + 3],
          v[at + 4],
          v[at + 5],
          v[at + 6],
          v[at + 7],
          coupons,
        ]);
        if (rows.length >= WRITE_CHUNK) {
          await sql.insertMany('item_day', columns, rows);
          written += rows.length;
          rows = [];
        }
      }
    }
    await sql.insertMany('item_day', columns, rows);
    if (postgres)
      await sql.run(
        `ALTER TABLE item_day ADD CONSTRAINT item_day_pk PRIMARY KEY (${ITEM_DAY_KEYS.join(',')})`,
      );
    return written + rows.length;
  }
}
