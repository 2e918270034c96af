import { expect, it } from 'vitest';
import { describeEachEngine } from './harness';
import { MAY, seedReports } from './reports-fixture';

const BASE = '/wp-json/wc-analytics';

describeEachEngine(
  'performance indicators, leaderboards and the reports index',
  (ctx) => {
    const get = async (path: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `${BASE}/${path}` });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    };

    it('answers every indicator from the stats totals, in display order', async () => {
      const r = await get(`reports/performance-indicators?${MAY}`);
      expect(r.status).toBe(200);
      expect(r.headers['x-wp-total']).toBe('17');
      expect(r.headers['x-wp-totalpages']).toBe('1');
      const values = Object.fromEntries(
        r.body.map((i: { stat: string; value: number }) => [i.stat, i.value]),
      );
      expect(values).toEqual({
        'revenue/total_sales': 75,
        'revenue/net_revenue': 68,
        'orders/orders_count': 4,
        'orders/avg_order_value': 17,
        'products/items_sold': 3,
        'revenue/refunds': 45,
        'coupons/orders_count': 1,
        'coupons/amount': 2,
        'taxes/total_tax': 2,
        'taxes/order_tax': 1.6,
        'taxes/shipping_tax': 0.4,
        'revenue/shipping': 5,
        'downloads/download_count': 3,
        'revenue/gross_sales': 115,
        'variations/items_sold': expect.any(Number),
        // No item of the fixture has a known cost: the profit is unknown, never 0.
        'revenue/net_profit': null,
        'revenue/net_margin': null,
      });
      expect(r.body[0]).toMatchObject({
        stat: 'revenue/total_sales',
        chart: 'total_sales',
        format: 'currency',
      });
    });

    it('answers net profit and net margin as revenue stats total them, the margin as a percent', async () => {
      for (const range of [MAY, 'after=2024-05-03T10:30:00&before=2024-05-20T16:45:00']) {
        const r = await get(
          `reports/performance-indicators?${range}&stats=revenue/net_profit,revenue/net_margin`,
        );
        expect(r.status).toBe(200);
        const revenue = await get(`reports/revenue/stats?${range}&interval=year`);
        expect(r.body).toMatchObject([
          {
            stat: 'revenue/net_profit',
            format: 'currency',
            value: revenue.body.totals.net_profit,
          },
          {
            stat: 'revenue/net_margin',
            format: 'percent',
            value: revenue.body.totals.net_margin,
          },
        ]);
      }
      const allowed = await get('reports/performance-indicators/allowed');
      expect(allowed.body.slice(-2).map((i: { stat: string }) => i.stat)).toEqual([
        'revenue/net_profit',
        'revenue/net_margin',
      ]);
    });

    it('answers only the asked stats, in display order', async () => {
      const r = await get(
        `reports/performance-indicators?${MAY}&stats=orders/orders_count,revenue/net_revenue`,
      );
      expect(r.body.map((i: { stat: string }) => i.stat)).toEqual([
        'revenue/net_revenue',
        'orders/orders_count',
      ]);
    });

    it('rejects an empty stats list and leaves unknown stats out', async () => {
      const empty = await get('reports/performance-indicators?stats=');
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('woocommerce_analytics_performance_indicators_empty_query');
      const mixed = await get(
        'reports/performance-indicators?stats[]=revenue/bogus&stats[]=orders/orders_count&stats[]=nonsense',
      );
      expect(mixed.status).toBe(200);
      expect(mixed.body.map((i: { stat: string }) => i.stat)).toEqual(['orders/orders_count']);
    });

    it('answers variations/items_sold from the variations stats', async () => {
      const r = await get(`reports/performance-indicators?stats=variations/items_sold&${MAY}`);
      expect(r.status).toBe(200);
      const variations = await get(`reports/variations/stats?${MAY}`);
      expect(r.body).toMatchObject([
        { stat: 'variations/items_sold', chart: 'items_sold', format: 'number' },
      ]);
      expect(r.body[0].value).toBe(variations.body.totals.items_sold);
      expect(r.body[0].value).toBeGreaterThan(0);
      const allowed = await get('reports/performance-indicators/allowed');
      expect(allowed.body.map((i: { stat: string }) => i.stat)).toContain('variations/items_sold');
    });

    it('lists the allowed indicators', async () => {
      const r = await get('reports/performance-indicators/allowed');
      expect(r.body[4]).toEqual({
        stat: 'products/items_sold',
        chart: 'items_sold',
        label: 'Items sold',
      });
      expect(r.headers['x-wp-total']).toBe(String(r.body.length));
    });

    it('builds the four leaderboards with links keeping the persisted query', async () => {
      const r = await get(
        `leaderboards?${MAY}&per_page=5&persisted_query=${encodeURIComponent('{"period":"month"}')}`,
      );
      expect(r.body.map((b: { id: string }) => b.id)).toEqual([
        'customers',
        'coupons',
        'categories',
        'products',
        'profitable_products',
        'sources',
      ]);
      const [customers, coupons, categories, products, profitable, sources] = r.body;
      // Top sources: the Sources report's origins by net sales, each leading to that origin.
      const origins = await get(
        `reports/sources?${MAY}&groupby=origin&orderby=net_revenue&order=desc&per_page=5`,
      );
      expect(origins.body.length).toBeGreaterThan(0);
      expect(sources.label).toBe('Top Sources - Net Sales');
      expect(sources.rows.map((row: { value: unknown }[]) => row.map((c) => c.value))).toEqual(
        origins.body.map((o: { label: string; orders_count: number; net_revenue: number }) => [
          o.label,
          o.orders_count,
          o.net_revenue,
        ]),
      );
      expect(sources.rows[0][0].display).toContain('path=%2Fanalytics%2Fsources');
      expect(sources.rows[0][0].display).toContain(
        `origin_is=${encodeURIComponent(origins.body[0].value).replace(/%20/g, '+')}`,
      );
      expect(sources.rows[0][0].display).toContain('period=month');
      // No product of the fixture has a known cost: none is ranked by a profit taken as 0.
      expect(profitable.label).toBe('Most Profitable Products - Gross Profit');
      expect(profitable.rows).toEqual([]);
      expect(customers.rows).toHaveLength(2);
      expect(customers.rows[0][0].value).toBe('C 1');
      expect(customers.rows[0][0].display).toContain('filter=single_customer&amp;customers=1');
      expect(customers.rows[0][0].display).toContain('period=month');
      // The dashboard follows only links that start with the page and path.
      for (const board of r.body)
        for (const row of board.rows)
          expect(row[0].display).toMatch(/^<a href="admin\.php\?page=wc-admin&amp;path=%2F/);
      expect(customers.rows[0][2]).toEqual({ display: '$50.00', value: 50 });
      expect(coupons.rows[0][0].value).toBe('save2');
      expect(categories.rows.map((row: { value: string }[]) => row[0]!.value)).toEqual([
        'Kitchen',
        'Apparel',
      ]);
      expect(products.rows[0].map((c: { value: unknown }) => c.value)).toEqual(['Mug', 2, 43]);
      expect((await get('leaderboards?per_page=21')).status).toBe(400);
      const allowed = await get('leaderboards/allowed');
      expect(allowed.body.map((b: { id: string }) => b.id)).toEqual(
        r.body.map((b: { id: string }) => b.id),
      );
      expect(allowed.body[0]).toEqual({
        id: 'customers',
        label: 'Top Customers - Total Spend',
        headers: [{ label: 'Customer Name' }, { label: 'Orders' }, { label: 'Total Spend' }],
      });
    });

    it('lists the reports index', async () => {
      const r = await get('reports');
      const revenue = r.body.find((x: { slug: string }) => x.slug === 'revenue/stats');
      expect(revenue).toMatchObject({ path: '/wc-analytics/reports/revenue/stats' });
      expect(revenue._links.report).toEqual([{ href: '/analytics/revenue' }]);
    });
  },
  seedReports,
);
