import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type RegisteredRoute, registeredRoutes } from '../src/routes/registered';
import { describeEachEngine } from './harness';
import { seedReports } from './reports-fixture';

/** Property names a schema part (querystring, body) declares, and the constants it allows. */
function schemaFacts(schema: unknown): { names: string[]; constants: string[] } {
  const names = new Set<string>();
  const constants = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 6) return;
    const s = node as Record<string, unknown>;
    if (s.const !== undefined) constants.add(String(s.const));
    if (s.properties && typeof s.properties === 'object') {
      for (const [name, inner] of Object.entries(s.properties)) {
        names.add(name);
        walk(inner, depth + 1);
      }
    }
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      if (Array.isArray(s[key])) for (const inner of s[key] as unknown[]) walk(inner, depth + 1);
    }
    if (s.items) walk(s.items, depth + 1);
  };
  walk(schema, 0);
  return { names: [...names], constants: [...constants] };
}

/** Names any route might read, besides those its schema declares. */
const COMMON_NAMES = ['id', 'page', 'per_page', 'status', 'search', 'x', '__proto__', 'a\u0000'];

const nastyText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    '-1',
    '0',
    '1',
    '1.5',
    '1e309',
    '9223372036854775808',
    '9'.repeat(40),
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '2024-02-30',
    '2024-05-01T00:00:00',
    '__proto__',
    'toString',
    'a\u0000b',
    '',
  ),
);

/** Path parameter values: real ids of the fixture, and hostile ones. */
const pathValue = fc.oneof(
  fc.constantFrom('1', '5', '10', '20', '21', '100', '900', 'revenue', 'orders', 'color'),
  fc.constantFrom('0', '-1', '1.5', '1e300', '9223372036854775808', '__proto__', '%00', 'a%2Fb'),
  fc.nat().map(String),
);

/** A raw body: JSON text of any value, or the shapes that used to break the server. */
function rawBody(names: string[], constants: string[]) {
  const text = fc.oneof(nastyText, fc.constantFrom(...(constants.length ? constants : ['x'])));
  const leaf = fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(1e308, -1, 0, 2 ** 63),
  );
  const value = fc.oneof(
    leaf,
    fc.array(leaf, { maxLength: 3 }),
    fc.array(fc.array(leaf, { maxLength: 2 }), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom(...names, ...COMMON_NAMES), leaf, { maxKeys: 3 }),
  );
  const json = fc
    .oneof(value, fc.dictionary(fc.constantFrom(...names, ...COMMON_NAMES), value, { maxKeys: 4 }))
    .map((v) => ({ type: 'application/json', text: JSON.stringify(v) ?? 'null' }));
  const hostile = fc.constantFrom(
    { type: 'application/json', text: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}` },
    { type: 'application/json', text: `{"stock_quantity":${'9'.repeat(400)}}` },
    { type: 'application/json', text: '{"noteIds":[1e308]}' },
    { type: 'application/json', text: '{"a":' },
    { type: 'application/json', text: '{"__proto__":{"x":1}}' },
    { type: 'application/x-www-form-urlencoded', text: 'a=1' },
    { type: 'text/plain', text: 'hello' },
    { type: 'application/xml', text: '<a/>' },
  );
  return fc.oneof({ arbitrary: json, weight: 4 }, { arbitrary: hostile, weight: 1 });
}

function requestFor(route: RegisteredRoute) {
  const query = schemaFacts(route.schema?.querystring);
  const body = schemaFacts(route.schema?.body);
  const names = [...new Set([...query.names, ...body.names, ...COMMON_NAMES])];
  const constants = [...new Set([...query.constants, ...body.constants])];
  const value = fc.oneof(
    nastyText,
    fc.constantFrom(...(constants.length ? constants : ['x'])),
    fc.constantFrom(...(constants.length ? constants : ['x'])).map((c) => `${c},${c}`),
  );
  const key = fc.oneof(
    fc.constantFrom(...names),
    fc.constantFrom(...names).map((k) => `${k}[]`),
    fc.constantFrom(...names).map((k) => `${k}[0][]`),
  );
  const params = (route.url.match(/:[A-Za-z_]+/g) ?? []).length;
  const hasBody = route.method !== 'GET';
  return fc.record({
    path: fc.array(pathValue, { minLength: params, maxLength: params }),
    query: fc.array(fc.tuple(key, value), { maxLength: 5 }),
    body: hasBody ? fc.option(rawBody(names, constants)) : fc.constant(null),
  });
}

describeEachEngine(
  'every registered route',
  (ctx) => {
    it('is found by the onRoute helper', () => {
      const urls = registeredRoutes(ctx().app).map((r) => `${r.method} ${r.url}`);
      // A sample from each area: reports, pickers, admin services, the page itself.
      for (const expected of [
        'GET /wp-json/wc-analytics/reports/revenue/stats',
        'GET /wp-json/wc-analytics/reports/customers',
        'GET /wp-json/wc-analytics/products',
        'POST /wp-json/wc-admin/options',
        'DELETE /wp-json/wc-analytics/admin/notes/delete/all',
        'PUT /wp-json/wc-analytics/products/:parent/variations/:id',
        'GET /wp-admin/admin.php',
      ]) {
        expect(urls).toContain(expected);
      }
      expect(urls.length).toBeGreaterThan(80);
    });

    it('never answers 5xx to random query strings and bodies (property)', async () => {
      // The API routes (the page answers 503 on purpose until the dashboard is built).
      const routes = registeredRoutes(ctx().app).filter(
        (r) => r.method !== 'HEAD' && r.url.startsWith('/wp-json/'),
      );
      const statuses = new Set<number>();
      const request = fc
        .constantFrom(...routes)
        .chain((route) => requestFor(route).map((parts) => ({ route, ...parts })));
      await fc.assert(
        fc.asyncProperty(request, async ({ route, path, query, body }) => {
          let i = 0;
          const url = route.url.replace(/:[A-Za-z_]+/g, () => path[i++] ?? '1');
          const qs = query
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join('&');
          const res = await ctx().app.inject({
            method: route.method as 'GET',
            url: qs ? `${url}?${qs}` : url,
            ...(body ? { payload: body.text, headers: { 'content-type': body.type } } : {}),
          });
          statuses.add(res.statusCode);
          const said = `${route.method} ${url}?${qs} ${body?.type} ${body?.text.slice(0, 300)} → ${res.body.slice(0, 300)}`;
          expect(res.statusCode, said).toBeLessThan(500);
          if (res.statusCode >= 400 && url.startsWith('/wp-json')) {
            const error = JSON.parse(res.body) as { code?: unknown; data?: { status?: unknown } };
            expect(typeof error.code, said).toBe('string');
            expect(error.data?.status, said).toBe(res.statusCode);
          }
        }),
        { numRuns: 1500 },
      );
      expect([...statuses].some((s) => s < 300)).toBe(true);
      expect([...statuses].some((s) => s >= 400)).toBe(true);
    }, 300_000);
  },
  seedReports,
);
