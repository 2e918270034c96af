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
 * while it runs leaves its days to the next sweep.
 */
import type { CohortInterval } from '@storelens/api';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { RawSql } from '../db/sql';
import { readStoreSettings } from '../options';
import { formatSqlUtc, zone } from '../timezone';
import { countBelow, cutPositions, previousAsOf, RFM_GROUPS, rfmGroup } from './cohorts';
import {
  countedSql,
  customerTimeCurrent,
  GRAINS,
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
  constructor(size: number) {
    this.tree = new Int32Array(size + 1);
    let top = 1;
    while (top * 2 <= size) top *= 2;
    this.top = top;
  }
  add(rank: number, delta: number) {
    for (let i = rank + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
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

function byRank(rank: Int32Array, size: number, keep: (i: number) => boolean): ByRank {
  const start = new Int32Array(size + 1);
  for (let i = 0; i < rank.length; i++) if (keep(i)) start[rank[i]! + 1]! += 1;
  for (let v = 0; v < size; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, size);
  const list = new Int32Array(start[size]!);
  for (let i = 0; i < rank.length; i++) if (keep(i)) list[fill[rank[i]!]!++] = i;
  return { start, list };
}

/**
 * Every counted row in date order, with what the populations replay: after each row, its
 * person's net sales (and their rank among every such value), and after each order, the
 * person's orders and the rank of its time among the orders' times. A person's figures are
 * those after their latest row (net sales) and latest order (last order, orders).
 */
interface SweepRows {
  person: Int32Array;
  order: Uint8Array;
  netAfter: Float64Array;
  netRank: Int32Array;
  ordersAfter: Int32Array;
  lastRank: Int32Array;
  /** The order times (wall-clock ms) and net sales of each rank, ascending. */
  lastValues: Float64Array;
  netValues: Float64Array;
  /** The rows by each measure's rank (orders only for recency and frequency). */
  byLast: ByRank;
  byOrders: ByRank;
  byNet: ByRank;
  /** For each day from `firstDay`, the index of the first row after it. */
  dayEnds: Int32Array;
  persons: number;
  firstDay: string;
}

const NONE = 255;

/**
 * One population replayed up to the end of a day: each person's latest row and order, the
 * counts of each measure's values, and each member's group under the cut points of the last
 * `settle`, with the members and (when `keepNet`) their net sales counted by group. A group
 * changes only for persons whose rows changed or whose value lies between a cut point's old
 * and new place, so `settle` scores those alone; `onChange` hears each change.
 */
class Population {
  readonly orderRow: Int32Array;
  readonly netRow: Int32Array;
  readonly grp: Uint8Array;
  readonly groupCount = new Float64Array(RFM_GROUPS.length);
  readonly groupNet = new Float64Array(RFM_GROUPS.length);
  private readonly countedNet: Float64Array | undefined;
  private readonly r: RankCounts;
  private readonly f: RankCounts;
  private readonly m: RankCounts;
  private readonly changed: Int32Array;
  private changedCount = 0;
  private readonly isChanged: Uint8Array;
  /** The cut points of the last `settle` as ranks: recency, frequency, monetary, four each. */
  cuts = new Int32Array(12);
  /** How many members the population holds. */
  n = 0;
  private next = 0;

  constructor(
    private readonly rows: SweepRows,
    keepNet: boolean,
    private readonly onChange: (p: number, from: number, to: number) => void,
  ) {
    this.orderRow = new Int32Array(rows.persons).fill(-1);
    this.netRow = new Int32Array(rows.persons).fill(-1);
    this.grp = new Uint8Array(rows.persons).fill(NONE);
    this.countedNet = keepNet ? new Float64Array(rows.persons) : undefined;
    this.r = new RankCounts(rows.byLast.start.length - 1);
    this.f = new RankCounts(rows.byOrders.start.length - 1);
    this.m = new RankCounts(rows.byNet.start.length - 1);
    this.changed = new Int32Array(rows.persons);
    this.isChanged = new Uint8Array(rows.persons);
  }

  /** Replays the rows before `end`. */
  advance(end: number) {
    const rows = this.rows;
    for (; this.next < end; this.next++) {
      const i = this.next;
      const p = rows.person[i]!;
      const o = this.orderRow[p]!;
      if (o >= 0) this.measures(p, -1);
      this.netRow[p] = i;
      if (rows.order[i]) this.orderRow[p] = i;
      if (this.orderRow[p]! >= 0) {
        if (o < 0) this.n += 1;
        this.measures(p, 1);
      }
      if (!this.isChanged[p]) {
        this.isChanged[p] = 1;
        this.changed[this.changedCount++] = p;
      }
    }
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

  /** Scores a member under the current cut points; `netChanged` when its rows changed. */
  private score(p: number, netChanged: boolean) {
    const rows = this.rows;
    const cuts = this.cuts;
    const o = this.orderRow[p]!;
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
    const to = GROUP_OF[r * 25 + f * 5 + m]!;
    const from = this.grp[p]!;
    if (this.countedNet && (netChanged || from !== to)) {
      if (from !== NONE) this.groupNet[from]! -= this.countedNet[p]!;
      this.countedNet[p] = rows.netAfter[this.netRow[p]!]!;
      this.groupNet[to]! += this.countedNet[p]!;
    }
    if (from === to) return;
    if (from !== NONE) this.groupCount[from]! -= 1;
    this.groupCount[to]! += 1;
    this.grp[p] = to;
    this.onChange(p, from, to);
  }
}

/** RFM_GROUPS index of scores (r - 1) × 25 + (f - 1) × 5 + (m - 1). */
const GROUP_OF = Uint8Array.from({ length: 125 }, (_, i) =>
  RFM_GROUPS.indexOf(rfmGroup(Math.floor(i / 25) + 1, (Math.floor(i / 5) % 5) + 1, (i % 5) + 1)),
);

const INTERVALS = Object.keys(GRAINS) as CohortInterval[];

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Each value's rank among the distinct values, and how many there are. */
function ranks(values: Float64Array): { distinct: number; sorted: Float64Array; rank: Int32Array } {
  const sorted = Float64Array.from(values).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  const rank = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) rank[i] = countBelow(sorted, distinct, values[i]!);
  return { distinct, sorted, rank };
}

/** Every counted row to `lastDay`, read a month at a time, in date order; none: undefined. */
async function readRows(
  raw: RawSql,
  s: TimeSettings,
  lastDay: string,
): Promise<SweepRows | undefined> {
  const c = countedSql(s);
  const span = (
    await raw.query<{ first: string | null }>(
      `SELECT MIN(${c.col}) AS first FROM order_stats os WHERE ${c.sql}`,
      c.params,
    )
  )[0];
  if (!span?.first) return undefined;
  const firstDay = String(span.first).slice(0, 10);
  const persons = new Map<number, number>();
  const person: number[] = [];
  const order: number[] = [];
  const net: number[] = [];
  const at: number[] = [];
  const [y0, m0] = firstDay.split('-').map(Number) as [number, number];
  for (let month = Date.UTC(y0, m0 - 1, 1); dayText(month) <= lastDay; ) {
    const next = new Date(month);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const rows = await raw.query<{ person: number; parent_id: number; net: number; at: string }>(
      `SELECT ${PERSON} AS person, os.parent_id, os.net_total AS net, ${c.col} AS at
       FROM order_stats os ${PERSON_JOIN}
       WHERE ${c.col} >= ? AND ${c.col} < ? AND ${c.sql}`,
      [`${dayText(month)} 00:00:00`, `${dayText(next.getTime())} 00:00:00`, ...c.params],
    );
    const times = rows.map((r) => wallMs(String(r.at)));
    // In date order; rows of the same second in the order read (any order gives the same days).
    const byTime = rows.map((_, i) => i).sort((a, b) => times[a]! - times[b]!);
    for (const i of byTime) {
      const r = rows[i]!;
      const id = Number(r.person);
      let p = persons.get(id);
      if (p === undefined) {
        p = persons.size;
        persons.set(id, p);
      }
      person.push(p);
      order.push(Number(r.parent_id) === 0 ? 1 : 0);
      net.push(Number(r.net));
      at.push(times[i]!);
    }
    month = next.getTime();
  }
  const count = person.length;
  const isOrder = Uint8Array.from(order);
  const running = new Float64Array(persons.size);
  const ordersSoFar = new Int32Array(persons.size);
  const netAfter = new Float64Array(count);
  const ordersAfter = new Int32Array(count);
  let maxOrders = 1;
  let orderRows = 0;
  for (let i = 0; i < count; i++) {
    const p = person[i]!;
    running[p]! += net[i]!;
    netAfter[i] = running[p]!;
    if (isOrder[i]) {
      ordersSoFar[p]! += 1;
      ordersAfter[i] = ordersSoFar[p]!;
      maxOrders = Math.max(maxOrders, ordersSoFar[p]!);
      orderRows++;
    }
  }
  const orderTimes = new Float64Array(orderRows);
  for (let i = 0, k = 0; i < count; i++) if (isOrder[i]) orderTimes[k++] = at[i]!;
  const last = ranks(orderTimes);
  const lastRank = new Int32Array(count);
  for (let i = 0, k = 0; i < count; i++) if (isOrder[i]) lastRank[i] = last.rank[k++]!;
  const nets = ranks(netAfter);
  const ordersRank = ordersAfter.map((n) => Math.max(0, n - 1));
  const start = wallMs(`${firstDay} 00:00:00`);
  const days = Math.round((wallMs(`${lastDay} 00:00:00`) - start) / DAY_MS) + 1;
  const dayEnds = new Int32Array(days);
  for (let d = 0, i = 0; d < days; d++) {
    const end = start + (d + 1) * DAY_MS;
    while (i < count && at[i]! < end) i++;
    dayEnds[d] = i;
  }
  const orderRow = (i: number) => isOrder[i] === 1;
  return {
    person: Int32Array.from(person),
    order: isOrder,
    netAfter,
    netRank: nets.rank,
    ordersAfter,
    lastRank,
    lastValues: last.sorted,
    netValues: nets.sorted,
    byLast: byRank(lastRank, last.distinct, orderRow),
    byOrders: byRank(ordersRank, maxOrders, orderRow),
    byNet: byRank(nets.rank, nets.distinct, () => true),
    dayEnds,
    persons: persons.size,
    firstDay,
  };
}

const RFM_CUT_COLUMNS = [
  'day',
  ...[1, 2, 3, 4].map((k) => `last_${k}`),
  ...[1, 2, 3, 4].map((k) => `orders_${k}`),
  ...[1, 2, 3, 4].map((k) => `net_${k}`),
];

/**
 * What the sweep keeps: each day's groups, each day's groups a period before, and each day's
 * cut points (its persons' last order, orders and net sales at each quintile's edge).
 */
interface KeptDays {
  days: unknown[][];
  moves: unknown[][];
  cuts: unknown[][];
}

/**
 * Replays the rows once for the days' ends and once per grain for the ends a period before,
 * counting who moved between the two (per grain, members then by group now and then).
 */
function keepDays(rows: SweepRows): KeptDays {
  const out: KeptDays = { days: [], moves: [], cuts: [] };
  const groups = RFM_GROUPS.length;
  const moves = INTERVALS.map(() => new Float64Array(groups * groups));
  const before: Population[] = [];
  const now = new Population(rows, true, (p, from, to) => {
    for (let k = 0; k < before.length; k++) {
      const was = before[k]!.grp[p]!;
      if (was === NONE) continue;
      if (from !== NONE) moves[k]![from * groups + was]! -= 1;
      moves[k]![to * groups + was]! += 1;
    }
  });
  for (let k = 0; k < INTERVALS.length; k++)
    before.push(
      new Population(rows, false, (p, from, to) => {
        const g = now.grp[p]!;
        if (from !== NONE) moves[k]![g * groups + from]! -= 1;
        moves[k]![g * groups + to]! += 1;
      }),
    );
  const start = wallMs(`${rows.firstDay} 00:00:00`);
  for (let d = 0; d < rows.dayEnds.length; d++) {
    const day = dayText(start + d * DAY_MS);
    now.advance(rows.dayEnds[d]!);
    now.settle();
    if (now.n > 0) {
      const c = now.cuts;
      out.cuts.push([
        day,
        ...[0, 1, 2, 3].map((k) => wallText(rows.lastValues[c[k]!]!)),
        ...[4, 5, 6, 7].map((k) => c[k]! + 1),
        ...[8, 9, 10, 11].map((k) => rows.netValues[c[k]!]!),
      ]);
    }
    for (let k = 0; k < INTERVALS.length; k++) {
      const back = previousAsOf(`${day} 23:59:59`, INTERVALS[k]!).slice(0, 10);
      const e = Math.round((wallMs(`${back} 00:00:00`) - start) / DAY_MS);
      if (e < 0) continue;
      before[k]!.advance(rows.dayEnds[e]!);
      before[k]!.settle();
    }
    for (let g = 0; g < groups; g++) {
      if (now.groupCount[g]! > 0) out.days.push([day, g, now.groupCount[g], now.groupNet[g]]);
      for (let k = 0; k < INTERVALS.length; k++) {
        const previous = before[k]!.groupCount[g]!;
        if (previous > 0)
          out.moves.push([day, GRAINS[INTERVALS[k]!], g, previous, moves[k]![g * groups + g]]);
      }
    }
  }
  return out;
}

/** The PostgreSQL advisory lock one sweep at a time holds, across the store's processes. */
export const SWEEP_LOCK = 48_048;

/**
 * Keeps the RFM groups of every day from the first counted order's to today (or the last
 * order's, when later) under the store's settings, replacing what was kept, and removes the
 * marks it saw before reading. Does nothing while the customers-over-time tables are not
 * current (their rebuild marks every day, so a sweep follows it), nor on PostgreSQL while
 * another process sweeps: two sweeps at once could let the one that read earlier write last,
 * after the other had taken a mark its rows did not hold.
 */
export async function sweepRfmDays(db: Db): Promise<{ days: number } | undefined> {
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
}

async function sweep(db: Db): Promise<{ days: number } | undefined> {
  const live = new RawSql(db.kysely, db.engine);
  const s = storeTimeSettings(await readStoreSettings(db));
  if (!(await customerTimeCurrent(live, s))) return undefined;
  const seen = (await live.query<{ id: number }>('SELECT id FROM rfm_marks')).map((r) =>
    Number(r.id),
  );
  const c = countedSql(s);
  const latest = (
    await live.query<{ last: string | null }>(
      `SELECT MAX(${c.col}) AS last FROM order_stats os WHERE ${c.sql}`,
      c.params,
    )
  )[0]?.last;
  const today = localToday(s);
  const latestDay = latest ? String(latest).slice(0, 10) : today;
  const lastDay = latestDay.localeCompare(today) > 0 ? latestDay : today;
  const rows = await readRows(live, s, lastDay);
  const kept = rows ? keepDays(rows) : { days: [], moves: [], cuts: [] };
  await db.kysely.transaction().execute(async (trx) => {
    const raw = new RawSql(trx, db.engine, db.sqlite);
    await raw.run('DELETE FROM rfm_day');
    await raw.run('DELETE FROM rfm_move');
    await raw.run('DELETE FROM rfm_cut');
    await raw.insertMany('rfm_day', ['day', 'grp', 'customers', 'net'], kept.days);
    await raw.insertMany('rfm_move', ['day', 'grain', 'grp', 'previous', 'stayed'], kept.moves);
    await raw.insertMany('rfm_cut', RFM_CUT_COLUMNS, kept.cuts);
    await raw.run(
      `INSERT INTO rfm_state (id, settings, first_day, last_day) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET settings = excluded.settings,
         first_day = excluded.first_day, last_day = excluded.last_day`,
      [timeKey(s), rows?.firstDay ?? today, lastDay],
    );
    await raw.deleteIn('rfm_marks', 'id', seen);
  });
  return { days: rows?.dayEnds.length ?? 0 };
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
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly sweep: () => Promise<unknown>,
    private readonly log: (error: unknown) => void = (error) => console.error('RFM days:', error),
  ) {
    this.unsubscribe = db.events.on('ingested', () => this.soon());
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
          if (await rfmDaysStale(this.db)) await this.sweep();
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
    if (this.timer) clearTimeout(this.timer);
    if (this.check) clearInterval(this.check);
    await this.running;
  }
}
