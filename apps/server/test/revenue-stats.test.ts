import { expect, it } from 'vitest';
import { ingestOrders } from '../src/ingest/ingest';
import { setOptions } from '../src/options';
import { mayOrders, seedCatalog, storeSettings } from './fixtures';
import { describeEachEngine } from './harness';

const URL_BASE = '/wp-json/wc-analytics/reports/revenue/stats';
const MAY = 'after=2024-05-01T00:00:00&before=2024-05-31T23:59:59';

/**
 * Five orders in May 2024 (store in UTC unless a test changes it):
 * 1 completed: 2 × 10.00 less a 2.00 coupon, tax 1.60 + 0.40 on 5.00 shipping → total 25.00
 * 2 processing: 25.00, created 2 May 23:30, paid 3 May 00:10 GMT
 * 3 pending (excluded by default), never paid
 * 4 completed 40.00 on 8 May, partially refunded 15.00 on 10 May
 * 5 refunded: 30.00 on 9 May, fully refunded on 12 May
 */
async function seed(db: Parameters<typeof ingestOrders>[0]) {
  await seedCatalog(db);
  await ingestOrders(db, mayOrders());
}

describeEachEngine(
  'GET reports/revenue/stats',
  (ctx) => {
    const get = async (query: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `${URL_BASE}?${query}` });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    };

    it('computes every metric by its one definition', async () => {
      const { status, body } = await get(`${MAY}&interval=week&order=asc`);
      expect(status).toBe(200);
      expect(body.totals).toEqual({
        total_sales: 75,
        net_revenue: 68,
        gross_sales: 115,
        refunds: 45,
        shipping: 5,
        taxes: 2,
        coupons: 2,
        coupons_count: 1,
        orders_count: 4,
        num_items_sold: 3,
        products: 2,
        // Their lines have no known cost: unknown profits and margins, a coverage of 0.
        cost_of_goods: null,
        payment_fees: 0,
        gross_profit: null,
        net_profit: null,
        gross_margin: null,
        net_margin: null,
        cost_coverage: 0,
        cost_coverage_net_sales: 0,
        segments: [],
      });
    });

    it('zero-fills and clips week buckets, counting them in X-WP-Total', async () => {
      const { headers, body } = await get(`${MAY}&interval=week&order=asc&per_page=100`);
      expect(headers['x-wp-total']).toBe('5');
      expect(headers['x-wp-totalpages']).toBe('1');
      expect(body.intervals.map((i: { interval: string }) => i.interval)).toEqual([
        '2024-18',
        '2024-19',
        '2024-20',
        '2024-21',
        '2024-22',
      ]);
      const [w18, w19, w20] = body.intervals;
      expect(w18).toMatchObject({
        date_start: '2024-05-01 00:00:00',
        date_end: '2024-05-05 23:59:59',
      });
      expect(w18.subtotals).toMatchObject({ net_revenue: 43, orders_count: 2, coupons_count: 1 });
      expect(w19.subtotals).toMatchObject({
        net_revenue: 25,
        orders_count: 2,
        refunds: 45,
        num_items_sold: 0,
      });
      expect(w20.subtotals).toMatchObject({ net_revenue: 0, orders_count: 0, total_sales: 0 });
      expect(body.intervals.at(-1).date_end).toBe('2024-05-31 23:59:59');
      expect('products' in w18.subtotals).toBe(false);
    });

    it('buckets on the paid date by default and on date_type when asked', async () => {
      const range = 'after=2024-05-02T00:00:00&before=2024-05-03T23:59:59&interval=day&order=asc';
      const paid = await get(range);
      expect(
        paid.body.intervals.map(
          (i: { subtotals: { orders_count: number } }) => i.subtotals.orders_count,
        ),
      ).toEqual([0, 1]);
      const created = await get(`${range}&date_type=date_created`);
      expect(
        created.body.intervals.map(
          (i: { subtotals: { orders_count: number } }) => i.subtotals.orders_count,
        ),
      ).toEqual([1, 0]);
    });

    it('leaves out excluded statuses, following the setting', async () => {
      const range =
        'after=2024-05-02T00:00:00&before=2024-05-02T23:59:59&interval=day&date_type=date_created';
      expect((await get(range)).body.totals.orders_count).toBe(1);
      await setOptions(ctx().db, { woocommerce_excluded_report_order_statuses: [] });
      expect((await get(range)).body.totals.orders_count).toBe(2);
      await setOptions(ctx().db, {
        woocommerce_excluded_report_order_statuses: ['pending', 'failed', 'cancelled'],
      });
    });

    it('clips inside a day: an order before `after` on the same day is left out', async () => {
      const { body } = await get(
        'after=2024-05-01T10:30:00&before=2024-05-01T23:59:59&interval=hour&order=asc',
      );
      expect(body.totals.orders_count).toBe(0);
      expect(body.intervals[0].interval).toBe('2024-05-01 10');
      expect(body.intervals[0].date_start).toBe('2024-05-01 10:30:00');
      const inclusive = await get(
        'after=2024-05-01T10:00:00&before=2024-05-01T10:00:00&interval=hour',
      );
      expect(inclusive.body.totals.orders_count).toBe(1);
    });

    it('sorts by a metric with ties by id, and pages after sorting', async () => {
      const { body, headers } = await get(
        `${MAY}&interval=week&orderby=net_revenue&order=desc&per_page=2&page=1`,
      );
      expect(headers['x-wp-totalpages']).toBe('3');
      expect(headers.link).toContain('rel="next"');
      expect(body.intervals.map((i: { interval: string }) => i.interval)).toEqual([
        '2024-18',
        '2024-19',
      ]);
      const last = await get(
        `${MAY}&interval=week&orderby=net_revenue&order=desc&per_page=2&page=3`,
      );
      expect(last.body.intervals.map((i: { interval: string }) => i.interval)).toEqual(['2024-22']);
      expect(last.headers.link).toContain('rel="prev"');
      const beyond = await get(`${MAY}&interval=week&per_page=2&page=4`);
      expect(beyond.status).toBe(200);
      expect(beyond.body).toEqual({ totals: {}, intervals: [] });
      expect(beyond.headers['x-wp-total']).toBe('5');
    });

    it('keeps only the asked fields, ignoring unknown ones', async () => {
      const { body } = await get(`${MAY}&interval=month&fields[]=net_revenue&fields[]=nope`);
      expect(Object.keys(body.totals).sort()).toEqual(['net_revenue', 'segments']);
      const comma = await get(`${MAY}&interval=month&fields=net_revenue,orders_count`);
      expect(Object.keys(comma.body.intervals[0].subtotals).sort()).toEqual([
        'net_revenue',
        'orders_count',
        'segments',
      ]);
    });

    it('asked fields hold the figures of the whole answer, the coupons counted when asked', async () => {
      for (const interval of ['day', 'month']) {
        const whole = await get(`${MAY}&interval=${interval}`);
        expect(whole.body.totals.coupons_count).toBeGreaterThan(0);
        for (const fields of ['coupons_count,orders_count', 'orders_count,net_revenue']) {
          const asked = await get(`${MAY}&interval=${interval}&fields=${fields}`);
          const pick = (o: Record<string, unknown>) =>
            Object.fromEntries(fields.split(',').map((f) => [f, o[f]]));
          expect(asked.body.totals).toEqual({ ...pick(whole.body.totals), segments: [] });
          expect(asked.body.intervals.map((i: { subtotals: object }) => i.subtotals)).toEqual(
            whole.body.intervals.map((i: { subtotals: Record<string, unknown> }) => ({
              ...pick(i.subtotals),
              segments: [],
            })),
          );
        }
      }
    });

    it.each([
      ['page=0', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['interval=decade', 'interval'],
      ['order=up', 'order'],
      ['orderby=bogus', 'orderby'],
      ['date_type=date_shipped', 'date_type'],
      ['after=2024-13-01T00:00:00', 'after'],
      ['after=2024-02-30', 'after'],
      ['before=yesterday', 'before'],
      ['after=2024-06-01&before=2024-05-01', 'after'],
      ["fields=net_revenue';DROP TABLE orders;--", 'fields'],
      ['page=abc', 'page'],
      ['interval=hour&after=2000-01-01&before=2024-01-01', 'interval'],
    ])('rejects %s with a 400 naming %s', async (query, param) => {
      const { status, body } = await get(query);
      expect(status).toBe(400);
      expect(body.code).toBe('rest_invalid_param');
      expect(body.data.status).toBe(400);
      expect(Object.keys(body.data.params)).toContain(param);
    });

    it('answers unknown routes with rest_no_route', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/wp-json/wc-analytics/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('rest_no_route');
    });
  },
  seed,
);

describeEachEngine(
  'GET reports/revenue/stats in a New York store, weeks from Sunday',
  (ctx) => {
    const get = async (query: string) =>
      (await ctx().app.inject({ method: 'GET', url: `${URL_BASE}?${query}` })).json();

    it('buckets by local day and reports GMT twins of each bound', async () => {
      // Order 2 was paid 3 May 00:10 GMT, which is 2 May 20:10 in New York (EDT, UTC-4).
      const body = await get(
        'after=2024-05-02T00:00:00&before=2024-05-03T23:59:59&interval=day&order=asc',
      );
      expect(
        body.intervals.map(
          (i: { subtotals: { orders_count: number } }) => i.subtotals.orders_count,
        ),
      ).toEqual([1, 0]);
      expect(body.intervals[0]).toMatchObject({
        interval: '2024-05-02',
        date_start: '2024-05-02 00:00:00',
        date_start_gmt: '2024-05-02 04:00:00',
        date_end_gmt: '2024-05-03 03:59:59',
      });
    });

    it('reads an `after` with an offset as that instant', async () => {
      const body = await get(
        'after=2024-05-03T00:05:00Z&before=2024-05-03T00:15:00%2B00:00&interval=day',
      );
      expect(body.totals.orders_count).toBe(1);
      expect(body.intervals[0].date_start).toBe('2024-05-02 20:05:00');
    });

    it('numbers Sunday weeks within the year', async () => {
      const body = await get(
        'after=2024-05-01T00:00:00&before=2024-05-14T23:59:59&interval=week&order=asc',
      );
      expect(body.intervals.map((i: { interval: string }) => i.interval)).toEqual([
        '2024-18',
        '2024-19',
        '2024-20',
      ]);
      expect(body.intervals[1]).toMatchObject({
        date_start: '2024-05-05 00:00:00',
        date_end: '2024-05-11 23:59:59',
      });
    });
  },
  async (db) => {
    await storeSettings(db, 'America/New_York', 0);
    await seed(db);
  },
);
