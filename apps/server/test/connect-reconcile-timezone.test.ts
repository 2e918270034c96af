import type { ConnectionView } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from './admin-helpers';
import {
  CONNECTIONS,
  connectShop,
  delivered,
  expectShopTotals,
  listeningApp,
  reportTotals,
  settle,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

/**
 * WooCommerce reads `modified_after` as the shop's local time unless `dates_are_gmt=true`.
 * Reconciliation's window is kept in GMT: sent as a local time to a shop behind GMT, it would
 * start hours late and miss every change the webhooks lost in those hours.
 */
describeEachEngine('reconciliation with a shop behind GMT', (ctx) => {
  let sim: WooSimulator;
  let app: FastifyInstance;

  beforeAll(async () => {
    sim = await new WooSimulator({
      seed: 4,
      timezone: 'America/New_York',
      utcOffsetHours: -5,
    }).start();
    sim.generate(80);
    app = await listeningApp(ctx().db);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('brings a change the webhooks missed, made just after the import', async () => {
    const connected = await connectShop(app, sim);
    expect(connected.status).toBe(201);
    const id = connected.body.id;
    await settle(app, id);
    await expectShopTotals(app, sim);

    sim.muteWebhooks = true;
    const o = sim.find((x) => x.status === 'completed' && x.refunds.length === 0);
    sim.setStatus(o.id, 'cancelled');
    sim.muteWebhooks = false;
    await delivered(app, sim);
    expect(await reportTotals(app)).not.toEqual(sim.totals());

    expect((await call<ConnectionView>(app, 'POST', `${CONNECTIONS}/${id}/sync`)).status).toBe(202);
    await settle(app, id);
    await expectShopTotals(app, sim);
  });
});
