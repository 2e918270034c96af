import { expect, it } from 'vitest';
import { call } from './admin-helpers';
import { CONNECTIONS, connectShop, listeningApp, settle, type View } from './connect-helpers';
import { failInserts } from './fault-triggers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

/**
 * A reconciliation whose job cannot be queued (the database refuses the job's row) leaves the
 * connection in a state the scheduler retries (`error`, no job), with the cause on the
 * connection; before, it stayed `syncing` for a job that did not exist, and no
 * reconciliation ever ran again.
 */
describeEachEngine('a reconciliation that cannot start', (ctx) => {
  it('goes back to a retrying state with the cause recorded, and starts next time', async () => {
    const { db } = ctx();
    const sim = await new WooSimulator({ seed: 17 }).start();
    sim.generate(30);
    const app = await listeningApp(db);
    try {
      const res = await connectShop(app, sim);
      const id = res.body.id;
      await settle(app, id);
      const restore = await failInserts(db, 'admin_jobs', 'no space left on device');
      let failed: Awaited<ReturnType<typeof call>>;
      try {
        failed = await call(app, 'POST', `${CONNECTIONS}/${id}/sync`);
      } finally {
        await restore();
      }
      expect(failed.status).toBeGreaterThanOrEqual(500);
      const row = await db.kysely
        .selectFrom('connections')
        .select(['status', 'job_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'error', job_id: null });
      const view = (await call<View>(app, 'GET', `${CONNECTIONS}/${id}`)).body;
      expect(view.errors[0]!.message).toMatch(/starting a reconciliation: .*no space left/);
      expect(view.errors[0]!.retry).toMatch(/next reconciliation/);

      // The database answers again: the next try starts and finishes.
      const again = await call<View>(app, 'POST', `${CONNECTIONS}/${id}/sync`);
      expect(again.status).toBe(202);
      const done = await settle(app, id);
      expect(done.last_reconciled_gmt).not.toBeNull();
    } finally {
      await app.close();
      await sim.close();
    }
  }, 60_000);
});
