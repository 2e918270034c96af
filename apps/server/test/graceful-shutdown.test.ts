import { Agent, request } from 'node:http';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { generateDemoStore } from '../src/demo/generate';
import { engines, freshStore, signIn } from './harness';

const REPORT =
  '/wp-json/wc-analytics/reports/revenue/stats?after=2024-01-01T00:00:00&before=2024-06-30T23:59:59&interval=day&force_cache_refresh=true';

/** A GET on its own connection: `sent` once the request is written, `answer` its status. */
function send(
  port: number,
  path: string,
  agent: Agent | false,
  headers: Record<string, string> = {},
): { sent: Promise<void>; answer: Promise<number> } {
  let req!: ReturnType<typeof request>;
  const answer = new Promise<number>((resolve, reject) => {
    req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  const sent = new Promise<void>((resolve) => {
    req.on('finish', () => resolve());
    req.on('error', () => resolve());
  });
  req.end();
  return { sent, answer };
}

const get = (port: number, path: string, agent: Agent | false, headers?: Record<string, string>) =>
  send(port, path, agent, headers).answer;

for (const engine of engines) {
  it(`closing answers every request already sent, then stops [${engine}]`, async () => {
    const store = await freshStore(engine);
    try {
      await generateDemoStore(store.db, { orders: 300, years: 1, seed: 2, end: '2024-06-30' });
      const admin = await signIn(store.db, 'administrator');
      for (const delay of [5, 30, 100]) {
        const app = await buildApp(store.db, { webRoot: '/nonexistent' });
        await app.listen({ host: '127.0.0.1', port: 0 });
        // Counted as the HTTP server parses each request, before any hook or turn.
        let received = 0;
        app.server.on('request', () => {
          received += 1;
        });
        const { port } = app.server.address() as { port: number };
        // A keep-alive client that stays connected, idle, must not hold the close up.
        const keepAlive = new Agent({ keepAlive: true });
        expect(await get(port, REPORT, keepAlive, admin)).toBe(200);
        // 100 requests, each on a new connection, then the close a few ms after the server
        // has received them all (sent is not enough: on a loaded machine a connection may
        // still wait in the listen queue, and one the server never accepted is not a request
        // it received).
        const requests = Array.from({ length: 100 }, () => send(port, REPORT, false, admin));
        const answers = requests.map((r) =>
          r.answer.then(
            (status) => status,
            (error: NodeJS.ErrnoException) => error.code ?? 'error',
          ),
        );
        await Promise.all(requests.map((r) => r.sent));
        while (received < 101) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setTimeout(r, delay));
        await app.close();
        const statuses = await Promise.all(answers);
        expect(
          statuses.filter((s) => s !== 200),
          `after ${delay} ms`,
        ).toEqual([]);
        // Nothing new is accepted once closed.
        await expect(get(port, REPORT, false)).rejects.toThrow(/ECONNREFUSED/);
        keepAlive.destroy();
      }
    } finally {
      await store.drop();
    }
  }, 120_000);
}
