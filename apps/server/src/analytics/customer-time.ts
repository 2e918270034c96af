/*
 * Customers over time, kept by ingestion (migration 037; docs/metrics.md, "Cohorts and RFM
 * groups"; docs/architecture.md, "Customers over time"):
 *
 * - customer_persons: each guest counted as a registered customer (PERSON_MAP_SQL);
 * - person_summary: each person's first and last counted order, orders and net sales;
 * - cohort_totals: per grain (w, m, q, y), cohort (the bucket of the first order) and period,
 *   the cohort's customers who ordered in the period, their orders and net sales (refunds on
 *   their own dates); period '' holds the cohort's size.
 *
 * One definition: every figure comes from `contribute`, which reads a person's counted
 * order_stats rows exactly as the order_stats path of analytics/cohorts.ts does (that path
 * stays, for filtered cohorts, and for settings the tables were not built under). Ingestion
 * reads the contribution of each person a batch touches before it writes (`CustomerTimeUpdate
 * .start`) and again after (`finish`), and adds the difference; the connector does the same
 * around writing customers, whose e-mails decide the persons. The same difference keeps
 * source_first_day, the first-touch customers per source and how many ordered again
 * (ingest/source-first.ts).
 */
import type { CohortInterval, DateType } from '@storelens/api';
import type { Db } from '../db/database';
import { RawSql } from '../db/sql';
import { type FirstOrder, firstOrderOf, SourceFirstCells } from '../ingest/source-first';
import { readStoreSettings } from '../options';
import type { ReportContext } from './context';
import { statusKey } from './customer-totals';
import { bucketAt, wallMs, wallText } from './intervals';

/** Who a customer is over time (analytics/cohorts.ts explains the rule). */
export const PERSON_MAP_SQL = `SELECT g.id AS guest, x.reg AS person FROM customers g
  JOIN (SELECT LOWER(email) AS e, MIN(CASE WHEN user_id > 0 THEN id END) AS reg
    FROM customers WHERE email <> '' GROUP BY LOWER(email)) x ON x.e = LOWER(g.email)
  WHERE g.user_id = 0 AND g.email <> '' AND x.reg IS NOT NULL`;

/** The settings the tables depend on. */
export interface TimeSettings {
  excludedStatuses: readonly string[];
  dateColumn: DateType;
  startOfWeek: number;
  timezone: string;
}

export const GRAINS: Record<CohortInterval, string> = {
  week: 'w',
  month: 'm',
  quarter: 'q',
  year: 'y',
};
const INTERVALS = Object.entries(GRAINS) as [CohortInterval, string][];

export const timeKey = (s: TimeSettings) =>
  JSON.stringify({
    excluded: JSON.parse(statusKey(s.excludedStatuses)),
    date: s.dateColumn,
    week: s.startOfWeek,
    zone: s.timezone,
  });

/** The settings of a store (its date type). */
export const storeTimeSettings = (s: {
  excludedStatuses: readonly string[];
  dateType: DateType;
  startOfWeek: number;
  timezone: string;
}): TimeSettings => ({
  excludedStatuses: s.excludedStatuses,
  dateColumn: s.dateType,
  startOfWeek: s.startOfWeek,
  timezone: s.timezone,
});

/** The settings of a report request. */
export const requestSettings = (ctx: ReportContext): TimeSettings => ({
  excludedStatuses: ctx.settings.excludedStatuses,
  dateColumn: ctx.dateColumn,
  startOfWeek: ctx.settings.startOfWeek,
  timezone: ctx.settings.timezone,
});

/** True when the tables hold the figures of these settings. */
export async function customerTimeCurrent(sql: RawSql, s: TimeSettings): Promise<boolean> {
  const rows = await sql.query<{ settings: string }>(
    'SELECT settings FROM customer_time_state WHERE id = 1',
  );
  return rows[0]?.settings === timeKey(s);
}

/** A counted order_stats row (an order, or a refund on its own date) of a person. */
export interface PersonRow {
  person: number;
  /** The row's order_id (a refund's own id). */
  id: number;
  order: boolean;
  net: number;
  at: string;
}

/** The counted condition on order_stats `os` (as analytics/cohorts.ts counts). */
export function countedSql(s: TimeSettings) {
  const col = `os.${s.dateColumn}`;
  const list = [...new Set(s.excludedStatuses)];
  const status =
    list.length === 0 ? '' : ` AND os.status NOT IN (${list.map(() => '?').join(',')})`;
  return {
    col,
    sql: `os.customer_id > 0${status} AND ${col} IS NOT NULL`,
    params: list as unknown[],
  };
}

/** The person of an order_stats row `os` (with PERSON_JOIN). */
export const PERSON = 'COALESCE(cp.person, os.customer_id)';
export const PERSON_JOIN = 'LEFT JOIN customer_persons cp ON cp.customer_id = os.customer_id';

/** The persons the customers are counted as. */
export async function personsOf(sql: RawSql, customers: Iterable<number>): Promise<number[]> {
  const ids = [...new Set(customers)].filter((id) => id > 0);
  const out = new Set(ids);
  if (ids.length === 0) return [];
  for (const r of await sql.query<{ customer_id: number; person: number }>(
    `SELECT customer_id, person FROM customer_persons WHERE ${sql.inIdList('customer_id')}`,
    [sql.idList(ids)],
  )) {
    out.delete(Number(r.customer_id));
    out.add(Number(r.person));
  }
  return [...out].sort((a, b) => a - b);
}

/** Every counted row of the persons (all their customers'), by person. */
export async function personRows(
  sql: RawSql,
  s: TimeSettings,
  persons: readonly number[],
): Promise<Map<number, PersonRow[]>> {
  const out = new Map<number, PersonRow[]>();
  if (persons.length === 0) return out;
  const c = countedSql(s);
  const guests = await sql.query<{ customer_id: number }>(
    `SELECT customer_id FROM customer_persons WHERE ${sql.inIdList('person')}`,
    [sql.idList(persons)],
  );
  const customers = [...persons, ...guests.map((g) => Number(g.customer_id))];
  const rows = await sql.query<{
    person: number;
    id: number;
    parent_id: number;
    net: number;
    at: string;
  }>(
    `SELECT ${PERSON} AS person, os.order_id AS id, os.parent_id, os.net_total AS net, ${c.col} AS at
     FROM order_stats os ${PERSON_JOIN}
     WHERE ${sql.inIdList('os.customer_id')} AND ${c.sql}`,
    [sql.idList(customers), ...c.params],
  );
  const wanted = new Set(persons);
  for (const r of rows) {
    const person = Number(r.person);
    if (!wanted.has(person)) continue;
    let list = out.get(person);
    if (!list) {
      list = [];
      out.set(person, list);
    }
    list.push({
      person,
      id: Number(r.id),
      order: Number(r.parent_id) === 0,
      net: Number(r.net),
      at: String(r.at),
    });
  }
  return out;
}

/** A cohort's figures in a period (or its size, period ''). */
export interface Cell {
  customers: number;
  orders: number;
  net: number;
}

/** Cells by `grain|cohort|period`. */
export type Cells = Map<string, Cell>;

export interface Lifetime {
  first: string;
  last: string;
  orders: number;
  net: number;
}

/** A person's lifetime figures from their rows (undefined without a counted order). */
export function lifetimeOf(rows: readonly PersonRow[]): Lifetime | undefined {
  let first: string | undefined;
  let last = '';
  let orders = 0;
  let net = 0;
  for (const r of rows) {
    net += r.net;
    if (!r.order) continue;
    orders += 1;
    if (first === undefined || r.at < first) first = r.at;
    if (r.at > last) last = r.at;
  }
  return first === undefined ? undefined : { first, last, orders, net };
}

const addCell = (cells: Cells, key: string, sign: number, c: Cell) => {
  const had = cells.get(key);
  if (had) {
    had.customers += sign * c.customers;
    had.orders += sign * c.orders;
    had.net += sign * c.net;
  } else
    cells.set(key, { customers: sign * c.customers, orders: sign * c.orders, net: sign * c.net });
};

/**
 * The finer copies of the cohort cells that ingestion keeps beside cohort_totals (migration
 * 050), by `grain|cohort|day` and by `grain|first day|period` (period '' the persons).
 */
export interface CohortDetail {
  days: Cells;
  firsts: Cells;
}

/**
 * Adds (sign 1) or subtracts (-1) one person's cohort cells for the grains: the cohort is the
 * bucket of their first counted order, each period from it on holds their orders and net
 * sales there and counts them as a customer when they ordered in it. With `range`, as the
 * order_stats path answers a request: rows after `before` are not read, and a person whose
 * first order is outside the range is in no cohort. With `detail`, the same cells go there
 * too, per day and per first-order day:
 * - per day, each row on its own day, and the customer on the day of their first order in the
 *   period; a row of the first period dated before the first order (a refund of an order
 *   counted later) on the first order's day, so that a range ending before that day leaves
 *   all of the person out, as the order_stats path does;
 * - per first-order day, the period cells as they are, under the day of the first order.
 */
export function contribute(
  cells: Cells,
  sign: number,
  rows: readonly PersonRow[],
  grains: readonly CohortInterval[],
  startOfWeek: number,
  range?: { after: string; before: string },
  detail?: CohortDetail,
) {
  const kept = range ? rows.filter((r) => r.at <= range.before) : rows;
  const life = lifetimeOf(kept);
  if (!life) return;
  if (range && (life.first < range.after || life.first > range.before)) return;
  const firstDay = life.first.slice(0, 10);
  for (const interval of grains) {
    const g = GRAINS[interval];
    const bucketOf = dayBuckets(interval, startOfWeek);
    // Every grain here is whole days: the first order's bucket is its day's.
    const cohort = bucketOf(life.first);
    const size = { customers: 1, orders: 0, net: 0 };
    addCell(cells, `${g}|${cohort.id}|`, sign, size);
    if (detail) addCell(detail.firsts, `${g}|${firstDay}|`, sign, size);
    const periods = new Map<string, Cell & { firstOrderDay?: string }>();
    for (const r of kept) {
      // A day's bucket, as the order_stats path groups its rows by day or month.
      const b = bucketOf(r.at);
      if (b.start < cohort.start) continue;
      let p = periods.get(b.id);
      if (!p) {
        p = { customers: 0, orders: 0, net: 0 };
        periods.set(b.id, p);
      }
      const day = r.at.slice(0, 10);
      if (r.order) {
        p.orders += 1;
        p.customers = 1;
        if (p.firstOrderDay === undefined || day < p.firstOrderDay) p.firstOrderDay = day;
      }
      p.net += r.net;
      // No order is dated before the first; a refund can be (see above).
      const onDay = r.order || day >= firstDay ? day : firstDay;
      if (detail)
        addCell(detail.days, `${g}|${cohort.id}|${onDay}`, sign, {
          customers: 0,
          orders: r.order ? 1 : 0,
          net: r.net,
        });
    }
    for (const [period, { firstOrderDay, ...p }] of periods) {
      addCell(cells, `${g}|${cohort.id}|${period}`, sign, p);
      if (!detail) continue;
      addCell(detail.firsts, `${g}|${firstDay}|${period}`, sign, p);
      if (firstOrderDay !== undefined)
        addCell(detail.days, `${g}|${cohort.id}|${firstOrderDay}`, sign, {
          customers: 1,
          orders: 0,
          net: 0,
        });
    }
  }
}

/** Days whose buckets are remembered per grain and week start before the memo starts over. */
const DAY_BUCKETS_KEPT = 20_000;
const dayBucketMemo = new Map<string, Map<string, { id: string; start: number }>>();

/**
 * The bucket of the day of a `YYYY-MM-DD…` text, for a grain of whole days (week, month,
 * quarter, year): `bucketAt` of that day's midnight, remembered per day (a rebuild asks for
 * every counted row's, four grains each, and an ingestion batch for its persons' before and
 * after).
 */
function dayBuckets(interval: CohortInterval, startOfWeek: number) {
  const memoKey = `${interval}|${startOfWeek}`;
  let memo = dayBucketMemo.get(memoKey);
  if (!memo) {
    memo = new Map();
    dayBucketMemo.set(memoKey, memo);
  }
  const days = memo;
  return (at: string): { id: string; start: number } => {
    const day = at.slice(0, 10);
    let b = days.get(day);
    if (b === undefined) {
      if (days.size >= DAY_BUCKETS_KEPT) days.clear();
      const { id, start } = bucketAt(wallMs(`${day} 00:00:00`), interval, startOfWeek);
      b = { id, start };
      days.set(day, b);
    }
    return b;
  };
}

const ALL_GRAINS = INTERVALS.map(([interval]) => interval);

/** The tables of the cohort cells, and their keys in the order of a cell's key. */
const CELL_TABLES = [
  ['cohort_totals', ['grain', 'cohort', 'period']],
  ['cohort_days', ['grain', 'cohort', 'day']],
  ['cohort_first_days', ['grain', 'first_day', 'period']],
] as const;

/** Cohort cells with their finer copies, as ingestion and a rebuild change them. */
interface CohortChanges extends CohortDetail {
  totals: Cells;
}

const noChanges = (): CohortChanges => ({ totals: new Map(), days: new Map(), firsts: new Map() });

/** Adds (1) or subtracts (-1) a person's cells of every grain, with their finer copies. */
const keepCells = (
  changes: CohortChanges,
  sign: number,
  rows: readonly PersonRow[],
  startOfWeek: number,
) => contribute(changes.totals, sign, rows, ALL_GRAINS, startOfWeek, undefined, changes);

/** Adds the cells to their tables, then deletes the touched rows left all zero. */
async function addCells(sql: RawSql, changes: CohortChanges) {
  const byTable = [changes.totals, changes.days, changes.firsts];
  for (const [i, [table, keys]] of CELL_TABLES.entries()) {
    const rows: unknown[][] = [];
    for (const [key, c] of byTable[i]!) {
      if (c.customers === 0 && c.orders === 0 && c.net === 0) continue;
      rows.push([...key.split('|'), c.customers, c.orders, c.net]);
    }
    await sql.addToRollup(
      table,
      [...keys, 'customers', 'orders', 'net'],
      keys,
      rows,
      rows.map((r) => r.slice(0, 3)),
      'customers = 0 AND orders = 0 AND net = 0',
    );
  }
}

/** A person's row of person_summary: their lifetime figures and their first order's id. */
interface Summary extends Lifetime {
  /** The first counted order (earliest, then the lowest id: `firstOrderOf`). */
  firstOrder: number;
}

const SUMMARY_COLUMNS = ['person', 'first_at', 'last_at', 'orders', 'net', 'first_order'];

/** A person's summary from their rows (undefined without a counted order). */
function summaryOf(rows: readonly PersonRow[]): Summary | undefined {
  const life = lifetimeOf(rows);
  const first = firstOrderOf(rows);
  return life && first && { ...life, firstOrder: first.id };
}

const summaryRow = (person: number, s: Summary) => [
  person,
  s.first,
  s.last,
  s.orders,
  s.net,
  s.firstOrder,
];

const sameSummary = (a: Summary | undefined, b: Summary | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.first === b.first &&
    a.last === b.last &&
    a.orders === b.orders &&
    a.net === b.net &&
    a.firstOrder === b.firstOrder);

/**
 * Writes the summaries of the persons whose figures changed from `before` (deleting those
 * left without a counted order); the others' rows already hold their figures.
 */
async function writeSummaries(
  sql: RawSql,
  persons: readonly number[],
  before: ReadonlyMap<number, Summary>,
  rows: Map<number, PersonRow[]>,
) {
  const changed: number[] = [];
  const out: unknown[][] = [];
  for (const person of persons) {
    const summary = summaryOf(rows.get(person) ?? []);
    if (sameSummary(before.get(person), summary)) continue;
    changed.push(person);
    if (summary) out.push(summaryRow(person, summary));
  }
  await sql.deleteIn('person_summary', 'person', changed);
  await sql.insertMany('person_summary', SUMMARY_COLUMNS, out);
}

/** The first orders of persons' rows (those with an order). */
function firstsOf(rows: Map<number, PersonRow[]>): FirstOrder[] {
  const out: FirstOrder[] = [];
  for (const list of rows.values()) {
    const first = firstOrderOf(list);
    if (first) out.push(first);
  }
  return out;
}

/** Advisory locks of persons (PostgreSQL), in id order so two writers cannot deadlock. */
const PERSON_LOCK_SPACE = 37_037;

async function lockPersons(sql: RawSql, persons: readonly number[]) {
  if (sql.engine !== 'postgres' || persons.length === 0) return;
  await sql.query(
    `SELECT pg_advisory_xact_lock(${PERSON_LOCK_SPACE}, k) FROM (
       SELECT DISTINCT (id % 2147483647)::int AS k FROM unnest(?::bigint[]) AS id ORDER BY k
     ) locks`,
    [sql.idList(persons)],
  );
}

/**
 * One change of the tables: `start` reads the contribution of the persons of some customers
 * (and the customers of their e-mails' persons) before a write, `finish` reads it again after
 * and adds the difference. When the tables are not current for the store's settings, `start`
 * rebuilds them first (as customer_totals are: analytics/customer-totals.ts).
 */
export class CustomerTimeUpdate {
  private constructor(
    private readonly s: TimeSettings,
    private readonly persons: number[],
    private readonly before: CohortChanges,
    /** The persons' summaries before (none: no counted order). */
    private readonly summaries: Map<number, Summary>,
    /** source_first_day's changes, the persons' contributions before already subtracted. */
    private readonly firsts: SourceFirstCells,
    /** The persons' rows before, to find the earliest day the write changed. */
    private readonly rowsBefore: Map<number, PersonRow[]>,
  ) {}

  static async start(
    sql: RawSql,
    s: TimeSettings,
    customers: Iterable<number>,
  ): Promise<CustomerTimeUpdate> {
    if (!(await customerTimeCurrent(sql, s))) await rebuildCustomerTime(sql, s);
    const ids = [...new Set(customers)].filter((id) => id > 0);
    // The customers themselves too: a guest that becomes its own person again.
    const persons = [...new Set([...ids, ...(await personsOf(sql, ids))])].sort((a, b) => a - b);
    await lockPersons(sql, persons);
    const before = noChanges();
    const summaries = new Map<number, Summary>();
    const rows = await personRows(sql, s, persons);
    for (const [person, list] of rows) {
      keepCells(before, -1, list, s.startOfWeek);
      const summary = summaryOf(list);
      if (summary) summaries.set(person, summary);
    }
    // Their first orders' sources as they are before the write.
    const firsts = new SourceFirstCells();
    await firsts.add(sql, -1, firstsOf(rows));
    return new CustomerTimeUpdate(s, persons, before, summaries, firsts, rows);
  }

  async finish(sql: RawSql): Promise<void> {
    if (this.persons.length === 0) return;
    const rows = await personRows(sql, this.s, this.persons);
    const cells = this.before;
    for (const list of rows.values()) keepCells(cells, 1, list, this.s.startOfWeek);
    await addCells(sql, cells);
    await writeSummaries(sql, this.persons, this.summaries, rows);
    await this.firsts.add(sql, 1, firstsOf(rows));
    await this.firsts.write(sql);
    const changed = earliestChange(this.persons, this.rowsBefore, rows);
    if (changed !== undefined) await markRfmChange(sql, changed);
  }
}

/**
 * Marks the kept RFM days (analytics/rfm-days.ts) from `day` (a 'YYYY-MM-DD…' text; '' for
 * all) as changed: inside the transaction of the change, so a sweep either reads the change
 * or sees the mark after.
 */
export async function markRfmChange(sql: RawSql, day: string): Promise<void> {
  await sql.run('INSERT INTO rfm_marks (day) VALUES (?)', [day.slice(0, 10)]);
}

/** Each store's keeper of the RFM days in this process (the app's `RfmDaysKeeper`). */
const rfmKeepers = new WeakMap<Db, () => Promise<boolean>>();

/** Registers (or, undefined, removes) the way to sweep a store's marked RFM days now. */
export function keepRfmDaysWith(db: Db, sweep: (() => Promise<boolean>) | undefined): void {
  if (sweep) rfmKeepers.set(db, sweep);
  else rfmKeepers.delete(db);
}

/** Sweeps the store's marked RFM days now, when a keeper runs here; false when none does. */
export async function sweepMarkedRfmDays(db: Db): Promise<boolean> {
  const sweep = rfmKeepers.get(db);
  return sweep ? sweep() : false;
}

/** The earliest day any mark leaves stale, '' for every day; undefined without marks. */
export async function rfmStaleFrom(sql: RawSql): Promise<string | undefined> {
  const rows = await sql.query<{ day: string | null }>('SELECT MIN(day) AS day FROM rfm_marks');
  const day = rows[0]?.day;
  return day === null || day === undefined ? undefined : String(day);
}

/** The earliest date of a row that one of the persons gained or lost, if any. */
function earliestChange(
  persons: readonly number[],
  before: ReadonlyMap<number, readonly PersonRow[]>,
  after: ReadonlyMap<number, readonly PersonRow[]>,
): string | undefined {
  let earliest: string | undefined;
  const key = (r: PersonRow) => `${r.id}|${r.order}|${r.net}|${r.at}`;
  for (const person of persons) {
    const counts = new Map<string, { at: string; n: number }>();
    for (const r of before.get(person) ?? []) {
      const k = key(r);
      const c = counts.get(k);
      if (c) c.n += 1;
      else counts.set(k, { at: r.at, n: 1 });
    }
    for (const r of after.get(person) ?? []) {
      const k = key(r);
      const c = counts.get(k);
      if (c) c.n -= 1;
      else counts.set(k, { at: r.at, n: -1 });
    }
    for (const c of counts.values())
      if (c.n !== 0 && (earliest === undefined || c.at < earliest)) earliest = c.at;
  }
  return earliest;
}

/**
 * The customers whose person may change when customers of these ids and e-mails are written:
 * every customer sharing an e-mail (without case) with them.
 */
export async function customersOfEmails(
  sql: RawSql,
  ids: readonly number[],
  emails: readonly string[],
): Promise<number[]> {
  const lower = [...new Set(emails.filter((e) => e !== '').map((e) => e.toLowerCase()))];
  const out = new Set(ids);
  if (ids.length > 0)
    for (const r of await sql.query<{ email: string }>(
      `SELECT email FROM customers WHERE ${sql.inIdList('id')} AND email <> ''`,
      [sql.idList([...ids])],
    ))
      lower.push(String(r.email).toLowerCase());
  const unique = [...new Set(lower)];
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = unique.slice(start, start + 500);
    for (const r of await sql.query<{ id: number }>(
      `SELECT id FROM customers WHERE LOWER(email) IN (${chunk.map(() => '?').join(',')})`,
      chunk,
    ))
      out.add(Number(r.id));
  }
  return [...out];
}

/**
 * Writes the persons of the customers again, from their rows as they stand: a guest with a
 * registered customer's e-mail (without case) is the lowest such id (PERSON_MAP_SQL's rule).
 * `customers` must hold every customer sharing an e-mail with any of them (`customersOfEmails`).
 */
export async function refreshPersons(sql: RawSql, customers: readonly number[]) {
  if (customers.length === 0) return;
  const rows = await sql.query<{ id: number; user_id: number; email: string }>(
    `SELECT id, user_id, email FROM customers WHERE ${sql.inIdList('id')}`,
    [sql.idList(customers)],
  );
  const registered = new Map<string, number>();
  for (const r of rows) {
    const e = String(r.email).toLowerCase();
    if (Number(r.user_id) > 0 && e !== '') {
      const had = registered.get(e);
      if (had === undefined || Number(r.id) < had) registered.set(e, Number(r.id));
    }
  }
  await sql.run(`DELETE FROM customer_persons WHERE ${sql.inIdList('customer_id')}`, [
    sql.idList(customers),
  ]);
  const merged: unknown[][] = [];
  for (const r of rows) {
    const person = registered.get(String(r.email).toLowerCase());
    if (Number(r.user_id) === 0 && r.email !== '' && person !== undefined)
      merged.push([Number(r.id), person]);
  }
  await sql.insertMany('customer_persons', ['customer_id', 'person'], merged);
}

/**
 * Writes customers (`write`) keeping the tables exact: the persons of every customer sharing
 * an e-mail with the written ones (before and after) are read before and after the write.
 */
export async function writeCustomers(
  sql: RawSql,
  s: TimeSettings,
  ids: readonly number[],
  emails: readonly string[],
  write: () => Promise<void>,
): Promise<void> {
  const affected = await customersOfEmails(sql, ids, emails);
  const update = await CustomerTimeUpdate.start(sql, s, affected);
  await write();
  await refreshPersons(sql, affected);
  await update.finish(sql);
}

/** Persons read and written at a time by a rebuild. */
const REBUILD_CHUNK = 5_000;

/** The tables a rebuild empties and fills again (its state row aside). */
export const CUSTOMER_TIME_TABLES = [
  'customer_persons',
  'person_summary',
  ...CELL_TABLES.map(([table]) => table),
  'source_first_day',
] as const;

/**
 * Builds every table afresh from customers and order_stats as they stand, and records the
 * settings used. Run it inside a transaction (on PostgreSQL it locks the tables until commit,
 * so concurrent ingestion adds its batches after the rebuild, never into it).
 */
export async function rebuildCustomerTime(sql: RawSql, s: TimeSettings): Promise<void> {
  if (sql.engine === 'postgres')
    await sql.run(
      `LOCK TABLE ${CUSTOMER_TIME_TABLES.join(', ')}, customer_time_state IN SHARE ROW EXCLUSIVE MODE`,
    );
  for (const table of CUSTOMER_TIME_TABLES) await sql.run(`DELETE FROM ${table}`);
  await sql.run(
    `INSERT INTO customer_persons (customer_id, person) SELECT m.guest, m.person FROM (${PERSON_MAP_SQL}) m`,
  );
  const c = countedSql(s);
  const persons = (
    await sql.query<{ person: number }>(
      `SELECT DISTINCT ${PERSON} AS person FROM order_stats os ${PERSON_JOIN} WHERE ${c.sql}`,
      c.params,
    )
  )
    .map((r) => Number(r.person))
    .sort((a, b) => a - b);
  const cells = noChanges();
  const firsts = new SourceFirstCells();
  for (let start = 0; start < persons.length; start += REBUILD_CHUNK) {
    const chunk = persons.slice(start, start + REBUILD_CHUNK);
    const rows = await personRows(sql, s, chunk);
    for (const list of rows.values()) keepCells(cells, 1, list, s.startOfWeek);
    await firsts.add(sql, 1, firstsOf(rows));
    const out: unknown[][] = [];
    for (const person of chunk) {
      const summary = summaryOf(rows.get(person) ?? []);
      if (summary) out.push(summaryRow(person, summary));
    }
    await sql.insertMany('person_summary', SUMMARY_COLUMNS, out);
  }
  await addCells(sql, cells);
  await firsts.write(sql);
  await sql.run(
    `INSERT INTO customer_time_state (id, settings) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET settings = excluded.settings`,
    [timeKey(s)],
  );
  // Every kept RFM day may differ now.
  await markRfmChange(sql, '');
}

/** Marks the tables stale (a bulk load writes around them; its end rebuilds them). */
export async function dropCustomerTimeState(sql: RawSql): Promise<void> {
  await sql.run('DELETE FROM customer_time_state');
}

/* Reads ------------------------------------------------------------------------------------ */

/** The persons with a counted row dated in (`after`, `before`]. */
export async function personsActiveBetween(
  sql: RawSql,
  s: TimeSettings,
  after: string,
  before: string | undefined,
): Promise<number[]> {
  const c = countedSql(s);
  const rows = await sql.query<{ person: number }>(
    `SELECT DISTINCT ${PERSON} AS person FROM order_stats os ${PERSON_JOIN}
     WHERE ${c.col} > ?${before === undefined ? '' : ` AND ${c.col} <= ?`} AND ${c.sql}`,
    [after, ...(before === undefined ? [] : [before]), ...c.params],
  );
  return rows.map((r) => Number(r.person));
}

/**
 * The cohort cells of one grain for a request's range, from cohort_totals: the stored cells
 * of the range's buckets, corrected where the range's edges cut a bucket. A range of whole
 * days (from midnight to 23:59:59) reads the finer tables of migration 050: the last period's
 * cells up to the range's last day from cohort_days, the last cohort's customers and the
 * first cohort's customers before the first day from cohort_first_days. Only a person whose
 * first order falls before the first day and who has rows after the last is read again
 * (`tail`). Other ranges read again every person an edge cuts (`cutByPersons`).
 */
export async function cohortCells(
  sql: RawSql,
  s: TimeSettings,
  interval: CohortInterval,
  after: string,
  before: string,
): Promise<Cells> {
  const g = GRAINS[interval];
  const cells: Cells = new Map();
  const rows = await sql.query<Cell & { cohort: string; period: string }>(
    'SELECT cohort, period, customers, orders, net FROM cohort_totals WHERE grain = ?',
    [g],
  );
  for (const r of rows) cells.set(`${g}|${r.cohort}|${r.period}`, numbers(r));
  const first = bucketAt(wallMs(after), interval, s.startOfWeek);
  const last = bucketAt(wallMs(before), interval, s.startOfWeek);
  const span = { start: wallText(first.start), end: wallText(last.end - 1000) };
  const startCut = span.start < after;
  const endCut = before < span.end;
  if (!startCut && !endCut) return cells;
  if (after.slice(11) !== '00:00:00' || before.slice(11) !== '23:59:59') {
    await cutByPersons(sql, s, interval, { after, before }, span, cells);
    return cells;
  }
  const day = (t: string) => t.slice(0, 10);
  if (endCut) {
    // The last period up to the last day, for every cohort; the last cohort's customers are
    // those whose first order is of its days up to the last.
    for (const key of [...cells.keys()])
      if (key.endsWith(`|${last.id}`) || key === `${g}|${last.id}|`) cells.delete(key);
    for (const r of await sql.query<Cell & { cohort: string }>(
      `SELECT cohort, SUM(customers) AS customers, SUM(orders) AS orders, SUM(net) AS net
       FROM cohort_days WHERE grain = ? AND day >= ? AND day <= ? GROUP BY cohort`,
      [g, day(wallText(last.start)), day(before)],
    ))
      cells.set(`${g}|${r.cohort}|${last.id}`, numbers(r));
    for (const r of await sql.query<{ customers: number | null }>(
      `SELECT SUM(customers) AS customers FROM cohort_first_days
       WHERE grain = ? AND first_day >= ? AND first_day <= ? AND period = ''`,
      [g, day(wallText(last.start)), day(before)],
    ))
      cells.set(`${g}|${last.id}|`, { customers: Number(r.customers ?? 0), orders: 0, net: 0 });
  }
  if (startCut) {
    // The first cohort without the persons whose first order is before the first day.
    for (const r of await sql.query<Cell & { period: string }>(
      `SELECT period, SUM(customers) AS customers, SUM(orders) AS orders, SUM(net) AS net
       FROM cohort_first_days WHERE grain = ? AND first_day >= ? AND first_day < ?
       GROUP BY period`,
      [g, day(span.start), day(after)],
    ))
      addCell(cells, `${g}|${first.id}|${r.period}`, -1, numbers(r));
    // What was taken off the last period was their whole period: give back the part after
    // the range's end of those who have one.
    if (endCut) await tail(sql, s, interval, { after, before }, span, cells);
  }
  return cells;
}

const numbers = (r: Cell): Cell => ({
  customers: Number(r.customers),
  orders: Number(r.orders),
  net: Number(r.net),
});

/**
 * The persons whose first order is in the first bucket before `after` and who have rows in
 * the last bucket after `before`: their whole last period was taken off the first cohort,
 * where only its part up to `before` had been counted; each gets back the difference.
 */
async function tail(
  sql: RawSql,
  s: TimeSettings,
  interval: CohortInterval,
  range: { after: string; before: string },
  span: { start: string; end: string },
  cells: Cells,
) {
  const later = await personsActiveBetween(sql, s, range.before, span.end);
  if (later.length === 0) return;
  const persons = (
    await sql.query<{ person: number }>(
      `SELECT person FROM person_summary
       WHERE first_at >= ? AND first_at < ? AND ${sql.inIdList('person')}`,
      [span.start, range.after, sql.idList(later)],
    )
  )
    .map((r) => Number(r.person))
    .sort((a, b) => a - b);
  await recount(sql, s, interval, persons, { after: span.start, before: range.before }, -1, cells);
}

/**
 * Corrects the stored cells for every person the range's edges cut (a first order in the
 * first bucket before `after` or in the last after `before`, rows in the last bucket after
 * `before`): their stored contribution is replaced by the one the range gives them.
 */
async function cutByPersons(
  sql: RawSql,
  s: TimeSettings,
  interval: CohortInterval,
  range: { after: string; before: string },
  span: { start: string; end: string },
  cells: Cells,
) {
  const { after, before } = range;
  const cut = new Set<number>();
  if (span.start < after)
    for (const r of await sql.query<{ person: number }>(
      'SELECT person FROM person_summary WHERE first_at >= ? AND first_at < ?',
      [span.start, after],
    ))
      cut.add(Number(r.person));
  if (before < span.end) {
    for (const r of await sql.query<{ person: number }>(
      'SELECT person FROM person_summary WHERE first_at > ? AND first_at <= ?',
      [before, span.end],
    ))
      cut.add(Number(r.person));
    for (const person of await personsActiveBetween(sql, s, before, span.end)) cut.add(person);
  }
  const persons = [...cut].sort((a, b) => a - b);
  await recount(sql, s, interval, persons, range, 1, cells);
}

/**
 * Adds to the cells each person's contribution as `range` gives it less their whole one
 * (`sign` 1: the range's in place of the stored), or the other way round (-1).
 */
async function recount(
  sql: RawSql,
  s: TimeSettings,
  interval: CohortInterval,
  persons: readonly number[],
  range: { after: string; before: string },
  sign: 1 | -1,
  cells: Cells,
) {
  for (const list of (await personRows(sql, s, persons)).values()) {
    contribute(cells, -sign, list, [interval], s.startOfWeek);
    contribute(cells, sign, list, [interval], s.startOfWeek, range);
  }
}

/** Every person's lifetime figures as of `asOf` (a person without an order by then has none). */
export async function lifetimesAsOf(
  sql: RawSql,
  s: TimeSettings,
  asOf: string,
): Promise<Map<number, Lifetime>> {
  const out = new Map<number, Lifetime>();
  const rows = await sql.query<{
    person: number;
    first_at: string;
    last_at: string;
    orders: number;
    net: number;
  }>('SELECT person, first_at, last_at, orders, net FROM person_summary WHERE first_at <= ?', [
    asOf,
  ]);
  for (const r of rows)
    out.set(Number(r.person), {
      first: String(r.first_at),
      last: String(r.last_at),
      orders: Number(r.orders),
      net: Number(r.net),
    });
  // The persons with rows after asOf: their figures are read again, without those rows.
  const later = await personsActiveBetween(sql, s, asOf, undefined);
  if (later.length > 0) {
    const byPerson = await personRows(
      sql,
      s,
      later.sort((a, b) => a - b),
    );
    for (const person of later) {
      const life = lifetimeOf((byPerson.get(person) ?? []).filter((r) => r.at <= asOf));
      if (life) out.set(person, life);
      else out.delete(person);
    }
  }
  return out;
}

/**
 * Rebuilds a store's tables in a transaction of its own, with its current settings (after
 * customers were written other than through `writeCustomers`, e.g. by hand in SQL).
 */
export async function rebuildStoreCustomerTime(db: Db): Promise<void> {
  const settings = storeTimeSettings(await readStoreSettings(db));
  await db.kysely.transaction().execute(async (trx) => {
    const sql = new RawSql(trx, db.engine, db.sqlite);
    // A large store's rebuild takes its time.
    await sql.liftStatementTimeout();
    await rebuildCustomerTime(sql, settings);
  });
}

/**
 * At start-up (store.ts): builds the tables when they do not hold the store's settings — a
 * store upgraded to migration 037 (its tables start empty, without a state row), emptied
 * analytics, or settings changed with no batch since — so no ingestion batch has to
 * (`CustomerTimeUpdate.start` still would, when the settings change while the server runs).
 * At 1,000,000 orders a rebuild holds SQLite's writer for tens of seconds. Returns whether it
 * built them.
 */
export async function buildStaleCustomerTime(db: Db): Promise<boolean> {
  const settings = storeTimeSettings(await readStoreSettings(db));
  if (await customerTimeCurrent(new RawSql(db.kysely, db.engine), settings)) return false;
  await rebuildStoreCustomerTime(db);
  return true;
}
