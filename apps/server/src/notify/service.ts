import type { DigestFrequency } from '@storelens/api';
import { createNote } from '../admin/notes';
import { escapeHtml } from '../analytics/paging';
import { can, isRole } from '../auth/roles';
import type { Db } from '../db/database';
import { newOwner } from '../db/lease';
import { newRowId } from '../db/row-ids';
import { readStoreSettings } from '../options';
import { formatSqlUtc, parseSqlUtc, zone } from '../timezone';
import { deliver, type OutboxChannel, type OutboxPayload, type StoredChannel } from './channels';
import { digestContent, renderDigest, reportLink } from './content';
import { latestCompletePeriod, latestDuePeriod, type Period } from './periods';
import { type AlertCheck, evaluateAlert, metricLabel } from './rules';
import type { NotifyAlertTable, NotifyDigestTable } from './schema';
import { ensureStarterAlerts } from './starters';
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
  /**
   * Whether the starter rules are made for the administrators (starters.ts); on unless
   * `STORELENS_STARTER_ALERTS=off`.
   */
  starterAlerts?: () => boolean;
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

  /** Checks every enabled rule at the clock's time (after making the starter rules). */
  async checkAlerts(): Promise<void> {
    if (this.options.starterAlerts?.() ?? true)
      await ensureStarterAlerts(this.db, { smtpUrl: this.options.smtpUrl, nowMs: this.now() });
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
      else if (!check.firing && rule.state === 'firing') await this.clear(rule, check, nowMs);
    }
  }

  /** The link to the rule's report on the check's dates, when there is a public URL. */
  private link(check: AlertCheck): string | undefined {
    const publicUrl = this.options.publicUrl();
    return publicUrl ? reportLink(publicUrl, check.reportPath, check.first, check.last) : undefined;
  }

  /** Normal → firing, by one process: the event, its note and its deliveries. */
  private async fire(rule: NotifyAlertTable, check: AlertCheck, nowMs: number): Promise<void> {
    const eventId = newRowId();
    const payload = alertPayload('fired', rule, check, eventId, this.link(check));
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
      title: alertTitle(rule, 'fired'),
      content: noteContent('fired', check),
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

  /**
   * Firing → normal, by one process: the episode's event is closed, a "back to normal"
   * message goes to the same channels, and the episode's inbox note, unless dismissed, says so.
   */
  private async clear(rule: NotifyAlertTable, check: AlertCheck, nowMs: number): Promise<void> {
    const eventId = rule.event_id === null ? null : Number(rule.event_id);
    const payload = alertPayload('cleared', rule, check, eventId, this.link(check));
    const rows = await outboxRows(
      this.db,
      rule,
      'alert',
      Number(rule.id),
      `cleared:${check.period}`.slice(0, 40),
      payload,
      nowMs,
    );
    const cleared = await this.db.kysely.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('notify_alerts')
        .set({ state: 'normal', event_id: null, updated_gmt: gmt(nowMs) })
        .where('id', '=', rule.id)
        .where('state', '=', 'firing')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return false;
      if (eventId !== null)
        await trx
          .updateTable('notify_events')
          .set({ cleared_gmt: gmt(nowMs) })
          .where('id', '=', eventId)
          .execute();
      if (rows.length) await trx.insertInto('notify_outbox').values(rows).execute();
      return true;
    });
    if (!cleared || eventId === null) return;
    const event = await this.db.kysely
      .selectFrom('notify_events')
      .select(['note_id', 'message', 'expected'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event || event.note_id === null) return;
    // A note the user dismissed stays dismissed; one still in the inbox turns to "back to normal".
    await this.db.kysely
      .updateTable('admin_notes')
      .set({
        type: 'info',
        title: alertTitle(rule, 'cleared'),
        content: `${noteContent('cleared', check)}${noteContent('fired', event, 'Earlier')}`,
      })
      .where('id', '=', Number(event.note_id))
      .where('is_deleted', '=', 0)
      .execute();
  }
}

const slackEscape = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** What a rule watches, as a title says it. */
function ruleSubject(rule: { condition: string; metric: string }): string {
  if (rule.condition === 'no_orders') return 'No orders';
  if (rule.condition === 'sync_failing') return 'Shop sync';
  return metricLabel(rule.metric);
}

/** The inbox note's title and the message's subject: "Orders: alert", "Orders: back to normal". */
function alertTitle(rule: { condition: string; metric: string }, kind: 'fired' | 'cleared') {
  return `${ruleSubject(rule)}: ${kind === 'fired' ? 'alert' : 'back to normal'}`;
}

/** The note's paragraphs: what happened and what was expected. */
function noteContent(
  kind: 'fired' | 'cleared',
  check: { message: string; expected: string },
  lead?: string,
): string {
  const said = kind === 'cleared' ? `Back to normal: ${check.message}` : check.message;
  return `<p>${lead ? `${escapeHtml(lead)}: ` : ''}${escapeHtml(said)}</p><p>Expected: ${escapeHtml(check.expected)}.</p>`;
}

/**
 * An alert's message for every channel: the firing one, or the "back to normal" one that
 * closes the episode (`event` `alert_cleared`, the episode's `event_id`).
 */
export function alertPayload(
  kind: 'fired' | 'cleared',
  rule: NotifyAlertTable,
  check: AlertCheck,
  eventId: number | null,
  link: string | undefined,
): OutboxPayload {
  const said = kind === 'cleared' ? `Back to normal: ${check.message}` : check.message;
  const subject = `${kind === 'cleared' ? 'Back to normal' : 'Alert'}: ${check.message}`;
  return {
    event: kind === 'cleared' ? 'alert_cleared' : 'alert',
    subject,
    text: `${said}\nExpected: ${check.expected}.\n${link ? `Report: ${link}` : '(Set STORELENS_PUBLIC_URL to get a link to the report.)'}`,
    html: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>${escapeHtml(subject)}</title></head><body><p><strong>${escapeHtml(said)}</strong></p><p>Expected: ${escapeHtml(check.expected)}.</p>${link ? `<p><a href="${escapeHtml(link)}">Open the report</a></p>` : ''}</body></html>`,
    slack: {
      text: slackEscape(subject),
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: `*${slackEscape(said)}*\nExpected: ${slackEscape(check.expected)}.${link ? `\n<${link}|Open the report>` : ''}`,
          },
        },
      ],
    },
    json: {
      type: kind === 'cleared' ? 'alert_cleared' : 'alert',
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
