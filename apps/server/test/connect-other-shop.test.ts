import { expect, it } from 'vitest';
import { call, expectError } from './admin-helpers';
import {
  CONNECTIONS,
  connectShop,
  expectShopTotals,
  listeningApp,
  settle,
  type View,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

describeEachEngine('connecting after a shop was disconnected', (ctx) => {
  it('the same shop keeps its data; another asks to confirm, then replaces it', async () => {
    const { db } = ctx();
    // Two shops whose order and product ids overlap, as any two WooCommerce shops' do.
    const first = await new WooSimulator({ seed: 3 }).start();
    const second = await new WooSimulator({ seed: 4, currency: 'EUR' }).start();
    first.generate(80);
    second.generate(60);
    const app = await listeningApp(db);
    const disconnect = async (id: number) =>
      expect((await call<{ deleted: boolean }>(app, 'DELETE', `${CONNECTIONS}/${id}`)).status).toBe(
        200,
      );
    try {
      const made = await connectShop(app, first);
      expect(made.status).toBe(201);
      await settle(app, made.body.id);
      await expectShopTotals(app, first);
      await disconnect(made.body.id);

      // The same shop again: nothing to confirm, its data is kept and brought up to date.
      const again = await connectShop(app, first);
      expect(again.status).toBe(201);
      await settle(app, again.body.id);
      await expectShopTotals(app, first);
      await disconnect(again.body.id);

      // Another shop: its orders would mix with the first shop's.
      const payload = { url: second.url, consumer_key: 'ck_test', consumer_secret: 'cs_test' };
      const refused = await call<{ message: string }>(app, 'POST', CONNECTIONS, payload);
      expectError(refused, 400, 'storelens_connection_other_shop', 'replace_data');
      expect(refused.body.message).toContain(first.url);
      expectError(
        await call(app, 'POST', CONNECTIONS, { ...payload, replace_data: 'yes' }),
        400,
        'rest_invalid_param',
        'replace_data',
      );
      // Refused, nothing changed: the first shop's figures are still there.
      await expectShopTotals(app, first);

      // What the owner set up is theirs, not the shop's: it stays.
      const digest = await call<{ id: number }>(app, 'POST', '/wp-json/storelens/v1/digests', {
        frequency: 'daily',
        hour: 7,
        channels: [{ type: 'email' }],
      });
      expect(digest.status).toBe(201);
      const replaced = await call<View>(app, 'POST', CONNECTIONS, {
        ...payload,
        replace_data: true,
      });
      expect(replaced.status).toBe(201);
      await settle(app, replaced.body.id);
      await expectShopTotals(app, second);
      const products = await db.kysely.selectFrom('products').select('id').execute();
      expect(products.length).toBe(second.products.size);
      const digests = await call<{ id: number }[]>(app, 'GET', '/wp-json/storelens/v1/digests');
      expect(digests.body.map((d) => d.id)).toContain(digest.body.id);
    } finally {
      await app.close();
      await first.close();
      await second.close();
    }
  }, 180_000);
});
