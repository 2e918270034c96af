/*
 * The ingestion path measured in ways that stay steady on a shared machine: for one new order
 * (a copy of one of the store's recent orders with fresh ids, as scripts/bench.ts's "one new
 * order"), one updated order (a stored order ingested again) and 100 new orders, the SQL
 * statements per ingest (every statement better-sqlite3 runs, by text, with its process CPU),
 * the 16 KiB pages each commit writes to the WAL (checkpoints held off meanwhile), the process
 * CPU per ingest and the wall p50/p95, and the time per phase (`ingestOrders`' timings).
 *
 *   node --import tsx apps/server/bench/bench-ingest-one.ts --store /tmp/s.sqlite
 *     [--orders 50000] [--end YYYY-MM-DD] [--rounds 60] [--top 12] [--copy]
 *     [--same-connection] [--bulk-top N]
 *
 * When the file does not exist the demo generator writes the store there first (SQLite, two
 * years to `--end`) and its bulk load's orders per wall and CPU second are printed (with
 * `--bulk-top`, its costliest statements). `--same-connection` measures on the connection that
 * generated it, as scripts/bench.ts does; `--copy` measures on a copy, so runs repeat on the
 * same store (and several checkouts can be compared on it, alternately). Run it under
 * `node --cpu-prof` for a profile.
 */
import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { readOrderInputs } from '../src/ingest/import-source';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { openStore } from '../src/store';

const { values } = parseArgs({
  options: {
    store: { type: 'string' },
    orders: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '60' },
    top: { type: 'string', default: '12' },
    copy: { type: 'boolean' },
    end: { type: 'string', default: '2024-06-30' },
    'same-connection': { type: 'boolean' },
    'bulk-top': { type: 'string', default: '0' },
  },
});
if (!values.store) throw new Error('--store <file> is required');

// Every statement run on any better-sqlite3 handle, by its text: runs and process CPU time.
const counts = new Map<string, number>();
const spent = new Map<string, number>();
let counting = false;
{
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (!counting) return original.apply(this, args);
      counts.set(this.source, (counts.get(this.source) ?? 0) + 1);
      const started = process.cpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const used = process.cpuUsage(started);
        spent.set(this.source, (spent.get(this.source) ?? 0) + (used.user + used.system) / 1000);
      }
    };
  }
}

const file = values.store;
let generatedDb: Awaited<ReturnType<typeof openStore>> | undefined;
if (!existsSync(file)) {
  const db = await openStore(`file:${file}`);
  counting = Number(values['bulk-top']) > 0;
  const result = await generateDemoStore(db, {
    orders: Number(values.orders),
    end: values.end,
    years: 2,
  });
  console.log(
    `bulk load ${result.orders} orders: ${Math.round(result.orders / (result.ingestMs / 1000))} orders per wall second, ` +
      `${Math.round(result.orders / (result.ingestCpuMs / 1000))} per CPU second`,
  );
  if (counting) {
    counting = false;
    const total = [...spent.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  SQL CPU time of the load ${(total / 1000).toFixed(2)} s; the costliest statements (runs, s):`,
    );
    for (const [text, ms] of [...spent]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(values['bulk-top'])))
      console.log(
        `  ${String(counts.get(text) ?? 0).padStart(8)} ${(ms / 1000).toFixed(3).padStart(7)}  ${text.replace(/\s+/g, ' ').slice(0, 150)}`,
      );
  }
  if (values['same-connection']) generatedDb = db;
  else await db.close();
}
let target = file;
if (values.copy && !generatedDb) {
  target = `${file}.run.sqlite`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(file, target);
}
const db = generatedDb ?? (await openStore(`file:${target}`));
// Pages written per commit: the WAL only grows while nothing checkpoints it.
db.sqlite?.pragma('wal_autocheckpoint = 0');
const walBytes = () => (existsSync(`${target}-wal`) ? statSync(`${target}-wal`).size : 0);
const frameBytes = Number(db.sqlite?.pragma('page_size', { simple: true }) ?? 0) + 24;
const sql = new RawSql(db.kysely, db.engine, db.sqlite);
const [top] = await sql.query<{ id: number }>(
  'SELECT MAX(id) AS id FROM (SELECT MAX(id) AS id FROM orders UNION ALL SELECT MAX(id) FROM order_items) ids',
);
const ids = (
  await sql.query<{ id: number }>(
    "SELECT id FROM orders WHERE type = 'order' ORDER BY id DESC LIMIT 2000",
  )
).map((r) => Number(r.id));
const stored = await readOrderInputs(db, ids);
let nextId = Number(top?.id ?? 0) + 1_000_000;
const fresh = (o: OrderInput): OrderInput => {
  const lineIds = new Map(o.lines.map((l) => [l.id, nextId++]));
  const fees = (o as { fees?: { id: number }[] }).fees;
  const feeIds = new Map((fees ?? []).map((f) => [f.id, nextId++]));
  return {
    ...o,
    id: nextId++,
    lines: o.lines.map((l) => ({ ...l, id: lineIds.get(l.id)! })),
    ...(fees ? { fees: fees.map((f) => ({ ...f, id: feeIds.get(f.id)! })) } : {}),
    refunds: o.refunds.map((r) => {
      const rFees = (r as { fees?: { id: number; orderFeeId: number }[] }).fees;
      return {
        ...r,
        id: nextId++,
        lines: r.lines.map((l) => ({
          ...l,
          id: nextId++,
          orderItemId: lineIds.get(l.orderItemId) ?? l.orderItemId,
        })),
        ...(rFees
          ? {
              fees: rFees.map((f) => ({
                ...f,
                id: nextId++,
                orderFeeId: feeIds.get(f.orderFeeId) ?? f.orderFeeId,
              })),
            }
          : {}),
      };
    }),
  } as OrderInput;
};

const pct = (xs: number[], p: number) =>
  xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
for (const [label, isNew, size] of [
  ['one new order', true, 1],
  ['one updated order', false, 1],
  ['100 new orders', true, 100],
] as const) {
  const timings: Record<string, number> = {};
  const rounds =
    size === 1 ? Number(values.rounds) : Math.max(5, Math.round(Number(values.rounds) / 10));
  const times: number[] = [];
  const cpus: number[] = [];
  counts.clear();
  spent.clear();
  let statements = 0;
  let frames = 0;
  for (let i = 0; i < rounds + 3; i++) {
    const batch = Array.from({ length: size }, (_, k) => stored[(i * 7 + k * 13) % stored.length]!);
    const orders = isNew ? batch.map(fresh) : batch;
    counting = i >= 3;
    const before = [...counts.values()].reduce((a, b) => a + b, 0);
    const wal = walBytes();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await ingestOrders(db, orders, [], i >= 3 ? { timings } : {});
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    counting = false;
    if (i >= 3) {
      times.push(elapsed);
      cpus.push((used.user + used.system) / 1000);
      statements += [...counts.values()].reduce((a, b) => a + b, 0) - before;
      frames += (walBytes() - wal) / frameBytes;
    }
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  console.log(
    `${label}: wall p50 ${pct(times, 50)!.toFixed(2)} ms p95 ${pct(times, 95)!.toFixed(2)} ms; ` +
      `CPU p50 ${pct(cpus, 50)!.toFixed(2)} ms; statements per ingest ${(statements / rounds).toFixed(1)}; ` +
      `pages written per commit ${(frames / rounds).toFixed(1)}`,
  );
  console.log(
    `  phases (wall ms per ingest): ${Object.entries(timings)
      .filter(([, ms]) => ms / rounds >= 0.01)
      .map(([name, ms]) => `${name} ${(ms / rounds).toFixed(2)}`)
      .join(', ')}`,
  );
  const ranked = [...spent].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  const total = [...spent.values()].reduce((a, b) => a + b, 0);
  console.log(
    `  SQL CPU time per ingest ${(total / rounds).toFixed(2)} ms; the costliest statements (runs, ms per ingest):`,
  );
  for (const [text, ms] of ranked)
    console.log(
      `  ${((counts.get(text) ?? 0) / rounds).toFixed(1).padStart(6)} ${(ms / rounds).toFixed(3).padStart(8)}  ${text.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
}
await db.close();
if (values.copy && !generatedDb)
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
