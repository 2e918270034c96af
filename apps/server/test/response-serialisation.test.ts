/**
 * Routes with a response schema are serialised by it (fast-json-stringify), which silently
 * drops a property the schema does not list and coerces a value to the type it names (null to
 * 0, '12.50' to 12.5). Here every such route answers real requests on a demo store twice: as
 * its schema writes it, and as plain JSON (`_envelope`, which these routes switch to
 * JSON.stringify for), and the two must be the same value. A route given a schema must get
 * samples here, or the first test fails (admin, account and connection routes are checked by
 * admin-response-serialisation.test.ts instead).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { generateDemoStore } from '../src/demo/generate';
import { registeredRoutes } from '../src/routes/registered';
import { OWNED } from './admin-response-routes';
import { describeEachEngine } from './harness';

const BASE = '/wp-json/wc-analytics/reports';
const YEAR = 'after=2024-01-01T00:00:00&before=2024-06-30T23:59:59';
/** A range with no orders: every metric of an empty report. */
const EMPTY = 'after=2019-01-01T00:00:00&before=2019-01-31T23:59:59';

/** Query strings every stats route is read with. */
const statsQueries = [
  `interval=month&${YEAR}`,
  `interval=day&per_page=100&${YEAR}`,
  `interval=week&page=2&per_page=5&order=asc&${YEAR}`,
  `interval=month&page=99&${YEAR}`,
  `interval=day&${EMPTY}`,
  `interval=quarter&fields[]=orders_count&${YEAR}`,
];

// --- List reports and picker searches -------------------------------------------------------

/** The variants every list report is read with: no dates, a range, an empty range, page 99. */
const listQueries = ['', YEAR, EMPTY, `page=99&${YEAR}`, `per_page=100&order=asc&${YEAR}`];
const PICKERS = '/wp-json/wc-analytics';

/** Sample requests of the list reports and the picker searches, by route URL. */
const listAndPickerSamples: Record<string, string[]> = {
  [`${BASE}/orders`]: [
    ...listQueries,
    `extended_info=true&${YEAR}`,
    `extended_info=1&orderby=net_total&status_is[]=refunded&${YEAR}`,
    `orderby=num_items_sold&customer_type=returning&${YEAR}`,
  ],
  [`${BASE}/products`]: [
    ...listQueries,
    `extended_info=true&${YEAR}`,
    `extended_info=true&orderby=product_name&per_page=100`,
    'extended_info=true&products[]=999999&products[]=100',
    `orderby=variations&order=asc&${YEAR}`,
  ],
  [`${BASE}/variations`]: [
    ...listQueries,
    `extended_info=true&${YEAR}`,
    `extended_info=true&orderby=sku&per_page=100`,
  ],
  [`${BASE}/categories`]: [...listQueries, `extended_info=true&orderby=category&${YEAR}`],
  [`${BASE}/coupons`]: [
    ...listQueries,
    `extended_info=true&${YEAR}`,
    'extended_info=true&coupons[]=999999&orderby=code',
  ],
  [`${BASE}/taxes`]: [...listQueries, `orderby=rate&${YEAR}`],
  [`${BASE}/downloads`]: [...listQueries, `orderby=product&${YEAR}`],
  [`${BASE}/downloads/files`]: [...listQueries, 'orderby=file_name&search=e', 'search=%25_'],
  [`${BASE}/stock`]: [
    '',
    'type=lowstock',
    'type=outofstock&orderby=sku',
    'type=instock&per_page=100&orderby=stock_quantity&order=desc',
    'offset=20&per_page=5',
    'page=999',
  ],
  [`${BASE}/customers`]: [
    ...listQueries,
    `orderby=total_spend&${YEAR}`,
    'search=a&searchby=all&orderby=name',
    'country_includes[]=ZZ',
  ],
  [`${PICKERS}/products`]: [
    '',
    'search=a&per_page=20',
    'per_page=-1&orderby=price',
    'type=variable&orderby=popularity',
    'low_in_stock=true',
    'search=zzzzqq',
    'include=100,101&orderby=include',
  ],
  [`${PICKERS}/products/:parent/variations`]: ['', 'per_page=-1', 'search=zzzzqq'],
  [`${PICKERS}/variations`]: ['', 'search=a&per_page=50', 'orderby=price&order=asc'],
  [`${PICKERS}/products/categories`]: ['', 'search=a', 'hide_empty=true&orderby=count'],
  [`${PICKERS}/products/attributes`]: ['', 'search=col', 'search=zzzzqq'],
  [`${PICKERS}/products/attributes/:id`]: [''],
  [`${PICKERS}/products/attributes/:id/terms`]: ['', 'search=a', 'orderby=menu_order'],
  [`${PICKERS}/coupons`]: ['', 'search=vip', 'code=zzzzqq'],
  [`${PICKERS}/customers`]: ['', 'search=a&searchby=all', 'search=zzzzqq', 'orderby=total_spend'],
  [`${PICKERS}/customers/:id`]: [''],
  [`${PICKERS}/data/countries`]: [''],
  [`${PICKERS}/data/download-ips`]: ['match=1', 'match=zz'],
  [`${PICKERS}/orders`]: ['', 'number=1', 'status[]=refunded', 'number=999999999'],
  [`${PICKERS}/taxes`]: ['', 'search=us', 'orderby=priority&order=desc'],
};

/** The first `id` a list answers (the sample paths of routes with an `{id}`). */
async function firstId(app: FastifyInstance, url: string): Promise<number> {
  const rows = (await app.inject(url)).json() as { id: number }[];
  if (!rows[0]) throw new Error(`${url} answered no rows`);
  return rows[0].id;
}

/** A concrete path for each route URL with a parameter, read from the demo store. */
const samplePaths: Record<string, (app: FastifyInstance) => Promise<string>> = {
  [`${PICKERS}/products/:parent/variations`]: async (app) =>
    `${PICKERS}/products/${await firstId(app, `${PICKERS}/products?type=variable`)}/variations`,
  [`${PICKERS}/products/attributes/:id`]: async (app) =>
    `${PICKERS}/products/attributes/${await firstId(app, `${PICKERS}/products/attributes`)}`,
  [`${PICKERS}/products/attributes/:id/terms`]: async (app) =>
    `${PICKERS}/products/attributes/${await firstId(app, `${PICKERS}/products/attributes`)}/terms`,
  [`${PICKERS}/customers/:id`]: async (app) =>
    `${PICKERS}/customers/${await firstId(app, `${PICKERS}/customers`)}`,
};

// --- end of list reports and picker searches -------------------------------------------------

/** Sample requests of each route that has a response schema, by route URL. */
const samples: Record<string, string[]> = {
  ...listAndPickerSamples,
  [`${BASE}/revenue/stats`]: [
    ...statsQueries,
    `interval=week&segmentby=product&${YEAR}`,
    `interval=month&segmentby=customer_type&${YEAR}`,
    `interval=month&date_type=date_created&${YEAR}`,
  ],
  [`${BASE}/profit/stats`]: [
    ...statsQueries,
    `interval=week&segmentby=product&${YEAR}`,
    `interval=month&orderby=net_profit&${YEAR}`,
  ],
  [`${BASE}/orders/stats`]: [
    ...statsQueries,
    `interval=month&segmentby=coupon&${YEAR}`,
    `interval=month&segmentby=customer_type&${YEAR}`,
    `interval=month&status_is[]=refunded&${YEAR}`,
  ],
  [`${BASE}/products/stats`]: [...statsQueries, `interval=month&segmentby=category&${YEAR}`],
  [`${BASE}/variations/stats`]: [...statsQueries, `interval=month&segmentby=variation&${YEAR}`],
  [`${BASE}/categories/stats`]: [...statsQueries, `interval=month&segmentby=category&${YEAR}`],
  [`${BASE}/coupons/stats`]: [...statsQueries, `interval=month&segmentby=coupon&${YEAR}`],
  [`${BASE}/taxes/stats`]: [...statsQueries, `interval=month&segmentby=tax_rate_id&${YEAR}`],
  [`${BASE}/downloads/stats`]: statsQueries,
  [`${BASE}/stock/stats`]: ['', 'context=view'],
  [`${BASE}/customers/stats`]: [
    '',
    'fields[]=customers_count&fields[]=avg_total_spend',
    YEAR,
    'orders_count_min=2',
    'country_includes[]=ZZ',
  ],
  '/wp-json/wc-analytics/reports/performance-indicators': [
    YEAR,
    `stats[]=revenue/net_revenue&stats[]=orders/avg_order_value&stats[]=downloads/download_count&${YEAR}`,
    EMPTY,
  ],
  '/wp-json/wc-analytics/leaderboards': [YEAR, `per_page=10&${YEAR}`, EMPTY, ''],
  '/wp-json/wc-analytics/reports/performance-indicators/allowed': ['', 'context=view'],
  '/wp-json/wc-analytics/leaderboards/allowed': ['', 'context=view'],
  '/wp-json/wc-analytics/reports': ['', 'context=view'],
  [`${BASE}/cohorts`]: [
    `period=month&${YEAR}`,
    `period=quarter&first_coupon=1&${YEAR}`,
    `period=week&${EMPTY}`,
  ],
  [`${BASE}/rfm`]: ['', 'before=2024-03-31&period=quarter'],
  [`${BASE}/rfm/customers`]: ['per_page=5', 'group=lost&orderby=last_order&order=asc'],
  [`${BASE}/sources`]: [
    YEAR,
    `groupby=origin&orderby=net_revenue&${YEAR}`,
    `groupby=payment_method&per_page=2&page=2&${YEAR}`,
    `groupby=utm_campaign&source_type_is=utm&${YEAR}`,
    `groupby=payment_method&orderby=gross_profit&order=asc&${YEAR}`,
  ],
  [`${BASE}/sources/stats`]: [
    ...statsQueries,
    `interval=month&segmentby=device_type&${YEAR}`,
    `interval=week&segmentby=created_via&values=checkout,admin&fields[]=orders_count&${YEAR}`,
  ],
  [`${BASE}/sources/values`]: [
    'dimension=utm_source',
    'dimension=payment_method&search=str',
    'dimension=origin&per_page=2&page=2',
  ],
};

describeEachEngine(
  'answers serialised by their response schema',
  (ctx) => {
    // The REST routes only: `/` and `/wp-admin/admin.php` answer the dashboard's HTML.
    it('every report and picker route has a response schema', () => {
      const without = registeredRoutes(ctx().app)
        .filter((r) => r.method === 'GET' && r.url.startsWith('/wp-json/'))
        .filter((r) => !OWNED.test(r.url) && !r.schema?.response)
        .map((r) => r.url);
      expect(without).toEqual([]);
    });

    it('every route with a response schema has samples here', () => {
      const withSchema = registeredRoutes(ctx().app)
        .filter((r) => r.method === 'GET' && r.schema?.response && !OWNED.test(r.url))
        .map((r) => r.url);
      expect(withSchema.length).toBeGreaterThan(0);
      expect(Object.keys(samples).sort()).toEqual([...new Set(withSchema)].sort());
    });

    it.each(Object.entries(samples))(
      '%s: the schema writes what JSON.stringify writes',
      async (url, queries) => {
        const path = (await samplePaths[url]?.(ctx().app)) ?? url;
        for (const q of queries) {
          const viaSchema = await ctx().app.inject({ method: 'GET', url: `${path}?${q}` });
          expect(viaSchema.statusCode, q).toBe(200);
          const plain = await ctx().app.inject({ method: 'GET', url: `${path}?${q}&_envelope=1` });
          const envelope = plain.json() as { status: number; body: unknown };
          expect(envelope.status, q).toBe(200);
          expect(viaSchema.json(), `${path}?${q}`).toStrictEqual(envelope.body);
        }
      },
    );

    // The samples of the list reports and pickers are worth their name only if they hold rows
    // (an empty list says nothing of a row schema) and, where asked, filled extended info.
    it('the list and picker samples answer rows, and extended_info where asked', async () => {
      for (const [url, queries] of Object.entries(listAndPickerSamples)) {
        const path = (await samplePaths[url]?.(ctx().app)) ?? url;
        const answers = await Promise.all(
          queries.map(async (q) => ({ q, body: (await ctx().app.inject(`${path}?${q}`)).json() })),
        );
        const rows = answers.flatMap(({ body }) => (Array.isArray(body) ? body : [body]));
        expect(rows.length, url).toBeGreaterThan(0);
        for (const { q, body } of answers.filter((a) => a.q.includes('extended_info'))) {
          const first = (body as { extended_info: object }[])[0];
          expect(Object.keys(first?.extended_info ?? {}).length, `${url}?${q}`).toBeGreaterThan(0);
        }
      }
    });

    it('a trimmed or debugged answer keeps what the schema would not write', async () => {
      const url = `${BASE}/orders/stats?interval=month&${YEAR}`;
      const trimmed = (await ctx().app.inject(`${url}&_fields=totals.net_revenue`)).json();
      expect(trimmed).toEqual({ totals: { net_revenue: expect.any(Number) } });
      const debugged = (await ctx().app.inject(`${url}&debug_cache=1`)).json() as {
        debug_cache?: unknown;
      };
      expect(debugged.debug_cache).toMatchObject({ should_use_cache: true });
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 300, years: 1, seed: 3, end: '2024-06-30' });
    // The demo catalog has no images: give every other product and variation one, so that the
    // samples write image objects and tags as well as their absence.
    await db.kysely
      .updateTable('products')
      .set({ image_url: 'https://shop.example/wp-content/uploads/a "b".png' })
      .where(sql<boolean>`id % 2 = 0`)
      .execute();
  },
);
