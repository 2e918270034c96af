import { expect, it } from 'vitest';
import { clearJobFault, injectJobFault } from '../src/db/faults';
import { IMPORT_KIND, importHandler, importStatus, startImport } from '../src/ingest/import-job';
import { ingestOrders } from '../src/ingest/ingest';
import { JobRunner, readJob } from '../src/jobs/runner';
import { order, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A job's error said why its last attempt failed; a later step that went through cleared it
 * only within the same run of the runner. An import whose attempt failed just before the
 * server stopped, resumed by the next start and finished there, kept reporting the old
 * failure as its `last_error`.
 */
describeEachEngine('a job error after a later success', (ctx) => {
  it('is cleared when a resumed import goes through, and the status shows none', async () => {
    const { db } = ctx();
    await seedCatalog(db);
    await ingestOrders(db, [order(9001, { created: '2024-05-01 10:00:00' })]);
    const first = new JobRunner(db);
    first.register(importHandler(db));
    injectJobFault(IMPORT_KIND, { times: 1, message: 'database or disk is full (test)' });
    let id: string;
    try {
      const started = await startImport(db, first, { skipExisting: false, reason: 'request' });
      if (!started.started) throw new Error('the import did not start');
      id = started.id;
      const failing = await until(
        () => readJob(db, id),
        (job) => job?.error != null,
      );
      expect(failing?.status).toBe('running');
      expect((await importStatus(db)).last_error).toContain('database or disk is full (test)');
    } finally {
      // The server stops while the step waits for its retry.
      await first.stop();
      clearJobFault(IMPORT_KIND);
    }

    const next = new JobRunner(db);
    next.register(importHandler(db));
    try {
      await next.resume();
      const done = await until(
        () => readJob(db, id),
        (job) => job?.status === 'done',
      );
      expect(done?.error).toBeNull();
      const status = await importStatus(db, next);
      expect(status.is_importing).toBe(false);
      expect(status.orders.imported).toBe(1);
      expect(status.last_error).toBeUndefined();
    } finally {
      await next.stop();
    }
  });
});
