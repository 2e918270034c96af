import { expect, it } from 'vitest';
import { call, expectError } from './admin-helpers';
import { seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

const PRODUCTS = '/wp-json/wc-analytics/products';
const HUGE = '9'.repeat(400);

/**
 * A 400-digit number sent as text is turned into Infinity by validation's type coercion, and
 * the schema's minimum and maximum let Infinity through: SQLite stored it, and the product, its
 * lists and the product search answered 500 until someone wrote a normal value (PostgreSQL: a
 * 500 at once). Every such number is now a 400 naming the parameter, and nothing is stored.
 */
describeEachEngine(
  'stock and other numbers that coercion makes infinite',
  (ctx) => {
    const stored = async () =>
      (
        await ctx()
          .db.kysely.selectFrom('products')
          .select(['id', 'manage_stock', 'stock_quantity', 'low_stock_amount'])
          .orderBy('id')
          .execute()
      ).map((r) => [
        Number(r.id),
        Number(r.manage_stock),
        r.stock_quantity === null ? null : Number(r.stock_quantity),
        r.low_stock_amount === null ? null : Number(r.low_stock_amount),
      ]);

    it.each([
      ['stock_quantity', `${PRODUCTS}/10`, { stock_quantity: HUGE }, 'stock_quantity'],
      [
        'a negative stock_quantity',
        `${PRODUCTS}/10`,
        { stock_quantity: `-${HUGE}` },
        'stock_quantity',
      ],
      ['stock_quantity in a list', `${PRODUCTS}/10`, { stock_quantity: [HUGE] }, 'stock_quantity'],
      ['low_stock_amount', `${PRODUCTS}/10`, { low_stock_amount: HUGE }, 'low_stock_amount'],
      [
        "a variation's stock_quantity",
        `${PRODUCTS}/20/variations/21`,
        { stock_quantity: HUGE },
        'stock_quantity',
      ],
      // A path parameter is at most 100 characters (longer is a 414), but 1e309 is short.
      ['a product id', `${PRODUCTS}/1e309`, { stock_quantity: 1 }, 'id'],
      ['a variation id', `${PRODUCTS}/20/variations/1e309`, { stock_quantity: 1 }, 'id'],
    ])(
      'refuses an infinite number for %s with a 400 naming it',
      async (_label, url, body, param) => {
        const { app } = ctx();
        await call(app, 'PUT', `${PRODUCTS}/10`, { stock_quantity: 7, low_stock_amount: 3 });
        const before = await stored();
        for (const method of ['PUT', 'POST', 'PATCH'] as const) {
          expectError(await call(app, method, url, body), 400, 'rest_invalid_param', param);
        }
        expect(await stored()).toEqual(before);

        // The product, the lists that show it and the product search still answer.
        for (const read of [
          `${PRODUCTS}/10`,
          `${PRODUCTS}/20/variations/21`,
          `${PRODUCTS}/low-in-stock`,
          `${PRODUCTS}?search=mug`,
          `${PRODUCTS}?include=10,21`,
          '/wp-json/wc-analytics/reports/stock',
          '/wp-json/wc-analytics/reports/stock?type=instock',
          '/wp-json/wc-analytics/reports/stock/stats',
          '/wp-json/wc-analytics/reports/products?after=2024-01-01&before=2024-12-31&extended_info=true',
        ]) {
          const res = await call(app, 'GET', read);
          expect([read, res.status]).toEqual([read, 200]);
        }
        const product = await call<{ stock_quantity: number }>(app, 'GET', `${PRODUCTS}/10`);
        expect(product.body.stock_quantity).toBe(7);
      },
    );

    it('still takes a number sent as text', async () => {
      const { app } = ctx();
      const res = await call<{ stock_quantity: number }>(app, 'PUT', `${PRODUCTS}/10`, {
        stock_quantity: '12',
      });
      expect(res.status).toBe(200);
      expect(res.body.stock_quantity).toBe(12);
    });
  },
  seedCatalog,
);
