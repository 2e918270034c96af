import { expect, it } from 'vitest';
import { describeEachEngine } from './harness';
import { seedReports } from './reports-fixture';

const BASE = '/wp-json/wc-analytics';

describeEachEngine(
  'picker searches',
  (ctx) => {
    const get = async (path: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `${BASE}/${path}` });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    };
    const ids = async (path: string) => {
      const r = await get(path);
      expect(r.status).toBe(200);
      return r.body.map((x: { id: number }) => x.id);
    };

    it('searches products by name or SKU, case-insensitively, with totals', async () => {
      const r = await get('products?search=MUG&per_page=10&orderby=popularity');
      expect(r.body).toEqual([
        expect.objectContaining({ id: 10, name: 'Mug', sku: 'SKU10', images: [] }),
      ]);
      expect(r.headers['x-wp-total']).toBe('1');
      expect(await ids('products?search=sku2')).toEqual([20]);
      expect(await ids('products?include=20,10&orderby=include')).toEqual([20, 10]);
      expect(await ids('products?type=variable')).toEqual([20]);
      expect(await ids('products?search=%25')).toEqual([]);
      expect(await ids('products?search=%27%20OR%201=1;--')).toEqual([]);
      expect((await get('products?per_page=-1')).body).toHaveLength(2);
    });

    it('searches variations of one product and of every product by name, SKU or attribute value', async () => {
      const one = await get('products/20/variations?search=red');
      expect(one.body).toEqual([
        expect.objectContaining({
          id: 21,
          parent_id: 20,
          type: 'variation',
          name: 'Tee',
          attributes: [{ id: 5, name: 'Color', option: 'Red' }],
        }),
      ]);
      expect(await ids('products/10/variations')).toEqual([]);
      expect(await ids('variations?search=SKU21')).toEqual([21]);
      expect(await ids('variations?search=blue')).toEqual([]);
    });

    it('lists categories with counts, attributes and their terms', async () => {
      const cats = await get('products/categories?orderby=count&order=desc&per_page=2');
      expect(cats.headers['x-wp-total']).toBe('3');
      expect(cats.body.map((c: { id: number; count: number }) => [c.id, c.count])).toEqual([
        [200, 1],
        [100, 1],
      ]);
      expect(await ids('products/categories?orderby=count&order=asc')).toEqual([300, 100, 200]);
      expect(await ids('products/categories?search=app')).toEqual([200]);
      expect(await ids('products/attributes?search=col')).toEqual([5]);
      expect((await get('products/attributes/5')).body).toMatchObject({
        id: 5,
        name: 'Color',
        slug: 'pa_color',
      });
      expect((await get('products/attributes/color/terms')).body).toEqual([
        { id: 51, name: 'Red', slug: 'red', description: '', menu_order: 0, count: 1 },
      ]);
      expect((await get('products/attributes/99/terms')).status).toBe(404);
      expect((await get('products/attributes/5/terms?per_page=101')).status).toBe(400);
    });

    it('searches coupons by code, customers by name/email/username, orders by number prefix, taxes by code', async () => {
      expect((await get('coupons?search=SAVE')).body).toEqual([
        expect.objectContaining({ id: 900, code: 'save2' }),
      ]);
      expect(await ids('customers?search=c3@&searchby=email')).toEqual([3]);
      expect(await ids('customers?include=1,2&orderby=name&order=asc')).toEqual([1, 2]);
      expect((await get('customers/2')).body).toEqual([
        expect.objectContaining({ id: 2, username: 'c2' }),
      ]);
      expect((await get('customers/99')).status).toBe(404);
      expect((await get('orders?number=4')).body).toEqual([
        expect.objectContaining({ id: 4, number: '4' }),
      ]);
      expect(await ids('orders?number=9')).toEqual([]);
      expect(await ids('taxes?code=us-ca')).toEqual([1]);
      expect(await ids('taxes?search=TAX-1')).toEqual([1]);
      expect(await ids('taxes?search=FR')).toEqual([]);
    });

    it('lists countries with states and matches download IP prefixes (match required)', async () => {
      const countries = await get('data/countries');
      const us = countries.body.find((c: { code: string }) => c.code === 'US');
      expect(us.name).toBe('United States');
      expect(us.states).toContainEqual({ code: 'CA', name: 'California' });
      expect(countries.body.some((c: { code: string }) => c.code === 'YU')).toBe(false);
      expect((await get('data/download-ips?match=10.')).body).toEqual([
        { user_ip_address: '10.0.0.1' },
        { user_ip_address: '10.0.0.2' },
      ]);
      expect((await get('data/download-ips?match=%25')).body).toEqual([]);
      const missing = await get('data/download-ips');
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('woocommerce_rest_data_download_ips_invalid_request');
    });
  },
  seedReports,
);
