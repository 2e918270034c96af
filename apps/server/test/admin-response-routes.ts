/**
 * The routes apps/server/test/admin-response-serialisation.test.ts covers (admin services,
 * accounts, shop connections); response-serialisation.test.ts covers the report routes and
 * leaves these out.
 */
export const OWNED = new RegExp(
  [
    '^/wp-json/wc-admin/',
    '^/wp-json/wc-analytics/(admin|settings)/',
    '^/wp-json/wc-analytics/products/(reviews|low-in-stock|:id$|:parent/variations/:id$)',
    '^/wp-json/wc-analytics/reports/(import|:type/export)',
    '^/wp-json/(jetpack|wc-paypal)/',
    '^/wp-json/storelens/v1/',
    '^/wp-json/wp/v2/users',
  ].join('|'),
);

/** Owned routes whose success answers no JSON. */
export const NOT_JSON = new Set([
  'GET /wp-json/wc-analytics/reports/:type/export/:export_id/download',
  'GET /wp-json/wc-admin/plugins/connect-jetpack/complete',
]);
