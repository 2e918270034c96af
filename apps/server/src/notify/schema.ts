/**
 * The tables of digests and alerts (migrations 031 and 032), merged into the store's Kysely schema by
 * declaration merging, so the rest of db/schema.ts stays as it is.
 */
declare module '../db/schema' {
  interface Database {
    notify_digests: NotifyDigestTable;
    notify_periods: NotifyPeriodTable;
    notify_alerts: NotifyAlertTable;
    notify_events: NotifyEventTable;
    notify_outbox: NotifyOutboxTable;
    notify_starters: NotifyStarterTable;
  }
}

/** A digest subscription; `channels` is JSON (StoredChannel[]). */
export interface NotifyDigestTable {
  id: number;
  user_id: number;
  store_wide: number;
  frequency: string;
  hour: number;
  channels: string;
  enabled: number;
  created_gmt: string;
  updated_gmt: string;
}

/** The claim of one digest's period: its primary key lets one process send it. */
export interface NotifyPeriodTable {
  digest_id: number;
  period: string;
  claimed_by: string;
  created_gmt: string;
}

/** An alert rule and its state (`normal` or `firing`, with the open event). */
export interface NotifyAlertTable {
  id: number;
  user_id: number;
  store_wide: number;
  metric: string;
  condition: string;
  threshold: number | null;
  span: string;
  hours: number | null;
  channels: string;
  enabled: number;
  starter: string | null;
  /** no_orders: JSON OpenHours, or null for every hour (migration 032). */
  open_hours: string | null;
  /** unusual: 'up', 'down' or 'both' (null: both). */
  direction: string | null;
  state: string;
  event_id: number | null;
  created_gmt: string;
  updated_gmt: string;
}

/** What an alert said when it fired, and when it cleared. */
export interface NotifyEventTable {
  id: number;
  alert_id: number;
  metric: string;
  condition: string;
  span: string;
  period: string;
  expected: string;
  actual: number | null;
  message: string;
  note_id: number | null;
  fired_gmt: string;
  cleared_gmt: string | null;
}

/** One delivery to one channel: claimed with a lease, retried with backoff. */
export interface NotifyOutboxTable {
  id: number;
  source: string;
  source_id: number;
  period: string;
  channel: string;
  payload: string;
  status: string;
  attempts: number;
  next_try_ms: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
  error: string | null;
  created_gmt: string;
  sent_gmt: string | null;
}

/** A starter rule made once for the administrators; kept when the rule is deleted. */
export interface NotifyStarterTable {
  name: string;
  alert_id: number;
  created_gmt: string;
}
