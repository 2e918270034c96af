import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyOrders } from '../src/connect/records';
import type { WcOrder, WcRefund } from '../src/connect/wc-types';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

/**
 * Reconciliation reads again every order changed in its window, which the webhooks have
 * mostly applied already. An order sent again with the date and content applied is passed
 * over (its re-ingestion reads its customer's whole history); one whose date is the same but
 * whose content differs (two changes in one second) is applied.
 */
describeEachEngine('the connector ingests an order once per content', (ctx) => {
  let sim: WooSimulator;
  beforeAll(async () => {
    sim = await new WooSimulator({ seed: 3 }).start();
    sim.generate(60);
  });
  afterAll(() => sim?.close());

  /** Applies orders as a webhook or a reconciliation page does; the batches ingested. */
  async function apply(orders: WcOrder[], refunds = new Map<number, WcRefund[]>()) {
    let batches = 0;
    const off = ctx().db.events.on('ingested', () => batches++);
    try {
      const changed = await applyOrders(ctx().db, orders, refunds);
      return { changed, batches };
    } finally {
      off();
    }
  }
  const statusOf = async (id: number) =>
    (
      await ctx()
        .db.kysely.selectFrom('order_stats')
        .select('status')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('passes over an order sent again unchanged, and applies one changed within its second', async () => {
    const o = sim.find((x) => x.status === 'completed' && x.refunds.length === 0);
    const json = sim.orderJson(o) as unknown as WcOrder;
    expect(await apply([json])).toEqual({ changed: 1, batches: 1 });
    expect(await apply([json])).toEqual({ changed: 0, batches: 0 });
    // The same modification date, another status: a change made in the same second.
    const cancelled = { ...json, status: 'cancelled' };
    expect(await apply([cancelled])).toEqual({ changed: 1, batches: 1 });
    expect(await statusOf(o.id)).toBe('cancelled');
    expect(await apply([cancelled])).toEqual({ changed: 0, batches: 0 });
    // Back as it was: applied again, not taken for the first state.
    expect(await apply([json])).toEqual({ changed: 1, batches: 1 });
    expect(await statusOf(o.id)).toBe('completed');
  });

  it('counts an order’s refunds as part of it', async () => {
    const o = sim.find((x) => x.status === 'completed' && x.refunds.length > 0);
    const json = sim.orderJson(o) as unknown as WcOrder;
    const refunds = new Map([[o.id, o.refunds.map((r) => sim.refundJson(o, r) as WcRefund)]]);
    expect(await apply([json])).toEqual({ changed: 1, batches: 1 });
    // The refunds read from the shop change what is ingested, at the same date.
    expect(await apply([json], refunds)).toEqual({ changed: 1, batches: 1 });
    const refundRows = await ctx()
      .db.kysely.selectFrom('order_stats')
      .select('order_id')
      .where('parent_id', '=', o.id)
      .execute();
    expect(refundRows).toHaveLength(o.refunds.length);
    expect(await apply([json], refunds)).toEqual({ changed: 0, batches: 0 });
  });

  it('ingests once more an order applied before digests were kept', async () => {
    const o = sim.find((x) => x.status === 'processing');
    const json = sim.orderJson(o) as unknown as WcOrder;
    expect(await apply([json])).toEqual({ changed: 1, batches: 1 });
    await ctx()
      .db.kysely.updateTable('connection_records')
      .set({ digest: null })
      .where('kind', '=', 'order')
      .where('record_id', '=', o.id)
      .execute();
    expect(await apply([json])).toEqual({ changed: 1, batches: 1 });
    expect(await apply([json])).toEqual({ changed: 0, batches: 0 });
  });

  it('passes over the unchanged orders of a page and applies the rest in one batch', async () => {
    const page = [...sim.orders.values()]
      .filter((x) => x.refunds.length === 0 && x.status !== 'on-hold')
      .slice(0, 6);
    const jsons = page.map((x) => sim.orderJson(x) as unknown as WcOrder);
    await apply(jsons);
    const changed = jsons.map((j, i) => (i % 2 === 0 ? { ...j, status: 'on-hold' } : j));
    expect(await apply(changed)).toEqual({ changed: 3, batches: 1 });
    for (const [i, x] of page.entries())
      expect(await statusOf(x.id)).toBe(i % 2 === 0 ? 'on-hold' : x.status);
  });
});
