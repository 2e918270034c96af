import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookDeliveryResponse } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { requires } from '../auth/capability';
import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import { isDatabaseClosed, isDatabaseUnavailable } from '../db/faults';
import { forgetOwner, Lease } from '../db/lease';
import { ApiError } from '../errors';
import { jobLeaseMs, newOwner } from '../jobs/runner';
import { answers } from '../wp-conventions';
import type { ClientOptions } from './client';
import { clientOf } from './jobs';
import { fetchRefunds, localWriter, type RecordWriter } from './records';
import { type ConnectionTable, logError, readConnection, updateConnection } from './tables';
import type { WcCoupon, WcCustomer, WcOrder, WcProduct } from './wc-types';

/** WooCommerce's signature: base64 HMAC-SHA256 of the raw body under the webhook's secret. */
export function webhookSignature(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Compares a delivered signature with the expected one in constant time. */
export function signatureMatches(body: Buffer, secret: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(webhookSignature(body, secret));
  const actual = Buffer.from(given.trim());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const MAX_TRIES = 5;

/**
 * Applies stored deliveries in the background, one at a time per server: the receiver only
 * stores them (so the shop gets its answer at once), and a delivery that fails (the shop
 * unreachable while its refunds are read) is tried again, up to five times.
 */
export class DeliveryQueue {
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  /** Deliveries are applied by one process at a time, in the order they were received. */
  private readonly lease: Lease;

  constructor(
    private readonly db: Db,
    private readonly client: ClientOptions = {},
    private readonly writer: RecordWriter = localWriter(db),
  ) {
    this.lease = new Lease(db, 'webhook-deliveries', newOwner(true), jobLeaseMs());
  }

  /** Starts draining unless it runs; a kick during a drain makes it look once more. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    // Never rejects: callers fire and forget, and a rejection nobody awaits ends the process
    // (a lost database); the deliveries stay stored and the next kick applies them.
    this.running = this.drain()
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) console.error(error);
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Waits for the drain in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
    forgetOwner(this.lease.owner);
  }

  /** Applies what is pending, unless another process is doing so (its queue has them too). */
  private async drain(): Promise<void> {
    try {
      if (!(await this.lease.acquire())) return;
    } catch (error) {
      // A database unreachable or closed: the next kick tries again.
      if (isDatabaseUnavailable(error) || isDatabaseClosed(error)) return;
      throw error;
    }
    try {
      await this.drainHeld();
    } finally {
      await this.lease.release().catch(() => {
        // A database gone: the lease lapses by itself.
      });
    }
  }

  private async drainHeld(): Promise<void> {
    do {
      this.again = false;
      const pending = await this.db.kysely
        .selectFrom('connection_deliveries')
        .selectAll()
        .where('applied', '=', 0)
        .orderBy('received_gmt')
        .limit(50)
        .execute();
      for (const d of pending) {
        if (this.closed) return;
        const connectionId = Number(d.connection_id);
        const c = await readConnection(this.db, connectionId);
        const mark = (values: { applied?: number; tries?: number; body?: string }) =>
          this.db.kysely
            .updateTable('connection_deliveries')
            .set(values)
            .where('connection_id', '=', connectionId)
            .where('delivery_id', '=', d.delivery_id)
            .execute();
        if (!c) {
          await mark({ applied: -1 });
          continue;
        }
        try {
          await applyDelivery(this.db, c, d.topic, JSON.parse(d.body), this.client, this.writer);
          await mark({ applied: 1, body: '' });
          await updateConnection(this.db, c.id, { last_change_gmt: nowGmt() });
        } catch (error) {
          const tries = Number(d.tries) + 1;
          const last = tries >= MAX_TRIES;
          await mark({ tries, applied: last ? -1 : 0 });
          await logError(
            this.db,
            c.id,
            `webhook ${d.topic}: ${(error as Error).message}`,
            last
              ? 'given up: the next reconciliation brings the change'
              : `tried ${tries} of ${MAX_TRIES} times`,
          );
        }
      }
      if (pending.length === 50) this.again = true;
    } while (this.again && !this.closed);
  }
}

/**
 * What one delivered topic does to the store. The shop is read here (refunds, variations);
 * the writes go to `writer` (the worker thread's, in the server).
 */
export async function applyDelivery(
  db: Db,
  c: ConnectionTable,
  topic: string,
  payload: unknown,
  options: ClientOptions = {},
  writer: RecordWriter = localWriter(db),
): Promise<void> {
  const [resource, event] = topic.split('.');
  const record = payload as { id?: unknown };
  const id = Number(record?.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error('the delivery names no record id');
  if (resource === 'order') {
    if (event === 'deleted') return writer.removeOrders([id], nowGmt());
    const order = payload as WcOrder;
    const client = clientOf(db, c, options);
    await writer.applyOrders([order], await fetchRefunds(client, [order]));
    return;
  }
  if (resource === 'product') {
    if (event === 'deleted') return writer.trashProducts([id]);
    const product = payload as WcProduct;
    await writer.upsertProducts([product]);
    if (product.type === 'variable') {
      const client = clientOf(db, c, options);
      await writer.upsertProducts(await client.all<WcProduct>(`products/${id}/variations`), id);
    }
    return;
  }
  // Deleted customers and coupons stay: past orders still name them.
  if (resource === 'customer' && event !== 'deleted')
    return writer.upsertCustomers([payload as WcCustomer]);
  if (resource === 'coupon' && event !== 'deleted')
    return writer.upsertCoupons([payload as WcCoupon]);
}

/**
 * The receiver, `POST /wp-json/storelens/v1/webhooks/woocommerce/{id}`: public, but a
 * delivery must carry the connection's signature. WooCommerce's ping (a form post
 * `webhook_id=…` sent when a webhook is saved) is answered without being stored.
 */
export function webhookRoutes(app: FastifyInstance, db: Db, queue: DeliveryQueue) {
  app.register(async (scope) => {
    // The signature covers the raw bytes: keep them, for every content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 5 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post<{ Params: { id: string } }>(
      '/wp-json/storelens/v1/webhooks/woocommerce/:id',
      // Anonymous (WooCommerce calls it server-to-server, without cookie): the signature is
      // its check.
      { ...requires('public'), ...answers(WebhookDeliveryResponse, 200, 202) },
      async (request, reply) => {
        const id = Number(request.params.id);
        const c = Number.isSafeInteger(id) && id > 0 ? await readConnection(db, id) : undefined;
        if (!c) throw new ApiError('storelens_connection_not_found', 'No such connection.', 404);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = (name: string) => {
          const v = request.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const signature = header('x-wc-webhook-signature');
        if (!signature && /^webhook_id=\d+$/.test(body.toString('utf8').trim()))
          return reply.status(200).send({ pong: true });
        if (!signatureMatches(body, c.webhook_secret, signature))
          throw new ApiError(
            'storelens_webhook_bad_signature',
            'The delivery has no valid X-WC-Webhook-Signature for this connection.',
            401,
          );
        const topic = header('x-wc-webhook-topic') ?? '';
        if (!/^(order|product|customer|coupon|action)\.[a-z_]+$/.test(topic))
          throw new ApiError('storelens_webhook_bad_topic', `Unknown topic "${topic}".`, 400, {
            'x-wc-webhook-topic': 'not a topic Storelens reads',
          });
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          throw new ApiError('rest_invalid_json', 'The delivery is not JSON.', 400);
        }
        const recordId = Number((payload as { id?: unknown } | null)?.id);
        if (topic.startsWith('action.')) return reply.status(200).send({ ignored: true });
        if (
          !payload ||
          typeof payload !== 'object' ||
          !Number.isSafeInteger(recordId) ||
          recordId <= 0
        )
          throw new ApiError(
            'storelens_webhook_malformed',
            'The delivery names no record id.',
            400,
            {
              id: 'missing',
            },
          );
        // WooCommerce numbers its deliveries; a replay brings the same number and is dropped.
        // Without one, the body's digest stands in for it (the same body is the same change).
        const deliveryId =
          header('x-wc-webhook-delivery-id') ||
          `sha-${webhookSignature(body, 'delivery').slice(0, 40)}`;
        const inserted = await db.kysely
          .insertInto('connection_deliveries')
          .values({
            connection_id: c.id,
            delivery_id: deliveryId.slice(0, 64),
            topic,
            body: body.toString('utf8'),
            received_gmt: nowGmt(),
            applied: 0,
            tries: 0,
          })
          .onConflict((oc) => oc.columns(['connection_id', 'delivery_id']).doNothing())
          .executeTakeFirst();
        const fresh = Number(inserted.numInsertedOrUpdatedRows ?? 1n) > 0;
        if (fresh) void queue.kick();
        return reply.status(fresh ? 202 : 200).send({ accepted: fresh, duplicate: !fresh });
      },
    );
  });
}
