import { expect, it } from 'vitest';
import { WooClient } from '../src/connect/client';
import { importStep, newImportProgress, RESOURCES } from '../src/connect/jobs';
import { localWriter } from '../src/connect/records';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

describeEachEngine('an import step', (ctx) => {
  it("reads one page at a resource's start, so its count shows at once, then whole steps", async () => {
    const sim = await new WooSimulator({ seed: 21 }).start();
    sim.generate(2500);
    try {
      const client = new WooClient({ url: sim.url, key: 'ck_test', secret: 'cs_test' });
      const writer = localWriter(ctx().db);
      const start = { ...newImportProgress(), phase: RESOURCES.indexOf('orders') };
      const first = await importStep(ctx().db, client, start, 10, writer);
      const total = first.resources.orders.total;
      expect(total).toBe(2500);
      // One page of 100 orders, with the shop's total already known.
      expect(first.resources.orders).toEqual({ done: 100, total });
      expect(first.cursor).toBe(100);
      const second = await importStep(ctx().db, client, first, 10, writer);
      // Then ten pages a step (re-reading a few before the offset, as every step does).
      expect(second.resources.orders.done).toBeGreaterThan(1000);
    } finally {
      await sim.close();
    }
  }, 120_000);
});
