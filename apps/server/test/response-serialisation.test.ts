/**
 * Routes with a response schema are serialised by it (fast-json-stringify), which silently
 * drops a property the schema does not list and coerces a value to the type it names (null to
 * 0, '12.50' to 12.5). Here every such route answers real requests on a demo store twice: as
 * its schema writes it, and as plain JSON (`_envelope`, which these routes switch to
 * JSON.stringify for), and the two must be the same value. A route given a schema must get
 * samples here, or the first test fails (admin, account and connection routes are checked by
 * admin-response-serialisation.test.ts instead).
 */
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

/** Sample requests of each route that has a response schema, by route URL. */
const samples: Record<string, string[]> = {
  [`${BASE}/revenue/stats`]: [
    ...statsQueries,
    `interval=week&segmentby=product&${YEAR}`,
    `interval=month&segmentby=customer_type&${YEAR}`,
    `interval=month&date_type=date_created&${YEAR}`,
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
};

describeEachEngine(
  'answers serialised by their response schema',
  (ctx) => {
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
        for (const q of queries) {
          const viaSchema = await ctx().app.inject({ method: 'GET', url: `${url}?${q}` });
          expect(viaSchema.statusCode, q).toBe(200);
          const plain = await ctx().app.inject({ method: 'GET', url: `${url}?${q}&_envelope=1` });
          const envelope = plain.json() as { status: number; body: unknown };
          expect(envelope.status, q).toBe(200);
          expect(viaSchema.json(), `${url}?${q}`).toStrictEqual(envelope.body);
        }
      },
    );

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
  },
);
