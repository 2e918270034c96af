import type { ImportStatusBody } from '@storelens/api';
import { expect, it } from 'vitest';
import { generateDemoStore } from '../src/demo/generate';
import { startImport } from '../src/ingest/import-job';
import { call } from './admin-helpers';
import { describeEachEngine } from './harness';

const IMPORT = '/wp-json/wc-analytics/reports/import';
const REPORT =
  '/wp-json/wc-analytics/reports/revenue/stats?interval=week&after=2024-01-01T00:00:00&before=2024-03-31T23:59:59&force_cache_refresh=true';

/**
 * Long work runs on the worker thread: the server answers requests while a step of it is in
 * progress. An import of every order in one batch has one long step (the orders); a report
 * request whose status reads before and after both show that step under way was answered
 * during it. On SQLite's request thread such a step held every request until it ended.
 */
describeEachEngine(
  'long jobs off the request thread',
  (ctx) => {
    it('answers reports while a rebuild step is under way', async () => {
      const { app, db } = ctx();
      const status = async () =>
        (await call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`)).body;
      const runner = app.jobRunner;
      const started = await startImport(db, runner, {
        skipExisting: false,
        reason: 'request',
        batchSize: 100_000,
      });
      expect(started.started).toBe(true);
      // The customers step is done, the orders step (every order) is not.
      const inOrdersStep = (s: ImportStatusBody) =>
        s.is_importing && s.customers.imported > 0 && s.orders.imported === 0;
      let during = 0;
      let sawEnd = false;
      while (!sawEnd) {
        const before = await status();
        const report = await call(app, 'GET', REPORT);
        expect(report.status).toBe(200);
        const after = await status();
        if (inOrdersStep(before) && inOrdersStep(after)) during++;
        sawEnd = !after.is_importing;
        // Injected requests resolve without a turn of the event loop; real ones arrive as I/O,
        // which lets the worker's answers in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(during).toBeGreaterThanOrEqual(3);
      const done = await status();
      expect(done.orders.imported).toBe(done.orders.total);
      if (started.started) await runner.settled(started.id);
    }, 120_000);
  },
  async (db) => {
    await generateDemoStore(db, { orders: 4000, years: 1, seed: 5, end: '2024-06-30' });
  },
);
