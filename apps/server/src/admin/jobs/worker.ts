/*
 * The worker thread of src/admin/jobs/worker-host.ts: opens its own connection to the store
 * (already migrated by the server) and runs the long tasks it is sent, one at a time: import
 * and rebuild batches, export pages, the database writes of a shop's sync (catalog, orders,
 * webhook deliveries), and the demo
 * generation of a first start.
 */

import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { runRecordWrite } from '../../connect/records';
import { type Db, openDatabase } from '../../db/database';
import { ensureDemoStore } from '../../store';
import { type ExportParams, type ExportProgress, exportStep } from '../export';
import { injectReader } from '../export-sources';
import { type ImportStepInput, importStep } from '../import';
import { openRebuildDatabase } from '../rebuild';
import { reportReaderApp } from './report-reader';

const { url, schema } = workerData as { url: string; schema: string | undefined };
const db = openDatabase(url, schema ? { schema } : {});

/** The connection full rebuilds run on, opened on first use (see src/admin/rebuild.ts). */
let rebuildDb: Db | undefined;
const rebuild = () => {
  rebuildDb ??= openRebuildDatabase(db);
  return rebuildDb;
};

let reader: Promise<FastifyInstance> | undefined;

const tasks: Record<string, (payload: never) => Promise<unknown>> = {
  importStep: (payload: ImportStepInput) => importStep(db, payload, rebuild),
  exportStep: async (payload: { params: ExportParams; progress: ExportProgress }) => {
    reader ??= reportReaderApp(db);
    return exportStep(
      // Each read skips the cache: the main thread writes.
      injectReader(await reader, { query: { force_cache_refresh: 'true' } }),
      payload.params,
      payload.progress,
    );
  },
  // A shop sync's writes: catalog pages, orders, webhook deliveries (connect/records.ts).
  writeRecords: (payload: { name: string; args: unknown[] }) =>
    runRecordWrite(db, payload.name, payload.args),
  ensureDemoStore: async (payload: { orders: number; generate: boolean }) => {
    // Progress lines go to the server's console as they come.
    const log = (line: string) => parentPort!.postMessage({ log: line });
    return ensureDemoStore(db, log, payload.orders, payload.generate);
  },
};

let queue = Promise.resolve();
parentPort!.on('message', (message: { id?: number; task: string; payload?: unknown }) => {
  queue = queue.then(async () => {
    if (message.task === 'close') {
      await (await reader)?.close();
      await rebuildDb?.close();
      await db.close();
      parentPort!.close();
      return;
    }
    try {
      const task = tasks[message.task];
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
