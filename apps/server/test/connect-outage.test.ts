import { expect, it } from 'vitest';
import { call } from './admin-helpers';
import {
  CONNECTIONS,
  connectShop,
  expectShopTotals,
  listeningApp,
  settle,
  type View,
  waitFor,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

describeEachEngine('a shop that stops answering during the import', (ctx) => {
  it('shows the error on the connection, then resumes by itself and finishes to the cent', async () => {
    const sim = await new WooSimulator({ seed: 13 }).start();
    sim.generate(300);
    const app = await listeningApp(ctx().db, { pagesPerStep: 1 });
    try {
      // Once the first page of orders is in, every request fails for a while: more than the
      // client's tries. Started by the shop, not by this test's timing, so an import that
      // finishes before the test looks cannot miss the outage.
      sim.outageAfter = { path: '/orders', fault: 503 };
      const res = await connectShop(app, sim);
      expect(res.status).toBe(201);
      const failing = await waitFor(
        async () => (await call<View>(app, 'GET', `${CONNECTIONS}/${res.body.id}`)).body,
        (v) =>
          v.status === 'error' && v.errors.some((e) => e.retry.startsWith('continues by itself')),
      );
      expect(failing.errors[0]!.message).toMatch(/HTTP 503/);
      sim.every = null;
      const done = await settle(app, res.body.id);
      expect(done.progress.orders).toEqual({ done: 300, total: 300 });
      await expectShopTotals(app, sim);
    } finally {
      await app.close();
      await sim.close();
    }
  }, 120_000);
});
