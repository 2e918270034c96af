import { expect, it } from 'vitest';
import { describeEachEngine } from './harness';
import { MAY, seedReports } from './reports-fixture';

const BASE = '/wp-json/wc-analytics/reports';

interface CategoryRow {
  category_id: number;
  items_sold: number;
  net_revenue: number;
  orders_count: number;
}

describeEachEngine(
  'categories stats',
  (ctx) => {
    const get = async (path: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `${BASE}/${path}` });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    };

    it('answers each category the same totals as the categories list', async () => {
      const list = await get(`categories?${MAY}&per_page=100`);
      expect(list.body.length).toBeGreaterThan(0);
      for (const row of list.body as CategoryRow[]) {
        const stats = await get(
          `categories/stats?${MAY}&interval=month&categories=${row.category_id}`,
        );
        expect(stats.status).toBe(200);
        expect(stats.body.totals).toMatchObject({
          items_sold: row.items_sold,
          net_revenue: row.net_revenue,
          orders_count: row.orders_count,
        });
        expect(stats.headers['x-wp-total']).toBe(String(stats.body.intervals.length));
      }
    });

    it('segments by category on request', async () => {
      const list = (await get(`categories?${MAY}&per_page=100`)).body as CategoryRow[];
      const ids = list.map((r) => r.category_id);
      const stats = await get(
        `categories/stats?${MAY}&interval=month&segmentby=category&categories=${ids.join(',')}`,
      );
      const segments = stats.body.totals.segments as {
        segment_id: number;
        subtotals: CategoryRow;
      }[];
      for (const row of list) {
        const segment = segments.find((s) => s.segment_id === row.category_id);
        expect(segment?.subtotals.items_sold).toBe(row.items_sold);
      }
    });

    it('refuses a bad declared parameter', async () => {
      const bad = await get(`categories/stats?${MAY}&segmentby=coupon`);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.data.params)).toContain('segmentby');
    });
  },
  seedReports,
);
