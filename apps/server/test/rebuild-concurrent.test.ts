import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import {
  IMPORT_KIND,
  type ImportParams,
  importHandler,
  startImport,
  startingProgress,
} from '../src/ingest/import-job';
import { JobRunner } from '../src/jobs/runner';
import { WorkerHost } from '../src/jobs/worker-host';
import { call } from './admin-helpers';
import { describeEachEngine } from './harness';
import { waitFor } from './rebuild-helpers';

const REVENUE =
  '/wp-json/wc-analytics/reports/revenue/stats?interval=month&after=2024-01-01T00:00:00&before=2024-06-30T23:59:59&force_cache_refresh=true';

/** The import jobs, oldest first, with their status. */
async function importJobs(db: Db) {
  return db.kysely
    .selectFrom('admin_jobs')
    .select(['id', 'status'])
    .where('kind', '=', IMPORT_KIND)
    .orderBy('created_gmt')
    .orderBy('id')
    .execute();
}

const settled = (jobs: { status: string }[]) =>
  jobs.every((j) => j.status !== 'running' && j.status !== 'queued');

describeEachEngine(
  'rebuilds started together',
  (ctx) => {
    it('two settings rebuilds started at once in one process: the first is replaced, the second ends', async () => {
      const { app, db } = ctx();
      const before = (await call(app, 'GET', REVENUE)).body;
      const runner = app.jobRunner;
      const known = new Set((await importJobs(db)).map((j) => j.id));
      await Promise.all([
        startImport(db, runner, { skipExisting: false, reason: 'settings', batchSize: 100 }),
        startImport(db, runner, { skipExisting: false, reason: 'settings', batchSize: 100 }),
      ]);
      const jobs = await waitFor(
        async () => (await importJobs(db)).filter((j) => !known.has(j.id)),
        settled,
      );
      expect(jobs.map((j) => j.status)).toEqual(['cancelled', 'done']);
      expect((await call(app, 'GET', REVENUE)).body).toEqual(before);
    }, 180_000);

    it('two rebuilds running at once (two processes): the older stops, the newer ends, the figures are whole', async () => {
      const { app, db } = ctx();
      const before = (await call(app, 'GET', REVENUE)).body;
      const known = new Set((await importJobs(db)).map((j) => j.id));
      // A second runner with its own worker thread and connections, as another process has.
      const worker = new WorkerHost(db);
      const other = new JobRunner(db);
      other.register(importHandler(db, worker));
      try {
        const params: ImportParams = {
          from: -1,
          skipExisting: false,
          batchSize: 100,
          reason: 'settings',
        };
        const progress = await startingProgress(db, params);
        // Each runner starts one without looking at the other's, as two processes may.
        await app.jobRunner.enqueue(IMPORT_KIND, params, progress);
        await other.enqueue(IMPORT_KIND, params, progress);
        const jobs = await waitFor(
          async () => (await importJobs(db)).filter((j) => !known.has(j.id)),
          settled,
        );
        expect(jobs.map((j) => j.status).sort()).toEqual(['cancelled', 'done']);
        expect((await call(app, 'GET', REVENUE)).body).toEqual(before);
      } finally {
        await other.stop();
        await worker.close();
      }
    }, 180_000);
  },
  async (db) => {
    await generateDemoStore(db, { orders: 600, years: 1, seed: 5, end: '2024-06-30' });
  },
);
