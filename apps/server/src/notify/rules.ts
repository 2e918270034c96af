import type {
  AlertCondition,
  AlertDirection,
  AlertMetric,
  AlertWindow,
  OpenHours,
  PerformanceIndicatorStat,
} from '@storelens/api';
import { performanceIndicators } from '@storelens/api';
import { sql } from 'kysely';
import { storeReportContext } from '../analytics/context';
import { indicatorValues } from '../analytics/indicators';
import type { Db } from '../db/database';
import { readStoreSettings } from '../options';
import { formatSqlUtc, parseSqlUtc, type Zone, zone } from '../timezone';
import { formatValue } from './content';
import { addDays } from './periods';
import type { NotifyAlertTable } from './schema';

/*
 * What an alert rule finds when checked (docs/api.md and docs/metrics.md, "Alerts"): each
 * condition reads the store at the notifier's clock and says whether the rule fires, what was
 * expected, what happened, and which report shows it.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const gmt = (ms: number) => formatSqlUtc(ms);

/** A metric's label (the Overview's). */
export function metricLabel(metric: string): string {
  return performanceIndicators.find((p) => p.stat === metric)?.label ?? metric;
}

/** What one check of a rule found. */
export interface AlertCheck {
  firing: boolean;
  /** What was read: `day:2024-03-04`, `hour:2024-03-04 13`, `since:<gmt>`, `sync:<ids>`. */
  period: string;
  first: string;
  last: string;
  expected: string;
  actual: number | null;
  /** What happened, true whether the rule fires or not ("Orders was 0 on 2024-02-29"). */
  message: string;
  /** The dashboard path of the report that shows it. */
  reportPath: string;
}

/** How many weeks back `unusual` looks, and how many of them it needs. */
export const UNUSUAL_WEEKS = 8;
export const UNUSUAL_MIN_WEEKS = 4;
/** `unusual`'s deviations when the rule gives none. */
export const UNUSUAL_DEVIATIONS = 3;

/** The last complete local window before `nowMs` (its bounds), and the one `back` before it. */
export function windowAt(span: AlertWindow, nowMs: number, tzName: string, back = 0) {
  const tz = zone(tzName);
  const local = tz.toLocal(gmt(nowMs));
  if (span === 'day') {
    const day = addDays(local.slice(0, 10), -1 - back);
    return { key: `day:${day}`, after: `${day} 00:00:00`, before: `${day} 23:59:59`, day };
  }
  // Local hours, stepped in GMT so a DST change neither skips nor repeats one.
  const thisHourGmt = parseSqlUtc(tz.toGmt(`${local.slice(0, 13)}:00:00`));
  const start = tz.toLocal(gmt(thisHourGmt - HOUR_MS * (1 + back)));
  const hour = start.slice(0, 13);
  return {
    key: `hour:${hour}`,
    after: `${hour}:00:00`,
    before: `${hour}:59:59`,
    day: start.slice(0, 10),
  };
}

/** One metric over a local range, as the performance indicators read it. */
async function metricValue(
  db: Db,
  metric: string,
  range: { after: string; before: string },
): Promise<number | null> {
  const ctx = await storeReportContext(db);
  const [item] = await indicatorValues(ctx, range, [metric as PerformanceIndicatorStat]);
  return item?.value ?? null;
}

/**
 * The range a value is expected in, from the same window of earlier weeks: their mean, plus
 * or minus `k` standard deviations, the deviation at least a tenth of the mean and at least
 * one unit (a cent, an order), so a perfectly steady history does not alarm on any change.
 */
export function expectedRange(
  history: readonly number[],
  k: number,
  precision: number,
  format: 'currency' | 'number' | 'percent',
): { low: number; high: number; mean: number; deviation: number } {
  const mean = history.reduce((a, v) => a + v, 0) / history.length;
  const variance =
    history.reduce((a, v) => a + (v - mean) ** 2, 0) / Math.max(1, history.length - 1);
  // A margin is a fraction to four decimals (docs/metrics.md, "Profit").
  const unit = format === 'currency' ? 10 ** -precision : format === 'percent' ? 0.0001 : 1;
  const deviation = Math.max(Math.sqrt(variance), Math.abs(mean) / 10, unit);
  return { low: mean - k * deviation, high: mean + k * deviation, mean, deviation };
}

/** Whether `value` is outside `range` on the rule's side (`up`: above it, `down`: below). */
export function outsideRange(
  value: number,
  range: { low: number; high: number },
  direction: AlertDirection,
): boolean {
  if (direction === 'up') return value > range.high;
  if (direction === 'down') return value < range.low;
  return value < range.low || value > range.high;
}

async function firstOrderGmt(db: Db): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('order_stats')
    .select((eb) => eb.fn.min('date_created_gmt').as('first'))
    .executeTakeFirst();
  return (row?.first as string | null | undefined) ?? null;
}

// ---- opening hours ----

const SLICE_MS = 15 * 60_000;
/** How far back the open-time walk goes at most; a longer silence counts as N hours. */
const OPEN_WALK_MS = 400 * DAY_MS;

/** Whether the local time 'YYYY-MM-DD HH:MM:SS' is inside the opening hours. */
export function isOpen(local: string, open: OpenHours): boolean {
  const weekday = new Date(parseSqlUtc(local.slice(0, 10))).getUTCDay();
  const hour = Number(local.slice(11, 13));
  return open.days.includes(weekday) && hour >= open.from && hour < open.to;
}

/**
 * The open time (ms) from `fromMs` to `toMs`, counted back from `toMs` and no further than
 * `enoughMs`. Every real zone changes its offset on a quarter hour, so each quarter hour of
 * GMT lies in one local hour: the walk takes the local time of each, which follows DST (an
 * hour the clocks skip is not counted, an hour they repeat is counted twice, as lived).
 */
export function openMsBetween(
  fromMs: number,
  toMs: number,
  tz: Zone,
  open: OpenHours,
  enoughMs: number,
): number {
  let total = 0;
  let end = toMs;
  const limit = Math.max(fromMs, toMs - OPEN_WALK_MS);
  while (end > limit && total < enoughMs) {
    const start = Math.max(limit, Math.floor((end - 1) / SLICE_MS) * SLICE_MS);
    if (isOpen(tz.toLocal(gmt(start)), open)) total += end - start;
    end = start;
  }
  // Silent for longer than the walk goes: as long as the rule's hours.
  if (fromMs < limit && total < enoughMs) return enoughMs;
  return Math.min(total, enoughMs);
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const two = (n: number) => String(n).padStart(2, '0');

/** Opening hours as a message writes them: "Mon, Tue, Wed 09:00-17:00". */
export function openHoursText(open: OpenHours): string {
  const days = [...open.days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  return `${days.map((d) => DAY_NAMES[d]).join(', ')} ${two(open.from)}:00-${two(open.to)}:00`;
}

// ---- no orders: the store's own rate ----

/** The gaps `no_orders` with `hours: null` learns from: the 4 weeks up to the last order. */
export const TUNE_DAYS = 28;
/** At most this many orders are read for it (a busy store's recent ones suffice). */
const TUNE_ORDERS = 1000;
/** Bounds of a tuned gap, hours. */
export const TUNED_MIN_HOURS = 12;
export const TUNED_MAX_HOURS = 720;

/**
 * The hours without an order a `no_orders` rule with `hours: null` waits for: the 95th
 * percentile of the gaps between consecutive orders of the 4 weeks up to the last order (at
 * most its last 1,000 orders), times 1.5, rounded up, at least 12 and at most 720. With fewer
 * than 10 gaps it is three times the mean gap of those 4 weeks (28 days over the orders in
 * them). The weeks end at the last order, not at the clock, so a silence does not move them.
 */
export function tunedHours(createdMs: readonly number[]): { hours: number; basis: string } {
  const clamp = (h: number) => Math.min(TUNED_MAX_HOURS, Math.max(TUNED_MIN_HOURS, Math.ceil(h)));
  const sorted = [...createdMs].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((t, i) => (t - sorted[i]!) / HOUR_MS);
  if (gaps.length >= 10) {
    gaps.sort((a, b) => a - b);
    const p95 = gaps[Math.ceil(0.95 * gaps.length) - 1]!;
    return {
      hours: clamp(1.5 * p95),
      basis: `1.5 times the longest of the usual gaps between orders (${Math.round(p95 * 10) / 10} hours) over the last 4 weeks`,
    };
  }
  const mean = (TUNE_DAYS * 24) / Math.max(1, sorted.length);
  return {
    hours: clamp(3 * mean),
    basis: `3 times the mean gap between orders over the last 4 weeks (${sorted.length} orders)`,
  };
}

/** The creation times (ms) of the orders that tune a rule, up to the last one. */
async function tuningOrders(db: Db, lastGmt: string): Promise<number[]> {
  const rows = await countedOrders(db)
    .select('date_created_gmt')
    .where('date_created_gmt', '<=', lastGmt)
    .where('date_created_gmt', '>=', gmt(parseSqlUtc(lastGmt) - TUNE_DAYS * DAY_MS))
    .orderBy('date_created_gmt', 'desc')
    .limit(TUNE_ORDERS)
    .execute();
  return rows.map((r) => parseSqlUtc(r.date_created_gmt));
}

/**
 * Orders (not refunds) in a status that counts as an order coming in, read by their GMT
 * creation time's index (migration 047): `+` keeps SQLite off the parent index, which holds
 * nearly every row and would have it read them all.
 */
const countedOrders = (db: Db) =>
  db.kysely
    .selectFrom('order_stats')
    .where(sql<number>`+parent_id`, '=', 0)
    .where('status', 'not in', ['failed', 'cancelled', 'trash', 'checkout-draft']);

/** The last tuned gap per last order, so a check reads the 4 weeks once per new order. */
const tunedCache = new Map<string, { hours: number; basis: string }>();

async function noOrdersCheck(
  db: Db,
  rule: NotifyAlertTable,
  nowMs: number,
  tzName: string,
): Promise<AlertCheck | undefined> {
  const tz = zone(tzName);
  // The newest first from the index's end (a MAX under conditions reads the whole range).
  const latest = await countedOrders(db)
    .select('date_created_gmt')
    .where('date_created_gmt', '<=', gmt(nowMs))
    .orderBy('date_created_gmt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const last = latest?.date_created_gmt ?? null;
  // A store that never had an order has no gap to watch yet.
  if (last === null) return undefined;
  let hours = rule.hours === null ? null : Number(rule.hours);
  let basis = '';
  if (hours === null) {
    const key = `${db.url}|${db.schema ?? ''}|${last}`;
    let tuned = tunedCache.get(key);
    if (!tuned) {
      tuned = tunedHours(await tuningOrders(db, last));
      if (tunedCache.size > 100) tunedCache.clear();
      tunedCache.set(key, tuned);
    }
    hours = tuned.hours;
    basis = `; ${tuned.basis}`;
  }
  const open = rule.open_hours === null ? null : (JSON.parse(rule.open_hours) as OpenHours);
  const lastMs = parseSqlUtc(last);
  const needMs = hours * HOUR_MS;
  const silentMs = open
    ? openMsBetween(lastMs, nowMs, tz, open, needMs)
    : Math.min(needMs, nowMs - lastMs);
  const firing = silentMs >= needMs;
  const lastLocal = tz.toLocal(last);
  const local = tz.toLocal(gmt(nowMs)).slice(0, 10);
  const within = open ? ` open hours (${openHoursText(open)})` : ' hours';
  return {
    firing,
    period: `since:${last}`,
    first: lastLocal.slice(0, 10),
    last: local,
    expected: `an order at least every ${hours}${within}${basis}`,
    actual: null,
    message: firing
      ? `No orders for ${hours}${within}: the last was at ${lastLocal}`
      : `The last order was at ${lastLocal}`,
    reportPath: '/analytics/orders',
  };
}

// ---- a connected shop's sync ----

/** Errors in a row that make a connection's sync "failing" (one that recovers is not). */
export const SYNC_FAILURES = 3;

async function syncCheck(db: Db, nowMs: number, tzName: string): Promise<AlertCheck> {
  const connections = await db.kysely
    .selectFrom('connections')
    .select(['id', 'url', 'store', 'status', 'last_reconciled_gmt', 'created_gmt'])
    .where('status', '!=', 'paused')
    .orderBy('id')
    .execute();
  const failing: { id: number; name: string; error: string; count: number }[] = [];
  for (const c of connections) {
    if (c.status !== 'error') continue;
    // The errors since its last complete reconciliation (or since it was connected).
    const errors = await db.kysely
      .selectFrom('connection_errors')
      .select(['message', 'at_gmt'])
      .where('connection_id', '=', c.id)
      .where('at_gmt', '>=', c.last_reconciled_gmt ?? c.created_gmt)
      .orderBy('id', 'desc')
      .execute();
    if (errors.length < SYNC_FAILURES) continue;
    let name = c.url;
    try {
      const store = JSON.parse(c.store) as { name?: unknown };
      if (typeof store.name === 'string' && store.name.trim() !== '') name = store.name;
    } catch {
      // An unreadable store record is named by its URL.
    }
    failing.push({ id: Number(c.id), name, error: errors[0]!.message, count: errors.length });
  }
  const today = zone(tzName).toLocal(gmt(nowMs)).slice(0, 10);
  const first = failing[0];
  return {
    firing: first !== undefined,
    period: `sync:${failing.map((f) => f.id).join(',') || 'ok'}`.slice(0, 40),
    first: today,
    last: today,
    expected: 'every connected shop syncing without repeated errors',
    actual: failing.length,
    message: first
      ? `The sync of ${first.name} is failing (${first.count} errors in a row): ${first.error}${failing.length > 1 ? ` (and ${failing.length - 1} more shops)` : ''}`
      : connections.length
        ? 'Every connected shop syncs again'
        : 'No shop is connected',
    reportPath: '/analytics/settings/connections',
  };
}

// ---- every condition ----

/** Checks one rule at `nowMs`; undefined when there is nothing to judge yet. */
export async function evaluateAlert(
  db: Db,
  rule: NotifyAlertTable,
  nowMs: number,
): Promise<AlertCheck | undefined> {
  const settings = await readStoreSettings(db);
  const condition = rule.condition as AlertCondition;
  if (condition === 'no_orders') return noOrdersCheck(db, rule, nowMs, settings.timezone);
  if (condition === 'sync_failing') return syncCheck(db, nowMs, settings.timezone);

  const metric = rule.metric as AlertMetric;
  const label = metricLabel(metric);
  const money = performanceIndicators.find((p) => p.stat === metric)?.format ?? 'number';
  const fmt = (v: number | null) =>
    formatValue(v, money, settings.currency, settings.currencyPrecision);
  const span = rule.span as AlertWindow;
  const reportPath = `/analytics/${metric.split('/')[0]}`;

  const w = windowAt(span, nowMs, settings.timezone);
  const actual = await metricValue(db, metric, w);
  if (actual === null) return undefined;
  const when = span === 'day' ? `on ${w.day}` : `in the hour from ${w.after.slice(0, 16)}`;
  const base = { period: w.key, first: w.day, last: w.day, actual, reportPath };
  const threshold = rule.threshold === null ? null : Number(rule.threshold);

  if (condition === 'above' || condition === 'below') {
    if (threshold === null) return undefined;
    const firing = condition === 'above' ? actual > threshold : actual < threshold;
    return {
      ...base,
      firing,
      expected: `${condition === 'above' ? 'at most' : 'at least'} ${fmt(threshold)}`,
      message: `${label} was ${fmt(actual)} ${when}`,
    };
  }

  if (condition === 'change') {
    if (threshold === null || threshold === 0) return undefined;
    const before = await metricValue(db, metric, windowAt(span, nowMs, settings.timezone, 1));
    if (before === null || before === 0)
      return {
        ...base,
        firing: false,
        expected: 'a comparison',
        message: `${label} was ${fmt(actual)} ${when}, with no value the ${span} before`,
      };
    const pct = ((actual - before) / Math.abs(before)) * 100;
    const firing = threshold > 0 ? pct >= threshold : pct <= threshold;
    return {
      ...base,
      firing,
      expected: `a change of less than ${Math.abs(threshold)}% ${threshold > 0 ? 'up' : 'down'} from ${fmt(before)}`,
      message: `${label} was ${fmt(actual)} ${when}, ${pct >= 0 ? '+' : ''}${Math.round(pct * 10) / 10}% against ${fmt(before)} the ${span} before`,
    };
  }

  // unusual: the same weekday (and hour) of the last UNUSUAL_WEEKS weeks.
  const history: number[] = [];
  const first = await firstOrderGmt(db);
  for (let week = 1; week <= UNUSUAL_WEEKS; week++) {
    const past = windowAt(span, nowMs, settings.timezone, week * (span === 'day' ? 7 : 168));
    if (first === null || zone(settings.timezone).toLocal(first) > past.before) break;
    const v = await metricValue(db, metric, past);
    if (v !== null) history.push(v);
  }
  if (history.length < UNUSUAL_MIN_WEEKS) return undefined;
  const range = expectedRange(
    history,
    threshold ?? UNUSUAL_DEVIATIONS,
    settings.currencyPrecision,
    money,
  );
  const direction = (rule.direction ?? 'both') as AlertDirection;
  const firing = outsideRange(actual, range, direction);
  const same = `the same ${span === 'day' ? 'weekday' : 'weekday and hour'} of the last ${history.length} weeks`;
  return {
    ...base,
    firing,
    expected:
      direction === 'up'
        ? `at most ${fmt(range.high)} (${same})`
        : direction === 'down'
          ? `at least ${fmt(range.low)} (${same})`
          : `between ${fmt(range.low)} and ${fmt(range.high)} (${same})`,
    message: firing
      ? `${label} was unusual ${when}: ${fmt(actual)}`
      : `${label} was ${fmt(actual)} ${when}`,
  };
}
