import type { ProductBody } from '@storelens/api';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { call, expectError } from './admin-helpers';
import { seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

const PRODUCTS = '/wp-json/wc-analytics/products';

/** The catalog (10 Mug, 20 Tee, 21 Tee - Red) plus products 30..39 with managed stock. */
async function seed(db: Db) {
  await seedCatalog(db);
  const base = await db.kysely
    .selectFrom('products')
    .selectAll()
    .where('id', '=', 10)
    .executeTakeFirstOrThrow();
  // Stock 1..10 with the store's default threshold (2) and two with their own amounts:
  // low are 30 (1), 31 (2), 34 (5 ≤ 6) and 35 (6 ≤ 6); 39 is out of stock (never low).
  await db.kysely
    .insertInto('products')
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        ...base,
        id: 30 + i,
        name: `Stocked ${i}`,
        slug: `stocked-${i}`,
        sku: `ST${i}`,
        manage_stock: 1,
        stock_quantity: i === 9 ? 0 : i + 1,
        stock_status: i === 9 ? ('outofstock' as const) : ('instock' as const),
        low_stock_amount: i === 4 || i === 5 ? 6 : null,
        date_created: `2024-02-${String(10 + i).padStart(2, '0')} 00:00:00`,
      })),
    )
    .execute();
}

describeEachEngine(
  'products: single reads and low_in_stock',
  (ctx) => {
    it('reads one product and one variation, with 404s for the wrong kind', async () => {
      const { app } = ctx();
      const mug = await call<ProductBody>(app, 'GET', `${PRODUCTS}/10`);
      expect(mug.status).toBe(200);
      expect(mug.body).toMatchObject({ id: 10, name: 'Mug', type: 'simple', parent_id: 0 });
      const red = await call<ProductBody>(app, 'GET', `${PRODUCTS}/20/variations/21`);
      expect(red.body).toMatchObject({ id: 21, parent_id: 20, type: 'variation' });
      // The read follows a stock update.
      await call(app, 'PUT', `${PRODUCTS}/20/variations/21`, { stock_quantity: 4 });
      expect(
        (await call<ProductBody>(app, 'GET', `${PRODUCTS}/20/variations/21`)).body,
      ).toMatchObject({ manage_stock: true, stock_quantity: 4 });
      expectError(
        await call(app, 'GET', `${PRODUCTS}/21`),
        404,
        'woocommerce_rest_product_invalid_id',
      );
      expectError(
        await call(app, 'GET', `${PRODUCTS}/999`),
        404,
        'woocommerce_rest_product_invalid_id',
      );
      expectError(
        await call(app, 'GET', `${PRODUCTS}/10/variations/21`),
        404,
        'woocommerce_rest_product_invalid_id',
      );
      expectError(
        await call(app, 'GET', `${PRODUCTS}/20/variations/10`),
        404,
        'woocommerce_rest_product_variation_invalid_id',
      );
      expectError(await call(app, 'GET', `${PRODUCTS}/abc`), 400, 'rest_invalid_param', 'id');
      await call(app, 'PUT', `${PRODUCTS}/20/variations/21`, { stock_quantity: null });
    });

    it('filters low_in_stock before paging, so totals and pages count the low products', async () => {
      const { app } = ctx();
      const all = await call<{ id: number; low_in_stock: boolean }[]>(
        app,
        'GET',
        `${PRODUCTS}?low_in_stock=true&per_page=100`,
      );
      expect(all.body.map((p) => p.id).sort()).toEqual([30, 31, 34, 35]);
      expect(all.body.every((p) => p.low_in_stock)).toBe(true);
      expect(all.headers['x-wp-total']).toBe('4');

      const first = await call<{ id: number }[]>(
        app,
        'GET',
        `${PRODUCTS}?low_in_stock=true&per_page=1&orderby=id&order=asc`,
      );
      expect(first.body.map((p) => p.id)).toEqual([30]);
      expect(first.headers['x-wp-total']).toBe('4');
      expect(first.headers['x-wp-totalpages']).toBe('4');
      const third = await call<{ id: number }[]>(
        app,
        'GET',
        `${PRODUCTS}?low_in_stock=true&per_page=1&page=3&orderby=id&order=asc`,
      );
      expect(third.body.map((p) => p.id)).toEqual([34]);
      // The in-memory sorted path (by date) and a search agree with the SQL path.
      const byDate = await call<{ id: number }[]>(
        app,
        'GET',
        `${PRODUCTS}?low_in_stock=1&per_page=2&orderby=date&order=asc`,
      );
      expect(byDate.body.map((p) => p.id)).toEqual([30, 31]);
      expect(byDate.headers['x-wp-total']).toBe('4');
      const search = await call<{ id: number }[]>(
        app,
        'GET',
        `${PRODUCTS}?low_in_stock=true&search=Stocked&per_page=100`,
      );
      expect(search.body.map((p) => p.id).sort()).toEqual([30, 31, 34, 35]);
      const none = await call<unknown[]>(app, 'GET', `${PRODUCTS}?low_in_stock=false&per_page=1`);
      expect(none.headers['x-wp-total']).toBe('12');
    });
  },
  seed,
);
