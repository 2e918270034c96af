import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs, ShopError, WooClient } from './client';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: Handler) {
  let n = 0;
  const stats = {
    max: 0,
    active: 0,
    urls: [] as string[],
    headers: [] as IncomingMessage['headers'][],
  };
  const server = createServer((req, res) => {
    stats.active++;
    stats.max = Math.max(stats.max, stats.active);
    stats.urls.push(req.url ?? '');
    stats.headers.push(req.headers);
    res.on('close', () => stats.active--);
    handler(req, res, ++n);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stats };
}

const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * Quick retries; a time limit no answer of the loopback server reaches even on a loaded
 * machine, except where a test makes a request hang on purpose (`HANG_LIMIT_MS`).
 */
const fast = { baseDelayMs: 5, maxDelayMs: 50, timeoutMs: 30_000 };
const HANG_LIMIT_MS = 1_000;

describe('the shop client', () => {
  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    const { url } = await serve((_req, res, n) =>
      n === 1 ? json(res, 429, { code: 'too_many' }, { 'Retry-After': '1' }) : json(res, 200, [1]),
    );
    const retries: number[] = [];
    const client = new WooClient(
      { url, key: 'k', secret: 's' },
      { ...fast, maxDelayMs: 5_000, onRetry: (r) => retries.push(r.delayMs) },
    );
    const started = Date.now();
    expect((await client.get('orders')).body).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(retries).toEqual([1000]);
  });

  it('retries gateway errors and timeouts, and gives up after its tries as unreachable', async () => {
    const { url, stats } = await serve((_req, res, n) => {
      if (n === 1) return json(res, 502, {});
      if (n === 2) return; // hangs: the client times out
      if (n === 3) return json(res, 503, {});
      return json(res, 200, { ok: true });
    });
    const client = new WooClient(
      { url, key: 'k', secret: 's' },
      { ...fast, timeoutMs: HANG_LIMIT_MS },
    );
    expect((await client.get('system_status')).body).toEqual({ ok: true });
    expect(stats.urls).toHaveLength(4);

    const down = await serve((_req, res) => json(res, 504, {}));
    const failing = new WooClient(
      { url: down.url, key: 'k', secret: 's' },
      { ...fast, attempts: 3 },
    );
    await expect(failing.get('orders')).rejects.toMatchObject({ kind: 'unreachable' });
    expect(down.stats.urls).toHaveLength(3);
  });

  it('does not retry a refusal: 401 becomes an unauthorized error at once', async () => {
    const { url, stats } = await serve((_req, res) =>
      json(res, 401, { code: 'woocommerce_rest_cannot_view', message: 'No.' }),
    );
    const client = new WooClient({ url, key: 'k', secret: 's' }, fast);
    const error = await client.get('orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect((error as ShopError).kind).toBe('unauthorized');
    expect(stats.urls).toHaveLength(1);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const { url, stats } = await serve((_req, res) => setTimeout(() => json(res, 200, []), 20));
    const client = new WooClient({ url, key: 'k', secret: 's' }, { ...fast, concurrency: 3 });
    await Promise.all(Array.from({ length: 15 }, () => client.get('orders')));
    expect(stats.max).toBe(3);
  });

  it('reads every page from X-WP-TotalPages, 100 per page', async () => {
    const { url, stats } = await serve((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'));
      json(res, 200, [page], { 'X-WP-Total': '250', 'X-WP-TotalPages': '3' });
    });
    const client = new WooClient({ url, key: 'k', secret: 's' }, fast);
    expect((await client.all<number>('orders')).sort()).toEqual([1, 2, 3]);
    expect(stats.urls.every((u) => u.includes('per_page=100'))).toBe(true);
  });

  it('signs with OAuth over http and sends Basic auth over https (or when asked)', async () => {
    const { url, stats } = await serve((_req, res) => json(res, 200, {}));
    await new WooClient({ url, key: 'ck', secret: 'cs' }, fast).get('orders');
    expect(stats.urls[0]).toMatch(/oauth_signature=/);
    expect(stats.headers[0]!.authorization).toBeUndefined();
    await new WooClient({ url, key: 'ck', secret: 'cs' }, { ...fast, auth: 'basic' }).get('orders');
    expect(stats.headers[1]!.authorization).toBe(
      `Basic ${Buffer.from('ck:cs').toString('base64')}`,
    );
    expect(stats.urls[1]).not.toMatch(/oauth_/);
    await new WooClient({ url, key: 'ck', secret: 'cs' }, { ...fast, auth: 'query' }).get('orders');
    expect(stats.urls[2]).toMatch(/consumer_key=ck&consumer_secret=cs/);
  });

  it('falls back to query-string keys when a host drops the Authorization header', async () => {
    const { url, stats } = await serve((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams;
      if (q.get('consumer_key') === 'ck' && q.get('consumer_secret') === 'cs')
        return json(res, 200, { ok: 1 });
      return json(res, 401, { code: 'woocommerce_rest_cannot_view' });
    });
    const client = new WooClient({ url, key: 'ck', secret: 'cs' }, { ...fast, auth: 'basic' });
    expect((await client.get('orders')).body).toEqual({ ok: 1 });
    expect((await client.get('orders')).body).toEqual({ ok: 1 });
    expect(stats.urls).toHaveLength(3); // one refused Basic try, then the keys in the query
    await expect(
      new WooClient({ url, key: 'ck', secret: 'bad' }, { ...fast, auth: 'basic' }).get('orders'),
    ).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });

  it('backs off with jitter below a doubling cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (attempt, r) => {
          const wait = backoffMs(attempt, 100, 10_000, () => r);
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(wait).toBeLessThan(Math.min(10_000, 100 * 2 ** (attempt - 1)));
        },
      ),
    );
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
