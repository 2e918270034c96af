/*
 * The RFM groups at the end of every day, kept (migration 048; docs/architecture.md,
 * "Customers over time"). Scoring every person twice on each request (analytics/cohorts.ts,
 * `rfmGroups`) reads the whole population, which grows with the store: seconds at 1,000,000
 * orders. A sweep (`sweepRfmDays`) reads each counted order_stats row once, in date order, and
 * scores every person at the end of each day from the first order's to today, with the groups
 * one week, month, quarter and year before; `reports/rfm` asked for a day's end then reads a
 * few rows (`keptRfmCounts`).
 *
 * The kept days are exactly the report's figures: the same rows (countedSql, the persons of
 * customer_persons), the same quintile cut points (`cutPositions`), groups (`rfmGroup`) and
 * previous dates (`previousAsOf`). They are read only while current: built under the request's
 * settings, and with no change since on or before the day asked. Each ingestion batch that
 * changes a person's counted rows leaves a mark with the earliest day it changed
 * (`markRfmChange`, from `CustomerTimeUpdate`); a rebuild of the customers-over-time tables
 * marks every day. The sweep removes the marks it saw before it read, so a batch written
 * while it runs leaves its days to the next sweep. The process that swept keeps the replay
 * (`Sweeper`), and its next sweep steps back to the earliest marked day and replays only from
 * there, while the token it wrote (rfm_state.sweep) says no other process swept since.
 */
import { randomUUID } from 'node:crypto';
import type { CohortInterval } from '@storelens/api';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { RawSql } from '../db/sql';
import { readStoreSettings } from '../options';
import { formatSqlUtc, zone } from '../timezone';
import { countBelow, cutPositions, GROUP_OF_SCORES, previousAsOf, RFM_GROUPS } from './cohorts';
import {
  countedSql,
  customerTimeCurrent,
  GRAINS,
  keepRfmDaysWith,
  PERSON,
  PERSON_JOIN,
  rfmStaleFrom,
  storeTimeSettings,
  type TimeSettings,
  timeKey,
} from './customer-time';
import { wallMs, wallText } from './intervals';

/** True when a sweep would change what is kept: none yet, other settings, or marks. */
export async function rfmDaysStale(db: Db): Promise<boolean> {
  const raw = new RawSql(db.kysely, db.engine);
  const s = storeTimeSettings(await readStoreSettings(db));
  if (!(await customerTimeCurrent(raw, s))) return false;
  const state = await raw.query<{ settings: string; last_day: string }>(
    'SELECT settings, last_day FROM rfm_state WHERE id = 1',
  );
  if (state[0]?.settings !== timeKey(s)) return true;
  if ((await rfmStaleFrom(raw)) !== undefined) return true;
  // A new day since the last sweep: keep it too.
  return String(state[0].last_day) < localToday(s);
}

const localToday = (s: TimeSettings) =>
  zone(s.timezone).toLocal(formatSqlUtc(Date.now())).slice(0, 10);

/* The sweep ------------------------------------------------------------------------------- */

/** Counts of values by rank, with the value at a position found by binary descent. */
class RankCounts {
  private readonly tree: Int32Array;
  private readonly top: number;
  /** From each rank's count, in one pass. */
  constructor(counts: Int32Array) {
    const size = counts.length;
    this.tree = new Int32Array(size + 1);
    this.tree.set(counts, 1);
    for (let i = 1; i <= size; i++) {
      const up = i + (i & -i);
      if (up <= size) this.tree[up]! += this.tree[i]!;
    }
    let top = 1;
    while (top * 2 <= size) top *= 2;
    this.top = top;
  }
  add(rank: number, delta: number) {
    for (let i = rank + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
  }
  /**
   * The same counts over `size` ranks, each old rank at its new one (`moved`; none: the
   * same rank): the construction undone, rank by rank, and done again.
   */
  moved(size: number, moved?: Int32Array): RankCounts {
    const n = this.tree.length - 1;
    const own = this.tree.slice();
    for (let i = n; i >= 1; i--) {
      const up = i + (i & -i);
      if (up <= n) own[up]! -= own[i]!;
    }
    const counts = new Int32Array(size);
    for (let r = 0; r < n; r++) if (own[r + 1]) counts[moved ? moved[r]! : r]! += own[r + 1]!;
    return new RankCounts(counts);
  }
  /** The rank of the value at `position` (from 0) in ascending order. */
  at(position: number): number {
    let i = 0;
    let left = position + 1;
    for (let step = this.top; step > 0; step >>= 1) {
      const next = i + step;
      if (next < this.tree.length && this.tree[next]! < left) {
        i = next;
        left -= this.tree[next]!;
      }
    }
    return i;
  }
}

/** Rows grouped by a rank: rows `list[start[v]]` to `list[start[v + 1] - 1]` have rank v. */
interface ByRank {
  start: Int32Array;
  list: Int32Array;
}

function byRank(rank: Int32Array, count: number, size: number, keep: (i: number) => boolean) {
  const start = new Int32Array(size + 1);
  for (let i = 0; i < count; i++) if (keep(i)) start[rank[i]! + 1]! += 1;
  for (let v = 0; v < size; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, size);
  const list = new Int32Array(start[size]!);
  for (let i = 0; i < count; i++) if (keep(i)) list[fill[rank[i]!]!++] = i;
  return { start, list };
}

/** A typed array of `length` holding `a`'s first values, then `fill`. */
function resized<A extends Int32Array | Float64Array | Uint8Array>(a: A, length: number, fill = 0) {
  if (a.length === length) return a;
  const b = new (a.constructor as new (n: number) => A)(length);
  b.set(a.subarray(0, Math.min(a.length, length)) as never);
  if (fill !== 0 && length > a.length) b.fill(fill, a.length);
  return b;
}

/** Distinct values ascending (the first `size` of `values`): what a measure's ranks index. */
interface Universe {
  values: Float64Array;
  size: number;
}

/**
 * The universe with `added` merged in, and each old rank's new rank. Values no row holds any
 * more stay: a rank nobody counts is never a cut point, and a full sweep starts afresh.
 */
function widen(u: Universe, added: Float64Array): { next: Universe; moved: Int32Array } {
  const fresh = added.sort();
  const values = new Float64Array(u.size + fresh.length);
  const moved = new Int32Array(u.size);
  let size = 0;
  for (let i = 0, j = 0; i < u.size || j < fresh.length; ) {
    const old = j >= fresh.length || (i < u.size && u.values[i]! <= fresh[j]!);
    const v = old ? u.values[i]! : fresh[j]!;
    if (size === 0 || values[size - 1] !== v) values[size++] = v;
    if (old) moved[i++] = size - 1;
    else j++;
  }
  return { next: { values, size }, moved };
}

/**
 * Every counted row read so far, in date order, with what the populations replay: after each
 * row, its person's net sales (and their rank among the measure's values), and after each
 * order, the person's orders and the rank of its time. A person's figures are those after
 * their latest row (net sales) and latest order (last order, orders). Each row also links to
 * its person's previous row and previous order, so a population can step back.
 */
interface SweepRows {
  count: number;
  person: Int32Array;
  order: Uint8Array;
  netAfter: Float64Array;
  ordersAfter: Int32Array;
  prevRow: Int32Array;
  prevOrder: Int32Array;
  netRank: Int32Array;
  lastRank: Int32Array;
  /** The order times (wall-clock ms) and net sales the ranks index. */
  last: Universe;
  net: Universe;
  maxOrders: number;
  /** The rows by each measure's rank (orders only for recency and frequency). */
  byLast: ByRank;
  byOrders: ByRank;
  byNet: ByRank;
  /** For each day from `firstDay`, the index of the first row after it. */
  dayEnds: Int32Array;
  firstDay: string;
  /** Each person id's index: as many persons as entries. */
  index: Map<number, number>;
}

const NONE = 255;

/**
 * One population replayed up to the end of a day: each person's latest row and order, the
 * counts of each measure's values, and each member's group under the cut points of the last
 * `settle`, with the members and (when `keepNet`) their net sales counted by group. A group
 * changes only for persons whose rows changed or whose value lies between a cut point's old
 * and new place, so `settle` scores those alone; `onChange` hears each change (`NONE`: not a
 * member).
 */
class Population {
  orderRow: Int32Array;
  netRow: Int32Array;
  grp: Uint8Array;
  readonly groupCount = new Float64Array(RFM_GROUPS.length);
  readonly groupNet = new Float64Array(RFM_GROUPS.length);
  private countedNet: Float64Array | undefined;
  private r: RankCounts;
  private f: RankCounts;
  private m: RankCounts;
  private changed: Int32Array;
  private changedCount = 0;
  private isChanged: Uint8Array;
  /** The cut points of the last `settle` as ranks: recency, frequency, monetary, four each. */
  cuts = new Int32Array(12);
  /** How many members the population holds. */
  n = 0;
  /** The rows replayed: those before this one. */
  next = 0;

  constructor(
    private readonly rows: SweepRows,
    keepNet: boolean,
    private readonly onChange: (p: number, from: number, to: number) => void,
  ) {
    this.orderRow = new Int32Array(0);
    this.netRow = new Int32Array(0);
    this.grp = new Uint8Array(0);
    this.countedNet = keepNet ? new Float64Array(0) : undefined;
    this.changed = new Int32Array(0);
    this.isChanged = new Uint8Array(0);
    this.r = new RankCounts(new Int32Array(0));
    this.f = this.r;
    this.m = this.r;
  }

  /**
   * Takes the rows' new persons and ranks (`lastMoved`, `netMoved`: each old rank's new one):
   * the cut points and the counts move to the same values' new ranks.
   */
  refit(lastMoved: Int32Array, netMoved: Int32Array) {
    const rows = this.rows;
    const persons = rows.index.size;
    if (this.orderRow.length < persons) {
      this.orderRow = resized(this.orderRow, persons, -1);
      this.netRow = resized(this.netRow, persons, -1);
      this.grp = resized(this.grp, persons, NONE);
      if (this.countedNet) this.countedNet = resized(this.countedNet, persons);
      this.changed = resized(this.changed, persons);
      this.isChanged = resized(this.isChanged, persons);
    }
    for (let k = 0; k < 4; k++) {
      if (this.cuts[k]! < lastMoved.length) this.cuts[k] = lastMoved[this.cuts[k]!]!;
      if (this.cuts[8 + k]! < netMoved.length) this.cuts[8 + k] = netMoved[this.cuts[8 + k]!]!;
    }
    this.r = this.r.moved(rows.last.size, lastMoved);
    this.f = this.f.moved(rows.maxOrders);
    this.m = this.m.moved(rows.net.size, netMoved);
  }

  /** Replays the rows before `end`. */
  advance(end: number) {
    const rows = this.rows;
    for (; this.next < end; this.next++) {
      const i = this.next;
      const p = rows.person[i]!;
      const member = this.orderRow[p]! >= 0;
      if (member) this.measures(p, -1);
      this.netRow[p] = i;
      if (rows.order[i]) this.orderRow[p] = i;
      if (this.orderRow[p]! >= 0) {
        if (!member) this.n += 1;
        this.measures(p, 1);
      }
      this.touch(p);
    }
  }

  /** Steps back to the rows before `end`: each later row undone, newest first. */
  rewind(end: number) {
    const rows = this.rows;
    while (this.next > end) {
      const i = --this.next;
      const p = rows.person[i]!;
      const member = this.orderRow[p]! >= 0;
      if (member) this.measures(p, -1);
      this.netRow[p] = rows.prevRow[i]!;
      if (rows.order[i]) this.orderRow[p] = rows.prevOrder[i]!;
      if (this.orderRow[p]! >= 0) this.measures(p, 1);
      else if (member) this.n -= 1;
      this.touch(p);
    }
  }

  private touch(p: number) {
    if (this.isChanged[p]) return;
    this.isChanged[p] = 1;
    this.changed[this.changedCount++] = p;
  }

  private measures(p: number, delta: number) {
    const rows = this.rows;
    const o = this.orderRow[p]!;
    this.r.add(rows.lastRank[o]!, delta);
    this.f.add(rows.ordersAfter[o]! - 1, delta);
    this.m.add(rows.netRank[this.netRow[p]!]!, delta);
  }

  /** Brings every member's group to the cut points of the rows replayed so far. */
  settle() {
    const old = this.cuts;
    const cuts = new Int32Array(12);
    if (this.n > 0) {
      const at = cutPositions(this.n);
      for (let k = 0; k < 4; k++) {
        cuts[k] = this.r.at(at[k]!);
        cuts[4 + k] = this.f.at(at[k]!);
        cuts[8 + k] = this.m.at(at[k]!);
      }
    }
    this.cuts = cuts;
    for (let k = 0; k < this.changedCount; k++) {
      const p = this.changed[k]!;
      this.isChanged[p] = 0;
      this.score(p, true);
    }
    this.changedCount = 0;
    const rows = this.rows;
    const measures = [rows.byLast, rows.byOrders, rows.byNet];
    for (let x = 0; x < 3; x++) {
      const by = measures[x]!;
      for (let k = 0; k < 4; k++) {
        const a = old[x * 4 + k]!;
        const b = cuts[x * 4 + k]!;
        if (a === b) continue;
        // The rows whose rank lies between the two places: their persons' comparisons with
        // this cut point changed, when the row holds the person's value now.
        const from = by.start[Math.min(a, b) + 1]!;
        const to = by.start[Math.max(a, b) + 1]!;
        for (let j = from; j < to; j++) {
          const i = by.list[j]!;
          if (i >= this.next) continue;
          const p = rows.person[i]!;
          if (this.orderRow[p]! < 0) continue;
          if (x === 2 ? this.netRow[p] === i : this.orderRow[p] === i) this.score(p, false);
        }
      }
    }
  }

  /** Scores a person under the current cut points; `netChanged` when its rows changed. */
  private score(p: number, netChanged: boolean) {
    const rows = this.rows;
    const cuts = this.cuts;
    const o = this.orderRow[p]!;
    const from = this.grp[p]!;
    let to = NONE;
    if (o >= 0) {
      const last = rows.lastRank[o]!;
      const orders = rows.ordersAfter[o]! - 1;
      const net = rows.netRank[this.netRow[p]!]!;
      let r = 0;
      let f = 0;
      let m = 0;
      for (let k = 0; k < 4; k++) {
        if (last > cuts[k]!) r++;
        if (orders > cuts[4 + k]!) f++;
        if (net > cuts[8 + k]!) m++;
      }
      to = GROUP_OF_SCORES[r * 25 + f * 5 + m]!;
    }
    if (this.countedNet && (netChanged || from !== to)) {
      if (from !== NONE) this.groupNet[from]! -= this.countedNet[p]!;
      this.countedNet[p] = to === NONE ? 0 : rows.netAfter[this.netRow[p]!]!;
      if (to !== NONE) this.groupNet[to]! += this.countedNet[p]!;
    }
    if (from === to) return;
    if (from !== NONE) this.groupCount[from]! -= 1;
    if (to !== NONE) this.groupCount[to]! += 1;
    this.grp[p] = to;
    this.onChange(p, from, to);
  }
}

const INTERVALS = Object.keys(GRAINS) as CohortInterval[];

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => wallMs(`${day} 00:00:00`);

/** Counted rows read from the store, in date order: person ids, orders (1) or refunds (0). */
interface ReadRows {
  id: number[];
  order: number[];
  net: number[];
  at: number[];
}

/** The counted rows from `fromDay` to `lastDay`, read a month at a time, in date order. */
async function readRows(raw: RawSql, s: TimeSettings, fromDay: string, lastDay: string) {
  const c = countedSql(s);
  const out: ReadRows = { id: [], order: [], net: [], at: [] };
  const end = dayText(dayMs(lastDay) + DAY_MS);
  for (let from = fromDay; from < end; ) {
    const month = new Date(dayMs(`${from.slice(0, 7)}-01`));
    month.setUTCMonth(month.getUTCMonth() + 1);
    const to = dayText(Math.min(month.getTime(), dayMs(end)));
    const rows = await raw.query<{ person: number; parent_id: number; net: number; at: string }>(
      `SELECT ${PERSON} AS person, os.parent_id, os.net_total AS net, ${c.col} AS at
       FROM order_stats os ${PERSON_JOIN}
       WHERE ${c.col} >= ? AND ${c.col} < ? AND ${c.sql}`,
      [`${from} 00:00:00`, `${to} 00:00:00`, ...c.params],
    );
    const times = rows.map((r) => wallMs(String(r.at)));
    // In date order; rows of the same second in the order read (any order gives the same days).
    const byTime = rows.map((_, i) => i).sort((a, b) => times[a]! - times[b]!);
    for (const i of byTime) {
      const r = rows[i]!;
      out.id.push(Number(r.person));
      out.order.push(Number(r.parent_id) === 0 ? 1 : 0);
      out.net.push(Number(r.net));
      out.at.push(times[i]!);
    }
    from = to;
  }
  return out;
}

const RFM_CUT_COLUMNS = [
  'day',
  ...[1, 2, 3, 4].map((k) => `last_${k}`),
  ...[1, 2, 3, 4].map((k) => `orders_${k}`),
  ...[1, 2, 3, 4].map((k) => `net_${k}`),
];

/**
 * What a sweep keeps: each day's groups, each day's groups a period before, and each day's
 * cut points (its persons' last order, orders and net sales at each quintile's edge).
 */
interface KeptDays {
  days: unknown[][];
  moves: unknown[][];
  cuts: unknown[][];
}

/**
 * The replayed rows and populations of one store's last sweep: the day's ends, and per grain
 * the same day's end a period before, with who moved between the two (per grain, members
 * then by group now and then). A later sweep steps back to the earliest day that changed,
 * takes that day's rows and the later ones again, and replays only from there.
 */
class Sweeper {
  readonly rows: SweepRows;
  readonly now: Population;
  readonly before: Population[] = [];
  private readonly moves = INTERVALS.map(() => new Float64Array(RFM_GROUPS.length ** 2));
  /** The token written with this sweeper's last sweep (rfm_state.sweep). */
  token = '';

  constructor(
    readonly settings: string,
    firstDay: string,
  ) {
    const none = new Int32Array(0);
    const nothing: Universe = { values: new Float64Array(0), size: 0 };
    const empty = { start: new Int32Array(1), list: none };
    this.rows = {
      count: 0,
      person: none,
      order: new Uint8Array(0),
      netAfter: new Float64Array(0),
      ordersAfter: none,
      prevRow: none,
      prevOrder: none,
      netRank: none,
      lastRank: none,
      last: nothing,
      net: nothing,
      maxOrders: 1,
      byLast: empty,
      byOrders: empty,
      byNet: empty,
      dayEnds: none,
      firstDay,
      index: new Map(),
    };
    const groups = RFM_GROUPS.length;
    this.now = new Population(this.rows, true, (p, from, to) => {
      for (let k = 0; k < this.before.length; k++) {
        const was = this.before[k]!.grp[p]!;
        if (was === NONE) continue;
        if (from !== NONE) this.moves[k]![from * groups + was]! -= 1;
        if (to !== NONE) this.moves[k]![to * groups + was]! += 1;
      }
    });
    for (let k = 0; k < INTERVALS.length; k++)
      this.before.push(
        new Population(this.rows, false, (p, from, to) => {
          const g = this.now.grp[p]!;
          if (g === NONE) return;
          if (from !== NONE) this.moves[k]![g * groups + from]! -= 1;
          if (to !== NONE) this.moves[k]![g * groups + to]! += 1;
        }),
      );
  }

  /** The index of a day from the first. */
  dayIndex(day: string) {
    return Math.round((dayMs(day) - dayMs(this.rows.firstDay)) / DAY_MS);
  }

  get lastDay() {
    return dayText(dayMs(this.rows.firstDay) + (this.rows.dayEnds.length - 1) * DAY_MS);
  }

  /** The day index of day `d`'s end a grain's period before (negative: before the first). */
  private back(d: number, k: number) {
    const day = dayText(dayMs(this.rows.firstDay) + d * DAY_MS);
    return this.dayIndex(previousAsOf(`${day} 23:59:59`, INTERVALS[k]!).slice(0, 10));
  }

  /**
   * Forgets the days from index `d` on: every population as it was after day d − 1, its
   * groups too (a population a period before the first day is empty again).
   */
  forgetFrom(d: number) {
    const rows = this.rows;
    const end = (e: number) => (e < 0 ? 0 : rows.dayEnds[e]!);
    this.now.rewind(end(d - 1));
    this.now.settle();
    for (let k = 0; k < this.before.length; k++) {
      this.before[k]!.rewind(d - 1 < 0 ? 0 : end(this.back(d - 1, k)));
      this.before[k]!.settle();
    }
    rows.count = end(d - 1);
    rows.dayEnds = rows.dayEnds.slice(0, d);
  }

  /** Adds the rows read (all after the kept ones) and the days to `lastDay`. */
  take(read: ReadRows, lastDay: string) {
    const rows = this.rows;
    const keep = rows.count;
    const added = read.id.length;
    const count = keep + added;
    for (const key of [
      'person',
      'ordersAfter',
      'prevRow',
      'prevOrder',
      'netRank',
      'lastRank',
    ] as const)
      rows[key] = resized(rows[key], count);
    rows.order = resized(rows.order, count);
    rows.netAfter = resized(rows.netAfter, count);
    // Each person's latest row and order among those kept (the rows now replays), with room
    // for a new person per row read.
    const persons = rows.index.size;
    const lastRows = resized(this.now.netRow.slice(0, persons), persons + added, -1);
    const lastOrders = resized(this.now.orderRow.slice(0, persons), persons + added, -1);
    let orderRows = 0;
    for (let j = 0; j < added; j++) {
      const i = keep + j;
      const id = read.id[j]!;
      let p = rows.index.get(id);
      if (p === undefined) {
        p = rows.index.size;
        rows.index.set(id, p);
      }
      const prev = lastRows[p]!;
      const prevOrder = lastOrders[p]!;
      rows.person[i] = p;
      rows.prevRow[i] = prev;
      rows.prevOrder[i] = prevOrder;
      rows.netAfter[i] = (prev >= 0 ? rows.netAfter[prev]! : 0) + read.net[j]!;
      lastRows[p] = i;
      if (read.order[j]) {
        rows.order[i] = 1;
        rows.ordersAfter[i] = (prevOrder >= 0 ? rows.ordersAfter[prevOrder]! : 0) + 1;
        rows.maxOrders = Math.max(rows.maxOrders, rows.ordersAfter[i]!);
        lastOrders[p] = i;
        orderRows++;
      } else {
        rows.order[i] = 0;
        rows.ordersAfter[i] = 0;
      }
    }
    // The new values join each measure's ranks; the kept rows' ranks move to match.
    const times = new Float64Array(orderRows);
    const nets = new Float64Array(added);
    for (let j = 0, k = 0; j < added; j++) {
      if (read.order[j]) times[k++] = read.at[j]!;
      nets[j] = rows.netAfter[keep + j]!;
    }
    const last = widen(rows.last, times);
    const net = widen(rows.net, nets);
    for (let i = 0; i < keep; i++) {
      if (rows.order[i]) rows.lastRank[i] = last.moved[rows.lastRank[i]!]!;
      rows.netRank[i] = net.moved[rows.netRank[i]!]!;
    }
    rows.last = last.next;
    rows.net = net.next;
    for (let j = 0; j < added; j++) {
      const i = keep + j;
      rows.lastRank[i] = rows.order[i]
        ? countBelow(rows.last.values, rows.last.size, read.at[j]!)
        : 0;
      rows.netRank[i] = countBelow(rows.net.values, rows.net.size, rows.netAfter[i]!);
    }
    rows.count = count;
    const isOrder = (i: number) => rows.order[i] === 1;
    rows.byLast = byRank(rows.lastRank, count, rows.last.size, isOrder);
    rows.byOrders = byRank(
      rows.ordersAfter.map((n) => Math.max(0, n - 1)),
      count,
      rows.maxOrders,
      isOrder,
    );
    rows.byNet = byRank(rows.netRank, count, rows.net.size, () => true);
    // The days' ends, from the first day forgotten.
    const start = dayMs(rows.firstDay);
    const days = this.dayIndex(lastDay) + 1;
    const from = rows.dayEnds.length;
    const dayEnds = resized(rows.dayEnds, days);
    for (let d = from, j = 0; d < days; d++) {
      const end = start + (d + 1) * DAY_MS;
      while (j < added && read.at[j]! < end) j++;
      dayEnds[d] = keep + j;
    }
    rows.dayEnds = dayEnds;
    this.now.refit(last.moved, net.moved);
    for (const population of this.before) population.refit(last.moved, net.moved);
  }

  /** Replays the days from index `from` on, with what each keeps. */
  replay(from: number): KeptDays {
    const rows = this.rows;
    const out: KeptDays = { days: [], moves: [], cuts: [] };
    const groups = RFM_GROUPS.length;
    const start = dayMs(rows.firstDay);
    for (let d = from; d < rows.dayEnds.length; d++) {
      const day = dayText(start + d * DAY_MS);
      this.now.advance(rows.dayEnds[d]!);
      this.now.settle();
      if (this.now.n > 0) {
        const c = this.now.cuts;
        out.cuts.push([
          day,
          ...[0, 1, 2, 3].map((k) => wallText(rows.last.values[c[k]!]!)),
          ...[4, 5, 6, 7].map((k) => c[k]! + 1),
          ...[8, 9, 10, 11].map((k) => rows.net.values[c[k]!]!),
        ]);
      }
      for (let k = 0; k < INTERVALS.length; k++) {
        const e = this.back(d, k);
        if (e < 0) continue;
        this.before[k]!.advance(rows.dayEnds[e]!);
        this.before[k]!.settle();
      }
      for (let g = 0; g < groups; g++) {
        if (this.now.groupCount[g]! > 0)
          out.days.push([day, g, this.now.groupCount[g], this.now.groupNet[g]]);
        for (let k = 0; k < INTERVALS.length; k++) {
          const previous = this.before[k]!.groupCount[g]!;
          if (previous > 0)
            out.moves.push([
              day,
              GRAINS[INTERVALS[k]!],
              g,
              previous,
              this.moves[k]![g * groups + g],
            ]);
        }
      }
    }
    return out;
  }
}

/**
 * Each store's last sweep in this process, kept for the next (about 100 bytes a counted row:
 * 100 MB at 1,000,000 orders). One sweep at a time runs on it (`queue`).
 */
const sweepers = new WeakMap<Db, Sweeper>();
const queue = new WeakMap<Db, Promise<unknown>>();

/** The PostgreSQL advisory lock one sweep at a time holds, across the store's processes. */
export const SWEEP_LOCK = 48_048;

/**
 * Keeps the RFM groups of every day from the first counted order's to today (or the last
 * order's, when later) under the store's settings, and removes the marks it saw before
 * reading. Replays from the earliest marked day (or the first new day) when this process
 * swept the store last, else from the first day. Does nothing while the customers-over-time
 * tables are not current (their rebuild marks every day, so a sweep follows it), nor on
 * PostgreSQL while another process sweeps: two sweeps at once could let the one that read
 * earlier write last, after the other had taken a mark its rows did not hold.
 */
export async function sweepRfmDays(db: Db): Promise<{ days: number; from: string } | undefined> {
  const run = async () => {
    if (db.engine === 'sqlite') return sweep(db);
    return db.kysely.connection().execute(async (conn) => {
      const { rows } = await sql<{ got: boolean }>`
        SELECT pg_try_advisory_lock(${SWEEP_LOCK}) AS got`.execute(conn);
      if (!rows[0]?.got) return undefined;
      try {
        return await sweep(db);
      } finally {
        await sql`SELECT pg_advisory_unlock(${SWEEP_LOCK})`.execute(conn);
      }
    });
  };
  const next = (queue.get(db) ?? Promise.resolve()).then(run, run);
  queue.set(db, next);
  return next;
}

async function sweep(db: Db): Promise<{ days: number; from: string } | undefined> {
  const live = new RawSql(db.kysely, db.engine);
  const s = storeTimeSettings(await readStoreSettings(db));
  if (!(await customerTimeCurrent(live, s))) return undefined;
  const marks = await live.query<{ id: number; day: string }>('SELECT id, day FROM rfm_marks');
  const seen = marks.map((r) => Number(r.id));
  const c = countedSql(s);
  // One aggregate a statement: SQLite reads a lone MIN or MAX from one end of the date index,
  // but both in one statement from every row (about 30 s at 10,000,000 orders).
  const edge = async (fn: 'MIN' | 'MAX') => {
    const rows = await live.query<{ at: string | null }>(
      `SELECT ${fn}(${c.col}) AS at FROM order_stats os WHERE ${c.sql}`,
      c.params,
    );
    const at = rows[0]?.at;
    return at ? String(at).slice(0, 10) : undefined;
  };
  const firstDay = await edge('MIN');
  const today = localToday(s);
  const latestDay = (await edge('MAX')) ?? today;
  const lastDay = latestDay.localeCompare(today) > 0 ? latestDay : today;
  const state = (
    await live.query<{ settings: string; sweep: string }>(
      'SELECT settings, sweep FROM rfm_state WHERE id = 1',
    )
  )[0];
  // From the earliest mark, or the first day not swept yet, when the last sweep was this
  // sweeper's under the same settings and first day; else from the first day.
  let sweeper = sweepers.get(db);
  sweepers.delete(db);
  const earliest = marks.reduce<string | undefined>(
    (e, m) => (e === undefined || String(m.day) < e ? String(m.day) : e),
    undefined,
  );
  let from = sweeper ? dayText(dayMs(sweeper.lastDay) + DAY_MS) : '';
  if (earliest !== undefined && earliest < from) from = earliest;
  const resume =
    sweeper !== undefined &&
    firstDay !== undefined &&
    state !== undefined &&
    state.settings === timeKey(s) &&
    sweeper.settings === state.settings &&
    sweeper.token === String(state.sweep) &&
    sweeper.rows.firstDay === firstDay &&
    from > firstDay &&
    lastDay >= sweeper.lastDay;
  if (!resume) {
    sweeper = firstDay === undefined ? undefined : new Sweeper(timeKey(s), firstDay);
    from = firstDay ?? today;
  }
  let kept: KeptDays = { days: [], moves: [], cuts: [] };
  if (sweeper) {
    const d = sweeper.dayIndex(from);
    sweeper.forgetFrom(d);
    sweeper.take(await readRows(live, s, from, lastDay), lastDay);
    kept = sweeper.replay(d);
  }
  const token = randomUUID();
  const written = await db.kysely.transaction().execute(async (trx) => {
    const raw = new RawSql(trx, db.engine, db.sqlite);
    if (resume) {
      // Another process's sweep since this one's read leaves the replay unwritten.
      const held = await raw.query<{ sweep: string }>('SELECT sweep FROM rfm_state WHERE id = 1');
      if (String(held[0]?.sweep) !== String(state?.sweep)) return false;
    }
    const since = resume ? ' WHERE day >= ?' : '';
    const params = resume ? [from] : [];
    await raw.run(`DELETE FROM rfm_day${since}`, params);
    await raw.run(`DELETE FROM rfm_move${since}`, params);
    await raw.run(`DELETE FROM rfm_cut${since}`, params);
    await raw.insertMany('rfm_day', ['day', 'grp', 'customers', 'net'], kept.days);
    await raw.insertMany('rfm_move', ['day', 'grain', 'grp', 'previous', 'stayed'], kept.moves);
    await raw.insertMany('rfm_cut', RFM_CUT_COLUMNS, kept.cuts);
    await raw.run(
      `INSERT INTO rfm_state (id, settings, first_day, last_day, sweep) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET settings = excluded.settings,
         first_day = excluded.first_day, last_day = excluded.last_day, sweep = excluded.sweep`,
      [timeKey(s), firstDay ?? today, lastDay, token],
    );
    await raw.deleteIn('rfm_marks', 'id', seen);
    return true;
  });
  if (!written) return undefined;
  if (sweeper) {
    sweeper.token = token;
    sweepers.set(db, sweeper);
  }
  return { days: sweeper ? sweeper.rows.dayEnds.length - sweeper.dayIndex(from) : 0, from };
}

/** Quiet time after a batch before a sweep starts, and the longest a stream of batches waits. */
const SETTLE_MS = 2_000;
const LONGEST_WAIT_MS = 60_000;
/** How often the keeper looks for a new day (or settings) to keep without any batch. */
const CHECK_EVERY_MS = 10 * 60_000;

/**
 * Sweeps again after ingestion (once batches pause for SETTLE_MS, or at least every
 * LONGEST_WAIT_MS while they keep coming), at a new day, and after a settings change, one
 * sweep at a time and only when something is stale (`rfmDaysStale`). `sweep` runs it (on the
 * worker thread in the server).
 */
export class RfmDaysKeeper {
  private timer: NodeJS.Timeout | undefined;
  private check: NodeJS.Timeout | undefined;
  private firstWaiting: number | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Whether a sweep of this keeper's has written: the next one resumes from it. */
  private swept = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly sweep: () => Promise<unknown>,
    private readonly log: (error: unknown) => void = (error) => console.error('RFM days:', error),
  ) {
    this.unsubscribe = db.events.on('ingested', () => this.soon());
    keepRfmDaysWith(db, () => this.sweepNow());
  }

  /**
   * Sweeps now and waits until it is done (a request for a day marked since the last sweep).
   * False, without waiting, once stopped or before this keeper's first sweep is done: the
   * first sweep in a process replays every day (about 2 minutes at 10,000,000 orders, where
   * scoring the persons takes 30 s); later ones resume from the marked day.
   */
  async sweepNow(): Promise<boolean> {
    if (this.stopped || !this.swept) return false;
    this.runNow();
    await this.running;
    return !this.stopped;
  }

  /** Starts the periodic check, with one right away. */
  start(): void {
    if (this.check || this.stopped) return;
    this.check = setInterval(() => this.runNow(), CHECK_EVERY_MS);
    this.check.unref();
    this.runNow();
  }

  /** A sweep once batches pause. */
  soon(): void {
    if (this.stopped) return;
    const now = Date.now();
    this.firstWaiting ??= now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(SETTLE_MS, this.firstWaiting + LONGEST_WAIT_MS - now));
    this.timer = setTimeout(() => this.runNow(), wait);
    this.timer.unref();
  }

  /** Sweeps now when stale (after the running sweep, if one runs). */
  runNow(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.firstWaiting = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          if ((await rfmDaysStale(this.db)) && (await this.sweep()) !== undefined)
            this.swept = true;
        } while (this.again && !this.stopped);
      } catch (error) {
        if (!this.stopped) this.log(error);
      }
    })().finally(() => {
      this.running = undefined;
    });
  }

  /** Waits for the sweep running, if any (tests). */
  async idle(): Promise<void> {
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    keepRfmDaysWith(this.db, undefined);
    if (this.timer) clearTimeout(this.timer);
    if (this.check) clearInterval(this.check);
    await this.running;
  }
}
