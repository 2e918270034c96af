import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from './admin-helpers';
import { connectShop, listeningApp, settle } from './connect-helpers';
import { describeEachEngine } from './harness';
import { type SimOrder, WooSimulator } from './woo-simulator';

/*
 * The simulated shop's attribution meta, imported through the connector, is what the Sources
 * report groups: per origin, source type and utm source, the orders the shop holds (its paid
 * orders of the statuses reports count; no date range) and nothing else.
 */
const ALL = 'force_cache_refresh=true&per_page=100';

describeEachEngine('a shop’s attribution in the Sources report', (ctx) => {
  let sim: WooSimulator;
  let app: FastifyInstance;

  beforeAll(async () => {
    sim = await new WooSimulator({ seed: 47 }).start();
    sim.generate(220);
    app = await listeningApp(ctx().db);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  /** The orders a report counts: live, paid (the default date type), not excluded. */
  const counted = (o: SimOrder) =>
    o.status !== 'trash' &&
    o.status !== 'checkout-draft' &&
    o.paid !== null &&
    !['pending', 'failed', 'cancelled'].includes(o.status);

  const fold = (v: string | undefined) => (v ?? '').trim().toLowerCase();

  it('groups the imported orders by their attribution as the shop holds it', async () => {
    const connected = await connectShop(app, sim);
    expect(connected.status).toBe(201);
    await settle(app, connected.body.id);
    const orders = [...sim.orders.values()].filter(counted);
    expect(orders.some((o) => o.attribution === null)).toBe(true);
    const want = (key: (o: SimOrder) => string) => {
      const out = new Map<string, number>();
      for (const o of orders) out.set(key(o), (out.get(key(o)) ?? 0) + 1);
      return out;
    };
    const cases: [string, (o: SimOrder) => string][] = [
      [
        'origin',
        (o) =>
          !o.attribution || o.attribution.origin === 'Unknown' ? 'unknown' : o.attribution.origin,
      ],
      ['source_type', (o) => fold(o.attribution?.sourceType) || 'unknown'],
      ['utm_source', (o) => fold(o.attribution?.meta.utm_source) || 'unknown'],
      ['payment_method', (o) => fold(o.paymentMethod) || 'unknown'],
    ];
    for (const [groupby, key] of cases) {
      const res = await call<{ value: string; orders_count: number }[]>(
        app,
        'GET',
        `/wp-json/wc-analytics/reports/sources?groupby=${groupby}&${ALL}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const got = new Map(res.body.map((r) => [r.value, r.orders_count]));
      expect(got, groupby).toEqual(want(key));
    }
  });
});
