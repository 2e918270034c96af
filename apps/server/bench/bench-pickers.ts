import { cpus, loadavg } from 'node:os';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { openStore } from '../src/store';
import { benchAdminHeaders } from './admin-session';
import { seedBenchCatalog } from './bench-catalog';
import { scratchStore } from './scratch-store';

const orders = Number(process.env.BENCH_PICKER_ORDERS ?? 100_000);
const products = Number(process.env.BENCH_PICKER_PRODUCTS ?? 100_000);
const customers = Number(process.env.BENCH_PICKER_CUSTOMERS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const END = '2026-11-20';

/** A request kind: its URLs are cycled, so a figure never rests on one lucky search term. */
type Case = [label: string, paths: string[]];

function cases(include: number[]): Case[] {
  const products = (q: string) => `products?${q}&per_page=10&orderby=popularity`;
  const customers = (by: string, term: string) =>
    `customers?search=${term}&searchby=${by}&per_page=10`;
  return [
    [
      'products: 2-3 letter fragment',
      ['an', 'er', 'ch', 'lin', 'oo', 'tee', 'cap'].map((t) => products(`search=${t}`)),
    ],
    [
      'products: longer fragment',
      ['leather', 'wool tote', 'cast', 'zzz'].map((t) =>
        products(`search=${encodeURIComponent(t)}`),
      ),
    ],
    ['products: SKU prefix', ['hat-00', 'KIT-001', 'tee-0012'].map((t) => products(`search=${t}`))],
    ['products: orderby=popularity, no search', [products('page=1'), products('page=3')]],
    ['products: include (labels)', [`products?include=${include.join(',')}&per_page=10`]],
    [
      'customers: searchby=name',
      ['ann', 'li', 'mar', 'chlo', 'smith', 'zoe'].map((t) => customers('name', t)),
    ],
    [
      'customers: searchby=email',
      ['olivia', 'son', 'mail.ex', 'smith12'].map((t) => customers('email', t)),
    ],
    [
      'customers: searchby=username',
      ['oli', 'ja', 'noah', 'marks1'].map((t) => customers('username', t)),
    ],
    [
      'variations: search',
      ['navy', 'SKU', 'tee-00', 'merino'].map((t) => `variations?search=${t}&per_page=10`),
    ],
    [
      'orders: number prefix',
      ['1', '42', '1234', '99999'].map((n) => `orders?number=${n}&per_page=10`),
    ],
  ];
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function openBenchStore(engine: 'sqlite' | 'postgres') {
  const store = await scratchStore(engine, {
    prefix: engine === 'sqlite' ? 'storelens-pickers' : 'bench_pickers',
    postgresUrl,
  });
  const kept = store.schema
    ? `BENCH_PICKER_DATABASE_URL=${store.url} BENCH_PICKER_SCHEMA=${store.schema}`
    : `BENCH_PICKER_DATABASE_URL=${store.url}`;
  return { db: store.db, kept, drop: store.drop };
}

const verbose = process.env.BENCH_PICKER_VERBOSE === '1';

async function measure(db: Db) {
  const sql = new RawSql(db.kysely, db.engine, db.sqlite);
  const newest = await sql.query<{ id: number }>(
    'SELECT id FROM products WHERE parent_id = 0 ORDER BY id DESC LIMIT 3',
  );
  const app = await buildApp(db, { webRoot: '/nonexistent' });
  await app.ready(); // as bench.ts: the first inject would otherwise time Fastify's setup
  const headers = await benchAdminHeaders(db);
  const get = async (path: string) => {
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/wp-json/wc-analytics/${path}`,
      headers,
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(`${res.statusCode} ${path}: ${res.body.slice(0, 200)}`);
    return { elapsed, total: String(res.headers['x-wp-total']) };
  };
  // The sets are read into memory on the first search after a write: time that apart.
  const anyCustomer = await sql.query<{ id: number }>('SELECT MAX(id) AS id FROM customers');
  const reloads: [string, string, number, string][] = [
    [
      'products',
      'UPDATE products SET name = name WHERE id = ?',
      Number(newest[0]?.id ?? 0),
      'products?search=an&per_page=10&orderby=popularity',
    ],
    [
      'variations',
      'UPDATE products SET name = name WHERE id = ?',
      Number(newest[0]?.id ?? 0),
      'variations?search=navy&per_page=10',
    ],
    [
      'customers',
      'UPDATE customers SET email = email WHERE id = ?',
      Number(anyCustomer[0]?.id ?? 0),
      'customers?search=ann&searchby=name&per_page=10',
    ],
  ];
  for (const [kind, write, id, path] of reloads) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await sql.run(write, [id]);
      times.push((await get(path)).elapsed);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  first ${kind} search after a write (reload): median ${percentile(times, 0.5).toFixed(1)} ms`,
    );
  }
  console.log(`  ${'request'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}   totals`);
  for (const [label, paths] of cases(newest.map((r) => Number(r.id)))) {
    const times: number[] = [];
    const byPath = new Map<string, number[]>();
    const totals = new Map<string, string>();
    for (let i = 0; i < requests + 5; i++) {
      const path = paths[i % paths.length]!;
      const { elapsed, total } = await get(path);
      totals.set(path, total);
      if (i < 5) continue; // the first few warm caches and JIT
      times.push(elapsed);
      byPath.set(path, [...(byPath.get(path) ?? []), elapsed]);
    }
    times.sort((a, b) => a - b);
    const ms = (n: number) => n.toFixed(2).padStart(8);
    console.log(
      `  ${label.padEnd(42)} ${ms(percentile(times, 0.5))} ${ms(percentile(times, 0.95))}   ${[...totals.values()].join(', ')}`,
    );
    if (verbose) {
      for (const [path, list] of byPath) {
        list.sort((a, b) => a - b);
        console.log(
          `    ${path.slice(0, 60).padEnd(60)} ${ms(percentile(list, 0.5))} ${ms(percentile(list, 0.95))}`,
        );
      }
    }
  }
  await app.close();
}

const engines: ('sqlite' | 'postgres')[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
const reuse = process.env.BENCH_PICKER_DATABASE_URL;
const keep = process.env.BENCH_PICKER_KEEP === '1';
console.log(
  reuse
    ? `Picker bench on an existing store; ${requests} requests per kind`
    : `Picker bench: ${products.toLocaleString('en-US')} products, ${customers.toLocaleString('en-US')} customers, ` +
        `${orders.toLocaleString('en-US')} demo orders; ${requests} requests per kind; engines ${engines.join(', ')}`,
);
console.log(
  `conditions: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
if (reuse) {
  // A store seeded by an earlier run (BENCH_PICKER_KEEP=1): measured as it is.
  const schema = process.env.BENCH_PICKER_SCHEMA;
  const db = await openStore(reuse, schema ? { schema } : {});
  console.log(`\n[${db.engine}] existing store ${reuse}${schema ? ` schema ${schema}` : ''}`);
  await measure(db);
  await db.close();
}
for (const engine of reuse ? [] : engines) {
  const store = await openBenchStore(engine);
  try {
    const started = performance.now();
    if (orders > 0) await generateDemoStore(store.db, { orders, end: END, years: 2 });
    const generated = performance.now();
    const added = await seedBenchCatalog(store.db, { products, customers, seed: 7, end: END });
    const seeded = performance.now();
    // PostgreSQL's autovacuum would analyze the new rows soon after such a load; do it now.
    if (engine === 'postgres') await new RawSql(store.db.kysely, 'postgres').run('ANALYZE');
    console.log(
      `\n[${engine}] demo orders in ${((generated - started) / 1000).toFixed(1)} s; catalog ` +
        `(${added.products.toLocaleString('en-US')} products + ${added.variations.toLocaleString('en-US')} variations, ` +
        `${added.customers.toLocaleString('en-US')} customers) in ${((seeded - generated) / 1000).toFixed(1)} s`,
    );
    await measure(store.db);
  } finally {
    if (keep) {
      await store.db.close();
      console.log(`  kept: ${store.kept}`);
    } else await store.drop();
  }
}
