import fc from 'fast-check';
import { expect, it } from 'vitest';
import { seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

/** Every admin route, with a sample id where the path has one. */
const ROUTES: readonly (readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string])[] = [
  ['GET', '/wp-json/wc-admin/options'],
  ['POST', '/wp-json/wc-admin/options'],
  ['GET', '/wp-json/wc-analytics/admin/notes'],
  ['GET', '/wp-json/wc-analytics/admin/notes/1'],
  ['PUT', '/wp-json/wc-analytics/admin/notes/1'],
  ['PUT', '/wp-json/wc-analytics/admin/notes/update'],
  ['DELETE', '/wp-json/wc-analytics/admin/notes/delete/all'],
  ['POST', '/wp-json/wc-analytics/admin/notes/1/action/1'],
  ['GET', '/wp-json/wc-admin/onboarding/profile'],
  ['POST', '/wp-json/wc-admin/onboarding/profile'],
  ['GET', '/wp-json/wc-admin/onboarding/tasks/status'],
  ['POST', '/wp-json/wc-admin/onboarding/tasks/create_product_from_template'],
  ['GET', '/wp-json/wc-admin/onboarding/payments'],
  ['GET', '/wp-json/wc-admin/navigation/favorites/me'],
  ['POST', '/wp-json/wc-admin/navigation/favorites/me'],
  ['DELETE', '/wp-json/wc-admin/navigation/favorites/me'],
  ['GET', '/wp-json/wc-analytics/settings/general'],
  ['PUT', '/wp-json/wc-analytics/settings/general/timezone_string'],
  ['POST', '/wp-json/wc-analytics/settings/wc_admin/batch'],
  ['POST', '/wp-json/wc-admin/plugins/install'],
  ['POST', '/wp-json/wc-admin/plugins/activate'],
  ['GET', '/wp-json/wc-admin/plugins/connect-jetpack'],
  ['GET', '/wp-json/wc-admin/plugins/connect-jetpack/complete'],
  ['GET', '/wp-json/wc-admin/plugins/recommended-payment-plugins'],
  ['GET', '/wp-json/wc-paypal/v1/onboarding/get-status'],
  ['GET', '/wp-json/wc-analytics/products/reviews'],
  ['PUT', '/wp-json/wc-analytics/products/reviews/1'],
  ['DELETE', '/wp-json/wc-analytics/products/reviews/1'],
  ['PUT', '/wp-json/wc-analytics/products/10'],
  ['PUT', '/wp-json/wc-analytics/products/20/variations/21'],
  ['GET', '/wp-json/wc-analytics/products/low-in-stock'],
  ['POST', '/wp-json/wc-analytics/reports/revenue/export'],
  ['GET', '/wp-json/wc-analytics/reports/revenue/export/1/status'],
  ['GET', '/wp-json/wc-analytics/reports/import/totals'],
  ['GET', '/wp-json/wc-analytics/reports/import/status'],
];

const NAMES = [
  'options',
  'type',
  'status',
  'page',
  'per_page',
  'item_id',
  'plugins',
  'async',
  'days',
  'skip_existing',
  'value',
  'update',
  'noteIds',
  'rating',
  'search',
  'product',
  'stock_quantity',
  'report_args',
  'email',
  'template_name',
  'redirect_url',
  'state',
  'force',
  'after',
  'before',
  'is_read',
  'date_reminder',
  'industry',
];
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '2024-02-30',
    '',
  ),
);
const json = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...NAMES), nasty, { maxKeys: 3 }),
);

describeEachEngine(
  'admin routes never answer 5xx',
  (ctx) => {
    it('to random queries and bodies (property)', async () => {
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROUTES),
          fc.dictionary(fc.constantFrom(...NAMES, 'x[]', 'type[0][]'), nasty, { maxKeys: 4 }),
          fc.option(fc.oneof(json, fc.dictionary(fc.constantFrom(...NAMES), json, { maxKeys: 4 }))),
          async ([method, path], query, body) => {
            const qs = new URLSearchParams(query).toString();
            const res = await ctx().app.inject({
              method,
              url: qs ? `${path}?${qs}` : path,
              ...(body !== null && method !== 'GET'
                ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
                : {}),
            });
            statuses.add(res.statusCode);
            expect(
              res.statusCode,
              `${method} ${path}?${qs} ${JSON.stringify(body)} → ${res.body}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: 400 },
      );
      expect(statuses.size).toBeGreaterThan(2);
      expect([...statuses].some((s) => s < 300)).toBe(true);
    });
  },
  seedCatalog,
);
