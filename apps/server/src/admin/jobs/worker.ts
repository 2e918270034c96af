/*
 * The worker thread of src/admin/jobs/worker-host.ts: opens its own connection to the store
 * (already migrated by the server) and runs the long tasks it is sent, one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database';
import { type ImportParams, type ImportProgress, importStep } from '../import';

const { url, schema } = workerData as { url: string; schema: string | undefined };
const db = openDatabase(url, schema ? { schema } : {});

const tasks: Record<string, (payload: never) => Promise<unknown>> = {
  importStep: (payload: { params: ImportParams; progress: ImportProgress }) =>
    importStep(db, payload),
};

let queue = Promise.resolve();
parentPort!.on('message', (message: { id?: number; task: string; payload?: unknown }) => {
  queue = queue.then(async () => {
    if (message.task === 'close') {
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
