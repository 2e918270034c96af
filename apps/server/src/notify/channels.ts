import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ChannelInput, ChannelType, ChannelView } from '@storelens/api';
import { ApiError } from '../errors';
import { sendMail } from '../mail';
import { internalTargetReason, publicTarget, type ResolvedAddress } from './addresses';

/** A channel as stored with its rule. */
export type StoredChannel =
  | { type: 'email' }
  | { type: 'slack'; url: string }
  | { type: 'webhook'; url: string; secret: string };

/** A channel as an outbox row keeps it: an e-mail's recipients are resolved when queued. */
export type OutboxChannel =
  | Exclude<StoredChannel, { type: 'email' }>
  | { type: 'email'; to: string[] };

/** What one delivery sends: the message written for every channel. */
export interface OutboxPayload {
  /** `X-Storelens-Event`: a digest, an alert firing, or its episode back to normal. */
  event: 'digest' | 'alert' | 'alert_cleared';
  subject: string;
  text: string;
  html: string;
  slack: { text: string; blocks: unknown[] };
  json: unknown;
  /** E-mail headers (a digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** True for an absolute http(s) URL with a host and no credentials in it. */
function httpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * Checks the channels a client sent; a 400 names each wrong one (`channels[1].url`). Any
 * http(s) URL is taken from a caller who may manage the store (`allowInternal`: the server's
 * own network is theirs to configure); anyone else's Slack or webhook URL must not be a
 * loopback, private, link-local or unspecified address nor a name resolving to one
 * (addresses.ts), which every delivery checks again.
 */
export async function parseChannels(
  input: readonly ChannelInput[],
  allowInternal: boolean,
): Promise<StoredChannel[]> {
  const params: Record<string, string> = {};
  const out: StoredChannel[] = [];
  const internal: Array<[string, string]> = [];
  input.forEach((c, i) => {
    const at = `channels[${i}]`;
    if (c.type === 'email') {
      out.push({ type: 'email' });
      return;
    }
    if (!c.url || !httpUrl(c.url)) {
      params[`${at}.url`] = `${at}.url must be an http or https URL.`;
      return;
    }
    if (!allowInternal) internal.push([`${at}.url`, c.url]);
    if (c.type === 'slack') {
      out.push({ type: 'slack', url: c.url });
      return;
    }
    if (!c.secret || c.secret.length < 16) {
      params[`${at}.secret`] = `${at}.secret must be at least 16 characters (the signing key).`;
      return;
    }
    out.push({ type: 'webhook', url: c.url, secret: c.secret });
  });
  for (const [param, url] of internal) {
    const reason = await internalTargetReason(url);
    if (reason) params[param] = `${param} may not be used: ${reason}`;
  }
  if (Object.keys(params).length) throw ApiError.invalidParams(params);
  return out;
}

/** A URL shortened for display: an incoming-webhook URL is a credential. */
function shortUrl(text: string): string {
  try {
    const url = new URL(text);
    return `${url.origin}/…${text.slice(-4)}`;
  } catch {
    return '…';
  }
}

/** A stored channel as the API shows it (no signing key, shortened URLs). */
export function channelView(c: StoredChannel): ChannelView {
  if (c.type === 'email') return { type: 'email' };
  if (c.type === 'slack') return { type: 'slack', url: shortUrl(c.url) };
  return { type: 'webhook', url: shortUrl(c.url), signed: true };
}

/** The signature header of a webhook body: `sha256=` and the hex HMAC of `<timestamp>.<body>`. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** How long a Slack or webhook receiver has to answer. */
const HTTP_TIMEOUT_MS = 10_000;

/** A lookup that answers every name with the one address already resolved and checked. */
function pinnedLookup(resolved: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
}

/**
 * POSTs JSON on a connection of its own (no keep-alive: deliveries are rare, and a kept
 * socket the receiver has just closed fails a POST that may not be sent again); anything but
 * a 2xx answer, redirects included, or no answer within 10 s is a failure. Unless
 * `allowInternal`, the host is resolved once, checked (addresses.ts) and connected to at that
 * address (a name that changed its answer since the channel was saved, or changes it between
 * a check and the connection, reaches nothing internal); TLS still checks the name.
 */
async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowInternal: boolean,
): Promise<void> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const pinned = allowInternal ? undefined : await publicTarget(target);
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
        timeout: HTTP_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Storelens',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status <= 299) resolve();
          else reject(new Error(`${target.origin} answered ${status}`));
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${target.origin} did not answer in time`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** What a delivery needs from outside: the SMTP URL and the clock (for the timestamp). */
export interface DeliveryContext {
  smtpUrl: string | undefined;
  nowMs: number;
  deliveryId: number;
  /** The rule's owner may manage the store (or the rule is store-wide): internal hosts allowed. */
  allowInternal: boolean;
}

/** Sends one delivery; throws with the reason when it did not go through. */
export async function deliver(
  channel: OutboxChannel,
  payload: OutboxPayload,
  ctx: DeliveryContext,
): Promise<void> {
  if (channel.type === 'email') {
    if (!ctx.smtpUrl) throw new Error('SMTP_URL is not set: e-mail cannot be sent.');
    if (channel.to.length === 0) throw new Error('No recipient has an e-mail address.');
    for (const to of channel.to) {
      await sendMail(ctx.smtpUrl, {
        to,
        subject: payload.subject,
        text: payload.text,
        html: payload.html,
        ...(payload.headers ? { headers: payload.headers } : {}),
      });
    }
    return;
  }
  if (channel.type === 'slack') {
    await postJson(channel.url, JSON.stringify(payload.slack), {}, ctx.allowInternal);
    return;
  }
  const body = JSON.stringify(payload.json);
  const timestamp = Math.floor(ctx.nowMs / 1000);
  await postJson(
    channel.url,
    body,
    {
      'x-storelens-event': payload.event,
      'x-storelens-delivery': String(ctx.deliveryId),
      'x-storelens-timestamp': String(timestamp),
      'x-storelens-signature': webhookSignature(channel.secret, timestamp, body),
    },
    ctx.allowInternal,
  );
}

/** The type of a stored or outbox channel. */
export const channelType = (c: { type: ChannelType }): ChannelType => c.type;
