import type { ImportStatusBody } from '@storelens/api';
import { expect, it } from 'vitest';
import { clearJobFault, injectJobFault } from '../src/db/faults';
import { IMPORT_KIND, startImport } from '../src/ingest/import-job';
import { call } from './admin-helpers';
import {
  connectShop,
  delivered,
  expectShopTotals,
  listeningApp,
  settle,
  waitFor,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

/**
 * A full rebuild is built beside the live tables and swapped in at the end. Orders the shop
 * changes while it runs are written into the live tables by webhooks; when the rebuild had
 * read them already, its swap used to put their old state back (the change lost until the
 * order changed again). The rebuild now replays the orders written since it started, before
 * and at the swap. Here the rebuild is held after reading its first orders (its next step
 * fails, as on a full disk), two of those orders change on the shop (one cancelled,
 * one trashed), and once the rebuild finishes the reports still follow the shop.
 */
describeEachEngine('a rebuild keeps the changes made while it ran', (ctx) => {
  it('replays orders written by webhooks during the rebuild', async () => {
    const { db } = ctx();
    const sim = await new WooSimulator({ seed: 23 }).start();
    sim.generate(300);
    const app = await listeningApp(db);
    try {
      const res = await connectShop(app, sim);
      await settle(app, res.body.id);
      await expectShopTotals(app, sim);

      const runner = app.jobRunner;
      // Four steps go through (the customers, the first orders), then the rebuild waits,
      // retrying.
      injectJobFault(IMPORT_KIND, { after: 4, times: 1_000 });
      const started = await startImport(db, runner, {
        skipExisting: false,
        reason: 'request',
        batchSize: 50,
      });
      if (!started.started) throw new Error('the rebuild did not start');
      try {
        const held = await waitFor(
          async () =>
            (
              await call<ImportStatusBody>(
                app,
                'GET',
                '/wp-json/wc-analytics/reports/import/status',
              )
            ).body,
          (s) => s.last_error !== undefined,
        );
        expect(held.orders.imported).toBeGreaterThanOrEqual(50);
        expect(held.orders.imported).toBeLessThan(300);
        const read = [...sim.orders.keys()].sort((a, b) => a - b).slice(0, held.orders.imported);
        const early = (o: { id: number; status: string }) =>
          read.includes(o.id) && o.status === 'completed';
        const cancelled = sim.find(early);
        sim.setStatus(cancelled.id, 'cancelled');
        const trashed = sim.find(early);
        sim.trash(trashed.id);
        await delivered(app, sim);
        // Applied to the live tables at once.
        await expectShopTotals(app, sim);
        clearJobFault(IMPORT_KIND);
        await runner.settled(started.id);
        const job = await db.kysely
          .selectFrom('admin_jobs')
          .select('status')
          .where('id', '=', started.id)
          .executeTakeFirstOrThrow();
        expect(job.status).toBe('done');
        // Swapped in, and the two changes are still there.
        await expectShopTotals(app, sim);
        const rows = await db.kysely
          .selectFrom('order_stats')
          .select(['order_id', 'status'])
          .where('order_id', 'in', [cancelled.id, trashed.id])
          .execute();
        expect(rows.map((r) => [Number(r.order_id), r.status])).toEqual([
          [cancelled.id, 'cancelled'],
        ]);
      } finally {
        clearJobFault(IMPORT_KIND);
      }
    } finally {
      await app.close();
      await sim.close();
    }
  }, 120_000);
});
