/*
 * Customers over time: cohorts by the period of the first counted order, and RFM groups
 * (docs/metrics.md, "Cohorts and RFM groups"). Both read one per-customer activity from
 * order_stats (`activityRows`): the same rows, statuses, date type and local dates as every
 * order report, so their figures are one definition.
 */
import type { CohortInterval, RfmGroup } from '@storelens/api';
import type { ReportContext } from './context';
import {
  type Cells,
  cohortCells,
  customerTimeCurrent,
  GRAINS,
  type Lifetime,
  lifetimeOf,
  lifetimesAsOf,
  PERSON_MAP_SQL,
  personRows,
  personsActiveBetween,
  requestSettings,
  rfmStaleFrom,
  sweepMarkedRfmDays,
  type TimeSettings,
  timeKey,
} from './customer-time';
import { andSegment, noFilters, type SegmentNarrowing, statusDefault } from './filters';
import { bucketId, bucketsBetween, wallMs, wallText } from './intervals';

/**
 * Who a customer is over time: the order's analytics customer, except that a guest (a
 * customer row with user id 0) whose e-mail, compared without case, is a registered
 * customer's is counted as that registered customer (the lowest id when several share it).
 * `guest` → `person` pairs; every other customer is their own person. Defined with the tables
 * that keep it (analytics/customer-time.ts).
 */
export { PERSON_MAP_SQL };

/** The person of an order_stats row `os` joined with PERSON_MAP_SQL as `pm`. */
const PERSON = 'COALESCE(pm.person, os.customer_id)';

/** Narrowing of the cohorts by their customers' first order, or their country. */
export interface CohortFilters {
  /** A product or variation among the first order's lines. */
  product?: number;
  /** A category of a product among the first order's lines. */
  category?: number;
  /** A coupon the first order used. */
  coupon?: number;
  /** The first order's attribution source type (`utm`, `organic`, `typein`…). */
  source?: string;
  /** The person's country (two letters). */
  country?: string;
}

export const hasCohortFilters = (f: CohortFilters) =>
  f.product !== undefined ||
  f.category !== undefined ||
  f.coupon !== undefined ||
  f.source !== undefined ||
  f.country !== undefined;

/** One person's orders and net sales in one day or month (`d`, local text). */
interface ActivityRow {
  person: number;
  d: string;
  orders: number;
  net: number;
  first_at: string | null;
  last_at: string | null;
}

/**
 * The order_stats rows (`os`) the cohorts count; with a saved segment (`segment=`), only its
 * customers' orders or its orders, as if the others did not exist.
 */
function counted(ctx: ReportContext, segment?: SegmentNarrowing) {
  const col = `os.${ctx.dateColumn}`;
  const status = statusDefault(noFilters, ctx.settings.excludedStatuses, 'os.status');
  const only = andSegment(
    { segment },
    {
      orderId: 'os.order_id',
      parentId: 'os.parent_id',
      status: 'os.status',
      returning: 'os.returning_customer',
    },
  );
  return {
    col,
    sql: `os.customer_id > 0 AND ${status.sql} AND ${col} IS NOT NULL${only.sql}`,
    params: [...status.params, ...only.params],
  };
}

/** Each person's orders, net sales and first and last order per day (10) or month (7). */
async function activityRows(
  ctx: ReportContext,
  before: string,
  width: 7 | 10,
  segment?: SegmentNarrowing,
): Promise<ActivityRow[]> {
  const c = counted(ctx, segment);
  const rows = await ctx.sql.query<ActivityRow>(
    `SELECT ${PERSON} AS person, SUBSTR(${c.col}, 1, ${width}) AS d,
       SUM(CASE WHEN os.parent_id = 0 THEN 1 ELSE 0 END) AS orders, SUM(os.net_total) AS net,
       MIN(CASE WHEN os.parent_id = 0 THEN ${c.col} END) AS first_at,
       MAX(CASE WHEN os.parent_id = 0 THEN ${c.col} END) AS last_at
     FROM order_stats os LEFT JOIN (${PERSON_MAP_SQL}) pm ON pm.guest = os.customer_id
     WHERE ${c.sql} AND ${c.col} <= ?
     GROUP BY ${PERSON}, SUBSTR(${c.col}, 1, ${width})`,
    [...c.params, before],
  );
  return rows.map((r) => ({
    person: Number(r.person),
    d: String(r.d),
    orders: Number(r.orders),
    net: Number(r.net),
    first_at: r.first_at === null ? null : String(r.first_at),
    last_at: r.last_at === null ? null : String(r.last_at),
  }));
}

/** The persons whose first counted order (and country) passes the filters. */
export async function personsMatching(
  ctx: ReportContext,
  f: CohortFilters,
  segment?: SegmentNarrowing,
): Promise<Set<number>> {
  const c = counted(ctx, segment);
  const clauses: string[] = [];
  const params: unknown[] = [...c.params];
  if (f.product !== undefined) {
    clauses.push(
      'EXISTS (SELECT 1 FROM order_product_lookup l WHERE l.order_id = f.order_id AND (l.product_id = ? OR l.variation_id = ?))',
    );
    params.push(f.product, f.product);
  }
  if (f.category !== undefined) {
    clauses.push(
      'EXISTS (SELECT 1 FROM order_product_lookup l JOIN product_categories pc ON pc.product_id = l.product_id WHERE l.order_id = f.order_id AND pc.category_id = ?)',
    );
    params.push(f.category);
  }
  if (f.coupon !== undefined) {
    clauses.push(
      'EXISTS (SELECT 1 FROM order_coupon_lookup k WHERE k.order_id = f.order_id AND k.coupon_id = ?)',
    );
    params.push(f.coupon);
  }
  if (f.source !== undefined) {
    clauses.push(
      'EXISTS (SELECT 1 FROM order_attribution a WHERE a.order_id = f.order_id AND a.source_type = ?)',
    );
    params.push(f.source);
  }
  if (f.country !== undefined) {
    clauses.push(
      'EXISTS (SELECT 1 FROM customers cc WHERE cc.id = f.person AND UPPER(cc.country) = ?)',
    );
    params.push(f.country.toUpperCase());
  }
  const rows = await ctx.sql.query<{ person: number }>(
    `SELECT f.person FROM (
       SELECT ${PERSON} AS person, os.order_id,
         ROW_NUMBER() OVER (PARTITION BY ${PERSON} ORDER BY ${c.col}, os.order_id) AS rn
       FROM order_stats os LEFT JOIN (${PERSON_MAP_SQL}) pm ON pm.guest = os.customer_id
       WHERE ${c.sql} AND os.parent_id = 0) f
     WHERE f.rn = 1${clauses.map((s) => ` AND ${s}`).join('')}`,
    params,
  );
  return new Set(rows.map((r) => Number(r.person)));
}

/** The bucket id of an activity row's day or month. */
function rowBucket(d: string, interval: CohortInterval, startOfWeek: number): string {
  const local = d.length === 7 ? `${d}-01 00:00:00` : `${d} 00:00:00`;
  return bucketId(local, interval, startOfWeek);
}

export interface CohortPeriod {
  customers: number;
  orders: number;
  net_revenue: number;
  /** Cumulative net sales per customer of the cohort through this period. */
  ltv: number;
}

export interface CohortRow {
  cohort: string;
  date_start: string;
  customers: number;
  periods: CohortPeriod[];
}

export interface CohortSpec {
  interval: CohortInterval;
  after: string;
  before: string;
  filters: CohortFilters;
  /** A saved segment's narrowing: the cohorts of its orders alone (`counted`). */
  segment?: SegmentNarrowing;
}

/** Per-cohort working figures, before money is turned into amounts. */
interface CohortWork {
  persons: Set<number>;
  periods: { persons: Set<number>; orders: number; net: number }[];
}

/** The cohorts of the range and, per person, their cohort and periods ordered in. */
async function cohortWork(ctx: ReportContext, spec: CohortSpec) {
  const sow = ctx.settings.startOfWeek;
  const rows = await activityRows(
    ctx,
    spec.before,
    spec.interval === 'week' ? 10 : 7,
    spec.segment,
  );
  const keep = hasCohortFilters(spec.filters)
    ? await personsMatching(ctx, spec.filters, spec.segment)
    : null;
  const first = new Map<number, string>();
  for (const r of rows) {
    if (r.first_at === null) continue;
    const f = first.get(r.person);
    if (f === undefined || r.first_at < f) first.set(r.person, r.first_at);
  }
  const buckets = bucketsBetween(spec.after, spec.before, spec.interval, sow);
  const index = new Map(buckets.map((b, i) => [b.id, i]));
  const cohorts = new Map<number, CohortWork>();
  const cohortOf = new Map<number, number>();
  for (const [person, at] of first) {
    if (at < spec.after || at > spec.before || (keep && !keep.has(person))) continue;
    const i = index.get(bucketId(at, spec.interval, sow));
    if (i === undefined) continue;
    cohortOf.set(person, i);
    let w = cohorts.get(i);
    if (!w) {
      w = {
        persons: new Set(),
        periods: Array.from({ length: buckets.length - i }, () => ({
          persons: new Set<number>(),
          orders: 0,
          net: 0,
        })),
      };
      cohorts.set(i, w);
    }
    w.persons.add(person);
  }
  for (const r of rows) {
    const i = cohortOf.get(r.person);
    if (i === undefined) continue;
    const j = index.get(rowBucket(r.d, spec.interval, sow));
    if (j === undefined || j < i) continue;
    const p = cohorts.get(i)!.periods[j - i]!;
    if (r.orders > 0) p.persons.add(r.person);
    p.orders += r.orders;
    p.net += r.net;
  }
  return { buckets, cohorts };
}

/**
 * One row per cohort with a customer in the range, oldest first: from cohort_totals when they
 * are current for the request's settings and no filter or segment narrows the cohorts, else
 * from order_stats (the same figures: analytics/customer-time.ts).
 */
export async function cohortsReport(ctx: ReportContext, spec: CohortSpec): Promise<CohortRow[]> {
  if (!hasCohortFilters(spec.filters) && spec.segment === undefined) {
    const s = requestSettings(ctx);
    if (await customerTimeCurrent(ctx.sql, s))
      return cohortRows(
        ctx,
        spec,
        await cohortCells(ctx.sql, s, spec.interval, spec.after, spec.before),
      );
  }
  return cohortsFromOrders(ctx, spec);
}

/** The report's rows from the cohort cells of the range (`cohortCells`). */
function cohortRows(ctx: ReportContext, spec: CohortSpec, cells: Cells): CohortRow[] {
  const buckets = bucketsBetween(spec.after, spec.before, spec.interval, ctx.settings.startOfWeek);
  const g = GRAINS[spec.interval];
  const out: CohortRow[] = [];
  buckets.forEach((b, i) => {
    const size = cells.get(`${g}|${b.id}|`)?.customers ?? 0;
    if (size <= 0) return;
    let cumulative = 0;
    out.push({
      cohort: b.id,
      date_start: b.start,
      customers: size,
      periods: buckets.slice(i).map((p) => {
        const c = cells.get(`${g}|${b.id}|${p.id}`) ?? { customers: 0, orders: 0, net: 0 };
        cumulative += c.net;
        return {
          customers: c.customers,
          orders: c.orders,
          net_revenue: ctx.money(c.net),
          ltv: ctx.money(Math.round(cumulative / size)),
        };
      }),
    });
  });
  return out;
}

/** The cohorts from order_stats (filtered cohorts; settings the tables were not built under). */
export async function cohortsFromOrders(
  ctx: ReportContext,
  spec: CohortSpec,
): Promise<CohortRow[]> {
  const { buckets, cohorts } = await cohortWork(ctx, spec);
  return [...cohorts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([i, w]) => {
      let cumulative = 0;
      return {
        cohort: buckets[i]!.id,
        date_start: buckets[i]!.start,
        customers: w.persons.size,
        periods: w.periods.map((p) => {
          cumulative += p.net;
          return {
            customers: p.persons.size,
            orders: p.orders,
            net_revenue: ctx.money(p.net),
            ltv: ctx.money(Math.round(cumulative / w.persons.size)),
          };
        }),
      };
    });
}

/**
 * The customers (persons) of one cohort, or of one of its periods (those who ordered in it):
 * what a cohort cell opens in the Customers report.
 */
export async function cohortCustomers(
  ctx: ReportContext,
  spec: Omit<CohortSpec, 'after' | 'before'> & { cohort: string; period?: number },
  now: string,
): Promise<number[]> {
  const start = cohortStart(spec.cohort, spec.interval, ctx.settings.startOfWeek);
  if (start === null) return [];
  const { cohorts, buckets } = await cohortWork(ctx, { ...spec, after: start, before: now });
  const w = cohorts.get(0);
  if (!w || buckets[0]!.id !== spec.cohort) return [];
  const set = spec.period === undefined ? w.persons : w.periods[spec.period]?.persons;
  return [...(set ?? [])].sort((a, b) => a - b);
}

/** The first local second of a cohort id of the interval, or null when it names none. */
export function cohortStart(id: string, interval: CohortInterval, startOfWeek: number) {
  const m = /^(\d{4})(?:-(\d{1,2}))?$/.exec(id);
  if (!m) return null;
  const year = Number(m[1]);
  const n = m[2] === undefined ? undefined : Number(m[2]);
  let ms: number;
  if (interval === 'year') {
    if (n !== undefined) return null;
    ms = Date.UTC(year, 0, 1);
  } else if (n === undefined) return null;
  else if (interval === 'month') ms = Date.UTC(year, n - 1, 1);
  else if (interval === 'quarter') ms = Date.UTC(year, (n - 1) * 3, 1);
  else {
    // The week: walk the year's weeks (ISO weeks may start in the previous December).
    for (let day = Date.UTC(year - 1, 11, 20); day < Date.UTC(year + 1, 0, 8); day += 86_400_000) {
      const text = wallText(day);
      if (bucketId(text, 'week', startOfWeek) === id) return text;
    }
    return null;
  }
  const text = wallText(ms);
  return bucketId(text, interval, startOfWeek) === id && wallMs(text) === ms ? text : null;
}

/* RFM groups ------------------------------------------------------------------------------ */

/** The groups, best first. */
export const RFM_GROUPS: readonly RfmGroup[] = [
  'champions',
  'loyal',
  'promising',
  'needs_attention',
  'at_risk',
  'cant_lose',
  'hibernating',
  'lost',
];

/**
 * The group of a recency score and a frequency-and-monetary score (the mean of F and M,
 * halves up), each 1 to 5:
 *
 *   R 4-5: FM 4-5 champions, FM 3 loyal, FM 1-2 promising
 *   R 3:   FM 4-5 loyal, FM 1-3 needs attention
 *   R 2:   FM 5 can't lose, FM 3-4 at risk, FM 1-2 hibernating
 *   R 1:   FM 5 can't lose, FM 3-4 at risk, FM 1-2 lost
 */
export function rfmGroup(r: number, f: number, m: number): RfmGroup {
  const fm = Math.floor((f + m + 1) / 2);
  if (r >= 4) return fm >= 4 ? 'champions' : fm === 3 ? 'loyal' : 'promising';
  if (r === 3) return fm >= 4 ? 'loyal' : 'needs_attention';
  if (fm === 5) return 'cant_lose';
  if (fm >= 3) return 'at_risk';
  return r === 2 ? 'hibernating' : 'lost';
}

/** Each group's index in RFM_GROUPS, by scores at (r - 1) × 25 + (f - 1) × 5 + (m - 1). */
export const GROUP_OF_SCORES = Uint8Array.from({ length: 125 }, (_, i) =>
  RFM_GROUPS.indexOf(rfmGroup(Math.floor(i / 25) + 1, (Math.floor(i / 5) % 5) + 1, (i % 5) + 1)),
);

/**
 * Quintile scores 1-5 of values, higher values scoring higher: a value's score is
 * floor(5 × p / n) + 1, p the position (from 0) of the first of its equals in ascending order,
 * so equal values score alike.
 */
export function quintiles(values: readonly (number | string)[]): number[] {
  const n = values.length;
  const numeric = values.every((v) => typeof v === 'number');
  const keys = numeric ? Float64Array.from(values as number[]) : undefined;
  if (!keys) {
    const order = values
      .map((v, i) => [v, i] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const out = new Array<number>(n);
    let firstOfRun = 0;
    for (let p = 0; p < order.length; p++) {
      if (p > 0 && order[p]![0] !== order[p - 1]![0]) firstOfRun = p;
      out[order[p]![1]] = Math.floor((5 * firstOfRun) / n) + 1;
    }
    return out;
  }
  // Numbers: a typed sort, then each value's first position by binary search.
  const sorted = Float64Array.from(keys).sort();
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = Math.floor((5 * countBelow(sorted, n, keys[i]!)) / n) + 1;
  return out;
}

/** How many of the first `length` values of `sorted` (ascending) are below `v`. */
export function countBelow(sorted: Float64Array, length: number, v: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One person's lifetime figures as of a date, with their scores and group. */
export interface PersonLifetime {
  person: number;
  orders: number;
  /** Net sales in money units. */
  net: number;
  first: string;
  last: string;
  r: number;
  f: number;
  m: number;
  group: RfmGroup;
}

/**
 * Every person with a counted order on or before `asOf`, scored: from person_summary when it
 * is current for the request's settings (analytics/customer-time.ts), else from order_stats.
 */
export async function lifetimes(
  ctx: ReportContext,
  asOf: string,
  segment?: SegmentNarrowing,
): Promise<PersonLifetime[]> {
  const s = requestSettings(ctx);
  if (segment !== undefined || !(await customerTimeCurrent(ctx.sql, s)))
    return score(await lifetimesFromOrders(ctx, asOf, segment));
  const people: Omit<PersonLifetime, 'r' | 'f' | 'm' | 'group'>[] = [];
  for (const [person, life] of await lifetimesAsOf(ctx.sql, s, asOf))
    people.push({ person, ...(life satisfies Lifetime) });
  return score(people.sort((a, b) => a.person - b.person));
}

/** Each person's lifetime figures as of `asOf` from order_stats, by person. */
async function lifetimesFromOrders(ctx: ReportContext, asOf: string, segment?: SegmentNarrowing) {
  const c = counted(ctx, segment);
  const rows = await ctx.sql.query<{
    person: number;
    orders: number;
    net: number;
    first_at: string | null;
    last_at: string | null;
  }>(
    `SELECT ${PERSON} AS person, SUM(CASE WHEN os.parent_id = 0 THEN 1 ELSE 0 END) AS orders,
       SUM(os.net_total) AS net, MIN(CASE WHEN os.parent_id = 0 THEN ${c.col} END) AS first_at,
       MAX(CASE WHEN os.parent_id = 0 THEN ${c.col} END) AS last_at
     FROM order_stats os LEFT JOIN (${PERSON_MAP_SQL}) pm ON pm.guest = os.customer_id
     WHERE ${c.sql} AND ${c.col} <= ?
     GROUP BY ${PERSON}`,
    [...c.params, asOf],
  );
  return rows
    .filter((r) => Number(r.orders) > 0 && r.first_at !== null && r.last_at !== null)
    .map((r) => ({
      person: Number(r.person),
      orders: Number(r.orders),
      net: Number(r.net),
      first: String(r.first_at),
      last: String(r.last_at),
    }))
    .sort((a, b) => a.person - b.person);
}

/** Scores persons (sorted by id) and gives their groups. */
function score(people: Omit<PersonLifetime, 'r' | 'f' | 'm' | 'group'>[]): PersonLifetime[] {
  // Dates as numbers (their text sorts as they do).
  const r = quintiles(people.map((p) => wallMs(p.last)));
  const f = quintiles(people.map((p) => p.orders));
  const m = quintiles(people.map((p) => p.net));
  return people.map((p, i) => ({
    ...p,
    r: r[i]!,
    f: f[i]!,
    m: m[i]!,
    group: rfmGroup(r[i]!, f[i]!, m[i]!),
  }));
}

const DAY_MS = 86_400_000;

/** Mean days between a person's orders (null with one order). */
export const daysBetween = (p: Pick<PersonLifetime, 'orders' | 'first' | 'last'>) =>
  p.orders < 2 ? null : (wallMs(p.last) - wallMs(p.first)) / DAY_MS / (p.orders - 1);

/**
 * The predicted next order: the last order plus the mean days between orders, for a person
 * with two orders or more (local date, 'YYYY-MM-DD').
 */
export function predictedNext(p: Pick<PersonLifetime, 'orders' | 'first' | 'last'>) {
  const gap = daysBetween(p);
  if (gap === null) return null;
  return wallText(wallMs(p.last) + Math.round(gap * DAY_MS)).slice(0, 10);
}

/** `asOf` moved back one period (the end of the previous month, quarter or year). */
export function previousAsOf(asOf: string, interval: CohortInterval): string {
  const d = new Date(wallMs(asOf));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const back =
    interval === 'week'
      ? wallMs(asOf) - 7 * DAY_MS
      : interval === 'month'
        ? Math.min(Date.UTC(y, m - 1, d.getUTCDate()), Date.UTC(y, m, 0))
        : interval === 'quarter'
          ? Math.min(Date.UTC(y, m - 3, d.getUTCDate()), Date.UTC(y, m - 2, 0))
          : Math.min(Date.UTC(y - 1, m, d.getUTCDate()), Date.UTC(y - 1, m + 1, 0));
  const time = asOf.slice(11) || '23:59:59';
  return `${wallText(back).slice(0, 10)} ${time}`;
}

export interface RfmGroupRow {
  group: RfmGroup;
  customers: number;
  net_revenue: number;
  revenue_share: number;
  previous_customers: number;
  stayed: number;
}

/**
 * The four cut points of quintile scores over n values (`quintiles`): a value's score is
 * floor(5 × lo ÷ n) + 1 with lo the values strictly below it, so it scores k + 1 or more
 * exactly when lo ≥ ⌈k × n ÷ 5⌉, that is when it is above the value at that position less one
 * (positions from 0, ascending). These are those positions, k = 1 to 4.
 */
export const cutPositions = (n: number) => [1, 2, 3, 4].map((k) => Math.floor((k * n + 4) / 5) - 1);

/** A value's score (1-5) from its measure's four cut points (`cutPositions`' values). */
export function scoreAt(value: number | string, cuts: readonly (number | string)[]): number {
  let score = 1;
  for (const c of cuts) if (value > c) score += 1;
  return score;
}

/** The measures of person_summary the scores rank: recency, frequency, monetary. */
const MEASURES = ['last_at', 'orders', 'net'] as const;
type Measure = (typeof MEASURES)[number];

/** A person's figures as of a date (a person_summary row, or read again from their rows). */
interface Figures {
  person: number;
  first: string;
  last: string;
  orders: number;
  net: number;
}

const measureOf = (p: Figures, m: Measure) =>
  m === 'last_at' ? p.last : m === 'orders' ? p.orders : p.net;

/** Cut points per measure (recency, frequency, monetary). */
type CutSets = readonly [(string | number)[], (string | number)[], (string | number)[]];

const groupOf = (p: Figures, cuts: CutSets) =>
  rfmGroup(scoreAt(p.last, cuts[0]), scoreAt(p.orders, cuts[1]), scoreAt(p.net, cuts[2]));

/**
 * A population as of a date over person_summary: its rows except the persons `replaced`
 * (those with a counted row after the date, whose figures as of then differ), plus `figures`,
 * those persons' figures as of the date (the ones with an order by then).
 */
interface Population {
  replaced: readonly number[];
  figures: readonly Figures[];
  /** How many persons it holds. */
  n: number;
}

/** SQL of a list of numbers (`bigint`) or texts (`varchar`) passed as one parameter. */
function listSql(ctx: ReportContext, kind: 'bigint' | 'varchar', alias: string) {
  return ctx.sql.engine === 'sqlite'
    ? `SELECT value AS ${alias} FROM json_each(?)`
    : `SELECT ${alias} FROM unnest(?::${kind}[]) AS t(${alias})`;
}
const listParam = (ctx: ReportContext, values: readonly (number | string)[]) =>
  ctx.sql.engine === 'sqlite' ? JSON.stringify(values) : [...values];

/**
 * The value of a measure at each of some positions (from 0, ascending) of a population: each
 * one index-ordered read of person_summary with OFFSET (from the nearer end), merged with the
 * replaced persons' values when there are any. Positions are below the population's size.
 */
async function valuesAt(
  ctx: ReportContext,
  pop: Population,
  m: Measure,
  positions: readonly number[],
): Promise<(string | number)[]> {
  const sqlite = ctx.sql.engine === 'sqlite';
  const extra = pop.figures.map((p) => measureOf(p, m));
  const ctes: string[] = [];
  const params: unknown[] = [];
  let where = '';
  if (pop.replaced.length > 0) {
    ctes.push(`ex AS ${sqlite ? '' : 'MATERIALIZED '}(${listSql(ctx, 'bigint', 'person')})`);
    params.push(listParam(ctx, pop.replaced));
    where = ' WHERE person NOT IN (SELECT person FROM ex)';
  }
  if (extra.length > 0) {
    ctes.push(
      `l AS ${sqlite ? '' : 'MATERIALIZED '}(${listSql(ctx, m === 'last_at' ? 'varchar' : 'bigint', 'v')})`,
    );
    params.push(listParam(ctx, extra));
  }
  const arms = `SELECT ${m} AS v FROM person_summary${where}${extra.length > 0 ? ' UNION ALL SELECT v FROM l' : ''}`;
  const reads = positions.map((p, i) => {
    const fromTop = pop.n - 1 - p < p;
    const order = `ORDER BY v${fromTop ? ' DESC' : ''} LIMIT 1 OFFSET ${fromTop ? pop.n - 1 - p : p}`;
    // SQLite merges a compound's ordered arms; PostgreSQL a UNION ALL subquery's (MergeAppend).
    const read = sqlite ? `${arms} ${order}` : `SELECT v FROM (${arms}) u ${order}`;
    return `(${read}) AS c${i}`;
  });
  const rows = await ctx.sql.query<Record<string, string | number | null>>(
    `${ctes.length > 0 ? `WITH ${ctes.join(', ')} ` : ''}SELECT ${reads.join(', ')}`,
    params,
  );
  return positions.map((_, i) => {
    const v = rows[0]?.[`c${i}`];
    if (v === null || v === undefined) throw new Error('RFM cut point out of range');
    return m === 'last_at' ? String(v) : Number(v);
  });
}

/** The cut points of every measure over a population (none when it is empty). */
async function cutSets(ctx: ReportContext, pop: Population): Promise<CutSets> {
  if (pop.n === 0) return [[], [], []];
  const at = cutPositions(pop.n);
  const [r, f, m] = [
    await valuesAt(ctx, pop, 'last_at', at),
    await valuesAt(ctx, pop, 'orders', at),
    await valuesAt(ctx, pop, 'net', at),
  ];
  return [r, f, m];
}

/** SQL of a measure's score from its cut points (nondecreasing), with their parameters. */
function scoreSql(col: string, cuts: readonly (string | number)[]) {
  if (cuts.length === 0) return { sql: '1', params: [] as unknown[] };
  const whens = [3, 2, 1, 0].map((i) => `WHEN ${col} > ? THEN ${i + 2}`);
  return {
    sql: `CASE ${whens.join(' ')} ELSE 1 END`,
    params: [cuts[3], cuts[2], cuts[1], cuts[0]],
  };
}

/**
 * The persons of person_summary and their figures as of `asOf`: `replaced` those with a
 * counted row after it, with `figures` their figures as of then (from their rows), and `n`.
 */
async function populationAsOf(
  ctx: ReportContext,
  s: TimeSettings,
  asOf: string,
): Promise<Population & { summaryRows: number }> {
  const later = (await personsActiveBetween(ctx.sql, s, asOf, undefined)).sort((a, b) => a - b);
  const byPerson = await personRows(ctx.sql, s, later);
  const total = await summaryCount(ctx);
  const figures: Figures[] = [];
  let inSummary = 0;
  for (const person of later) {
    const rows = byPerson.get(person) ?? [];
    if (lifetimeOf(rows)) inSummary += 1;
    const life = lifetimeOf(rows.filter((r) => r.at <= asOf));
    if (life) figures.push({ person, ...life });
  }
  return {
    replaced: later,
    figures,
    n: total - inSummary + figures.length,
    summaryRows: total,
  };
}

async function summaryCount(ctx: ReportContext) {
  const rows = await ctx.sql.query<{ n: number }>('SELECT COUNT(*) AS n FROM person_summary');
  return Number(rows[0]?.n ?? 0);
}

/**
 * The groups as of `asOf` and `prevAsOf` from person_summary. The persons with a counted row
 * after `prevAsOf` are the only ones whose figures differ between the two dates (and from
 * their summary row, when they also have one after `asOf`): their figures as of each date are
 * read from their rows. The cut points of each date are read from the index of each measure,
 * then one pass over the other persons scores each with both dates' cut points, counted by
 * score; the listed persons are scored here with the same cut points.
 */
async function rfmCounts(ctx: ReportContext, s: TimeSettings, asOf: string, prevAsOf: string) {
  const later = (await personsActiveBetween(ctx.sql, s, prevAsOf, undefined)).sort((a, b) => a - b);
  const byPerson = await personRows(ctx.sql, s, later);
  const total = await summaryCount(ctx);
  const nowOf = new Map<number, Figures>();
  const beforeOf = new Map<number, Figures>();
  // Both dates' populations: person_summary without the persons replaced, with their figures.
  const nowPop = { replaced: [] as number[], figures: [] as Figures[], n: total };
  const beforePop = { replaced: later, figures: [] as Figures[], n: total };
  for (const person of later) {
    const rows = byPerson.get(person) ?? [];
    const summarised = lifetimeOf(rows) !== undefined;
    const nowLife = lifetimeOf(rows.filter((r) => r.at <= asOf));
    const beforeLife = lifetimeOf(rows.filter((r) => r.at <= prevAsOf));
    if (nowLife) nowOf.set(person, { person, ...nowLife });
    if (beforeLife) beforeOf.set(person, { person, ...beforeLife });
    if (summarised) beforePop.n -= 1;
    if (beforeLife) beforePop.figures.push({ person, ...beforeLife });
    if (rows.some((r) => r.at > asOf)) {
      nowPop.replaced.push(person);
      if (summarised) nowPop.n -= 1;
      if (nowLife) nowPop.figures.push({ person, ...nowLife });
    }
  }
  nowPop.n += nowPop.figures.length;
  beforePop.n += beforePop.figures.length;
  const cutsNow = await cutSets(ctx, nowPop);
  const cutsBefore = await cutSets(ctx, beforePop);
  const counts = RFM_GROUPS.map(() => ({ customers: 0, net: 0, previous: 0, stayed: 0 }));
  const index = new Map(RFM_GROUPS.map((g, i) => [g, i]));
  const add = (g: RfmGroup | undefined, p: RfmGroup | undefined, n: number, net: number) => {
    if (g !== undefined) {
      const c = counts[index.get(g)!]!;
      c.customers += n;
      c.net += net;
      if (p === g) c.stayed += n;
    }
    if (p !== undefined) counts[index.get(p)!]!.previous += n;
  };
  // The other persons: the same figures both dates (every row on or before prevAsOf).
  const scores = [...cutsNow, ...cutsBefore].map((cuts, i) => scoreSql(MEASURES[i % 3]!, cuts));
  const sqlite = ctx.sql.engine === 'sqlite';
  const exclude =
    later.length > 0
      ? ` WHERE person NOT IN (${sqlite ? 'SELECT value FROM json_each(?)' : 'SELECT unnest(?::bigint[])'})`
      : '';
  const rows = await ctx.sql.query<Record<string, number | string | null>>(
    `SELECT s0, s1, s2, s3, s4, s5, COUNT(*) AS n, SUM(net) AS net FROM (
       SELECT ${scores.map((x, i) => `${x.sql} AS s${i}`).join(', ')}, net
       FROM person_summary${exclude}) scored
     GROUP BY s0, s1, s2, s3, s4, s5`,
    [...scores.flatMap((x) => x.params), ...(later.length > 0 ? [listParam(ctx, later)] : [])],
  );
  for (const r of rows) {
    const sc = [0, 1, 2, 3, 4, 5].map((i) => Number(r[`s${i}`]));
    add(
      rfmGroup(sc[0]!, sc[1]!, sc[2]!),
      rfmGroup(sc[3]!, sc[4]!, sc[5]!),
      Number(r.n),
      Number(r.net ?? 0),
    );
  }
  for (const person of later) {
    const n = nowOf.get(person);
    const b = beforeOf.get(person);
    add(n && groupOf(n, cutsNow), b && groupOf(b, cutsBefore), n || b ? 1 : 0, n?.net ?? 0);
  }
  return counts;
}

/** What `reports/rfm/customers` may order by, and the column of each. */
export type RfmOrderBy =
  | 'net_revenue'
  | 'orders_count'
  | 'last_order'
  | 'first_order'
  | 'customer_id';
const ORDER_COLUMNS: Record<RfmOrderBy, string> = {
  net_revenue: 'net',
  orders_count: 'orders',
  last_order: 'last_at',
  first_order: 'first_at',
  customer_id: 'person',
};

/**
 * The group (its index in RFM_GROUPS, as text) of scores `r`, `f` and `m` in SQL: a character
 * of `GROUP_OF_SCORES`, so that each score is named once and the groups are not written out a
 * second time. The engines put the scores' CASE in place of each name, and a nested CASE of
 * the groups named them twenty times: the At risk members of 400,000 persons took 299–464 ms
 * that way and 236–314 ms this way, run in turn on one SQLite store.
 */
const groupIndexSql = (r: string, f: string, m: string) =>
  `substr('${GROUP_OF_SCORES.join('')}', ${r} * 25 + ${f} * 5 + ${m} - 30, 1)`;

/**
 * The last-order range of a group's recency scores, as conditions on `last_at`: redundant with
 * the group's own condition, but one the index of last orders can seek, so a page of a group
 * of old customers ordered by last order does not walk past every recent one first.
 */
function recencyBounds(group: RfmGroup, cuts: readonly (string | number)[]) {
  const scores = [1, 2, 3, 4, 5].filter((r) =>
    [1, 2, 3, 4, 5].some((f) => [1, 2, 3, 4, 5].some((m) => rfmGroup(r, f, m) === group)),
  );
  const low = scores[0]!;
  const high = scores[scores.length - 1]!;
  const out = { sql: '', params: [] as unknown[] };
  // Scores are contiguous for every group; a score is 1 + the cuts its value exceeds.
  if (cuts.length !== 4 || high - low + 1 !== scores.length) return out;
  if (low > 1) {
    out.sql += ' AND last_at > ?';
    out.params.push(cuts[low - 2]);
  }
  if (high < 5) {
    out.sql += ' AND last_at <= ?';
    out.params.push(cuts[high - 1]);
  }
  return out;
}

export interface RfmPageSpec {
  group?: RfmGroup;
  orderby: RfmOrderBy;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/**
 * The persons of person_summary as of `asOf` scored with the cut points of the groups report
 * (a kept day's, else read from the indexes), as SQL: `from` (a FROM clause and, given a
 * group, the WHERE that keeps its members) and its parameters.
 */
async function scoredPopulation(
  ctx: ReportContext,
  s: TimeSettings,
  asOf: string,
  group: RfmGroup | undefined,
) {
  const pop = await populationAsOf(ctx, s, asOf);
  const day = await keptDay(ctx, s, asOf);
  const cuts =
    (day !== undefined ? await keptCuts(ctx, day) : undefined) ?? (await cutSets(ctx, pop));
  const sqlite = ctx.sql.engine === 'sqlite';
  const params: unknown[] = [];
  let base = 'SELECT person, first_at, last_at, orders, net FROM person_summary';
  if (pop.replaced.length > 0) {
    base += ` WHERE person NOT IN (${sqlite ? 'SELECT value FROM json_each(?)' : 'SELECT unnest(?::bigint[])'})`;
    params.push(listParam(ctx, pop.replaced));
  }
  if (pop.figures.length > 0) {
    const cols = ['person', 'first_at', 'last_at', 'orders', 'net'];
    if (sqlite) {
      base += ` UNION ALL SELECT ${cols.map((c, i) => `json_extract(value, '$[${i}]') AS ${c}`).join(', ')} FROM json_each(?)`;
      params.push(
        JSON.stringify(pop.figures.map((p) => [p.person, p.first, p.last, p.orders, p.net])),
      );
    } else {
      base += ` UNION ALL SELECT * FROM unnest(?::bigint[], ?::varchar[], ?::varchar[], ?::bigint[], ?::bigint[]) AS t(${cols.join(', ')})`;
      params.push(
        pop.figures.map((p) => p.person),
        pop.figures.map((p) => p.first),
        pop.figures.map((p) => p.last),
        pop.figures.map((p) => p.orders),
        pop.figures.map((p) => p.net),
      );
    }
  }
  const [r, f, m] = MEASURES.map((col, i) => scoreSql(col, cuts[i]!));
  // The scores' placeholders come before the population's.
  params.unshift(...r!.params, ...f!.params, ...m!.params);
  let from = `FROM (SELECT pop.*, ${r!.sql} AS r, ${f!.sql} AS f, ${m!.sql} AS m FROM (${base}) pop) scored`;
  if (group !== undefined) {
    const bounds = recencyBounds(group, cuts[0]);
    from += ` WHERE ${groupIndexSql('r', 'f', 'm')} = ?${bounds.sql}`;
    params.push(String(RFM_GROUPS.indexOf(group)), ...bounds.params);
  }
  return { pop, day, cuts, from, params };
}

/**
 * One page of the persons as of `asOf` (of one group, or all), scored with the cut points of
 * the groups report: from person_summary when it is current and no segment narrows the
 * persons (the page chosen, ordered and counted in SQL), else from every person's lifetime
 * figures (`lifetimes`). Ties in the order go by person, ascending.
 */
export async function rfmCustomersPage(
  ctx: ReportContext,
  asOf: string,
  spec: RfmPageSpec,
): Promise<{ rows: PersonLifetime[]; total: number }> {
  const s = requestSettings(ctx);
  if (ctx.segment !== undefined || !(await customerTimeCurrent(ctx.sql, s))) {
    const all = (await lifetimes(ctx, asOf, ctx.segment)).filter(
      (p) => spec.group === undefined || p.group === spec.group,
    );
    const key = (p: PersonLifetime) =>
      spec.orderby === 'net_revenue'
        ? p.net
        : spec.orderby === 'orders_count'
          ? p.orders
          : spec.orderby === 'last_order'
            ? p.last
            : spec.orderby === 'first_order'
              ? p.first
              : p.person;
    const dir = spec.order === 'desc' ? -1 : 1;
    all.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return x < y ? -dir : x > y ? dir : a.person - b.person;
    });
    const start = (spec.page - 1) * spec.perPage;
    return { rows: all.slice(start, start + spec.perPage), total: all.length };
  }
  const { pop, day, cuts, from, params } = await scoredPopulation(ctx, s, asOf, spec.group);
  // A kept day holds each group's count (the sweep scored the same persons with these cuts).
  const total =
    spec.group === undefined
      ? pop.n
      : day !== undefined
        ? await keptGroupCount(ctx, day, spec.group)
        : Number(
            (await ctx.sql.query<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, params))[0]?.n ?? 0,
          );
  const dir = spec.order === 'desc' ? 'DESC' : 'ASC';
  const col = ORDER_COLUMNS[spec.orderby];
  const rows = await ctx.sql.query<{
    person: number;
    first_at: string;
    last_at: string;
    orders: number;
    net: number;
  }>(
    `SELECT person, first_at, last_at, orders, net ${from}
     ORDER BY ${col} ${dir}${col === 'person' ? '' : ', person'} LIMIT ? OFFSET ?`,
    [...params, spec.perPage, (spec.page - 1) * spec.perPage],
  );
  return {
    total,
    rows: rows.map((row) => {
      const p = {
        person: Number(row.person),
        first: String(row.first_at),
        last: String(row.last_at),
        orders: Number(row.orders),
        net: Number(row.net),
      };
      const [sr, sf, sm] = [
        scoreAt(p.last, cuts[0]),
        scoreAt(p.orders, cuts[1]),
        scoreAt(p.net, cuts[2]),
      ];
      return { ...p, r: sr, f: sf, m: sm, group: rfmGroup(sr, sf, sm) };
    }),
  };
}

/**
 * The persons of one group as of `asOf`, ascending, scored as `rfmCustomersPage` scores them
 * (over the segment's orders alone under `segment=`, as `reports/rfm?segment=` counts them):
 * what the Customers report's `rfm_group` keeps, so a group opens on exactly its members.
 */
export async function rfmGroupMembers(
  ctx: ReportContext,
  asOf: string,
  group: RfmGroup,
): Promise<number[]> {
  const s = requestSettings(ctx);
  if (ctx.segment === undefined && (await customerTimeCurrent(ctx.sql, s))) {
    // Only the ids, in no order: the index of last orders can then serve the group's range.
    const { from, params } = await scoredPopulation(ctx, s, asOf, group);
    const rows = await ctx.sql.query<{ person: number }>(`SELECT person ${from}`, params);
    return rows.map((r) => Number(r.person)).sort((a, b) => a - b);
  }
  const { rows } = await rfmCustomersPage(ctx, asOf, {
    group,
    orderby: 'customer_id',
    order: 'asc',
    page: 1,
    perPage: 2_147_483_647,
  });
  return rows.map((p) => p.person);
}

/** The groups' counts as of `asOf` and `prevAsOf` from every person's scores (order_stats). */
export async function rfmCountsFromLifetimes(
  ctx: ReportContext,
  asOf: string,
  prevAsOf: string,
  segment?: SegmentNarrowing,
) {
  const [now, before] = [
    await lifetimes(ctx, asOf, segment),
    await lifetimes(ctx, prevAsOf, segment),
  ];
  const previous = new Map(before.map((p) => [p.person, p.group]));
  return RFM_GROUPS.map((group) => {
    const members = now.filter((p) => p.group === group);
    return {
      customers: members.length,
      net: members.reduce((s, p) => s + p.net, 0),
      previous: before.filter((p) => p.group === group).length,
      stayed: members.filter((p) => previous.get(p.person) === group).length,
    };
  });
}

/**
 * The day of `asOf` when the RFM sweep kept it and it is current: `asOf` is the day's end
 * (23:59:59), the sweep covered it under these settings, and no mark is on or before it
 * (analytics/rfm-days.ts); undefined otherwise. A day kept but marked since waits for the
 * app's keeper to sweep the marks (`sweepMarkedRfmDays`: a resumed sweep replays from the
 * marked day, a fraction of scoring the persons), then is read when current.
 */
async function keptDay(
  ctx: ReportContext,
  s: TimeSettings,
  asOf: string,
): Promise<string | undefined> {
  const day = asOf.slice(0, 10);
  if (asOf.slice(10) !== ' 23:59:59') return undefined;
  const state = (
    await ctx.sql.query<{ settings: string; first_day: string; last_day: string }>(
      'SELECT settings, first_day, last_day FROM rfm_state WHERE id = 1',
    )
  )[0];
  if (!state || state.settings !== timeKey(s)) return undefined;
  if (day < String(state.first_day) || day > String(state.last_day)) return undefined;
  const staleFrom = () => rfmStaleFrom(ctx.sql);
  const stale = await staleFrom();
  if (stale === undefined || stale > day) return day;
  // Every day marked (a rebuild): the next sweep replays them all, slower than scoring.
  if (stale === '' || !(await sweepMarkedRfmDays(ctx.db))) return undefined;
  const after = await staleFrom();
  return after === undefined || after > day ? day : undefined;
}

/** The groups at `asOf` with those one period before, from its kept day (`keptDay`). */
async function keptRfmCounts(
  ctx: ReportContext,
  s: TimeSettings,
  asOf: string,
  interval: CohortInterval,
): Promise<Awaited<ReturnType<typeof rfmCounts>> | undefined> {
  const sql = ctx.sql;
  const day = await keptDay(ctx, s, asOf);
  if (day === undefined) return undefined;
  const counts = RFM_GROUPS.map(() => ({ customers: 0, net: 0, previous: 0, stayed: 0 }));
  for (const r of await sql.query<{ grp: number; customers: number; net: number }>(
    'SELECT grp, customers, net FROM rfm_day WHERE day = ?',
    [day],
  )) {
    const c = counts[Number(r.grp)]!;
    c.customers = Number(r.customers);
    c.net = Number(r.net);
  }
  for (const r of await sql.query<{ grp: number; previous: number; stayed: number }>(
    'SELECT grp, previous, stayed FROM rfm_move WHERE day = ? AND grain = ?',
    [day, GRAINS[interval]],
  )) {
    const c = counts[Number(r.grp)]!;
    c.previous = Number(r.previous);
    c.stayed = Number(r.stayed);
  }
  return counts;
}

/** The cut points of a kept day (`keptDay`). */
async function keptCuts(ctx: ReportContext, day: string): Promise<CutSets> {
  const sql = ctx.sql;
  const row = (
    await sql.query<Record<string, string | number>>('SELECT * FROM rfm_cut WHERE day = ?', [day])
  )[0];
  // A kept day without cut points has no person yet.
  if (!row) return [[], [], []];
  const ks = [1, 2, 3, 4];
  return [
    ks.map((k) => String(row[`last_${k}`])),
    ks.map((k) => Number(row[`orders_${k}`])),
    ks.map((k) => Number(row[`net_${k}`])),
  ];
}

/** How many persons a kept day (`keptDay`) holds in a group. */
async function keptGroupCount(ctx: ReportContext, day: string, group: RfmGroup): Promise<number> {
  const rows = await ctx.sql.query<{ customers: number }>(
    'SELECT customers FROM rfm_day WHERE day = ? AND grp = ?',
    [day, RFM_GROUPS.indexOf(group)],
  );
  return Number(rows[0]?.customers ?? 0);
}

/**
 * The RFM groups as of `asOf`, with the groups one period before: scored and counted in SQL
 * over person_summary when it is current for the request's settings, else from order_stats.
 */
export async function rfmGroups(
  ctx: ReportContext,
  asOf: string,
  interval: CohortInterval,
): Promise<{ as_of: string; previous_as_of: string; customers: number; groups: RfmGroupRow[] }> {
  const prevAsOf = previousAsOf(asOf, interval);
  const s = requestSettings(ctx);
  const summarised = ctx.segment === undefined && (await customerTimeCurrent(ctx.sql, s));
  const counts = summarised
    ? ((await keptRfmCounts(ctx, s, asOf, interval)) ?? (await rfmCounts(ctx, s, asOf, prevAsOf)))
    : await rfmCountsFromLifetimes(ctx, asOf, prevAsOf, ctx.segment);
  const total = counts.reduce((sum, c) => sum + c.net, 0);
  const groups = RFM_GROUPS.map((group, i) => {
    const c = counts[i]!;
    return {
      group,
      customers: c.customers,
      net_revenue: ctx.money(c.net),
      revenue_share: total > 0 ? Math.round((10_000 * c.net) / total) / 100 : 0,
      previous_customers: c.previous,
      stayed: c.stayed,
    };
  });
  const customers = counts.reduce((sum, c) => sum + c.customers, 0);
  return { as_of: asOf, previous_as_of: prevAsOf, customers, groups };
}
