import { restoreIndexes } from './db/bulk';
import type { Db } from './db/database';
import { isDatabaseUnavailable } from './db/faults';
import { migrateToLatest } from './db/migrate';
import type { WorkerHost } from './jobs/worker-host';
import { buildStaleSummaries, ensureDemoStore, withStartupLock } from './store';

/**
 * Runs a start-up step until the database answers: a step that fails because the database
 * cannot be reached is tried again after a growing wait (0.25 s doubling to 5 s), saying so
 * once; any other failure is thrown. `stopped` ends the waiting (a SIGTERM meanwhile).
 */
export async function untilDatabaseAnswers<T>(
  step: () => Promise<T>,
  log: (line: string) => void,
  stopped: () => boolean = () => false,
): Promise<T | undefined> {
  let warned = false;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      const result = await step();
      if (warned) log('The database answers again: finishing start-up.');
      return result;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (!warned) {
        log(
          `The database is unavailable (${(error as Error).message}): start-up waits for it, and requests get 503 meanwhile.`,
        );
        warned = true;
      }
      if (stopped()) return undefined;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopped()) return undefined;
    }
  }
}

/**
 * What a start does to the store before it serves it: migrations, indexes a killed bulk load
 * left out, the demo store when the database is empty (or half-generated), and customer
 * totals without a record (`buildStaleCustomerTotals`: a store upgraded past migration 046,
 * whose customers list would otherwise sum every order on each request until the next
 * ingested batch). The demo is
 * generated on the worker thread when there is one, so the server keeps answering (503)
 * meanwhile. Each part is safe to repeat, so a lost database repeats the whole.
 */
export async function prepareStore(
  db: Db,
  options: {
    log: (line: string) => void;
    demoOrders: number;
    demoWhenEmpty: boolean;
    worker?: WorkerHost | undefined;
  },
): Promise<void> {
  // Several processes started together on PostgreSQL take turns: one migrates and generates
  // the demo, the next finds it done.
  await withStartupLock(db, async () => {
    await migrateToLatest(db);
    await restoreIndexes(db);
    if (options.worker) {
      const generated = await options.worker.run('ensureDemoStore', {
        orders: options.demoOrders,
        generate: options.demoWhenEmpty,
      });
      // The worker's ingestion told only its own listeners.
      if (generated) db.events.emit('ingested');
    } else {
      await ensureDemoStore(db, options.log, options.demoOrders, options.demoWhenEmpty);
    }
    // Customers over time and customer totals a migration left without their state row, on
    // the worker thread when there is one (SQLite's writes block the thread that makes them,
    // and the server answers 503 meanwhile).
    if (options.worker) await options.worker.run('buildStaleSummaries', {});
    else await buildStaleSummaries(db);
  });
}
