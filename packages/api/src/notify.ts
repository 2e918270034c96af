import type { Static } from 'typebox';
import { Type } from 'typebox';
import { AdminBool, Closed, literalUnion, orNull, PositiveId } from './admin-common';

/*
 * Digests and alerts: `storelens/v1/digests`, `storelens/v1/alerts`,
 * `storelens/v1/alerts/events` and `storelens/v1/notifications/deliveries` (docs/api.md,
 * "Digests and alerts").
 */

/** How often a digest is sent; each covers the last complete period. */
export const digestFrequencies = ['daily', 'weekly', 'monthly'] as const;
/** One digest frequency. */
export type DigestFrequency = (typeof digestFrequencies)[number];

/** Where a digest or alert goes. */
export const channelTypes = ['email', 'slack', 'webhook'] as const;
/** One channel type. */
export type ChannelType = (typeof channelTypes)[number];

/** Alert conditions. */
export const alertConditions = [
  'above',
  'below',
  'change',
  'no_orders',
  'unusual',
  'sync_failing',
] as const;
/** One alert condition. */
export type AlertCondition = (typeof alertConditions)[number];

/** The metrics an alert can watch (performance indicators of the Overview). */
export const alertMetrics = [
  'revenue/total_sales',
  'revenue/net_revenue',
  'revenue/gross_sales',
  'revenue/refunds',
  'orders/orders_count',
  'orders/avg_order_value',
  'products/items_sold',
] as const;
/** One alert metric. */
export type AlertMetric = (typeof alertMetrics)[number];

/** The window an alert reads: the last complete hour or day, in the store's time zone. */
export const alertWindows = ['hour', 'day'] as const;
/** One alert window. */
export type AlertWindow = (typeof alertWindows)[number];

/** Which side of the expected range an `unusual` rule fires on: above it, below it, either. */
export const alertDirections = ['up', 'down', 'both'] as const;
/** One `unusual` direction. */
export type AlertDirection = (typeof alertDirections)[number];

/** The starter rules made for administrators (`starter` of a rule made by Storelens). */
export const alertStarters = ['no_orders', 'refunds_unusual', 'sync_failing'] as const;
/** One starter rule. */
export type AlertStarter = (typeof alertStarters)[number];

/**
 * A `no_orders` rule's opening hours in the store's time zone: the weekdays (0 Sunday … 6
 * Saturday) and the hours from `from` (0-23) to `to` (1-24, after `from`); only open time
 * counts toward the rule's hours without an order.
 */
export const OpenHours = Type.Object(
  {
    days: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
    }),
    from: Type.Integer({ minimum: 0, maximum: 23 }),
    to: Type.Integer({ minimum: 1, maximum: 24 }),
  },
  { additionalProperties: false },
);
/** A rule's opening hours. */
export type OpenHours = Static<typeof OpenHours>;

/**
 * One channel as sent: `{type: 'email'}` (to the owner; a store-wide one to every
 * administrator), `{type: 'slack', url}` (an incoming-webhook URL) or
 * `{type: 'webhook', url, secret}` (a JSON POST signed with the secret). The combinations are
 * checked by the server, which names the channel that is wrong.
 */
export const ChannelInput = Type.Object(
  {
    type: literalUnion(channelTypes),
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    secret: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
/** One channel as sent. */
export type ChannelInput = Static<typeof ChannelInput>;

const Channels = Type.Array(ChannelInput, { minItems: 1, maxItems: 10 });

/** `POST storelens/v1/digests`. */
export const DigestCreateBody = Type.Object(
  {
    frequency: literalUnion(digestFrequencies),
    hour: Type.Integer({ minimum: 0, maximum: 23 }),
    channels: Channels,
    store_wide: Type.Optional(AdminBool),
    enabled: Type.Optional(AdminBool),
  },
  { additionalProperties: false },
);
/** `PUT storelens/v1/digests/{id}`: any of the fields. */
export const DigestUpdateBody = Type.Partial(DigestCreateBody, { additionalProperties: false });

/** `{id}` in a digest's or alert's path. */
export const NotifyIdParams = Type.Object({ id: PositiveId });

/**
 * A channel as answered: slack and webhook URLs are shown shortened (an incoming-webhook URL
 * is a credential), the webhook's signing key never (`signed` says one is kept).
 */
export const ChannelView = Closed({
  type: literalUnion(channelTypes),
  url: Type.Optional(Type.String()),
  signed: Type.Optional(Type.Boolean()),
});
/** A channel as answered. */
export type ChannelView = Static<typeof ChannelView>;

/** The last delivery of a digest or alert, when there was one. */
export const LastDelivery = orNull(
  Closed({
    status: Type.String(),
    period: Type.String(),
    at_gmt: orNull(Type.String()),
    error: orNull(Type.String()),
  }),
);

/** A digest as answered. */
export const DigestView = Closed({
  id: Type.Integer(),
  user_id: Type.Integer(),
  store_wide: Type.Boolean(),
  frequency: literalUnion(digestFrequencies),
  hour: Type.Integer(),
  enabled: Type.Boolean(),
  channels: Type.Array(ChannelView),
  date_created_gmt: Type.String(),
  last_delivery: LastDelivery,
});
/** A digest as answered. */
export type DigestView = Static<typeof DigestView>;

/** `GET storelens/v1/digests`. */
export const DigestsResponse = Type.Array(DigestView);

/** The answer of `POST …/{id}/send`: what each channel did. */
export const SendNowResponse = Closed({
  id: Type.Integer(),
  period: Type.String(),
  deliveries: Type.Array(
    Closed({
      channel: literalUnion(channelTypes),
      status: literalUnion(['sent', 'failed', 'skipped'] as const),
      error: orNull(Type.String()),
    }),
  ),
});
/** The answer of `POST …/{id}/send`. */
export type SendNowResponse = Static<typeof SendNowResponse>;

/**
 * `GET` / `POST storelens/v1/digests/{id}/unsubscribe?token=…` asked for JSON (`Accept:
 * application/json`; a browser gets a small page): the digest the signed link names, and
 * whether it is still on (a POST turns it off).
 */
export const UnsubscribeResponse = Closed({
  id: Type.Integer(),
  frequency: literalUnion(digestFrequencies),
  enabled: Type.Boolean(),
});
/** The JSON answer of an unsubscribe link. */
export type UnsubscribeResponse = Static<typeof UnsubscribeResponse>;

/** `DELETE storelens/v1/digests/{id}` and `…/alerts/{id}`. */
export const NotifyDeletedResponse = Closed({ deleted: Type.Boolean(), id: Type.Integer() });

/** `POST storelens/v1/alerts`. */
export const AlertCreateBody = Type.Object(
  {
    metric: Type.Optional(literalUnion(alertMetrics)),
    condition: literalUnion(alertConditions),
    /** above/below: the value; change: percent (either way); unusual: deviations (3). */
    threshold: Type.Optional(Type.Number({ minimum: -1e12, maximum: 1e12 })),
    /** The window read: `day` (default) or `hour`. */
    window: Type.Optional(literalUnion(alertWindows)),
    /**
     * no_orders: how many (open) hours without an order; `null`: tuned to the store's own
     * order rate (docs/api.md, "Digests and alerts").
     */
    hours: Type.Optional(orNull(Type.Integer({ minimum: 1, maximum: 720 }))),
    /** no_orders: the hours that count (`null`: every hour). */
    open_hours: Type.Optional(orNull(OpenHours)),
    /** unusual: fire above the expected range, below it, or either (default). */
    direction: Type.Optional(literalUnion(alertDirections)),
    channels: Type.Optional(Type.Array(ChannelInput, { maxItems: 10 })),
    store_wide: Type.Optional(AdminBool),
    enabled: Type.Optional(AdminBool),
  },
  { additionalProperties: false },
);
/** `PUT storelens/v1/alerts/{id}`. */
export const AlertUpdateBody = Type.Partial(AlertCreateBody, { additionalProperties: false });

/** An alert rule as answered. */
export const AlertView = Closed({
  id: Type.Integer(),
  user_id: Type.Integer(),
  store_wide: Type.Boolean(),
  metric: literalUnion(alertMetrics),
  condition: literalUnion(alertConditions),
  threshold: orNull(Type.Number()),
  window: literalUnion(alertWindows),
  hours: orNull(Type.Integer()),
  open_hours: orNull(OpenHours),
  direction: literalUnion(alertDirections),
  enabled: Type.Boolean(),
  channels: Type.Array(ChannelView),
  state: literalUnion(['normal', 'firing'] as const),
  /** The starter rule this is (made by Storelens for administrators), or null. */
  starter: orNull(literalUnion(alertStarters)),
  date_created_gmt: Type.String(),
});
/** An alert rule as answered. */
export type AlertView = Static<typeof AlertView>;

/** `GET storelens/v1/alerts`. */
export const AlertsResponse = Type.Array(AlertView);

/** One thing an alert said: fired (and when it cleared). */
export const AlertEventView = Closed({
  id: Type.Integer(),
  alert_id: Type.Integer(),
  metric: Type.String(),
  condition: Type.String(),
  window: Type.String(),
  period: Type.String(),
  expected: Type.String(),
  actual: orNull(Type.Number()),
  message: Type.String(),
  note_id: orNull(Type.Integer()),
  date_fired_gmt: Type.String(),
  date_cleared_gmt: orNull(Type.String()),
});
/** `GET storelens/v1/alerts/events`. */
export const AlertEventsResponse = Type.Array(AlertEventView);
/** One alert event as answered. */
export type AlertEventView = Static<typeof AlertEventView>;

/** `GET storelens/v1/notifications/deliveries`: what was sent and what failed. */
export const DeliveryView = Closed({
  id: Type.Integer(),
  source: literalUnion(['digest', 'alert'] as const),
  source_id: Type.Integer(),
  period: Type.String(),
  channel: literalUnion(channelTypes),
  status: literalUnion(['pending', 'sent', 'failed'] as const),
  attempts: Type.Integer(),
  error: orNull(Type.String()),
  date_created_gmt: Type.String(),
  date_sent_gmt: orNull(Type.String()),
});
/** The deliveries list. */
export const DeliveriesResponse = Type.Array(DeliveryView);
/** One delivery as answered. */
export type DeliveryView = Static<typeof DeliveryView>;

/** Paging of the event and delivery lists. */
export const NotifyListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
