/*
 * The worker thread's entry point, which src/jobs/worker-host.ts starts (through
 * worker-entry.mjs): the composition of the long tasks it runs, as app.ts is the request
 * thread's. It opens its own connection to the store (already migrated by the server) and runs
 * the tasks it is sent, one at a time: import and rebuild batches, export pages, the database
 * writes of a shop's sync (catalog, orders, webhook deliveries), and the demo generation and
 * per-customer tables' builds of a start.
 */

import { parentPort, workerData } from 'node:worker_threads';
import { type ExportParams, type ExportProgress, exportReader, exportStep } from './admin/export';
import { directReader } from './admin/export-sources';
import { sweepRfmDays } from './analytics/rfm-days';
import { type RecordWrites, runRecordWrite } from './connect/records';
import { type Db, openDatabase } from './db/database';
import { type ImportStepInput, importStep } from './ingest/import-job';
import { openRebuildDatabase } from './ingest/rebuild';
import { buildStaleSummaries, ensureDemoStore } from './store';

const { url, schema } = workerData as { url: string; schema: string | undefined };
const db = openDatabase(url, schema ? { schema } : {});

/** The connection full rebuilds run on, opened on first use (see src/ingest/rebuild.ts). */
let rebuildDb: Db | undefined;
const rebuild = () => {
  rebuildDb ??= openRebuildDatabase(db);
  return rebuildDb;
};

/** The tasks by name: WorkerHost.run's names, payloads and answers are typed from it. */
const tasks = {
  importStep: (payload: ImportStepInput) => importStep(db, payload, rebuild),
  exportStep: (payload: { params: ExportParams; progress: ExportProgress }) =>
    exportStep(
      // The reports read on this thread's connection; each read skips this thread's cache,
      // which no write of the main thread clears.
      directReader(db, {
        user: exportReader(payload.params),
        query: { force_cache_refresh: 'true' },
      }),
      payload.params,
      payload.progress,
    ),
  // A shop sync's writes: catalog pages, orders, webhook deliveries (connect/records.ts).
  writeRecords: (payload: { name: keyof RecordWrites; args: unknown[] }) =>
    runRecordWrite(db, payload.name, payload.args),
  ensureDemoStore: async (payload: { orders: number; generate: boolean }) => {
    // Progress lines go to the server's console as they come.
    const log = (line: string) => parentPort!.postMessage({ log: line });
    return ensureDemoStore(db, log, payload.orders, payload.generate);
  },
  buildStaleSummaries: (_payload: Record<string, never>) => buildStaleSummaries(db),
  // The RFM groups of every day (analytics/rfm-days.ts), on the thread the app's keeper starts.
  sweepRfmDays: (_payload: Record<string, never>) => sweepRfmDays(db),
} satisfies Record<string, (payload: never) => Promise<unknown>>;

/** What the worker runs: a task's payload is its function's argument, its answer its result. */
export type WorkerTasks = typeof tasks;

let queue = Promise.resolve();
parentPort!.on('message', (message: { id?: number; task: string; payload?: unknown }) => {
  queue = queue.then(async () => {
    if (message.task === 'close') {
      await rebuildDb?.close();
      await db.close();
      parentPort!.close();
      return;
    }
    try {
      // The message crossed a thread: its name is checked here, its payload typed by the host.
      const task = (tasks as Record<string, (payload: never) => Promise<unknown>>)[message.task];
      if (!task) throw new Error(`Unknown worker task ${message.task}`);
      const result = await task(message.payload as never);
      parentPort!.postMessage({ id: message.id, result });
    } catch (error) {
      const e = error as { message?: unknown; code?: unknown };
      parentPort!.postMessage({
        id: message.id,
        error: {
          message: typeof e?.message === 'string' ? e.message : String(error),
          ...(typeof e?.code === 'string' ? { code: e.code } : {}),
        },
      });
    }
  });
});
