import type { LowInStockRow, ProductBody, ReviewBody } from '@storelens/api';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { call, expectError } from './admin-helpers';
import { seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

const REVIEWS = '/wp-json/wc-analytics/products/reviews';
const PRODUCTS = '/wp-json/wc-analytics/products';

async function seed(db: Db) {
  await seedCatalog(db);
  const review = (
    id: number,
    product: number,
    status: string,
    rating: number,
    reviewer: string,
    text: string,
    day: number,
  ) => ({
    id,
    product_id: product,
    status,
    reviewer,
    reviewer_email: `${reviewer.toLowerCase()}@example.com`,
    review: text,
    rating,
    verified: id % 2,
    date_created: `2024-05-0${day} 10:00:00`,
    date_created_gmt: `2024-05-0${day} 10:00:00`,
  });
  await db.kysely
    .insertInto('product_reviews')
    .values([
      review(1, 10, 'approved', 5, 'Ana', 'Great mug, 100% recommended', 1),
      review(2, 10, 'approved', 2, 'Ben', 'Chipped on arrival', 2),
      review(3, 20, 'approved', 4, 'Cy', 'Nice tee', 3),
      review(4, 20, 'hold', 3, 'Dee', 'Okay tee', 4),
      review(5, 10, 'spam', 1, 'Spammer', 'Buy cheap stuff', 5),
    ])
    .execute();
}

describeEachEngine(
  'product reviews',
  (ctx) => {
    it('lists approved reviews newest first with paging headers and review fields', async () => {
      const res = await call<ReviewBody[]>(ctx().app, 'GET', `${REVIEWS}?per_page=2`);
      expect(res.body.map((r) => r.id)).toEqual([3, 2]);
      expect(res.headers['x-wp-total']).toBe('3');
      expect(res.headers['x-wp-totalpages']).toBe('2');
      expect(res.body[0]).toMatchObject({
        id: 3,
        product_id: 20,
        product_name: 'Tee',
        status: 'approved',
        reviewer: 'Cy',
        reviewer_email: 'cy@example.com',
        review: 'Nice tee',
        rating: 4,
        verified: true,
        date_created: '2024-05-03T10:00:00',
        date_created_gmt: '2024-05-03T10:00:00',
      });
      expect(Object.keys(res.body[0]!.reviewer_avatar_urls)).toEqual(['24', '48', '96']);
    });

    it('filters by product, status, rating and search (literal % and _)', async () => {
      const app = ctx().app;
      const ids = async (query: string) =>
        (await call<ReviewBody[]>(app, 'GET', `${REVIEWS}?${query}`)).body.map((r) => r.id);
      expect(await ids('product=10')).toEqual([2, 1]);
      expect(await ids('status=hold')).toEqual([4]);
      expect(await ids('status=all')).toEqual([4, 3, 2, 1]);
      expect(await ids('rating=4,5')).toEqual([3, 1]);
      expect(await ids('search=TEE&status=all')).toEqual([4, 3]);
      expect(await ids('search=100%25')).toEqual([1]);
      expect(await ids('search=_')).toEqual([]);
      expect(await ids('orderby=rating&order=asc')).toEqual([2, 3, 1]);
      expect(await ids('after=2024-05-01T12:00:00&before=2024-05-03T00:00:00')).toEqual([2]);
    });

    it('updates status, text and rating; unspam restores approval', async () => {
      const app = ctx().app;
      const res = await call<ReviewBody>(app, 'PUT', `${REVIEWS}/4`, {
        status: 'approved',
        review: 'Good tee after all',
        rating: 4,
      });
      expect(res.body).toMatchObject({
        id: 4,
        status: 'approved',
        review: 'Good tee after all',
        rating: 4,
      });
      const unspam = await call<ReviewBody>(app, 'PUT', `${REVIEWS}/5`, { status: 'unspam' });
      expect(unspam.body.status).toBe('approved');
    });

    it('deletes to the trash, or for good with force', async () => {
      const { app, db } = ctx();
      const trashed = await call<ReviewBody>(app, 'DELETE', `${REVIEWS}/5`);
      expect(trashed.body.status).toBe('trash');
      expect(
        (await call<ReviewBody[]>(app, 'GET', `${REVIEWS}?status=trash`)).body.map((r) => r.id),
      ).toEqual([5]);
      const gone = await call<ReviewBody>(app, 'DELETE', `${REVIEWS}/5?force=true`);
      expect(gone.body.id).toBe(5);
      const row = await db.kysely
        .selectFrom('product_reviews')
        .select('id')
        .where('id', '=', 5)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      expectError(
        await call(app, 'DELETE', `${REVIEWS}/5`),
        404,
        'woocommerce_rest_review_invalid_id',
      );
      expectError(
        await call(app, 'PUT', `${REVIEWS}/99`, { rating: 3 }),
        404,
        'woocommerce_rest_review_invalid_id',
      );
    });

    it.each([
      ['GET', `${REVIEWS}?status=deleted`, undefined, 'status'],
      ['GET', `${REVIEWS}?rating=6`, undefined, 'rating'],
      ['GET', `${REVIEWS}?product=abc`, undefined, 'product'],
      ['GET', `${REVIEWS}?per_page=0`, undefined, 'per_page'],
      ['GET', `${REVIEWS}?after=yesterday`, undefined, 'after'],
      ['GET', `${REVIEWS}?search=${'x'.repeat(201)}`, undefined, 'search'],
      ['PUT', `${REVIEWS}/1`, { rating: 7 }, 'rating'],
      ['PUT', `${REVIEWS}/1`, { status: 'deleted' }, 'status'],
      ['PUT', `${REVIEWS}/1`, { reviewer_email: 'not-an-email' }, 'reviewer_email'],
      ['DELETE', `${REVIEWS}/1?force=perhaps`, undefined, 'force'],
    ] as const)('%s %s is a 400 naming the parameter', async (method, url, payload, param) => {
      expectError(await call(ctx().app, method, url, payload), 400, 'rest_invalid_param', param);
    });
  },
  seed,
);

describeEachEngine(
  'stock updates',
  (ctx) => {
    it('sets stock on a product: managed, quantity, status follows', async () => {
      const { app, db } = ctx();
      const res = await call<ProductBody>(app, 'PUT', `${PRODUCTS}/10`, { stock_quantity: 0 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: 10,
        manage_stock: true,
        stock_quantity: 0,
        stock_status: 'outofstock',
        type: 'simple',
        price: '10.00',
      });
      const back = await call<ProductBody>(app, 'PUT', `${PRODUCTS}/10`, { stock_quantity: 5 });
      expect(back.body).toMatchObject({ stock_quantity: 5, stock_status: 'instock' });
      const row = await db.kysely
        .selectFrom('products')
        .selectAll()
        .where('id', '=', 10)
        .executeTakeFirstOrThrow();
      expect([Number(row.stock_quantity), row.stock_status, Number(row.manage_stock)]).toEqual([
        5,
        'instock',
        1,
      ]);
      const off = await call<ProductBody>(app, 'PUT', `${PRODUCTS}/10`, { stock_quantity: null });
      expect(off.body).toMatchObject({
        manage_stock: false,
        stock_quantity: null,
        stock_status: 'instock',
      });
    });

    it('the stock report follows a stock update', async () => {
      const app = ctx().app;
      await call(app, 'PUT', `${PRODUCTS}/10`, { stock_quantity: 0 });
      const out = await call<{ id: number; stock_status: string }[]>(
        app,
        'GET',
        '/wp-json/wc-analytics/reports/stock?type=outofstock',
      );
      expect(out.status).toBe(200);
      expect(out.body.map((r) => [r.id, r.stock_status])).toEqual([[10, 'outofstock']]);
      await call(app, 'PUT', `${PRODUCTS}/10`, { stock_quantity: 5 });
      const after = await call<{ id: number }[]>(
        app,
        'GET',
        '/wp-json/wc-analytics/reports/stock?type=outofstock',
      );
      expect(after.body).toEqual([]);
    });

    it('sets stock on a variation through its parent', async () => {
      const app = ctx().app;
      const res = await call<ProductBody>(app, 'PUT', `${PRODUCTS}/20/variations/21`, {
        stock_quantity: 1,
      });
      expect(res.body).toMatchObject({
        id: 21,
        parent_id: 20,
        type: 'variation',
        stock_quantity: 1,
      });
      expectError(
        await call(app, 'PUT', `${PRODUCTS}/10/variations/21`, { stock_quantity: 1 }),
        404,
        'woocommerce_rest_product_invalid_id',
      );
      expectError(
        await call(app, 'PUT', `${PRODUCTS}/20/variations/10`, { stock_quantity: 1 }),
        404,
        'woocommerce_rest_product_variation_invalid_id',
      );
      expectError(
        await call(app, 'PUT', `${PRODUCTS}/21`, { stock_quantity: 1 }),
        404,
        'woocommerce_rest_product_invalid_id',
      );
      expectError(
        await call(app, 'PUT', `${PRODUCTS}/999`, { stock_quantity: 1 }),
        404,
        'woocommerce_rest_product_invalid_id',
      );
      expectError(
        await call(app, 'PUT', `${PRODUCTS}/20`, { stock_quantity: 4 }),
        400,
        'woocommerce_rest_product_not_stock_managed',
        'stock_quantity',
      );
    });

    it('lists low stock: at or below the product threshold or the store one', async () => {
      const app = ctx().app;
      await call(app, 'PUT', `${PRODUCTS}/10`, { stock_quantity: 3, low_stock_amount: 5 });
      await call(app, 'PUT', `${PRODUCTS}/20/variations/21`, { stock_quantity: 2 });
      const res = await call<LowInStockRow[]>(app, 'GET', `${PRODUCTS}/low-in-stock`);
      expect(res.headers['x-wp-total']).toBe('2');
      expect(res.body.map((r) => [r.id, r.type, r.stock_quantity, r.low_stock_amount])).toEqual([
        [21, 'variation', 2, 2],
        [10, 'product', 3, 5],
      ]);
      await call(app, 'PUT', `${PRODUCTS}/20/variations/21`, { stock_quantity: 3 });
      const after = await call<LowInStockRow[]>(app, 'GET', `${PRODUCTS}/low-in-stock`);
      expect(after.body.map((r) => r.id)).toEqual([10]);
    });

    it.each([
      [{ stock_quantity: 'many' }, 'stock_quantity'],
      [{ stock_quantity: 1.5 }, 'stock_quantity'],
      [{ stock_quantity: 1e12 }, 'stock_quantity'],
      [{ low_stock_amount: -1 }, 'low_stock_amount'],
    ])('rejects %j with a 400 naming it', async (payload, param) => {
      expectError(
        await call(ctx().app, 'PUT', `${PRODUCTS}/10`, payload),
        400,
        'rest_invalid_param',
        param,
      );
    });

    it('rejects bad ids and paging with a 400', async () => {
      const app = ctx().app;
      expectError(
        await call(app, 'PUT', `${PRODUCTS}/abc`, { stock_quantity: 1 }),
        400,
        'rest_invalid_param',
        'id',
      );
      expectError(
        await call(app, 'GET', `${PRODUCTS}/low-in-stock?per_page=500`),
        400,
        'rest_invalid_param',
        'per_page',
      );
    });
  },
  seedCatalog,
);
