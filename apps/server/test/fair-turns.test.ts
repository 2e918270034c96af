import { Agent, request } from 'node:http';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { generateDemoStore } from '../src/demo/generate';
import { engines, freshStore, signIn } from './harness';

const REPORT =
  '/wp-json/wc-analytics/reports/revenue/stats?interval=day&per_page=100&after=2024-01-01T00:00:00&before=2024-06-30T23:59:59&force_cache_refresh=true';

function get(port: number, agent: Agent | false, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: REPORT, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A new connection is answered between the turns of busy keep-alive connections: with many
 * of their requests already waiting, a newcomer's request, sent after all of them, is answered
 * before most of them (in arrival order it came last). SQLite runs each report on the request
 * thread, where the newcomer used to wait for every request received before it.
 */
it('answers a new connection ahead of the keep-alive requests already waiting [sqlite]', async () => {
  const store = await freshStore('sqlite');
  const app = await buildApp(store.db, { webRoot: '/nonexistent' });
  const agents: Agent[] = [];
  try {
    await generateDemoStore(store.db, { orders: 2000, years: 1, seed: 2, end: '2024-06-30' });
    const headers = await signIn(store.db, 'analyst');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const clients = 100;
    for (let i = 0; i < clients; i++) agents.push(new Agent({ keepAlive: true, maxSockets: 1 }));
    // Each connection's first request: answered, so the connections are open and known.
    expect(new Set(await Promise.all(agents.map((a) => get(port, a, headers))))).toEqual(
      new Set([200]),
    );
    let answered = 0;
    const waiting = agents.map((a) =>
      get(port, a, headers).then((status) => {
        answered++;
        return status;
      }),
    );
    // Sent after every keep-alive request above.
    let answeredBeforeNewcomer = -1;
    const newcomer = get(port, false, headers).then((status) => {
      answeredBeforeNewcomer = answered;
      return status;
    });
    expect(await newcomer).toBe(200);
    expect(new Set(await Promise.all(waiting))).toEqual(new Set([200]));
    expect(answeredBeforeNewcomer).toBeGreaterThanOrEqual(0);
    expect(answeredBeforeNewcomer).toBeLessThan(clients / 2);
  } finally {
    for (const a of agents) a.destroy();
    await app.close();
    await store.drop();
  }
}, 120_000);

/**
 * On PostgreSQL the pool is the limit: at most 16 later requests of keep-alive connections run
 * at once (the rest wait their turn without queueing in the pool), so a newcomer's queries do
 * not wait behind every busy client's. Counted with a hook that runs once a request has its
 * turn, until its answer is sent.
 */
it.runIf(engines.includes('postgres'))(
  'runs at most 16 keep-alive requests at once on PostgreSQL [postgres]',
  async () => {
    const store = await freshStore('postgres');
    const app = await buildApp(store.db, { webRoot: '/nonexistent' });
    let running = 0;
    let most = 0;
    const seen = new WeakSet<object>();
    app.addHook('onRequest', (request, reply, done) => {
      const socket = request.raw.socket;
      if (!seen.has(socket)) {
        seen.add(socket);
        done();
        return;
      }
      running++;
      most = Math.max(most, running);
      reply.raw.once('close', () => running--);
      done();
    });
    const agents: Agent[] = [];
    try {
      await generateDemoStore(store.db, { orders: 500, years: 1, seed: 2, end: '2024-06-30' });
      const headers = await signIn(store.db, 'analyst');
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as { port: number };
      for (let i = 0; i < 60; i++) agents.push(new Agent({ keepAlive: true, maxSockets: 1 }));
      await Promise.all(agents.map((a) => get(port, a, headers)));
      const statuses = await Promise.all(
        agents.flatMap((a) => [get(port, a, headers), get(port, a, headers)]),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(16);
    } finally {
      for (const a of agents) a.destroy();
      await app.close();
      await store.drop();
    }
  },
  120_000,
);
