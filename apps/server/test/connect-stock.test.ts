import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from './admin-helpers';
import { CONNECTIONS, connectShop, listeningApp, settle, type View } from './connect-helpers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

/*
 * A stock change made in Storelens on a connected shop is written to the shop first, through
 * the connector, and Storelens keeps what the shop answers; when the shop will not or cannot
 * take it, nothing changes in either place and the answer says why.
 */

const PRODUCTS = '/wp-json/wc-analytics/products';

interface Stock {
  stock_quantity: number | null;
  stock_status: string;
  manage_stock: boolean;
}

async function connectedShop(ctxDb: Parameters<typeof listeningApp>[0], sim: WooSimulator) {
  sim.generate(20);
  const app = await listeningApp(ctxDb);
  const res = await connectShop(app, sim);
  expect(res.status).toBe(201);
  await settle(app, res.body.id);
  return { app, id: res.body.id };
}

describeEachEngine('stock edits on a connected shop', (ctx) => {
  let sim: WooSimulator;
  let app: FastifyInstance;
  beforeAll(async () => {
    sim = await new WooSimulator({ seed: 31 }).start();
    ({ app } = await connectedShop(ctx().db, sim));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('writes a product and a variation to the shop, keeps its answer, and out of stock follows', async () => {
    {
      const simple = [...sim.products.values()].find((p) => p.type === 'simple' && !p.deleted)!;
      const variation = [...sim.products.values()].find((p) => p.type === 'variation')!;

      const saved = await call<Stock>(app, 'PUT', `${PRODUCTS}/${simple.id}`, {
        stock_quantity: 3,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ stock_quantity: 3, stock_status: 'instock' });
      expect(sim.stockWrites).toEqual([{ id: simple.id, manage: true, quantity: 3, low: null }]);
      // The shop's copy is what a fresh read of the shop gives.
      expect(sim.productJson(simple)).toMatchObject({ stock_quantity: 3 });

      const none = await call<Stock>(
        app,
        'PUT',
        `${PRODUCTS}/${variation.parent}/variations/${variation.id}`,
        { stock_quantity: 0 },
      );
      expect(none.status).toBe(200);
      // The status is the shop's: WooCommerce makes a managed stock of 0 out of stock.
      expect(none.body).toMatchObject({ stock_quantity: 0, stock_status: 'outofstock' });
      expect(sim.stockWrites.at(-1)).toEqual({
        id: variation.id,
        manage: true,
        quantity: 0,
        low: null,
      });
      const read = await call<Stock>(
        app,
        'GET',
        `${PRODUCTS}/${variation.parent}/variations/${variation.id}`,
      );
      expect(read.body).toMatchObject({ stock_quantity: 0, stock_status: 'outofstock' });
    }
  }, 120_000);

  it('changes nothing when the shop fails, and says why (502 with the shop’s reason)', async () => {
    const writes = sim.stockWrites.length;
    {
      const simple = [...sim.products.values()].filter(
        (p) => p.type === 'simple' && !p.deleted,
      )[1]!;
      const before = (await call<Stock>(app, 'GET', `${PRODUCTS}/${simple.id}`)).body;
      sim.every = { n: 1, fault: 503 };
      const refused = await call<{ code: string; message: string }>(
        app,
        'PUT',
        `${PRODUCTS}/${simple.id}`,
        { stock_quantity: 1 },
      );
      sim.every = null;
      expect(refused.status).toBe(502);
      expect(refused.body.code).toBe('storelens_shop_write_failed');
      expect(refused.body.message).toMatch(/HTTP 503/);
      expect(sim.stockWrites).toHaveLength(writes);
      expect((await call<Stock>(app, 'GET', `${PRODUCTS}/${simple.id}`)).body).toEqual(before);

      // A product deleted on the shop since the last sync.
      sim.products.get(simple.id)!.deleted = true;
      const gone = await call<{ code: string }>(app, 'PUT', `${PRODUCTS}/${simple.id}`, {
        stock_quantity: 1,
      });
      expect(gone.status).toBe(404);
      expect(gone.body.code).toBe('storelens_shop_product_missing');
      expect((await call<Stock>(app, 'GET', `${PRODUCTS}/${simple.id}`)).body).toEqual(before);
    }
  }, 120_000);
});

describeEachEngine('stock edits on a shop connected with a read-only key', (ctx) => {
  it('refuses, changes nothing, and the connection says read-only', async () => {
    const sim = await new WooSimulator({ seed: 33, readOnly: true }).start();
    const { app, id } = await connectedShop(ctx().db, sim);
    try {
      const simple = [...sim.products.values()].find((p) => p.type === 'simple' && !p.deleted)!;
      const before = (await call<Stock>(app, 'GET', `${PRODUCTS}/${simple.id}`)).body;
      const refused = await call<{ code: string; message: string }>(
        app,
        'PUT',
        `${PRODUCTS}/${simple.id}`,
        { stock_quantity: 1 },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('storelens_shop_read_only');
      expect(refused.body.message).toMatch(/Read\/Write key/);
      expect(sim.stockWrites).toEqual([]);
      expect((await call<Stock>(app, 'GET', `${PRODUCTS}/${simple.id}`)).body).toEqual(before);
      const view = (await call<View>(app, 'GET', `${CONNECTIONS}/${id}`)).body;
      expect(view.read_only).toBe(true);
    } finally {
      await app.close();
      await sim.close();
    }
  }, 120_000);
});
