import {
  type AlertCondition,
  type AlertDirection,
  type AlertMetric,
  type AlertWindow,
  alertConditions,
  alertDirections,
  alertMetrics,
  alertWindows,
  type ChannelInput,
  type ChannelView,
  type DigestFrequency,
  digestFrequencies,
} from '@storelens/api';
import type {
  AlertChanges,
  AlertInput,
  AlertView,
  DigestChanges,
  DigestInput,
  DigestView,
} from '@storelens/data';
import { toStoreDate } from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';

/*
 * The Notifications page's forms as flat values (what the widget library's Form keeps), to and
 * from the API's bodies, and the server's per-parameter messages back onto those fields.
 */

/** The channel fields both forms share: one channel of each type at most. */
export interface ChannelValues {
  [field: string]: string | boolean;
  email: boolean;
  slack: boolean;
  slack_url: string;
  webhook: boolean;
  webhook_url: string;
  webhook_secret: string;
}

/** The digest form's values. */
export interface DigestValues extends ChannelValues {
  frequency: string;
  hour: string;
  enabled: boolean;
  store_wide: boolean;
}

/** The weekday fields of the opening hours (0 Sunday … 6 Saturday). */
export const WEEKDAY_FIELDS = ['day0', 'day1', 'day2', 'day3', 'day4', 'day5', 'day6'] as const;

/** The alert form's values. */
export interface AlertValues extends ChannelValues {
  condition: string;
  metric: string;
  threshold: string;
  window: string;
  /** no_orders: hours without an order; empty: tuned to the store's own order rate. */
  hours: string;
  direction: string;
  /** no_orders: only the opening hours count. */
  open_only: boolean;
  open_from: string;
  open_to: string;
  enabled: boolean;
  store_wide: boolean;
}

export const FREQUENCY_LABELS: Readonly<Record<DigestFrequency, string>> = {
  daily: __('Daily'),
  weekly: __('Weekly'),
  monthly: __('Monthly'),
};

export const METRIC_LABELS: Readonly<Record<AlertMetric, string>> = {
  'revenue/total_sales': __('Total sales'),
  'revenue/net_revenue': __('Net sales'),
  'revenue/gross_sales': __('Gross sales'),
  'revenue/refunds': __('Refunds'),
  'orders/orders_count': __('Orders'),
  'orders/avg_order_value': __('Average order value'),
  'products/items_sold': __('Items sold'),
};

/** Every condition's label; a condition the server adds later is shown by its name. */
const CONDITION_LABELS: Readonly<Record<string, string>> = {
  above: __('Goes above a value'),
  below: __('Goes below a value'),
  change: __('Changes by a percentage'),
  no_orders: __('No orders for some hours'),
  unusual: __('Is unusual for the day and hour'),
  sync_failing: __('The shop connection keeps failing'),
};

export const WINDOW_LABELS: Readonly<Record<AlertWindow, string>> = {
  day: __('The last complete day'),
  hour: __('The last complete hour'),
};

export const DIRECTION_LABELS: Readonly<Record<AlertDirection, string>> = {
  both: __('Above or below the usual'),
  up: __('Only above the usual'),
  down: __('Only below the usual'),
};

export const CHANNEL_LABELS: Readonly<Record<ChannelView['type'], string>> = {
  email: __('E-mail'),
  slack: __('Slack'),
  webhook: __('Webhook'),
};

export const WEEKDAY_LABELS = [
  __('Sunday'),
  __('Monday'),
  __('Tuesday'),
  __('Wednesday'),
  __('Thursday'),
  __('Friday'),
  __('Saturday'),
] as const;

/** The conditions, in the API's order, with their labels. */
export const CONDITIONS: readonly (readonly [AlertCondition, string])[] = alertConditions.map(
  (c) => [c, CONDITION_LABELS[c] ?? c] as const,
);
export const METRICS = alertMetrics;
export const WINDOWS = alertWindows;
export const DIRECTIONS = alertDirections;
export const FREQUENCIES = digestFrequencies;

/** What each condition asks for. */
export function conditionFields(condition: string) {
  const metric = condition !== 'no_orders' && condition !== 'sync_failing';
  return {
    metric,
    window: metric,
    threshold: ['above', 'below', 'change', 'unusual'].includes(condition),
    hours: condition === 'no_orders',
    openHours: condition === 'no_orders',
    direction: condition === 'unusual',
  };
}

/** An hour of the day as "08:00". */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** A GMT date-time of the API (`2026-03-02T08:00:00`) in the store's time zone, or ''. */
export function storeDateTime(gmt: string | null | undefined): string {
  if (!gmt) return '';
  const at = toStoreDate(`${gmt.replace(' ', 'T')}Z`);
  return at.isValid() ? at.format('MMM D, YYYY h:mm A') : gmt;
}

const EMPTY_CHANNELS: ChannelValues = {
  email: false,
  slack: false,
  slack_url: '',
  webhook: false,
  webhook_url: '',
  webhook_secret: '',
};

/** The channel fields of saved channels: URLs and keys are never sent back, so they start empty. */
function channelValues(channels: readonly ChannelView[] | undefined): ChannelValues {
  const types = new Set((channels ?? []).map((c) => c.type));
  return {
    ...EMPTY_CHANNELS,
    email: channels === undefined ? true : types.has('email'),
    slack: types.has('slack'),
    webhook: types.has('webhook'),
  };
}

/** The digest form's starting values: a new digest, or a saved one. */
export function digestValues(digest?: DigestView): DigestValues {
  return {
    ...channelValues(digest?.channels),
    frequency: digest?.frequency ?? 'daily',
    hour: String(digest?.hour ?? 8),
    enabled: digest?.enabled ?? true,
    store_wide: digest?.store_wide ?? false,
  };
}

/** The alert form's starting values: a new rule, or a saved one. */
export function alertValues(alert?: AlertView): AlertValues {
  const open = alert?.open_hours ?? null;
  const days = new Set(open?.days ?? [1, 2, 3, 4, 5]);
  const weekdays = Object.fromEntries(WEEKDAY_FIELDS.map((f, i) => [f, days.has(i)]));
  return {
    ...channelValues(alert?.channels),
    ...weekdays,
    condition: alert?.condition ?? 'no_orders',
    metric: alert?.metric ?? 'orders/orders_count',
    threshold: alert?.threshold === null || alert === undefined ? '' : String(alert.threshold),
    window: alert?.window ?? 'day',
    hours: alert === undefined ? '6' : alert.hours === null ? '' : String(alert.hours),
    direction: alert?.direction ?? 'both',
    open_only: open !== null,
    open_from: String(open?.from ?? 9),
    open_to: String(open?.to ?? 18),
    enabled: alert?.enabled ?? true,
    store_wide: alert?.store_wide ?? false,
  };
}

/** Which form field each channel of a body came from, in the body's order. */
type ChannelField = 'email' | 'slack' | 'webhook';

/** The channels a form's values send, and which field each came from. */
export function channelsOf(v: ChannelValues): { channels: ChannelInput[]; fields: ChannelField[] } {
  const channels: ChannelInput[] = [];
  const fields: ChannelField[] = [];
  if (v.email) {
    channels.push({ type: 'email' });
    fields.push('email');
  }
  if (v.slack) {
    channels.push({ type: 'slack', url: v.slack_url.trim() });
    fields.push('slack');
  }
  if (v.webhook) {
    channels.push({ type: 'webhook', url: v.webhook_url.trim(), secret: v.webhook_secret });
    fields.push('webhook');
  }
  return { channels, fields };
}

/**
 * Whether an edit changes the channels: another set of types, or a URL or key typed. Saved
 * URLs are shown shortened and keys never, so unchanged channels are left out of the update.
 */
export function channelsChanged(v: ChannelValues, saved: readonly ChannelView[]): boolean {
  const before = channelValues(saved);
  return (
    v.email !== before.email ||
    v.slack !== before.slack ||
    v.webhook !== before.webhook ||
    (v.slack && v.slack_url.trim() !== '') ||
    (v.webhook && (v.webhook_url.trim() !== '' || v.webhook_secret !== ''))
  );
}

/** Problems the browser can see before sending: missing URLs and a short signing key. */
export function channelProblems(
  v: ChannelValues,
  options: { required: boolean; saved?: readonly ChannelView[] },
): Partial<Record<keyof ChannelValues, string>> {
  const errors: Partial<Record<keyof ChannelValues, string>> = {};
  const sending = options.saved === undefined || channelsChanged(v, options.saved);
  if (options.required && !v.email && !v.slack && !v.webhook)
    errors.email = __('Choose at least one way to receive it.');
  if (!sending) return errors;
  const again = options.saved !== undefined;
  if (v.slack && !v.slack_url.trim())
    errors.slack_url = again
      ? __('Enter the Slack webhook URL again to change the channels.')
      : __('Enter the Slack incoming-webhook URL.');
  if (v.webhook && !v.webhook_url.trim())
    errors.webhook_url = again
      ? __('Enter the webhook URL again to change the channels.')
      : __('Enter the webhook URL.');
  if (v.webhook && v.webhook_secret.length < 16)
    errors.webhook_secret = __('Use a signing key of at least 16 characters.');
  return errors;
}

/** The body of a new digest. */
export function digestBody(v: DigestValues, admin: boolean): DigestInput {
  return {
    frequency: v.frequency as DigestFrequency,
    hour: Number(v.hour),
    channels: channelsOf(v).channels,
    enabled: v.enabled,
    ...(admin ? { store_wide: v.store_wide } : {}),
  };
}

/** The changes of a saved digest: its fields, and its channels only when they changed. */
export function digestChanges(v: DigestValues, saved: DigestView, admin: boolean): DigestChanges {
  const { channels, ...rest } = digestBody(v, admin);
  return channelsChanged(v, saved.channels) ? { ...rest, channels } : rest;
}

/** What the alert form may not send as it stands. */
export function alertProblems(
  v: AlertValues,
  saved?: AlertView,
): Partial<Record<keyof AlertValues, string>> {
  const need = conditionFields(v.condition);
  const errors: Partial<Record<keyof AlertValues, string>> = {
    ...channelProblems(v, { required: false, ...(saved ? { saved: saved.channels } : {}) }),
  };
  const threshold = v.threshold.trim();
  if (need.threshold && threshold !== '' && !Number.isFinite(Number(threshold)))
    errors.threshold = __('Enter a number.');
  else if (need.threshold && threshold === '' && v.condition !== 'unusual')
    errors.threshold = __('Enter a value.');
  if (need.hours && v.hours.trim() !== '') {
    const hours = Number(v.hours);
    if (!Number.isInteger(hours) || hours < 1 || hours > 720)
      errors.hours = __('Enter whole hours from 1 to 720, or leave it empty.');
  }
  if (need.openHours && v.open_only) {
    if (!WEEKDAY_FIELDS.some((f) => v[f] === true)) errors.day0 = __('Choose at least one day.');
    if (Number(v.open_to) <= Number(v.open_from))
      errors.open_to = __('Closing time must be after opening time.');
  }
  return errors;
}

/** The body of an alert rule: the fields its condition takes (others are left out). */
export function alertBody(v: AlertValues, admin: boolean): AlertInput {
  const need = conditionFields(v.condition);
  const threshold = v.threshold.trim();
  const body: AlertInput = { condition: v.condition as AlertCondition, enabled: v.enabled };
  if (need.metric) body.metric = v.metric as AlertMetric;
  if (need.window) body.window = v.window as AlertWindow;
  if (need.threshold && threshold !== '') body.threshold = Number(threshold);
  if (need.hours) body.hours = v.hours.trim() === '' ? null : Number(v.hours);
  if (need.openHours)
    body.open_hours = v.open_only
      ? {
          days: WEEKDAY_FIELDS.flatMap((f, i) => (v[f] === true ? [i] : [])),
          from: Number(v.open_from),
          to: Number(v.open_to),
        }
      : null;
  if (need.direction) body.direction = v.direction as AlertDirection;
  body.channels = channelsOf(v).channels;
  if (admin) body.store_wide = v.store_wide;
  return body;
}

/** The changes of a saved alert rule: its fields, and its channels only when they changed. */
export function alertChanges(v: AlertValues, saved: AlertView, admin: boolean): AlertChanges {
  const { channels, ...rest } = alertBody(v, admin);
  return channelsChanged(v, saved.channels) ? { ...rest, channels } : rest;
}

/**
 * The server's per-parameter messages (`channels[1].url`, `open_hours.to`, `threshold`) on the
 * form's fields; those no field shows are returned apart, for a message above the form.
 */
export function fieldsOfParams<V extends ChannelValues>(
  params: Readonly<Record<string, string>>,
  values: V,
): { fields: Partial<Record<keyof V & string, string>>; other: string[] } {
  const { fields: order } = channelsOf(values);
  const fields: Partial<Record<string, string>> = {};
  const other: string[] = [];
  for (const [param, message] of Object.entries(params)) {
    const channel = /^channels\[(\d+)\](?:\.(url|secret))?$/.exec(param);
    let field: string | undefined;
    if (channel) {
      const type = order[Number(channel[1])];
      field = type === undefined ? undefined : channel[2] ? `${type}_${channel[2]}` : type;
    } else if (param === 'channels') field = 'email';
    else if (param === 'open_hours.to') field = 'open_to';
    else if (param === 'open_hours.from') field = 'open_from';
    else if (param === 'open_hours' || param === 'open_hours.days')
      field = 'open_only' in values ? 'open_only' : undefined;
    else if (param in values) field = param;
    if (field !== undefined && field in values && fields[field] === undefined)
      fields[field] = message;
    else other.push(message);
  }
  return { fields: fields as Partial<Record<keyof V & string, string>>, other };
}

/** The channels of a rule as text: "E-mail, Slack (https://hooks.slack.com/…abcd)". */
export function channelsText(channels: readonly ChannelView[]): string {
  if (channels.length === 0) return __('No channel: shown in the inbox only');
  return channels
    .map((c) => (c.url ? `${CHANNEL_LABELS[c.type]} (${c.url})` : CHANNEL_LABELS[c.type]))
    .join(', ');
}

/** A digest in a few words: "Daily at 08:00". */
export function digestTitle(d: Pick<DigestView, 'frequency' | 'hour'>): string {
  return sprintf(__('%1$s digest at %2$s'), FREQUENCY_LABELS[d.frequency], hourLabel(d.hour));
}

/** An alert rule in a few words: "Orders goes above 100 (last complete day)". */
export function alertTitle(a: AlertView): string {
  const metric = METRIC_LABELS[a.metric];
  const per = a.window === 'hour' ? __('per hour') : __('per day');
  switch (a.condition) {
    case 'above':
      return sprintf(__('%1$s above %2$s %3$s'), metric, String(a.threshold), per);
    case 'below':
      return sprintf(__('%1$s below %2$s %3$s'), metric, String(a.threshold), per);
    case 'change':
      return sprintf(__('%1$s changes by %2$s%% %3$s'), metric, String(a.threshold), per);
    case 'unusual':
      return sprintf(__('Unusual %1$s %2$s'), metric.toLowerCase(), per);
    case 'no_orders':
      return a.hours === null
        ? __('No orders for longer than usual')
        : sprintf(__('No orders for %d hours'), a.hours);
    default:
      return CONDITION_LABELS[a.condition] ?? a.condition;
  }
}
