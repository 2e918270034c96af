/**
 * The server's answers against the response schemas of @storelens/api (the types the client's
 * stores are built on): a field renamed, dropped where required, or of another type on the
 * server fails here, on a generated demo store.
 */
import {
  CouponsStatsResponse,
  DownloadsStatsResponse,
  ImportStatusBody,
  ImportTotalsBody,
  NoteBody,
  OnboardingPaymentMethod,
  OnboardingProfileResponse,
  OrdersStatsResponse,
  ProductBody,
  ProductsStatsResponse,
  RecommendedPaymentPlugin,
  ReportStatsBody,
  RevenueStatsResponse,
  ReviewBody,
  SettingBody,
  TasksStatus,
  TaxesStatsResponse,
  VariationsStatsResponse,
} from '@storelens/api';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';

const RANGE = 'after=2024-01-01T00:00:00&before=2024-06-30T23:59:59';

/** The schema's errors for a value, as readable lines (empty when it conforms). */
function drift(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

const stats: [string, TSchema][] = [
  ['revenue/stats?interval=month', RevenueStatsResponse],
  ['revenue/stats?interval=week&segmentby=product', RevenueStatsResponse],
  ['orders/stats?interval=month&segmentby=customer_type', OrdersStatsResponse],
  ['products/stats?interval=month', ProductsStatsResponse],
  ['variations/stats?interval=month', VariationsStatsResponse],
  ['coupons/stats?interval=month', CouponsStatsResponse],
  ['taxes/stats?interval=month', TaxesStatsResponse],
  ['downloads/stats?interval=month', DownloadsStatsResponse],
];

describeEachEngine(
  'response schemas of @storelens/api',
  (ctx) => {
    const get = async (url: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `/wp-json/${url}` });
      expect(res.statusCode, url).toBe(200);
      return res.json() as unknown;
    };

    it.each(stats)(
      'reports/%s matches its schema and the client envelope',
      async (path, schema) => {
        const body = await get(`wc-analytics/reports/${path}&${RANGE}`);
        expect(drift(schema, body)).toEqual([]);
        expect(drift(ReportStatsBody, body)).toEqual([]);
        // The answer is not vacuous: the demo store sold something in the range.
        expect((body as { intervals: unknown[] }).intervals.length).toBeGreaterThan(0);
      },
    );

    it('stock and customers stats match the client envelope', async () => {
      for (const path of ['stock/stats', 'customers/stats']) {
        expect(drift(ReportStatsBody, await get(`wc-analytics/reports/${path}`))).toEqual([]);
      }
    });

    const lists: [string, TSchema][] = [
      ['wc-analytics/admin/notes?per_page=100', NoteBody],
      ['wc-analytics/products/reviews?per_page=100&status=all', ReviewBody],
      ['wc-analytics/settings/wc_admin', SettingBody],
      ['wc-analytics/settings/general', SettingBody],
      ['wc-admin/onboarding/payments', OnboardingPaymentMethod],
      ['wc-admin/plugins/recommended-payment-plugins', RecommendedPaymentPlugin],
    ];
    it.each(lists)('%s answers a non-empty list of its schema', async (url, schema) => {
      const body = await get(url);
      expect(drift(Type.Array(schema, { minItems: 1 }), body)).toEqual([]);
    });

    const singles: [string, TSchema][] = [
      ['wc-analytics/reports/import/status', ImportStatusBody],
      ['wc-analytics/reports/import/totals', ImportTotalsBody],
      ['wc-admin/onboarding/tasks/status', TasksStatus],
      ['wc-admin/onboarding/profile', OnboardingProfileResponse],
    ];
    it.each(singles)('%s matches its schema', async (url, schema) => {
      expect(drift(schema, await get(url))).toEqual([]);
    });

    it('a product and a variation match ProductBody', async () => {
      const [row] = (await get(`wc-analytics/reports/variations?per_page=1&${RANGE}`)) as {
        product_id: number;
        variation_id: number;
      }[];
      expect(row).toBeDefined();
      expect(drift(ProductBody, await get(`wc-analytics/products/${row!.product_id}`))).toEqual([]);
      const variation = await get(
        `wc-analytics/products/${row!.product_id}/variations/${row!.variation_id}`,
      );
      expect(drift(ProductBody, variation)).toEqual([]);
    });

    it('a renamed field is caught (the check is not vacuous)', async () => {
      const body = (await get(`wc-analytics/reports/revenue/stats?interval=month&${RANGE}`)) as {
        totals: Record<string, unknown>;
      };
      const { net_revenue, ...rest } = body.totals;
      expect(
        drift(RevenueStatsResponse, { ...body, totals: { ...rest, net_sales: net_revenue } }),
      ).not.toEqual([]);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 300, years: 1, seed: 3, end: '2024-06-30' });
  },
);
