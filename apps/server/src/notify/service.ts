import type {
  AlertCondition,
  AlertMetric,
  AlertWindow,
  DigestFrequency,
  PerformanceIndicatorStat,
} from '@storelens/api';
import { performanceIndicators } from '@storelens/api';
import { createNote } from '../admin/notes';
import { storeReportContext } from '../analytics/context';
import { indicatorValues } from '../analytics/indicators';
import { escapeHtml } from '../analytics/paging';
import { can, isRole } from '../auth/roles';
import type { Db } from '../db/database';
import { newOwner } from '../db/lease';
import { newRowId } from '../db/row-ids';
import { readStoreSettings } from '../options';
import { formatSqlUtc, parseSqlUtc, zone } from '../timezone';
import { deliver, type OutboxChannel, type OutboxPayload, type StoredChannel } from './channels';
import { digestContent, formatValue, renderDigest, reportLink } from './content';
import { addDays, latestCompletePeriod, latestDuePeriod, type Period } from './periods';
import type { NotifyAlertTable, NotifyDigestTable } from './schema';
import { unsubscribeHeaders, unsubscribePath } from './unsubscribe';

/** How long a claim on a delivery lasts (a process that dies while sending leaves it so long). */
const DELIVERY_LEASE_MS = 2 * 60_000;
/** Tries of one delivery before it is marked failed; waits double from the first. */
export const DELIVERY_ATTEMPTS = 6;
export const FIRST_RETRY_MS = 60_000;
/** Deliveries sent per tick at most. */
const DELIVERIES_PER_TICK = 50;

/** 'YYYY-MM-DD HH:MM:SS' of epoch ms (GMT). */
const gmt = (ms: number) => formatSqlUtc(ms);

/** The wait before try `attempts + 1` of a delivery: 1, 2, 4, 8, 16 minutes. */
export const retryDelayMs = (attempts: number) => FIRST_RETRY_MS * 2 ** (attempts - 1);

/**
 * Inserts a row whose id is the table's largest plus one, trying again when another writer
 * took the same id first (ids are small numbers, as WooCommerce's).
 */
export async function insertWithNextId(
  db: Db,
  table: 'notify_digests' | 'notify_alerts',
  row: (id: number) => Record<string, unknown>,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const last = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    const id = Number(last?.max ?? 0) + 1;
    try {
      await db.kysely
        .insertInto(table)
        .values(row(id) as never)
        .execute();
      return id;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/** Who an e-mail channel reaches: the owner, or for a store-wide rule every administrator. */
async function recipients(db: Db, userId: number, storeWide: boolean): Promise<string[]> {
  let query = db.kysely.selectFrom('users').select('email').where('status', '=', 'active');
  query = storeWide ? query.where('role', '=', 'administrator') : query.where('id', '=', userId);
  return (await query.orderBy('id').execute()).map((r) => r.email);
}

/** The outbox rows of one message to a rule's channels. */
async function outboxRows(
  db: Db,
  rule: { user_id: number; store_wide: number; channels: string },
  source: 'digest' | 'alert',
  sourceId: number,
  period: string,
  payload: OutboxPayload,
  nowMs: number,
) {
  const channels = JSON.parse(rule.channels) as StoredChannel[];
  const rows = [];
  for (const c of channels) {
    const channel: OutboxChannel =
      c.type === 'email'
        ? { type: 'email', to: await recipients(db, rule.user_id, rule.store_wide === 1) }
        : c;
    rows.push({
      id: newRowId(),
      source,
      source_id: sourceId,
      period,
      channel: JSON.stringify(channel),
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_try_ms: nowMs,
      lease_owner: null,
      lease_until_ms: null,
      error: null,
      created_gmt: gmt(nowMs),
      sent_gmt: null,
    });
  }
  return rows;
}

/**
 * Whether a rule's Slack and webhook deliveries may go to internal addresses (addresses.ts):
 * a store-wide rule (only administrators set those) or one whose owner, as of now, has
 * manage_options. Asked at every delivery, so an owner who lost the role loses it too.
 */
async function mayReachInternal(db: Db, source: 'digest' | 'alert', id: number): Promise<boolean> {
  const rule = await db.kysely
    .selectFrom(source === 'digest' ? 'notify_digests' : 'notify_alerts')
    .select(['user_id', 'store_wide'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!rule) return false;
  if (Number(rule.store_wide) === 1) return true;
  const owner = await db.kysely
    .selectFrom('users')
    .select(['role', 'status'])
    .where('id', '=', rule.user_id)
    .executeTakeFirst();
  return owner?.status === 'active' && isRole(owner.role) && can(owner.role, 'manage_options');
}

/** What the notifier needs from the app. */
export interface NotifierOptions {
  smtpUrl: () => string | undefined;
  publicUrl: () => string | undefined;
  /** Where the server listens, for links when there is no public URL. */
  origin?: () => string | undefined;
  /** The clock (tests set their own); epoch ms. */
  now?: () => number;
}

/** The outcome of one delivery. */
export interface DeliveryOutcome {
  id: number;
  channel: OutboxChannel['type'];
  status: 'sent' | 'failed' | 'pending';
  error: string | null;
}

/**
 * Digests and alerts of one store (docs/architecture.md, "Digests and alerts"). `tick` does
 * everything that is due at the clock's time: claims each digest's latest due period (one row
 * per digest and period, so a period is sent once whichever process claims it), checks the
 * alert rules (a rule fires by a conditional update of its state, so once per episode), and
 * sends the deliveries that are due (each claimed with a lease, retried with backoff).
 */
export class Notifier {
  readonly owner = newOwner();
  now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: NotifierOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Ticks every `everyMs` (a minute) until `stop`. */
  start(everyMs = 60_000): void {
    if (this.timer) return;
    const run = () => {
      this.running ??= this.tick()
        .catch((error: unknown) => console.error('Notifications:', error))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
    run();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Everything due now: digests, alerts, then deliveries. */
  async tick(): Promise<void> {
    await this.scheduleDigests();
    await this.checkAlerts();
    await this.sendDue();
  }

  // ---- digests ----

  /** Claims and queues the latest due period of every enabled digest not sent yet. */
  async scheduleDigests(): Promise<number> {
    const nowMs = this.now();
    const settings = await readStoreSettings(this.db);
    const tz = zone(settings.timezone);
    const digests = await this.db.kysely
      .selectFrom('notify_digests')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
    let queued = 0;
    for (const d of digests) {
      const period = latestDuePeriod(
        d.frequency as DigestFrequency,
        Number(d.hour),
        nowMs,
        tz,
        settings.startOfWeek,
      );
      // A period due before the digest existed is not sent (a new daily digest waits for
      // its first morning); a later one missed while stopped is sent late, once.
      if (period.dueMs < parseSqlUtc(d.created_gmt)) continue;
      const claimed = await this.db.kysely
        .selectFrom('notify_periods')
        .select('digest_id')
        .where('digest_id', '=', d.id)
        .where('period', '=', period.key)
        .executeTakeFirst();
      if (claimed) continue;
      if (await this.queueDigest(d, period, nowMs)) queued++;
    }
    return queued;
  }

  /**
   * Writes a digest's period and queues it to its channels in one transaction, which only
   * the first claimant of the period commits: another process (or a retry after a crash
   * before the commit) finds the period row and queues nothing.
   */
  async queueDigest(d: NotifyDigestTable, period: Period, nowMs: number): Promise<boolean> {
    const content = await digestContent(this.db, period, this.options.publicUrl());
    const payload = await this.digestPayload(d, content);
    const rows = await outboxRows(this.db, d, 'digest', Number(d.id), period.key, payload, nowMs);
    return this.db.kysely.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('notify_periods')
        .values({
          digest_id: d.id,
          period: period.key,
          claimed_by: this.owner,
          created_gmt: gmt(nowMs),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('digest_id')
        .execute();
      if (claim.length === 0) return false;
      if (rows.length) await trx.insertInto('notify_outbox').values(rows).execute();
      return true;
    });
  }

  /** A digest's message, its e-mail with the signed unsubscribe link (unsubscribe.ts). */
  private async digestPayload(
    d: NotifyDigestTable,
    content: Awaited<ReturnType<typeof digestContent>>,
  ): Promise<OutboxPayload> {
    const origin = (
      this.options.publicUrl() ??
      this.options.origin?.() ??
      'http://127.0.0.1'
    ).replace(/\/+$/, '');
    const unsubscribe = `${origin}${await unsubscribePath(this.db, d)}`;
    return {
      event: 'digest',
      ...renderDigest(content, Number(d.id), unsubscribe),
      headers: unsubscribeHeaders(unsubscribe),
    };
  }

  /** `POST …/digests/{id}/send`: the latest complete period, queued now and sent at once. */
  async sendDigestNow(
    d: NotifyDigestTable,
  ): Promise<{ period: string; outcomes: DeliveryOutcome[] }> {
    const nowMs = this.now();
    const settings = await readStoreSettings(this.db);
    const period = latestCompletePeriod(
      d.frequency as DigestFrequency,
      nowMs,
      zone(settings.timezone),
      settings.startOfWeek,
    );
    const content = await digestContent(this.db, period, this.options.publicUrl());
    const payload = await this.digestPayload(d, content);
    // Sent now: its rows are in the history, outside the period's once-only claim.
    const rows = await outboxRows(
      this.db,
      d,
      'digest',
      Number(d.id),
      `now:${period.key}`,
      payload,
      nowMs,
    );
    if (rows.length) await this.db.kysely.insertInto('notify_outbox').values(rows).execute();
    const outcomes: DeliveryOutcome[] = [];
    for (const row of rows) outcomes.push(await this.sendOne(row.id, nowMs));
    return { period: period.key, outcomes };
  }

  // ---- deliveries ----

  /** Sends every delivery due now that nobody holds. */
  async sendDue(): Promise<DeliveryOutcome[]> {
    const nowMs = this.now();
    const due = await this.db.kysely
      .selectFrom('notify_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_try_ms', '<=', nowMs)
      .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
      .orderBy('next_try_ms')
      .orderBy('id')
      .limit(DELIVERIES_PER_TICK)
      .execute();
    const outcomes: DeliveryOutcome[] = [];
    for (const { id } of due) {
      const outcome = await this.sendOne(Number(id), nowMs);
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  }

  /**
   * Claims one delivery (a conditional update: one process wins), sends it and records the
   * outcome: sent, pending again after a doubling wait, or failed after the last try.
   */
  private async sendOne(id: number, nowMs: number): Promise<DeliveryOutcome> {
    const claim = await this.db.kysely
      .updateTable('notify_outbox')
      .set({ lease_owner: this.owner, lease_until_ms: nowMs + DELIVERY_LEASE_MS })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
      .executeTakeFirst();
    const row = await this.db.kysely
      .selectFrom('notify_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const channel = JSON.parse(row.channel) as OutboxChannel;
    if (Number(claim.numUpdatedRows) === 0)
      return { id, channel: channel.type, status: row.status as 'sent', error: row.error };
    const attempts = Number(row.attempts) + 1;
    try {
      await deliver(channel, JSON.parse(row.payload) as OutboxPayload, {
        smtpUrl: this.options.smtpUrl(),
        nowMs,
        deliveryId: id,
        allowInternal:
          channel.type !== 'email' &&
          (await mayReachInternal(
            this.db,
            row.source as 'digest' | 'alert',
            Number(row.source_id),
          )),
      });
      await this.db.kysely
        .updateTable('notify_outbox')
        .set({
          status: 'sent',
          attempts,
          error: null,
          sent_gmt: gmt(nowMs),
          lease_owner: null,
          lease_until_ms: null,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', this.owner)
        .execute();
      return { id, channel: channel.type, status: 'sent', error: null };
    } catch (failure) {
      const error = failure instanceof Error ? failure.message : String(failure);
      const last = attempts >= DELIVERY_ATTEMPTS;
      await this.db.kysely
        .updateTable('notify_outbox')
        .set({
          status: last ? 'failed' : 'pending',
          attempts,
          error,
          next_try_ms: last ? Number(row.next_try_ms) : nowMs + retryDelayMs(attempts),
          lease_owner: null,
          lease_until_ms: null,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', this.owner)
        .execute();
      return { id, channel: channel.type, status: last ? 'failed' : 'pending', error };
    }
  }

  // ---- alerts ----

  /** Checks every enabled rule at the clock's time. */
  async checkAlerts(): Promise<void> {
    const rules = await this.db.kysely
      .selectFrom('notify_alerts')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
    if (rules.length === 0) return;
    const nowMs = this.now();
    for (const rule of rules) {
      const check = await evaluateAlert(this.db, rule, nowMs);
      if (!check) continue;
      if (check.firing && rule.state === 'normal') await this.fire(rule, check, nowMs);
      else if (!check.firing && rule.state === 'firing') await this.clear(rule, nowMs);
    }
  }

  /** Normal → firing, by one process: the event, its note and its deliveries. */
  private async fire(rule: NotifyAlertTable, check: AlertCheck, nowMs: number): Promise<void> {
    const eventId = newRowId();
    const label = metricLabel(rule.metric);
    const publicUrl = this.options.publicUrl();
    const link = publicUrl
      ? reportLink(publicUrl, check.reportPath, check.first, check.last)
      : undefined;
    const subject = `Alert: ${check.message}`;
    const payload: OutboxPayload = {
      event: 'alert',
      subject,
      text: `${check.message}\nExpected: ${check.expected}.\n${link ? `Report: ${link}` : '(Set STORELENS_PUBLIC_URL to get a link to the report.)'}`,
      html: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>${escapeHtml(subject)}</title></head><body><p><strong>${escapeHtml(check.message)}</strong></p><p>Expected: ${escapeHtml(check.expected)}.</p>${link ? `<p><a href="${escapeHtml(link)}">Open the report</a></p>` : ''}</body></html>`,
      slack: {
        text: slackEscape(subject),
        blocks: [
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text: `*${slackEscape(check.message)}*\nExpected: ${slackEscape(check.expected)}.${link ? `\n<${link}|Open the report>` : ''}`,
            },
          },
        ],
      },
      json: {
        type: 'alert',
        alert_id: Number(rule.id),
        event_id: eventId,
        metric: rule.metric,
        condition: rule.condition,
        window: rule.span,
        period: check.period,
        expected: check.expected,
        actual: check.actual,
        message: check.message,
        link: link ?? null,
      },
    };
    const rows = await outboxRows(
      this.db,
      rule,
      'alert',
      Number(rule.id),
      check.period,
      payload,
      nowMs,
    );
    const fired = await this.db.kysely.transaction().execute(async (trx) => {
      const won = await trx
        .updateTable('notify_alerts')
        .set({ state: 'firing', event_id: eventId, updated_gmt: gmt(nowMs) })
        .where('id', '=', rule.id)
        .where('state', '=', 'normal')
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('notify_events')
        .values({
          id: eventId,
          alert_id: rule.id,
          metric: rule.metric,
          condition: rule.condition,
          span: rule.span,
          period: check.period,
          expected: check.expected,
          actual: check.actual,
          message: check.message,
          note_id: null,
          fired_gmt: gmt(nowMs),
          cleared_gmt: null,
        })
        .execute();
      if (rows.length) await trx.insertInto('notify_outbox').values(rows).execute();
      return true;
    });
    if (!fired) return;
    // The Home inbox note (the inbox notes store), which the user can dismiss.
    const note = await createNote(this.db, {
      name: `storelens-alert-${rule.id}`,
      type: 'warning',
      title: `${label}: alert`,
      content: `<p>${escapeHtml(check.message)}</p><p>Expected: ${escapeHtml(check.expected)}.</p>`,
      source: 'storelens',
      dateCreatedGmt: gmt(nowMs),
      contentData: { alert_id: Number(rule.id), event_id: eventId },
      actions: [
        {
          name: 'view-report',
          label: 'View report',
          query: `admin.php?${new URLSearchParams({ page: 'wc-admin', path: check.reportPath, period: 'custom', compare: 'previous_period', after: check.first, before: check.last }).toString()}`,
          status: 'actioned',
          primary: true,
        },
      ],
    });
    await this.db.kysely
      .updateTable('notify_events')
      .set({ note_id: note.id })
      .where('id', '=', eventId)
      .execute();
  }

  /** Firing → normal: the episode's event is closed. */
  private async clear(rule: NotifyAlertTable, nowMs: number): Promise<void> {
    const done = await this.db.kysely
      .updateTable('notify_alerts')
      .set({ state: 'normal', event_id: null, updated_gmt: gmt(nowMs) })
      .where('id', '=', rule.id)
      .where('state', '=', 'firing')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0 || rule.event_id === null) return;
    await this.db.kysely
      .updateTable('notify_events')
      .set({ cleared_gmt: gmt(nowMs) })
      .where('id', '=', rule.event_id)
      .execute();
  }
}

const slackEscape = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A metric's label (the Overview's). */
export function metricLabel(metric: string): string {
  return performanceIndicators.find((p) => p.stat === metric)?.label ?? metric;
}

/** What one check of a rule found. */
export interface AlertCheck {
  firing: boolean;
  /** The window read: `day:2024-03-04`, `hour:2024-03-04 13`, `since:<gmt>`. */
  period: string;
  first: string;
  last: string;
  expected: string;
  actual: number | null;
  message: string;
  reportPath: string;
}

/** How many weeks back `unusual` looks, and how many of them it needs. */
export const UNUSUAL_WEEKS = 8;
export const UNUSUAL_MIN_WEEKS = 4;

/** The last complete local window before `nowMs` (its bounds), and the one `back` before it. */
function windowAt(span: AlertWindow, nowMs: number, tzName: string, back = 0) {
  const tz = zone(tzName);
  const local = tz.toLocal(gmt(nowMs));
  if (span === 'day') {
    const day = addDays(local.slice(0, 10), -1 - back);
    return { key: `day:${day}`, after: `${day} 00:00:00`, before: `${day} 23:59:59`, day };
  }
  // Local hours, stepped in GMT so a DST change neither skips nor repeats one.
  const thisHourGmt = parseSqlUtc(tz.toGmt(`${local.slice(0, 13)}:00:00`));
  const start = tz.toLocal(gmt(thisHourGmt - 3_600_000 * (1 + back)));
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

/** Checks one rule at `nowMs`; undefined when there is nothing to judge yet. */
export async function evaluateAlert(
  db: Db,
  rule: NotifyAlertTable,
  nowMs: number,
): Promise<AlertCheck | undefined> {
  const settings = await readStoreSettings(db);
  const condition = rule.condition as AlertCondition;
  const metric = rule.metric as AlertMetric;
  const label = metricLabel(metric);
  const money = performanceIndicators.find((p) => p.stat === metric)?.format ?? 'number';
  const fmt = (v: number | null) =>
    formatValue(v, money, settings.currency, settings.currencyPrecision);
  const span = rule.span as AlertWindow;
  const reportPath = `/analytics/${metric.split('/')[0]}`;

  if (condition === 'no_orders') {
    const hours = Number(rule.hours ?? 12);
    const since = gmt(nowMs - hours * 3_600_000);
    const latest = await db.kysely
      .selectFrom('order_stats')
      .select((eb) => eb.fn.max('date_created_gmt').as('last'))
      .where('parent_id', '=', 0)
      .where('status', 'not in', ['failed', 'cancelled', 'trash', 'checkout-draft'])
      .where('date_created_gmt', '<=', gmt(nowMs))
      .executeTakeFirst();
    const last = (latest?.last as string | null | undefined) ?? null;
    const firing = last === null || last < since;
    const local = zone(settings.timezone).toLocal(gmt(nowMs)).slice(0, 10);
    return {
      firing,
      period: `since:${last ?? 'never'}`,
      first: addDays(local, -Math.ceil(hours / 24)),
      last: local,
      expected: `an order at least every ${hours} hours`,
      actual: null,
      message: last
        ? `No orders for ${hours} hours: the last was at ${zone(settings.timezone).toLocal(last)}`
        : `No orders for ${hours} hours`,
      reportPath: '/analytics/orders',
    };
  }

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
        message: `${label} had no previous value`,
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
  const range = expectedRange(history, threshold ?? 3, settings.currencyPrecision, money);
  const firing = actual < range.low || actual > range.high;
  return {
    ...base,
    firing,
    expected: `between ${fmt(range.low)} and ${fmt(range.high)} (the same ${span === 'day' ? 'weekday' : 'weekday and hour'} of the last ${history.length} weeks)`,
    message: `${label} was unusual ${when}: ${fmt(actual)}`,
  };
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
  format: 'currency' | 'number',
): { low: number; high: number; mean: number; deviation: number } {
  const mean = history.reduce((a, v) => a + v, 0) / history.length;
  const variance =
    history.reduce((a, v) => a + (v - mean) ** 2, 0) / Math.max(1, history.length - 1);
  const unit = format === 'currency' ? 10 ** -precision : 1;
  const deviation = Math.max(Math.sqrt(variance), Math.abs(mean) / 10, unit);
  return { low: mean - k * deviation, high: mean + k * deviation, mean, deviation };
}

async function firstOrderGmt(db: Db): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('order_stats')
    .select((eb) => eb.fn.min('date_created_gmt').as('first'))
    .executeTakeFirst();
  return (row?.first as string | null | undefined) ?? null;
}

/**
 * Deletes what belongs to a removed digest or alert: its deliveries, a digest's period
 * claims, an alert's events (ids are reused, as WooCommerce's, so nothing may stay to be
 * taken for a new rule's). Inbox notes an alert left stay until dismissed.
 */
export async function forgetRule(db: Db, source: 'digest' | 'alert', id: number): Promise<void> {
  await db.kysely
    .deleteFrom('notify_outbox')
    .where('source', '=', source)
    .where('source_id', '=', id)
    .execute();
  if (source === 'digest')
    await db.kysely.deleteFrom('notify_periods').where('digest_id', '=', id).execute();
  else await db.kysely.deleteFrom('notify_events').where('alert_id', '=', id).execute();
}
