import { expect, it } from 'vitest';
import { generateDemoStore } from '../src/demo/generate';
import { getOptions } from '../src/options';
import { call, expectError } from './admin-helpers';
import {
  CONNECTIONS,
  expectShopTotals,
  FAST,
  listeningApp,
  settle,
  type View,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

describeEachEngine(
  'connecting a store that holds the demo',
  (ctx) => {
    it('asks to confirm, then replaces the demo with the shop', async () => {
      const { db } = ctx();
      const sim = await new WooSimulator({
        seed: 3,
        currency: 'EUR',
        timezone: 'Asia/Kathmandu',
        startOfWeek: 0,
      }).start();
      sim.generate(120);
      const app = await listeningApp(db);
      try {
        const payload = { url: sim.url, consumer_key: 'ck_test', consumer_secret: 'cs_test' };
        expectError(
          await call(app, 'POST', CONNECTIONS, payload),
          400,
          'storelens_connection_demo_present',
          'replace_demo',
        );
        expectError(
          await call(app, 'POST', CONNECTIONS, { ...payload, replace_demo: 'yes' }),
          400,
          'rest_invalid_param',
          'replace_demo',
        );
        const res = await call<View>(app, 'POST', CONNECTIONS, { ...payload, replace_demo: true });
        expect(res.status).toBe(201);
        await settle(app, res.body.id);
        await expectShopTotals(app, sim);
        const options = await getOptions(db, [
          'woocommerce_demo_seed',
          'woocommerce_currency',
          'timezone_string',
          'start_of_week',
        ]);
        expect(options.has('woocommerce_demo_seed')).toBe(false);
        expect(options.get('woocommerce_currency')).toBe('EUR');
        expect(options.get('timezone_string')).toBe('Asia/Kathmandu');
        expect(options.get('start_of_week')).toBe(0);
        const products = await db.kysely.selectFrom('products').select('id').execute();
        expect(products.length).toBe(sim.products.size);
        // One shop per store: a second connection is refused.
        expectError(
          await call(app, 'POST', CONNECTIONS, payload),
          400,
          'storelens_connection_exists',
        );
      } finally {
        await app.close();
        await sim.close();
      }
    }, 120_000);
  },
  async (db) => {
    await generateDemoStore(db, { orders: 300, years: 1, seed: 3, end: '2024-06-30' });
  },
);

describeEachEngine('connecting with a read-only key, Basic auth', (ctx) => {
  it('imports, registers no webhook, and says the key is read-only', async () => {
    const sim = await new WooSimulator({
      seed: 9,
      readOnly: true,
      allowBasicOverHttp: true,
    }).start();
    sim.generate(80);
    const app = await listeningApp(ctx().db, { client: { ...FAST.client, auth: 'basic' } });
    try {
      const res = await call<View & { read_only: boolean }>(app, 'POST', CONNECTIONS, {
        url: sim.url,
        consumer_key: 'ck_test',
        consumer_secret: 'cs_test',
      });
      expect(res.status).toBe(201);
      expect(res.body.read_only).toBe(true);
      expect(res.body.webhooks).toEqual([]);
      await settle(app, res.body.id);
      await expectShopTotals(app, sim);
      expect(sim.webhooks.size).toBe(0);
      expect(sim.nonces.size).toBe(0); // every request went with Basic auth
    } finally {
      await app.close();
      await sim.close();
    }
  }, 120_000);
});
