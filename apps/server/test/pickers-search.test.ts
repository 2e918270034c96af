import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { toUnits } from '../src/money';
import { resetStore } from '../src/store';
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
      // Digits past the largest id: no such attribute, not a database error (the fuzz test
      // found a 500 on PostgreSQL).
      for (const id of ['9223372036854775808', '99999999999999999999999'])
        for (const path of [`products/attributes/${id}`, `products/attributes/${id}/terms`])
          expect((await get(path)).status, path).toBe(404);
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

/** A catalog and customers with accents, wildcards, quotes, ties, a guest and trashed rows. */
async function seedSearch(db: Db) {
  const product = (
    id: number,
    name: string,
    sku: string,
    extra: Partial<{
      parent_id: number;
      type: 'simple' | 'variable' | 'variation';
      status: 'publish' | 'draft' | 'trash';
      total_sales: number;
      day: string;
    }> = {},
  ) => ({
    id,
    parent_id: extra.parent_id ?? 0,
    type: extra.type ?? 'simple',
    status: extra.status ?? 'publish',
    name,
    slug: `p${id}`,
    sku,
    description: '',
    price: toUnits('10'),
    regular_price: toUnits('10'),
    sale_price: null,
    manage_stock: 0,
    stock_quantity: null,
    stock_status: 'instock' as const,
    low_stock_amount: null,
    downloadable: 0,
    virtual: 0,
    image_url: '',
    average_rating: 0,
    rating_count: 0,
    total_sales: extra.total_sales ?? 0,
    date_created: `2024-01-${extra.day ?? '01'} 10:00:00`,
    date_created_gmt: `2024-01-${extra.day ?? '01'} 10:00:00`,
  });
  await db.kysely
    .insertInto('products')
    .values([
      product(1001, 'Crème Brûlée Mug', 'KIT-0001', { total_sales: 5, day: '05' }),
      product(1002, '100% Cotton_Tee', 'TEE-0002', { type: 'variable', total_sales: 9, day: '03' }),
      product(1003, "O'Brien's Tote", 'BAG-0003', { total_sales: 9, day: '04' }),
      product(1004, 'Straße Map', 'BOK-0004', { total_sales: 1, day: '01' }),
      product(1005, 'Trashed Mug', 'KIT-0005', { status: 'trash', total_sales: 100 }),
      product(1006, 'Draft Mug', 'KIT-0006', { status: 'draft', day: '02' }),
      product(1011, '100% Cotton_Tee - Navy, M', 'TEE-0002-NAV-M', {
        parent_id: 1002,
        type: 'variation',
        day: '03',
      }),
      product(1012, '100% Cotton_Tee - Red, L', 'TEE-0002-RED-L', {
        parent_id: 1002,
        type: 'variation',
        day: '03',
      }),
    ])
    .execute();
  await db.kysely
    .insertInto('categories')
    .values({ id: 77, name: 'Cups', slug: 'cups', parent_id: 0, description: '' })
    .execute();
  await db.kysely
    .insertInto('product_categories')
    .values({ product_id: 1001, category_id: 77 })
    .execute();
  await db.kysely
    .insertInto('attributes')
    .values({ id: 7, name: 'Shade', slug: 'pa_shade' })
    .execute();
  await db.kysely
    .insertInto('attribute_terms')
    .values([
      { id: 71, attribute_id: 7, name: 'Midnight', slug: 'midnight', menu_order: 0 },
      { id: 72, attribute_id: 7, name: 'Crimson', slug: 'crimson', menu_order: 1 },
    ])
    .execute();
  await db.kysely
    .insertInto('product_attributes')
    .values([
      { product_id: 1011, attribute_id: 7, term_id: 71 },
      { product_id: 1012, attribute_id: 7, term_id: 72 },
    ])
    .execute();
  const customer = (
    id: number,
    first: string,
    last: string,
    username: string,
    email: string,
    registered: string | null,
  ) => ({
    id,
    user_id: username ? id : 0,
    username,
    first_name: first,
    last_name: last,
    email,
    country: 'US',
    state: '',
    city: '',
    postcode: '',
    date_registered: registered,
    date_registered_gmt: registered,
    date_last_active: null,
    date_last_active_gmt: null,
  });
  await db.kysely
    .insertInto('customers')
    .values([
      customer(1, 'Élodie', 'Lefèvre', 'elodie', 'elodie@example.fr', '2024-01-02 09:00:00'),
      customer(2, 'Zoë', "O'Brien", '', 'zoe@example.ie', null),
      customer(3, 'Ann', 'Smith', 'ann_s', 'ann.smith@mail.example', '2024-01-03 09:00:00'),
      customer(4, 'Joanna', 'Annan', 'joanna', 'jo%anna@example.com', '2024-01-01 09:00:00'),
      customer(5, 'Mark', 'Andersen', '', 'mark@example.dk', null),
    ])
    .execute();
}

describeEachEngine(
  'picker searches: matching rules, order, totals and fresh data',
  (ctx) => {
    const get = async (path: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `${BASE}/${path}` });
      expect(res.statusCode).toBe(200);
      return {
        ids: (res.json() as { id: number }[]).map((x) => x.id),
        total: Number(res.headers['x-wp-total']),
        pages: Number(res.headers['x-wp-totalpages']),
      };
    };
    const ids = async (path: string) => (await get(path)).ids;
    const q = encodeURIComponent;

    it('matches a contained text in name or SKU, folding case and accents, taking % _ and quotes literally', async () => {
      expect(await ids(`products?search=${q('creme brulee')}`)).toEqual([1001]);
      expect(await ids(`products?search=${q('CRÈME')}`)).toEqual([1001]);
      expect(await ids(`products?search=${q('rûl')}`)).toEqual([1001]);
      expect(await ids('products?search=STRASSE')).toEqual([1004]);
      expect(await ids(`products?search=${q("o'b")}`)).toEqual([1003]);
      expect(await ids(`products?search=${q('%')}`)).toEqual([1002]);
      expect(await ids(`products?search=${q('0% c')}`)).toEqual([1002]);
      expect(await ids(`products?search=${q('_')}`)).toEqual([1002]);
      expect(await ids(`products?search=${q('n_t')}`)).toEqual([1002]);
      expect(await ids(`products?search=${q("' OR '1'='1")}`)).toEqual([]);
      // A term never spans the name and the SKU; trashed products are not searched.
      expect(await ids(`products?search=${q('mugkit')}`)).toEqual([]);
      expect(await get('products?search=kit-000&orderby=popularity')).toEqual({
        ids: [1001, 1006],
        total: 2,
        pages: 1,
      });
    });

    it('orders by popularity, date or id with ties broken by id, and pages with exact totals', async () => {
      expect(await ids('products?orderby=popularity')).toEqual([1003, 1002, 1001, 1004, 1006]);
      expect(await ids('products?orderby=popularity&order=asc')).toEqual([
        1006, 1004, 1001, 1002, 1003,
      ]);
      expect(await ids('products')).toEqual([1001, 1003, 1002, 1006, 1004]);
      expect(await ids('products?orderby=id&order=asc&search=m')).toEqual([1001, 1004, 1006]);
      expect(await get('products?orderby=popularity&per_page=2&page=2')).toEqual({
        ids: [1001, 1004],
        total: 5,
        pages: 3,
      });
      expect(await get('products?search=mug&per_page=1&page=3')).toEqual({
        ids: [],
        total: 2,
        pages: 2,
      });
      // Orders the set does not hold are sorted in SQL, over the same matches.
      expect(await ids('products?search=mug&orderby=title')).toEqual([1006, 1001]);
      expect(await ids('products?search=mug&orderby=title&order=asc')).toEqual([1001, 1006]);
    });

    it("takes WooCommerce's status: any (the default) leaves out the trash, another is that status only", async () => {
      expect(await ids('products?include=1005,1001,1006&orderby=include')).toEqual([1001, 1006]);
      expect(await ids('products?include=1005,1001,1006&status=any&orderby=include')).toEqual([
        1001, 1006,
      ]);
      // A product in the trash is found by its id and by a search when the trash is asked for.
      expect(await ids('products?include=1005,1001&status=trash')).toEqual([1005]);
      expect(await ids(`products?status=trash&search=${q('MUG')}`)).toEqual([1005]);
      expect(await ids(`products?status=trash&search=${q('%')}`)).toEqual([]);
      expect(await ids('products?status=draft')).toEqual([1006]);
      expect(await ids('products?status=publish&orderby=id&order=asc')).toEqual([
        1001, 1002, 1003, 1004,
      ]);
      const bad = await ctx().app.inject({ method: 'GET', url: `${BASE}/products?status=deleted` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().data.params).toHaveProperty('status');
    });

    it('combines a search with type, exclude, sku, category and include', async () => {
      expect(await ids('products?search=t&type=variable')).toEqual([1002]);
      expect(await ids('products?search=mug&exclude=1001')).toEqual([1006]);
      expect(await ids('products?search=mug&sku=KIT-0001')).toEqual([1001]);
      expect(await ids('products?search=mug&category=77')).toEqual([1001]);
      expect(await ids('products?search=mug&include=1004,1001&orderby=include')).toEqual([1001]);
      expect((await get('products?search=t&per_page=-1')).total).toBe(5);
    });

    it('searches variations by name, SKU or attribute value, for one parent or all', async () => {
      expect(await ids('variations?search=navy')).toEqual([1011]);
      expect(await ids('variations?search=crims')).toEqual([1012]);
      expect(await ids(`variations?search=${q('nav-m')}`)).toEqual([1011]);
      expect(await ids('products/1002/variations?search=cotton')).toEqual([1012, 1011]);
      expect(await ids('products/1002/variations?search=cotton&exclude=1012')).toEqual([1011]);
      expect(await ids('products/1001/variations?search=cotton')).toEqual([]);
    });

    it('searches customers by name, username or email; guests (no registration) sort last', async () => {
      expect(await ids('customers?search=elodie')).toEqual([1]);
      expect(await ids('customers?search=LEFEVRE')).toEqual([1]);
      expect(await ids(`customers?search=${q("zoe o'b")}`)).toEqual([2]);
      expect(await get('customers?search=an')).toEqual({ ids: [3, 4, 5], total: 3, pages: 1 });
      expect(await ids('customers?search=an&order=asc')).toEqual([5, 4, 3]);
      expect(await get('customers?search=an&per_page=1&page=2')).toEqual({
        ids: [4],
        total: 3,
        pages: 3,
      });
      expect(await ids(`customers?searchby=email&search=${q('%')}`)).toEqual([4]);
      expect(await ids(`customers?searchby=email&search=${q('_')}`)).toEqual([]);
      expect(await ids(`customers?searchby=username&search=${q('_')}`)).toEqual([3]);
      expect(await ids('customers?searchby=username&search=ann')).toEqual([3, 4]);
      expect((await get('customers?searchby=all&search=EXAMPLE')).total).toBe(5);
      expect(await ids('customers?search=ann&include=4,1')).toEqual([4]);
      expect(await get('customers?search=ann&include=1')).toEqual({ ids: [], total: 0, pages: 0 });
      // Another order (or any other filter) pages in SQL over the same matches.
      expect(await ids('customers?search=an&orderby=name&order=asc')).toEqual([3, 4, 5]);
    });

    it('sees rows written after the last search, by any writer', async () => {
      const { db } = ctx();
      expect(await ids('products?search=kettle')).toEqual([]);
      await db.kysely
        .insertInto('products')
        .values({
          id: 1007,
          parent_id: 0,
          type: 'simple',
          status: 'publish',
          name: 'Copper Kettle',
          slug: 'copper-kettle',
          sku: 'KIT-0007',
          description: '',
          price: 0,
          regular_price: 0,
          sale_price: null,
          manage_stock: 0,
          stock_quantity: null,
          stock_status: 'instock',
          low_stock_amount: null,
          downloadable: 0,
          virtual: 0,
          image_url: '',
          average_rating: 0,
          rating_count: 0,
          total_sales: 0,
          date_created: '2024-01-09 00:00:00',
          date_created_gmt: '2024-01-09 00:00:00',
        })
        .execute();
      expect(await ids('products?search=kettle')).toEqual([1007]);
      await db.kysely
        .updateTable('products')
        .set({ name: 'Copper Teapot' })
        .where('id', '=', 1007)
        .execute();
      expect(await ids('products?search=kettle')).toEqual([]);
      expect(await ids('products?search=teapot')).toEqual([1007]);
      await db.kysely
        .updateTable('products')
        .set({ total_sales: 50 })
        .where('id', '=', 1007)
        .execute();
      expect((await ids('products?orderby=popularity'))[0]).toBe(1007);
      await db.kysely
        .updateTable('products')
        .set({ status: 'trash' })
        .where('id', '=', 1007)
        .execute();
      expect(await ids('products?search=teapot')).toEqual([]);
      await db.kysely
        .updateTable('attribute_terms')
        .set({ name: 'Indigo' })
        .where('id', '=', 71)
        .execute();
      expect(await ids('variations?search=indigo')).toEqual([1011]);
      await db.kysely.deleteFrom('product_attributes').where('product_id', '=', 1011).execute();
      expect(await ids('variations?search=indigo')).toEqual([]);

      await db.kysely
        .insertInto('customers')
        .values({
          id: 6,
          user_id: 6,
          username: 'anna',
          first_name: 'Ånna',
          last_name: 'Ölund',
          email: 'anna@example.se',
          country: 'SE',
          state: '',
          city: '',
          postcode: '',
          date_registered: '2024-01-04 09:00:00',
          date_registered_gmt: '2024-01-04 09:00:00',
          date_last_active: null,
          date_last_active_gmt: null,
        })
        .execute();
      expect(await ids('customers?search=olund')).toEqual([6]);
      await db.kysely
        .updateTable('customers')
        .set({ email: 'a.o@example.se' })
        .where('id', '=', 6)
        .execute();
      expect(await ids('customers?searchby=email&search=a.o@')).toEqual([6]);
      await db.kysely.deleteFrom('customers').where('id', '=', 6).execute();
      expect(await ids('customers?search=olund')).toEqual([]);
    });

    it('reads names holding newlines or control characters as spaces, rows staying apart', async () => {
      const { db } = ctx();
      const base = await db.kysely
        .selectFrom('products')
        .selectAll()
        .where('id', '=', 1004)
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto('products')
        .values([
          { ...base, id: 1008, name: 'Line\nBreak Mug', sku: 'X\u0001Y' },
          { ...base, id: 1009, name: 'Tab\tbed\u0001Bowl', sku: 'Z-9' },
        ])
        .execute();
      expect(await ids(`products?search=${q('line break')}`)).toEqual([1008]);
      expect(await ids(`products?search=${q('x y')}`)).toEqual([1008]);
      expect(await ids(`products?search=${q('tab bed bowl')}`)).toEqual([1009]);
      expect(await ids(`products?search=${q('bowlz')}`)).toEqual([]);
      expect(await ids('products?search=z-9')).toEqual([1009]);
      expect(await ids('products?search=STRASSE')).toEqual([1004]);
      await db.kysely
        .updateTable('customers')
        .set({ last_name: 'Smith\nJones' })
        .where('id', '=', 3)
        .execute();
      expect(await ids(`customers?search=${q('smith jones')}`)).toEqual([3]);
      expect(await ids('customers?search=joanna')).toEqual([4]);
      await db.kysely.deleteFrom('products').where('id', 'in', [1008, 1009]).execute();
      await db.kysely
        .updateTable('customers')
        .set({ last_name: 'Smith' })
        .where('id', '=', 3)
        .execute();
    });

    it('starts over after the store is reset', async () => {
      const { db } = ctx();
      expect(await ids('products?search=mug')).toEqual([1001, 1006]);
      await resetStore(db);
      expect(await get('products?search=mug')).toEqual({ ids: [], total: 0, pages: 0 });
      expect(await get('customers?search=ann')).toEqual({ ids: [], total: 0, pages: 0 });
      await seedSearch(db);
      expect(await ids('products?search=mug')).toEqual([1001, 1006]);
      expect(await ids('customers?search=ann')).toEqual([3, 4]);
    });
  },
  seedSearch,
);
