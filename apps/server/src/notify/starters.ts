import type { AlertStarter } from '@storelens/api';
import type { Db } from '../db/database';
import { formatSqlUtc } from '../timezone';
import type { StoredChannel } from './channels';
import type { NotifyAlertTable } from './schema';

/*
 * The starter rules (docs/api.md, "Starter rules"): three store-wide rules Storelens makes for
 * the administrators the first time the notifier checks alerts while an active administrator
 * exists, on by default. Each is made once: a row of `notify_starters` claims it (its primary
 * key refuses a second process, and the row stays when the rule is deleted, so a rule the
 * administrators deleted is not made again).
 */

type StarterRule = Pick<
  NotifyAlertTable,
  'metric' | 'condition' | 'threshold' | 'span' | 'hours' | 'open_hours' | 'direction'
>;

/** The starter rules, by name (`starter` of the rule). */
export const STARTER_RULES: Record<AlertStarter, StarterRule> = {
  // No orders for a gap tuned to the store's own order rate (`hours: null`, rules.ts):
  // 12 hours, or longer where the store's usual gaps are longer.
  no_orders: {
    metric: 'orders/orders_count',
    condition: 'no_orders',
    threshold: null,
    span: 'day',
    hours: null,
    open_hours: null,
    direction: null,
  },
  // Refunds of a day above the range of the same weekday over the last 8 weeks.
  refunds_unusual: {
    metric: 'revenue/refunds',
    condition: 'unusual',
    threshold: 3,
    span: 'day',
    hours: null,
    open_hours: null,
    direction: 'up',
  },
  // A connected shop whose sync keeps failing.
  sync_failing: {
    metric: 'orders/orders_count',
    condition: 'sync_failing',
    threshold: null,
    span: 'day',
    hours: null,
    open_hours: null,
    direction: null,
  },
};

/**
 * Makes each starter rule not made yet, store-wide (every administrator sees it and gets its
 * e-mail), owned by the first active administrator; none while there is no administrator.
 * Channels: e-mail when `SMTP_URL` is set when it is made, else none (the Home inbox note
 * only). Returns how many it made.
 */
export async function ensureStarterAlerts(
  db: Db,
  options: { smtpUrl: () => string | undefined; nowMs: number },
): Promise<number> {
  const made = new Set(
    (await db.kysely.selectFrom('notify_starters').select('name').execute()).map((r) => r.name),
  );
  const missing = (Object.keys(STARTER_RULES) as AlertStarter[]).filter((n) => !made.has(n));
  if (missing.length === 0) return 0;
  const admin = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'administrator')
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) return 0;
  const channels: StoredChannel[] = options.smtpUrl() ? [{ type: 'email' }] : [];
  const now = formatSqlUtc(options.nowMs);
  let count = 0;
  for (const name of missing) {
    try {
      const created = await db.kysely.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('notify_alerts')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst();
        const id = Number(last?.max ?? 0) + 1;
        // The claim first: another process holding it makes this one wait, then do nothing.
        const claim = await trx
          .insertInto('notify_starters')
          .values({ name, alert_id: id, created_gmt: now })
          .onConflict((oc) => oc.column('name').doNothing())
          .returning('name')
          .execute();
        if (claim.length === 0) return false;
        await trx
          .insertInto('notify_alerts')
          .values({
            id,
            user_id: Number(admin.id),
            store_wide: 1,
            ...STARTER_RULES[name],
            channels: JSON.stringify(channels),
            enabled: 1,
            starter: name,
            state: 'normal',
            event_id: null,
            created_gmt: now,
            updated_gmt: now,
          })
          .execute();
        return true;
      });
      if (created) count++;
    } catch {
      // A rule made at the same moment took the id: the claim was rolled back with it, and
      // the next check makes the starter rule.
    }
  }
  return count;
}
