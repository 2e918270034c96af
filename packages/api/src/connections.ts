/**
 * Connections to live WooCommerce shops (`/wp-json/storelens/v1/connections`): the answers'
 * schemas. The consumer key, consumer secret and webhook secret never leave the server, so
 * none of them is a property here.
 */
import { type Static, Type } from 'typebox';
import { Closed, literalUnion, orNull } from './admin-common';

/** A connection's states: importing, checking for changes, in sync, paused, failing. */
export const connectionStatuses = ['importing', 'syncing', 'idle', 'paused', 'error'] as const;

/** A connection as the API answers it (`GET /storelens/v1/connections/{id}`). */
export const ConnectionView = Closed({
  id: Type.Integer(),
  url: Type.String(),
  status: literalUnion(connectionStatuses),
  store: Closed({
    name: Type.String(),
    wc_version: Type.String(),
    currency: Type.String(),
    timezone: Type.String(),
  }),
  read_only: Type.Boolean(),
  /** Per resource the import reads: records read so far and the shop's total. */
  progress: Type.Record(Type.String(), Closed({ done: Type.Integer(), total: Type.Integer() })),
  /** Seconds the import still needs at its rate so far; null when not importing. */
  estimate_seconds: orNull(Type.Integer()),
  webhooks: Type.Array(Closed({ topic: Type.String(), status: Type.String() })),
  last_change_gmt: orNull(Type.String()),
  last_reconciled_gmt: orNull(Type.String()),
  /** The latest errors, newest first (at most 20). */
  errors: Type.Array(
    Closed({
      id: Type.Integer(),
      time_gmt: Type.String(),
      message: Type.String(),
      retry: Type.String(),
    }),
  ),
});
/** A connection as the API answers it. */
export type ConnectionView = Static<typeof ConnectionView>;

/** `GET /storelens/v1/connections`. */
export const ConnectionsResponse = Type.Array(ConnectionView);
/** The connections list. */
export type ConnectionsResponse = Static<typeof ConnectionsResponse>;

/** `DELETE /storelens/v1/connections/{id}`: the connection as it was, and webhook removals that failed. */
export const DisconnectResponse = Closed({
  deleted: Type.Literal(true),
  previous: ConnectionView,
  webhook_errors: Type.Array(Type.String()),
});
/** The disconnect answer. */
export type DisconnectResponse = Static<typeof DisconnectResponse>;

/** `POST /storelens/v1/webhooks/woocommerce/{id}`: a ping's pong, an ignored topic, or a delivery taken. */
export const WebhookDeliveryResponse = Type.Union([
  Closed({ pong: Type.Literal(true) }),
  Closed({ ignored: Type.Literal(true) }),
  Closed({ accepted: Type.Boolean(), duplicate: Type.Boolean() }),
]);
