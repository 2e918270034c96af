/**
 * `npm run bench`: prints figures, never fails a test run.
 * - ingestion rate (orders/s) of the demo generator's batches through the ingestion path;
 * - revenue stats latency (p50/p95 over 200 requests, through the real app, cache bypassed):
 *   last year by day (primary and compare requests) and last quarter by week;
 * on generated stores of BENCH_SIZES orders (default 100000,1000000), on SQLite and, when
 * BENCH_POSTGRES_URL or TEST_POSTGRES_URL is set, on PostgreSQL.
 * BENCH_REQUESTS changes the request count (default 200); BENCH_ENGINES=sqlite|postgres picks one engine. Then the widget bench
 * (scripts/bench-widgets) runs in Chromium: BENCH_SKIP_WIDGETS=1 skips it, BENCH_ONLY=widgets
 * runs only it. The picker search bench (100,000 products and customers) runs as a child step;
 * BENCH_SKIP_PICKERS=1 skips it.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { buildApp } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/database';
import { generateDemoStore } from '../apps/server/src/demo/generate';
import { scratchStore } from '../apps/server/src/scratch-store';

const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const END = '2026-11-20';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;

const store = (engine: 'sqlite' | 'postgres') =>
  scratchStore(engine, { prefix: engine === 'sqlite' ? 'storelens-bench' : 'bench', postgresUrl });

async function latency(db: Db, label: string, url: string) {
  const app = await buildApp(db, { webRoot: '/nonexistent' });
  const times: number[] = [];
  for (let i = 0; i < requests + 5; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body}`);
    if (i >= 5) times.push(elapsed); // the first few warm caches and JIT
  }
  await app.close();
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}

const base =
  '/wp-json/wc-analytics/reports/revenue/stats?force_cache_refresh=true&order=asc&per_page=100';
const scenarios = [
  [
    'year by day (primary)',
    `${base}&interval=day&after=2025-01-01T00:00:00&before=2025-12-31T23:59:59`,
  ],
  [
    'year by day (compare)',
    `${base}&interval=day&after=2024-01-01T00:00:00&before=2024-12-31T23:59:59`,
  ],
  ['quarter by week', `${base}&interval=week&after=2026-07-01T00:00:00&before=2026-09-30T23:59:59`],
] as const;

// BENCH_ONLY=widgets runs only the widget bench at the end.
const serverBench = process.env.BENCH_ONLY !== 'widgets';
// BENCH_ENGINES=postgres (or sqlite) measures one engine only.
const engines = (process.env.BENCH_ENGINES?.split(',') ??
  (postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'])) as ('sqlite' | 'postgres')[];
if (serverBench) {
  console.log(
    `Storelens bench: sizes ${sizes.join(', ')}, ${requests} requests per scenario, engines ${engines.join(', ')}`,
  );
  console.log(
    `conditions: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
}
for (const engine of serverBench ? engines : []) {
  for (const size of sizes) {
    const s = await store(engine);
    try {
      const started = performance.now();
      const result = await generateDemoStore(s.db, { orders: size, end: END, years: 2 });
      const total = (performance.now() - started) / 1000;
      console.log(
        `\n[${engine}, ${size.toLocaleString('en-US')} orders] generated in ${total.toFixed(1)} s; ` +
          `ingestion ${Math.round(result.orders / (result.ingestMs / 1000)).toLocaleString('en-US')} orders/s ` +
          `(${Math.round(result.orders / (result.ingestCpuMs / 1000)).toLocaleString('en-US')} orders per CPU second; ` +
          `secondary indexes built once at the end, included)`,
      );
      for (const [label, url] of scenarios) {
        const r = await latency(s.db, label, url);
        console.log(
          `  revenue stats, ${r.label.padEnd(24)} p50 ${ms(r.p50).padStart(10)}   p95 ${ms(r.p95).padStart(10)}`,
        );
      }
      // Issue 4's figures (every report kind) from the analytics bench, on the same store.
      if (process.env.BENCH_SKIP_ANALYTICS !== '1') {
        spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/analytics/bench.ts'], {
          stdio: 'inherit',
          env: {
            ...process.env,
            DATABASE_URL: s.url,
            ...(s.schema ? { BENCH_SCHEMA: s.schema } : {}),
            BENCH_END: END,
          },
        });
      }
    } finally {
      await s.drop();
    }
  }
}
// Picker searches over 100,000 products and customers, on stores of their own (SQLite, and
// PostgreSQL when configured): apps/server/src/analytics/bench-pickers.ts.
// BENCH_SKIP_PICKERS=1 skips it.
if (serverBench && process.env.BENCH_SKIP_PICKERS !== '1') {
  console.log('');
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/analytics/bench-pickers.ts'], {
    stdio: 'inherit',
    env: process.env,
  });
}
if (serverBench) {
  // maxRSS is the process's true peak (kilobytes); sampling with timers would miss it, since
  // synchronous SQLite work never yields to the event loop.
  console.log(
    `\npeak memory (bench process): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
  );
}

// Widget benchmarks in Chromium (scripts/bench-widgets); BENCH_SKIP_WIDGETS=1 skips them.
if (process.env.BENCH_SKIP_WIDGETS !== '1') {
  const { runWidgetBench } = await import('./bench-widgets/bench');
  if (serverBench) console.log('');
  await runWidgetBench();
}
