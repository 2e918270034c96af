/**
 * Serialisation time of report answers: JSON.stringify against the route's response schema
 * compiled by fast-json-stringify (what Fastify uses when a route has one), on answers read
 * from a generated demo store. CPU microseconds per answer, median of 7 rounds.
 *   node --import tsx apps/server/bench/serialise.ts [--orders 5000]
 */
import { loadavg } from 'node:os';
import {
  CustomersListResponse,
  OrdersListResponse,
  OrdersStatsResponse,
  ProductsListResponse,
  ProductsSearchResponse,
  ProductsStatsResponse,
  RevenueStatsResponse,
  TaxesStatsResponse,
} from '@storelens/api';
// fast-json-stringify is Fastify's own serialiser, declared as a dev dependency for this bench.
import fastJson from 'fast-json-stringify';
import type { TSchema } from 'typebox';
import { buildApp } from '../src/app';
import { generateDemoStore } from '../src/demo/generate';
import { benchAdminHeaders } from './admin-session';
import { scratchStore } from './scratch-store';

const ordersArg = process.argv.indexOf('--orders');
const orders = ordersArg > 0 ? Number(process.argv[ordersArg + 1]) : 5000;
const RANGE = 'after=2024-01-01T00:00:00&before=2024-12-31T23:59:59';
/** Paths under `/wp-json/wc-analytics/` and the response schema of their route. */
const cases: [string, TSchema][] = [
  [`reports/revenue/stats?interval=day&per_page=100&${RANGE}`, RevenueStatsResponse],
  [
    `reports/revenue/stats?interval=week&segmentby=product&per_page=100&${RANGE}`,
    RevenueStatsResponse,
  ],
  [`reports/orders/stats?interval=day&per_page=100&${RANGE}`, OrdersStatsResponse],
  [`reports/products/stats?interval=month&${RANGE}`, ProductsStatsResponse],
  [`reports/taxes/stats?interval=week&per_page=100&${RANGE}`, TaxesStatsResponse],
  [`reports/orders?per_page=100&extended_info=true&${RANGE}`, OrdersListResponse],
  [`reports/products?per_page=100&extended_info=true&${RANGE}`, ProductsListResponse],
  [`reports/customers?per_page=100&${RANGE}`, CustomersListResponse],
  ['products?per_page=-1&orderby=price', ProductsSearchResponse],
];

/** Median CPU microseconds of one `fn()` call, over rounds of `n` calls. */
function cpuMicros(fn: () => unknown, n: number): number {
  const rounds: number[] = [];
  for (let round = 0; round < 7; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) fn();
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / n);
  }
  return rounds.sort((a, b) => a - b)[3]!;
}

const store = await scratchStore('sqlite', { prefix: 'storelens-serialise' });
try {
  await generateDemoStore(store.db, { orders, years: 1, seed: 7, end: '2024-12-31' });
  const app = await buildApp(store.db, { webRoot: '/nonexistent' });
  const headers = await benchAdminHeaders(store.db);
  console.log(
    `Serialisation, ${orders} demo orders; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [path, schema] of cases) {
    const res = await app.inject({
      headers,
      url: `/wp-json/wc-analytics/${path}&_envelope=1`,
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    const body = (res.json() as { body: unknown }).body;
    const viaSchema = fastJson(schema as object);
    const bytes = JSON.stringify(body).length;
    // About 20 MB written per round, whatever the answer's size.
    const n = Math.max(5, Math.round(20e6 / bytes));
    const plain = cpuMicros(() => JSON.stringify(body), n);
    const schemaed = cpuMicros(() => viaSchema(body), n);
    console.log(
      `${path.split('&after')[0]!.padEnd(70)} ${String(bytes).padStart(7)} B  JSON.stringify ${plain.toFixed(1)} µs  schema ${schemaed.toFixed(1)} µs  (${(plain / schemaed).toFixed(2)}×)`,
    );
  }
  await app.close();
} finally {
  await store.drop();
}
