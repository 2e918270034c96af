/**
 * The connector's figures (a child step of `npm run bench`): a simulated WooCommerce shop on
 * loopback (apps/server/test/woo-simulator.ts) with BENCH_CONNECT_ORDERS orders (default
 * 100,000), on SQLite and, when BENCH_POSTGRES_URL or TEST_POSTGRES_URL is set, PostgreSQL:
 * - the shop's paging limit: every order page and refund list read as the import reads them
 *   (4 requests in flight), nothing written;
 * - the import rate through the real app (POST /storelens/v1/connections until idle);
 * - webhook-to-report latency: a status change in the shop until the revenue report shows it
 *   (signed delivery, queue, ingestion, report request), p50 and p95 over 100 changes;
 * - a report's p95 idle and while a reconciliation brings BENCH_CONNECT_PRODUCTS (default
 *   20,000) new products from the shop (the rule: within 2x of idle). The sync's writes run on
 *   the worker thread; BENCH_CONNECT_IN_PLACE=1 writes on the request thread instead, for
 *   comparison.
 */

import { benchAdminHeaders } from '../apps/server/bench/admin-session';
import { scratchStore } from '../apps/server/bench/scratch-store';
import { buildApp } from '../apps/server/src/app';
import { WooClient } from '../apps/server/src/connect/client';
import { fetchRefunds, localWriter } from '../apps/server/src/connect/records';
import type { WcOrder } from '../apps/server/src/connect/wc-types';
import { WooSimulator } from '../apps/server/test/woo-simulator';

const orders = Number(process.env.BENCH_CONNECT_ORDERS ?? 100_000);
const changes = Number(process.env.BENCH_CONNECT_CHANGES ?? 100);
const catalog = Number(process.env.BENCH_CONNECT_PRODUCTS ?? 20_000);
const inPlace = process.env.BENCH_CONNECT_IN_PLACE === '1';
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const engines = (process.env.BENCH_ENGINES?.split(',') ??
  (postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'])) as ('sqlite' | 'postgres')[];
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

console.log(`connector: a simulated shop of ${orders.toLocaleString('en-US')} orders on loopback`);
const sim = await new WooSimulator({ seed: 1 }).start();
sim.generate(orders, Date.UTC(2026, 10, 20));

// The shop's limit: the pages alone, as fast as the client reads them.
{
  const client = new WooClient({ url: sim.url, key: 'ck_test', secret: 'cs_test' });
  const started = performance.now();
  for (let offset = 0; offset < orders; offset += 400) {
    const pages = await Promise.all(
      [0, 1, 2, 3].map((k) =>
        client.page<WcOrder>('orders', 1, {
          orderby: 'id',
          order: 'asc',
          offset: offset + k * 100,
        }),
      ),
    );
    await fetchRefunds(
      client,
      pages.flatMap((p) => p.items),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  shop paging alone: ${Math.round(orders / seconds).toLocaleString('en-US')} orders/s (${seconds.toFixed(1)} s)`,
  );
}

for (const engine of engines) {
  const store = await scratchStore(engine, {
    prefix: engine === 'sqlite' ? 'storelens-bench' : 'bench',
    postgresUrl,
  });
  let publicUrl = '';
  const app = await buildApp(store.db, {
    webRoot: '/nonexistent',
    connect: {
      publicUrl: () => publicUrl,
      ...(inPlace ? { writer: localWriter(store.db) } : {}),
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // The bench's own requests are a signed-in administrator's (as the report benches' are).
  const headers = await benchAdminHeaders(store.db);
  const address = app.server.address();
  publicUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/wp-json/storelens/v1/connections',
      headers,
      payload: { url: sim.url, consumer_key: 'ck_test', consumer_secret: 'cs_test' },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const id = (res.json() as { id: number }).id;
    for (;;) {
      const view = (
        await app.inject({ method: 'GET', url: `/wp-json/storelens/v1/connections/${id}`, headers })
      ).json() as {
        status: string;
      };
      if (view.status === 'idle') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  [${engine}] import: ${Math.round(orders / seconds).toLocaleString('en-US')} orders/s (${seconds.toFixed(1)} s, catalog and customers included)`,
    );

    const report = async () =>
      (
        await app.inject({
          method: 'GET',
          headers,
          url: '/wp-json/wc-analytics/reports/revenue/stats?after=2000-01-01T00:00:00&before=2030-12-31T23:59:59&interval=year&date_type=date_created',
        })
      ).json() as { totals: { orders_count: number } };
    const times: number[] = [];
    const candidates = [...sim.orders.values()]
      .filter((o) => o.status === 'completed')
      .slice(0, changes);
    for (const o of candidates) {
      const before = (await report()).totals.orders_count;
      const t0 = performance.now();
      sim.setStatus(o.id, 'cancelled'); // an excluded status: the order leaves the count
      for (;;) {
        if ((await report()).totals.orders_count === before - 1) break;
        await new Promise((r) => setImmediate(r));
      }
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  [${engine}] webhook to report: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${times.length} changes)`,
    );

    // A report's latency idle, then while a reconciliation writes a large new catalog. One
    // request per turn of the event loop, as requests arriving on sockets are answered.
    const timed = async () => {
      // The clock starts before the turn of the event loop the request waits for, so work
      // that holds the thread (a page of the catalog written here) counts, as it does for a
      // request arriving on a socket.
      const t0 = performance.now();
      await new Promise((r) => setImmediate(r));
      const r = await app.inject({
        method: 'GET',
        headers,
        url: '/wp-json/wc-analytics/reports/revenue/stats?force_cache_refresh=true&interval=week&after=2026-07-01T00:00:00&before=2026-09-30T23:59:59',
      });
      if (r.statusCode !== 200) throw new Error(r.body);
      return performance.now() - t0;
    };
    const status = async () =>
      (
        (
          await app.inject({
            method: 'GET',
            url: `/wp-json/storelens/v1/connections/${id}`,
            headers,
          })
        ).json() as { status: string }
      ).status;
    const settled = async () => {
      while ((await status()) !== 'idle') await new Promise((r) => setTimeout(r, 100));
    };
    // The first reconciliation starts by itself after the import: let it finish.
    await settled();
    const idle: number[] = [];
    for (let n = 0; n < 200; n++) idle.push(await timed());
    // New products in the shop (the same ones changed again on the next engine's round).
    if (![...sim.products.keys()].some((k) => k >= 100_000)) sim.addProducts(catalog);
    const catalogProducts = [...sim.products.values()].filter((p) => p.id >= 100_000);
    for (const p of catalogProducts) p.modified = Date.now();
    for (;;) {
      const sync = await app.inject({
        method: 'POST',
        url: `/wp-json/storelens/v1/connections/${id}/sync`,
        headers,
      });
      if (sync.statusCode === 202) break;
      if (sync.statusCode !== 200) throw new Error(sync.body);
      await settled(); // a reconciliation was running already: start one of our own after it
    }
    const during: number[] = [];
    const syncStarted = performance.now();
    while ((await status()) !== 'idle') for (let n = 0; n < 10; n++) during.push(await timed());
    const syncSeconds = (performance.now() - syncStarted) / 1000;
    idle.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    const p95 = (t: number[]) => percentile(t, 95);
    console.log(
      `  [${engine}] report during a ${catalog.toLocaleString('en-US')}-product sync (${inPlace ? 'written on the request thread' : 'written on the worker thread'}, ${syncSeconds.toFixed(1)} s): ` +
        `p95 ${p95(during).toFixed(2)} ms (${during.length} requests) vs idle ${p95(idle).toFixed(2)} ms: ${(p95(during) / p95(idle)).toFixed(2)}x`,
    );
    // Old again: the next engine's first reconciliation does not read them all again.
    for (const p of catalogProducts) p.modified = Date.UTC(2024, 0, 2);
  } finally {
    await app.close();
    await store.drop();
  }
}
await sim.close();
