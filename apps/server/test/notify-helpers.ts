import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Notifier } from '../src/notify/service';
import { parseSqlUtc } from '../src/timezone';

/** One request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A loopback HTTP receiver for Slack-style and signed webhooks: records every POST and
 * answers the status `answer(request)` gives (200 by default).
 */
export function httpReceiver() {
  const received: Received[] = [];
  const state = {
    url: '',
    received,
    answer: (_r: Received): number => 200,
  };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        const r = { path: req.url ?? '', headers: req.headers, body };
        received.push(r);
        res.statusCode = state.answer(r);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    state.url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return state;
}

/**
 * Checks a signed webhook as a receiver would: `X-Storelens-Signature` is `sha256=` and the
 * hex HMAC-SHA256 of `<X-Storelens-Timestamp>.<body>` under the shared secret.
 */
export function signatureValid(r: Received, secret: string): boolean {
  const timestamp = String(r.headers['x-storelens-timestamp'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  return r.headers['x-storelens-signature'] === expected;
}

/** Decodes a quoted-printable mail as the SMTP peer received it. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The app's notifier with its timer stopped and its clock set to `gmt` (changeable). */
export async function controlledNotifier(
  app: FastifyInstance,
  gmt: string,
): Promise<Notifier & { at(gmt: string): void }> {
  const notifier = app.notifier;
  const clock = { ms: parseSqlUtc(gmt) };
  notifier.now = () => clock.ms;
  await app.ready();
  await notifier.stop();
  return Object.assign(notifier, {
    at(next: string) {
      clock.ms = parseSqlUtc(next);
    },
  });
}
