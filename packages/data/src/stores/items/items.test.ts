// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { stableKey } from '../../core/stable-key.ts';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import {
  countQueryKey,
  fetchItems,
  fetchItemsTotalCount,
  itemsPath,
  stockUpdatePath,
  updateProductStock,
} from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function itemsServer(failStock = false) {
  const ctx = await startStore((app) => {
    app.get('/wc-analytics/products', async (_req, reply) => {
      reply.header('X-WP-Total', '120').header('X-WP-TotalPages', '12');
      return [
        { id: 1, name: 'Hat', type: 'simple', stock_quantity: 5 },
        { id: 11, name: 'Shirt - Red', type: 'variation', parent_id: 10, stock_quantity: 2 },
      ];
    });
    app.get('/wc-analytics/products/low-in-stock', async () => [
      { id: 1, name: 'Hat', type: 'product', stock_quantity: 5 },
    ]);
    app.get('/wc-analytics/products/categories', async (_req, reply) => {
      // A wrong header proves the full list is counted by length, not by header.
      reply.header('X-WP-Total', '999');
      return [
        { id: 1, name: 'Clothing' },
        { id: 2, name: 'Music' },
        { id: 3, name: 'Posters' },
      ];
    });
    app.get('/wc-analytics/coupons', async (_req, reply) =>
      reply.code(500).send(wpError('db_error', 'Down', 500)),
    );
    app.put('/wc-analytics/products/:id', async (req, reply) => {
      if (failStock) return reply.code(400).send(wpError('rest_invalid_param', 'Bad stock', 400));
      return { id: Number((req.params as { id: string }).id), ...(req.body as object) };
    });
    app.put('/wc-analytics/products/:parent/variations/:id', async (req, reply) => {
      if (failStock) return reply.code(500).send(wpError('db_error', 'Down', 500));
      return { id: Number((req.params as { id: string }).id), ...(req.body as object) };
    });
  });
  close = () => ctx.server.close();
  return ctx;
}

describe('wc/admin/items', () => {
  it('paths: categories map to products/categories; variations update under their parent', () => {
    expect(itemsPath('categories')).toBe('/wc-analytics/products/categories');
    expect(itemsPath('coupons')).toBe('/wc-analytics/coupons');
    expect(stockUpdatePath({ id: 11, type: 'variation', parent_id: 10 })).toBe(
      '/wc-analytics/products/10/variations/11',
    );
    expect(stockUpdatePath({ id: 1, type: 'simple', parent_id: 0 })).toBe(
      '/wc-analytics/products/1',
    );
  });

  it('caches items by id per type and ids + total (x-wp-total) per query', async () => {
    const { store } = await itemsServer();
    await store.dispatch(fetchItems('products', { search: 'h' }));
    const products = store.getState().items.products;
    expect(products?.queries[stableKey({ search: 'h' })]?.result).toEqual({
      ids: ['1', '11'],
      total: 120,
      totalPages: 12,
    });
    expect(products?.byId['11']?.name).toBe('Shirt - Red');
  });

  it('per_page -1 fetches the full list and counts its length', async () => {
    const { store, requests } = await itemsServer();
    await store.dispatch(fetchItems('categories', { per_page: -1 }));
    expect(requests.at(-1)?.url).toBe('/wc-analytics/products/categories?per_page=-1');
    expect(
      store.getState().items.categories?.queries[stableKey({ per_page: -1 })]?.result?.total,
    ).toBe(3);
  });

  it('count-only requests ask for page 1 with per_page 1', async () => {
    const { store, requests } = await itemsServer();
    await store.dispatch(fetchItemsTotalCount('products', { status: 'publish', page: 4 }));
    expect(requests.at(-1)?.url).toBe('/wc-analytics/products?status=publish&page=1&per_page=1');
    expect(
      store.getState().items.products?.queries[countQueryKey({ status: 'publish', page: 4 })]
        ?.result?.total,
    ).toBe(120);
  });

  it('a failed fetch is stored under the query key', async () => {
    const { store } = await itemsServer();
    await store.dispatch(fetchItems('coupons', { search: 'x' }));
    expect(store.getState().items.coupons?.queries[stableKey({ search: 'x' })]).toMatchObject({
      status: 'error',
      error: { code: 'db_error', status: 500 },
    });
  });

  it('stock update: applied at once, true on success', async () => {
    const { store, requests } = await itemsServer();
    await store.dispatch(fetchItems('products', {}));
    const pending = store.dispatch(
      updateProductStock({ id: 11, type: 'variation', parent_id: 10 }, 7),
    );
    expect(store.getState().items.products?.byId['11']?.stock_quantity).toBe(7);
    await expect(pending).resolves.toBe(true);
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/wc-analytics/products/10/variations/11',
      body: { stock_quantity: 7 },
    });
  });

  it.each([
    [{ id: 1, type: 'simple' }, '1'],
    [{ id: 11, type: 'variation', parent_id: 10 }, '11'],
  ])(
    'stock update failure reverts, records the error and returns false (%o)',
    async (product, key) => {
      const { store } = await itemsServer(true);
      await store.dispatch(fetchItems('products', {}));
      const before = store.getState().items.products?.byId[key]?.stock_quantity;
      await expect(store.dispatch(updateProductStock(product, 99))).resolves.toBe(false);
      expect(store.getState().items.products?.byId[key]?.stock_quantity).toBe(before);
      expect(store.getState().items.products?.errors[`updateStock:${product.id}`]).toBeDefined();
    },
  );

  it('a stock update shows at once in every list holding the product, and a failure reverts them all', async () => {
    for (const fail of [false, true]) {
      const { store } = await itemsServer(fail);
      await store.dispatch(fetchItems('products/low-in-stock', {}));
      const pending = store.dispatch(updateProductStock({ id: 1, type: 'simple' }, 42));
      expect(store.getState().items['products/low-in-stock']?.byId['1']?.stock_quantity).toBe(42);
      await expect(pending).resolves.toBe(!fail);
      const after = store.getState().items['products/low-in-stock']?.byId['1'];
      expect(after?.stock_quantity).toBe(fail ? 5 : 42);
      expect(store.getState().items['products/low-in-stock']?.queries[stableKey({})]?.stale).toBe(
        true,
      );
      if (fail) expect(store.getState().items.products?.errors['updateStock:1']).toBeDefined();
      await close?.();
      close = undefined;
    }
  });
});
