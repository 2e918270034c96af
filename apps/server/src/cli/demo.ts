import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { defaultDemoOptions, generateDemoStore } from '../demo/generate';
import { isEmpty, isUnfinishedDemo, openStore, resetStore } from '../store';
import { assertTimezone } from '../timezone';

const usage = `Usage: npm run demo -- [--orders N] [--seed S] [--years Y] [--end YYYY-MM-DD]
                       [--timezone Area/City] [--currency USD] [--week-start 0-6] [--reset]
                       [--timings]
Writes a generated store into DATABASE_URL (default file:./data/storelens.sqlite).
--reset empties an existing store first; without it a store that has orders is left alone.
--timings prints the seconds spent per phase of the load and the peak memory.`;

async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      seed: { type: 'string' },
      years: { type: 'string' },
      end: { type: 'string' },
      timezone: { type: 'string' },
      currency: { type: 'string' },
      'week-start': { type: 'string' },
      reset: { type: 'boolean' },
      timings: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(usage);
  const number = (
    name: string,
    text: string | undefined,
    fallback: number,
    min: number,
    max: number,
  ) => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new Error(`--${name} must be a number from ${min} to ${max}`);
    return n;
  };
  const d = defaultDemoOptions;
  const options = {
    orders: Math.round(number('orders', values.orders, d.orders, 1, 50_000_000)),
    seed: Math.round(number('seed', values.seed, d.seed, 0, 2 ** 32 - 1)),
    years: number('years', values.years, d.years, 0.01, 50),
    timezone: values.timezone ?? d.timezone,
    currency: (values.currency ?? d.currency).toUpperCase(),
    startOfWeek: Math.round(number('week-start', values['week-start'], d.startOfWeek, 0, 6)),
    ...(values.end ? { end: values.end } : {}),
  };
  if (values.end && !/^\d{4}-\d{2}-\d{2}$/.test(values.end))
    throw new Error('--end must be YYYY-MM-DD');
  assertTimezone(options.timezone);
  if (!/^[A-Z]{3}$/.test(options.currency))
    throw new Error('--currency must be a three-letter code');

  const config = readConfig();
  const db = await openStore(config.databaseUrl);
  try {
    if (await isUnfinishedDemo(db)) {
      // Whatever a stopped generation left (a catalog without orders, orders without their
      // indexes) is replaced, --reset or not: it is nobody's data.
      console.log(
        'An earlier generation was stopped half-way: starting again from an empty store.',
      );
      await resetStore(db);
    } else if (values.reset) {
      await resetStore(db);
    } else if (!(await isEmpty(db))) {
      console.error('The store already has orders; pass --reset to replace them.');
      process.exitCode = 1;
      return;
    }
    const started = performance.now();
    const timings: Record<string, number> = {};
    // The process's memory, sampled after each batch: a bulk load's state must not grow with
    // the store (ingest/bulk-rollups.ts). On SQLite the resident size also counts the pages
    // of the memory-mapped database file read so far.
    const peak = { heapUsed: 0, rss: 0 };
    const result = await generateDemoStore(db, {
      ...options,
      ...(values.timings ? { timings } : {}),
      onProgress: (done, total) => {
        const memory = process.memoryUsage();
        peak.heapUsed = Math.max(peak.heapUsed, memory.heapUsed);
        peak.rss = Math.max(peak.rss, memory.rss);
        process.stdout.write(`\r${done} / ${total} orders`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nGenerated ${result.orders} orders and ${result.refunds} refunds in ${seconds.toFixed(1)} s ` +
        `(ingestion ${Math.round(result.orders / (result.ingestMs / 1000))} orders/s).`,
    );
    for (const [name, ms] of Object.entries(timings).sort((a, b) => b[1] - a[1]))
      console.log(`${(ms / 1000).toFixed(2).padStart(8)} s  ${name}`);
    if (values.timings) {
      const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
      console.log(
        `Peak memory after a batch: JavaScript heap ${mib(peak.heapUsed)}, resident ${mib(peak.rss)}.`,
      );
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
