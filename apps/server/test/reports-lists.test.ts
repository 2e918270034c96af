import { expect, it } from 'vitest';
import { describeEachEngine } from './harness';
import { MAY, seedReports } from './reports-fixture';

const BASE = '/wp-json/wc-analytics/reports';

describeEachEngine(
  'list reports',
  (ctx) => {
    const get = async (path: string, query = '') => {
      const res = await ctx().app.inject({ method: 'GET', url: `${BASE}/${path}?${query}` });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    };
    const sum = (rows: { net_revenue: number }[]) => rows.reduce((a, r) => a + r.net_revenue, 0);

    it('holds net sales equal across revenue, orders, products and categories (with a partial refund)', async () => {
      const revenue = await get('revenue/stats', `${MAY}&interval=month`);
      const orders = await get('orders/stats', `${MAY}&interval=month`);
      const products = await get('products', `${MAY}&per_page=100`);
      const categories = await get('categories', `${MAY}&per_page=100`);
      const productsStats = await get('products/stats', `${MAY}&interval=day&per_page=100`);
      expect(revenue.body.totals.net_revenue).toBe(68);
      expect(orders.body.totals.net_revenue).toBe(68);
      expect(sum(products.body)).toBe(68);
      expect(sum(categories.body)).toBe(68);
      expect(productsStats.body.totals.net_revenue).toBe(68);
    });

    it('lists products sorted by a metric with headers and extended info', async () => {
      const r = await get('products', `${MAY}&orderby=net_revenue&order=desc&extended_info=true`);
      expect(r.status).toBe(200);
      expect(r.headers['x-wp-total']).toBe('2');
      expect(r.body.map((p: { product_id: number }) => p.product_id)).toEqual([10, 20]);
      expect(r.body[0]).toMatchObject({ items_sold: 2, net_revenue: 43, orders_count: 3 });
      expect(r.body[0].extended_info).toMatchObject({
        name: 'Mug',
        sku: 'SKU10',
        category_ids: [100],
      });
      expect(r.body[1].extended_info.variations).toEqual([21]);
      const paged = await get(
        'products',
        `${MAY}&orderby=product_name&order=asc&per_page=1&page=2`,
      );
      expect(paged.body.map((p: { product_id: number }) => p.product_id)).toEqual([20]);
      expect(paged.headers['x-wp-totalpages']).toBe('2');
      expect(paged.headers.link).toContain('rel="prev"');
    });

    it('fills products[] ids without sales and counts them in X-WP-Total', async () => {
      const r = await get('products', `${MAY}&products=10,99&orderby=items_sold`);
      expect(r.headers['x-wp-total']).toBe('2');
      expect(r.body).toEqual([
        expect.objectContaining({ product_id: 10, items_sold: 2 }),
        expect.objectContaining({ product_id: 99, items_sold: 0, net_revenue: 0, orders_count: 0 }),
      ]);
    });

    it('lists variations, categories, coupons and taxes', async () => {
      const v = await get('variations', `${MAY}&extended_info=1`);
      expect(v.body).toHaveLength(1);
      expect(v.body[0]).toMatchObject({
        product_id: 20,
        variation_id: 21,
        items_sold: 1,
        net_revenue: 25,
        orders_count: 1,
      });
      expect(v.body[0].extended_info.attributes).toEqual([{ id: 5, name: 'Color', option: 'Red' }]);
      const c = await get('categories', `${MAY}&extended_info=1`);
      expect(c.body.map((x: { category_id: number }) => x.category_id)).toEqual([200, 100]);
      expect(c.body[1]).toMatchObject({
        net_revenue: 43,
        products_count: 1,
        extended_info: { name: 'Kitchen' },
      });
      const only = await get('categories', `${MAY}&categories=100`);
      expect(only.body.map((x: { category_id: number }) => x.category_id)).toEqual([100]);
      const coupons = await get(
        'coupons',
        `${MAY}&coupons=900,901&extended_info=1&orderby=coupon_id&order=asc`,
      );
      expect(coupons.body[0]).toMatchObject({ coupon_id: 900, amount: 2, orders_count: 1 });
      expect(coupons.body[0].extended_info).toMatchObject({
        code: 'save2',
        discount_type: 'fixed_cart',
      });
      expect(coupons.body[1].extended_info).toMatchObject({
        code: '(Deleted)',
        discount_type: 'N/A',
      });
      const taxes = await get('taxes', MAY);
      expect(taxes.body).toEqual([
        expect.objectContaining({
          tax_rate_id: 1,
          name: 'TAX',
          tax_rate: 8,
          country: 'US',
          state: 'CA',
          priority: 1,
          total_tax: 2,
          order_tax: 1.6,
          shipping_tax: 0.4,
          orders_count: 1,
        }),
      ]);
    });

    it('lists orders and refunds as their own rows, with filters and extended info', async () => {
      const r = await get('orders', `${MAY}&extended_info=true`);
      expect(r.headers['x-wp-total']).toBe('6');
      expect(r.body[0]).toMatchObject({
        order_id: 500,
        parent_id: 5,
        order_number: '5',
        net_total: -30,
        status: 'refunded',
        customer_type: 'returning',
      });
      const one = r.body.find((o: { order_id: number }) => o.order_id === 1);
      expect(one.extended_info.coupons).toEqual([{ id: 900, code: 'save2' }]);
      expect(one.extended_info.products).toEqual([{ id: 10, name: 'Mug', quantity: 2 }]);
      expect(one.extended_info.customer).toMatchObject({ id: 1, email: 'c1@example.com' });
      expect((await get('orders', `${MAY}&refunds=none`)).headers['x-wp-total']).toBe('4');
      const byNet = await get('orders', `${MAY}&orderby=net_total&order=asc&per_page=2`);
      expect(byNet.body.map((o: { order_id: number }) => o.order_id)).toEqual([500, 400]);
      expect((await get('orders', `${MAY}&order_includes=1,2`)).headers['x-wp-total']).toBe('2');
      // Pages of 2 by date (the page and the count are read apart): every page says the
      // count of all 6 rows, and the pages hold each row once.
      const pages = await Promise.all(
        [1, 2, 3, 4].map((page) => get('orders', `${MAY}&per_page=2&page=${page}`)),
      );
      for (const page of pages) {
        expect(page.headers['x-wp-total']).toBe('6');
        expect(page.headers['x-wp-totalpages']).toBe('3');
      }
      const ids = pages.flatMap((page) => page.body.map((o: { order_id: number }) => o.order_id));
      expect(ids).toEqual(r.body.map((o: { order_id: number }) => o.order_id));
      expect(pages[3]!.body).toEqual([]);
    });

    it('lists customers with aggregates, search and numeric rules', async () => {
      const r = await get('customers', 'orderby=total_spend&order=desc');
      expect(r.body.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
      expect(r.body[0]).toMatchObject({
        name: 'C 1',
        orders_count: 2,
        total_spend: 50,
        avg_order_value: 25,
      });
      expect(r.body[1]).toMatchObject({ orders_count: 2, total_spend: 25, avg_order_value: 12.5 });
      const ids = async (q: string) =>
        (await get('customers', q)).body.map((c: { id: number }) => c.id).sort();
      expect(await ids('search=c2&searchby=username')).toEqual([2]);
      expect(await ids('search=%25')).toEqual([]);
      expect(await ids("search=o'hara%22;--")).toEqual([]);
      expect(await ids('orders_count_min=1')).toEqual([1, 2]);
      expect(await ids('orders_count_between[]=2&orders_count_between[]=0')).toEqual([1, 2, 3]);
      expect(await ids('total_spend_max=30')).toEqual([2, 3]);
      expect(await ids('match=any&total_spend_min=40&name_includes=3')).toEqual([1, 3]);
      expect(await ids('customers=2')).toEqual([2]);
      expect(await ids('country_excludes=US')).toEqual([]);
      const stats = await get('customers/stats', '');
      expect(stats.body).toEqual({
        totals: {
          customers_count: 3,
          avg_orders_count: 1.33,
          avg_total_spend: 25,
          avg_avg_order_value: 12.5,
        },
      });
    });

    it('lists downloads and stock', async () => {
      const d = await get('downloads', MAY);
      expect(d.body.map((x: { id: number }) => x.id)).toEqual([3, 2, 1]);
      expect(d.body[0]).toMatchObject({
        order_number: '2',
        username: 'c2',
        ip_address: '192.168.1.9',
      });
      // The page and its count are read apart: the second page still says all three.
      const second = await get('downloads', `${MAY}&per_page=2&page=2`);
      expect(second.body.map((x: { id: number }) => x.id)).toEqual([1]);
      expect(second.headers['x-wp-total']).toBe('3');
      expect(second.headers['x-wp-totalpages']).toBe('2');
      await ctx()
        .db.kysely.updateTable('products')
        .set({ manage_stock: 1, stock_quantity: 1 })
        .where('id', '=', 10)
        .execute();
      const stats = await get('stock/stats', 'force_cache_refresh=1');
      expect(stats.body).toEqual({
        totals: { products: 3, lowstock: 1, instock: 3, outofstock: 0, onbackorder: 0 },
      });
      const low = await get('stock', 'type=lowstock&force_cache_refresh=1');
      expect(low.body).toEqual([
        expect.objectContaining({
          id: 10,
          stock_quantity: 1,
          manage_stock: true,
          low_stock_amount: 2,
        }),
      ]);
      const all = await get('stock', 'orderby=id&order=desc');
      expect(all.body.map((p: { id: number }) => p.id)).toEqual([21, 20, 10]);
      expect(all.body[0]._links.parent[0].href).toBe('/wp-json/wc-analytics/products/20');
    });
  },
  seedReports,
);
