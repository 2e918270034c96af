import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RECORD_WRITES, type RecordWriter } from '../connect/records';
import type { Db } from '../db/database';
// Typed by the worker's task table, a type-only import: at run time the host starts the worker
// by its file path, so nothing below the app loads the tasks' modules.
import type { WorkerTasks } from '../worker';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** An error from the worker, rebuilt with its code (faults.ts reads codes such as SQLITE_BUSY). */
function rebuilt(error: { message: string; code?: string }): Error {
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}

/**
 * Long work off the request thread: one worker thread per store, started on first use, with
 * its own connection to the same database (src/worker.ts). The thread that
 * answers requests only waits for a message, so its latency does not depend on the work;
 * SQLite's WAL lets it read while the worker writes. The worker is stopped by {@link close}
 * and restarted by the next task if it dies.
 */
export class WorkerHost {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /**
   * `db` is the store as this thread opened it: the worker opens its own connection from its
   * url, and this thread's listeners hear the store's events (`workerWriter`).
   */
  constructor(readonly db: Pick<Db, 'url' | 'schema' | 'events'>) {}

  /** Whether this store can have a worker (an in-memory SQLite database is one connection's). */
  static available(db: Pick<Db, 'url'>): boolean {
    return !db.url.endsWith(':memory:');
  }

  /** Runs a task of src/worker.ts with its (structured-clonable) payload; answers its result. */
  run<K extends keyof WorkerTasks>(
    task: K,
    payload: Parameters<WorkerTasks[K]>[0],
  ): Promise<Awaited<ReturnType<WorkerTasks[K]>>> {
    const worker = this.start();
    const id = this.nextId++;
    worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, task, payload });
    });
  }

  /** Stops the worker after the task in flight (it closes its connection). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Held until it exits: an idle worker is unref'd, and the process would otherwise end
    // here, before the caller closes its own database.
    worker.ref();
    worker.postMessage({ task: 'close' });
    await exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // A path, not `new URL(…, import.meta.url)`: under a DOM environment (jsdom in the
    // compatibility suite) the global URL is the DOM's, which resolves against the page.
    const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'worker-entry.mjs');
    const worker = new Worker(entry, {
      workerData: { url: this.db.url, schema: this.db.schema },
    });
    const failAll = (error: Error) => {
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
      if (this.worker === worker) this.worker = undefined;
    };
    worker.on(
      'message',
      (message: {
        id: number;
        result?: unknown;
        error?: { message: string; code?: string };
        log?: string;
      }) => {
        if (message.log !== undefined) {
          console.log(message.log);
          return;
        }
        const p = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (this.pending.size === 0) worker.unref();
        if (!p) return;
        if (message.error) p.reject(rebuilt(message.error));
        else p.resolve(message.result);
      },
    );
    worker.on('error', (error) => failAll(error));
    worker.on('exit', (code) =>
      failAll(new Error(`The worker thread stopped (exit code ${code}).`)),
    );
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/** Writes that go through the ingestion path (the report cache is dropped after them). */
const INGESTING = new Set<string>(['applyOrders', 'removeOrders']);

/**
 * A shop sync's writes done on the worker thread (see RecordWriter): every catalog page,
 * order page and webhook delivery is written by the worker's connection, so the request
 * thread only waits for a message.
 */
export function workerWriter(worker: WorkerHost): RecordWriter {
  return Object.fromEntries(
    Object.keys(RECORD_WRITES).map((name) => [
      name,
      async (...args: unknown[]) => {
        // Structured clone carries the arguments (plain records, a Map of refunds).
        const result = await worker.run('writeRecords', {
          name: name as keyof typeof RECORD_WRITES,
          args,
        });
        // The worker's ingestion told only its own listeners (the report cache is here).
        if (INGESTING.has(name)) worker.db.events.emit('ingested');
        return result;
      },
    ]),
  ) as RecordWriter;
}
