import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import { toUnits } from '../src/money';
import { mayOrders } from './fixtures';
import { describeEachEngine } from './harness';
import { MAY, seedReports } from './reports-fixture';

const BASE = '/wp-json/wc-analytics/reports';

describeEachEngine(
  'stats reports',
  (ctx) => {
    const get = async (path: string, query: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `${BASE}/${path}?${query}` });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    };
    const totals = async (path: string, query: string) => {
      const r = await get(path, `${MAY}&interval=month&${query}`);
      expect(r.status).toBe(200);
      return r.body.totals;
    };

    it('orders/stats computes orders metrics by the shared definitions', async () => {
      expect(await totals('orders/stats', '')).toEqual({
        net_revenue: 68,
        orders_count: 4,
        avg_order_value: 17,
        avg_items_per_order: 0.75,
        num_items_sold: 3,
        coupons: 2,
        coupons_count: 1,
        total_customers: 2,
        products: 2,
        // No line of these orders has a known cost: the profit figures are unknown, never
        // computed as if the cost were 0, and the coverage says why.
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

    it.each([
      ['product_includes=20', 25, 1],
      ['product_excludes[]=20', 43, 3],
      ['variation_includes=21', 25, 1],
      ['coupon_includes=900', 18, 1],
      ['coupon_excludes=900', 50, 3],
      ['tax_rate_includes=1', 18, 1],
      ['customer_type=new', 43, 2],
      ['customer=returning', 25, 2],
      ['refunds=all', -45, 0],
      ['refunds=none', 113, 4],
      ['refunds=full', -30, 0],
      ['refunds=partial', -15, 0],
      ['categories=100', 43, 3],
      ['categories=300', 0, 0],
      ['status_is=refunded', 0, 1],
      ['status_is_not=refunded&status_is_not=completed', 25, 1],
      ['attribute_is[0][]=5&attribute_is[0][]=51', 25, 1],
      ['attribute_is[]=5,51', 25, 1],
      ['attribute_is[0][]=color&attribute_is[0][]=red', 25, 1],
      ['attribute_is_not[0][]=5&attribute_is_not[0][]=51', 43, 3],
      ['match=any&product_includes=20&coupon_includes=900', 43, 2],
      ['match=all&product_includes=20&coupon_includes=900', 0, 0],
    ])('orders/stats filter %s: net %d, orders %d', async (query, net, orders) => {
      const t = await totals('orders/stats', query);
      expect(t.net_revenue).toBe(net);
      expect(t.orders_count).toBe(orders);
    });

    it('status_is drops the default exclusion; pending orders never paid stay out of paid-date reports', async () => {
      expect((await totals('orders/stats', 'status_is=pending')).orders_count).toBe(0);
    });

    it('segments by customer type, zero-filled and sorted, in totals and every interval', async () => {
      const r = await get('revenue/stats', `${MAY}&interval=month&segmentby=customer_type`);
      expect(r.body.totals.segments.map((s: { segment_id: number }) => s.segment_id)).toEqual([
        0, 1,
      ]);
      expect(r.body.totals.segments[0].subtotals.net_revenue).toBe(43);
      expect(r.body.totals.segments[1].subtotals.net_revenue).toBe(25);
      expect(r.body.intervals[0].subtotals.segments).toHaveLength(2);
    });

    it('segments revenue by product and category from the line rows', async () => {
      const byProduct = await get('revenue/stats', `${MAY}&interval=month&segmentby=product`);
      const seg = (body: {
        totals: {
          segments: {
            segment_id: number;
            segment_label: string;
            subtotals: Record<string, number>;
          }[];
        };
      }) =>
        Object.fromEntries(
          body.totals.segments.map((s) => [
            s.segment_id,
            [s.segment_label, s.subtotals.net_revenue],
          ]),
        );
      expect(seg(byProduct.body)).toEqual({ 10: ['Mug', 43], 20: ['Tee', 25] });
      const byCategory = await get('orders/stats', `${MAY}&interval=month&segmentby=category`);
      expect(seg(byCategory.body)).toEqual({
        100: ['Kitchen', 43],
        200: ['Apparel', 25],
        300: ['Empty', 0],
      });
      const byCoupon = await get('orders/stats', `${MAY}&interval=month&segmentby=coupon`);
      expect(byCoupon.body.totals.segments[0]).toMatchObject({
        segment_id: 900,
        segment_label: 'save2',
        subtotals: { net_revenue: 18, coupons: 2, orders_count: 1 },
      });
    });

    it('variation segments need exactly one product', async () => {
      const none = await get('orders/stats', `${MAY}&interval=month&segmentby=variation`);
      expect(none.body.totals.segments).toEqual([]);
      const one = await get(
        'orders/stats',
        `${MAY}&interval=month&segmentby=variation&product_includes=20`,
      );
      expect(one.body.totals.segments.map((s: { segment_id: number }) => s.segment_id)).toEqual([
        0, 21,
      ]);
      expect(one.body.totals.segments[1].subtotals.net_revenue).toBe(25);
    });

    it('products/stats and variations/stats', async () => {
      // No line of this store has a known cost: the gross profit figures are unknown, never 0.
      const noCost = {
        cost_of_goods: null,
        gross_profit: null,
        gross_margin: null,
        cost_coverage: 0,
        cost_coverage_net_sales: 0,
      };
      expect(await totals('products/stats', '')).toEqual({
        items_sold: 3,
        net_revenue: 68,
        orders_count: 4,
        ...noCost,
        segments: [],
      });
      expect(await totals('products/stats', 'products=10')).toMatchObject({
        items_sold: 2,
        net_revenue: 43,
        orders_count: 3,
      });
      expect(await totals('products/stats', 'categories=200')).toMatchObject({ net_revenue: 25 });
      const seg = await totals('products/stats', 'segmentby=category&categories=100,200');
      expect(
        seg.segments.map((s: { subtotals: { net_revenue: number } }) => s.subtotals.net_revenue),
      ).toEqual([43, 25]);
      expect(await totals('variations/stats', '')).toEqual({
        items_sold: 1,
        net_revenue: 25,
        orders_count: 1,
        ...noCost,
        variations_count: 1,
        segments: [],
      });
      expect(
        await totals('variations/stats', 'attribute_is[0][]=5&attribute_is[0][]=51'),
      ).toMatchObject({ net_revenue: 25 });
    });

    it('products/stats from the product-day rollup (additive fields only) equals the line rows', async () => {
      for (const range of [MAY, 'after=2024-05-01T10:30:00&before=2024-05-10T12:00:00']) {
        const q = `${range}&interval=day&per_page=100`;
        const fast = await get('products/stats', `${q}&fields=items_sold,net_revenue`);
        const slow = await get('products/stats', q);
        const pick = (b: {
          intervals: { subtotals: { items_sold: number; net_revenue: number } }[];
        }) => b.intervals.map((i) => [i.subtotals.items_sold, i.subtotals.net_revenue]);
        expect(pick(fast.body)).toEqual(pick(slow.body));
        expect(fast.body.totals).toEqual({
          items_sold: slow.body.totals.items_sold,
          net_revenue: slow.body.totals.net_revenue,
          segments: [],
        });
      }
      const edge = await get(
        'products/stats',
        'after=2024-05-01T10:30:00&before=2024-05-31T23:59:59&interval=month&fields=items_sold',
      );
      expect(edge.body.totals.items_sold).toBe(1);
    });

    it('coupons/stats, taxes/stats and downloads/stats', async () => {
      expect(await totals('coupons/stats', '')).toEqual({
        amount: 2,
        coupons_count: 1,
        orders_count: 1,
        segments: [],
      });
      const byCoupon = await totals('coupons/stats', 'segmentby=coupon');
      expect(byCoupon.segments).toEqual([
        {
          segment_id: 900,
          segment_label: 'save2',
          subtotals: { amount: 2, coupons_count: 1, orders_count: 1 },
        },
      ]);
      expect(await totals('taxes/stats', '')).toEqual({
        total_tax: 2,
        order_tax: 1.6,
        shipping_tax: 0.4,
        orders_count: 1,
        tax_codes: 1,
        segments: [],
      });
      const byRate = await totals('taxes/stats', 'segmentby=tax_rate_id');
      expect(byRate.segments[0]).toMatchObject({ segment_id: 1, segment_label: 'US-CA-TAX-1' });
      expect(await totals('downloads/stats', '')).toEqual({ download_count: 3, segments: [] });
      expect(await totals('downloads/stats', 'product_includes=10')).toMatchObject({
        download_count: 2,
      });
      expect(
        await totals('downloads/stats', 'ip_address_includes=10.0.0.1,192.168.1.9'),
      ).toMatchObject({ download_count: 2 });
      expect(
        await totals('downloads/stats', 'match=any&product_includes=20&customer_includes=1'),
      ).toMatchObject({ download_count: 3 });
    });

    it('caches by the normalised query and refreshes on force_cache_refresh', async () => {
      const a = await get(
        'orders/stats',
        `${MAY}&interval=month&debug_cache=1&product_includes=10,20`,
      );
      const b = await get(
        'orders/stats',
        `${MAY}&debug_cache=true&product_includes[]=20&product_includes[]=10&interval=month`,
      );
      expect(b.body.debug_cache.hit).toBe(true);
      expect(b.body.totals).toEqual(a.body.totals);
      const c = await get(
        'orders/stats',
        `${MAY}&interval=month&debug_cache=1&product_includes=10,20&force_cache_refresh=true`,
      );
      expect(c.body.debug_cache.hit).toBe(false);
    });

    it('revenue/stats reads debug_cache as the other reports do', async () => {
      const query = `${MAY}&interval=month&date_type=date_created`;
      const plain = await get('revenue/stats', query);
      expect(plain.status).toBe(200);
      expect(plain.body).not.toHaveProperty('debug_cache');
      const refreshed = await get(
        'revenue/stats',
        `${query}&debug_cache=1&force_cache_refresh=true`,
      );
      expect(refreshed.body.debug_cache).toEqual({
        should_use_cache: true,
        hit: false,
        version: expect.any(Number),
      });
      const again = await get('revenue/stats', `${query}&debug_cache=true`);
      expect(again.body.debug_cache.hit).toBe(true);
      expect(again.body.totals).toEqual(plain.body.totals);
      expect(again.body.intervals).toEqual(plain.body.intervals);
    });
  },
  seedReports,
);

/** A refund of the coupon order (order 1, 1 May) on 20 May and another on 3 June. */
async function seedCouponRefunds(db: Db) {
  await seedReports(db);
  const withRefunds = mayOrders().map((o) =>
    o.id !== 1
      ? o
      : {
          ...o,
          refunds: [
            { day: '2024-05-20', id: 100, amount: '5' },
            { day: '2024-06-03', id: 101, amount: '3' },
          ].map((r) => ({
            id: r.id,
            dateCreatedGmt: `${r.day} 12:00:00`,
            lines: [
              { id: r.id + 1, orderItemId: 11, quantity: 0, total: toUnits(r.amount), tax: 0 },
            ],
            shipping: 0,
            shippingTax: 0,
          })),
        },
  );
  await ingestOrders(db, withRefunds);
}

describeEachEngine(
  'coupon filters and refunds',
  (ctx) => {
    const totals = async (range: string, query: string) => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `${BASE}/orders/stats?${range}&interval=month&${query}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json().totals;
    };
    const JUNE = 'after=2024-06-01T00:00:00&before=2024-06-30T23:59:59';

    it('counts a refund of a coupon order through its order, in the refund month', async () => {
      // Order 1 nets 18; its 5.00 refund in May takes it to 13.
      expect(await totals(MAY, 'coupon_includes=900')).toMatchObject({
        net_revenue: 13,
        orders_count: 1,
      });
      // June holds only the 3.00 refund, which the coupon filter reaches through order 1.
      expect(await totals(JUNE, 'coupon_includes=900')).toMatchObject({
        net_revenue: -3,
        orders_count: 0,
      });
    });

    it('leaves the refunds of a coupon order out of coupon_excludes', async () => {
      expect(await totals(MAY, 'coupon_excludes=900')).toMatchObject({
        net_revenue: 50,
        orders_count: 3,
      });
      expect(await totals(JUNE, 'coupon_excludes=900')).toMatchObject({
        net_revenue: 0,
        orders_count: 0,
      });
    });
  },
  seedCouponRefunds,
);
