import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { expectError } from './admin-helpers';
import { seedCatalog } from './fixtures';
import { describeEachEngine, engines, freshStore } from './harness';

/** The probe's reproductions: each must be a 4xx with a WordPress-style body, never a 500. */
async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: string,
  contentType = 'application/json',
) {
  const res = await app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload, headers: { 'content-type': contentType } } : {}),
  });
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {}
  return { status: res.statusCode, headers: res.headers, body };
}

describeEachEngine(
  'hostile input gets a 4xx',
  (ctx) => {
    it('a non-JSON Content-Type on a write route is a 415 with a WordPress body', async () => {
      for (const type of ['application/x-www-form-urlencoded', 'application/xml', 'image/png']) {
        for (const [method, url] of [
          ['POST', '/wp-json/wc-admin/options'],
          ['PUT', '/wp-json/wc-analytics/admin/notes/update'],
        ] as const) {
          const answer = await send(ctx().app, method, url, 'a=1', type);
          expectError(answer, 415, 'rest_unsupported_media_type');
        }
      }
      // Plain text is read as a string, which the body schema then refuses.
      const text = await send(ctx().app, 'POST', '/wp-json/wc-admin/options', 'a=1', 'text/plain');
      expect(text.status).toBe(400);
      expect((text.body as { code: string }).code).toBe('rest_invalid_param');
    });

    it('JSON nested 10,000 deep is refused with 400', async () => {
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      for (const [method, url] of [
        ['POST', '/wp-json/wc-admin/options'],
        ['POST', '/wp-json/wc-admin/onboarding/profile'],
        ['PUT', '/wp-json/wc-analytics/admin/notes/update'],
      ] as const) {
        const answer = await send(ctx().app, method, url, `{"a":${deep}}`);
        expectError(answer, 400, 'rest_invalid_json');
      }
    });

    it('template_name naming an Object.prototype member is a 400 naming it', async () => {
      for (const name of ['__proto__', 'toString', 'constructor', 'hasOwnProperty']) {
        const answer = await send(
          ctx().app,
          'POST',
          '/wp-json/wc-admin/onboarding/tasks/create_product_from_template',
          JSON.stringify({ template_name: name }),
        );
        expectError(answer, 400, 'rest_invalid_param', 'template_name');
        const query = await send(
          ctx().app,
          'POST',
          `/wp-json/wc-admin/onboarding/tasks/create_product_from_template?template_name=${name}`,
        );
        expectError(query, 400, 'rest_invalid_param', 'template_name');
      }
    });

    it('a nested or unknown status in the body of notes delete/all is a 400 naming status', async () => {
      for (const status of [[['unactioned']], [{}], { a: 'unactioned' }, 'nope', ['nope'], [1]]) {
        const answer = await send(
          ctx().app,
          'DELETE',
          '/wp-json/wc-analytics/admin/notes/delete/all',
          JSON.stringify({ status }),
        );
        expectError(answer, 400, 'rest_invalid_param', 'status');
      }
      const list = await send(
        ctx().app,
        'DELETE',
        '/wp-json/wc-analytics/admin/notes/delete/all',
        JSON.stringify({ status: 'unactioned,snoozed' }),
      );
      expect(list.status).toBe(200);
    });

    it('a path id at or above 2^63 is a 400 naming it', async () => {
      for (const url of [
        '/wp-json/wc-analytics/products/9223372036854775808',
        '/wp-json/wc-analytics/products/10/variations/99999999999999999999',
        '/wp-json/wc-analytics/admin/notes/9223372036854775807',
        '/wp-json/wc-analytics/products/reviews/9223372036854775808',
      ]) {
        const answer = await send(ctx().app, 'PUT', url, JSON.stringify({}));
        expect(answer.status, `${url} → ${JSON.stringify(answer.body)}`).toBe(400);
        expectError(answer, 400, 'rest_invalid_param', 'id');
      }
      const get = await send(ctx().app, 'GET', '/wp-json/wc-analytics/admin/notes/1e300');
      expectError(get, 400, 'rest_invalid_param', 'id');
    });

    it('a fractional orders_count_min/max is a 400 naming it', async () => {
      for (const name of ['orders_count_min', 'orders_count_max']) {
        for (const path of ['customers', 'customers/stats']) {
          const answer = await send(
            ctx().app,
            'GET',
            `/wp-json/wc-analytics/reports/${path}?${name}=1.5`,
          );
          expectError(answer, 400, 'rest_invalid_param', name);
        }
      }
      const between = await send(
        ctx().app,
        'GET',
        '/wp-json/wc-analytics/reports/customers?orders_count_between[]=0.5&orders_count_between[]=2',
      );
      expectError(between, 400, 'rest_invalid_param', 'orders_count_between');
      // Whole numbers still filter.
      const ok = await send(
        ctx().app,
        'GET',
        '/wp-json/wc-analytics/reports/customers?orders_count_min=1',
      );
      expect(ok.status).toBe(200);
    });

    it('a NUL character in a string is a 400 naming the parameter', async () => {
      const search = await send(ctx().app, 'GET', '/wp-json/wc-analytics/products?search=a%00b');
      expectError(search, 400, 'rest_invalid_param', 'search');
      const review = await send(
        ctx().app,
        'GET',
        '/wp-json/wc-analytics/products/reviews?search=%00',
      );
      expectError(review, 400, 'rest_invalid_param', 'search');
      const option = await send(
        ctx().app,
        'POST',
        '/wp-json/wc-admin/options',
        JSON.stringify({ woocommerce_demo: 'a\u0000b' }),
      );
      expectError(option, 400, 'rest_invalid_param', 'woocommerce_demo');
      const nested = await send(
        ctx().app,
        'POST',
        '/wp-json/wc-admin/onboarding/profile',
        JSON.stringify({ industry: [{ slug: 'x\u0000' }] }),
      );
      expectError(nested, 400, 'rest_invalid_param', 'industry');
      const key = await send(
        ctx().app,
        'POST',
        '/wp-json/wc-admin/onboarding/profile',
        JSON.stringify({ 'a\u0000': 1 }),
      );
      expect(key.status).toBe(400);
    });

    it('a 400-digit stock_quantity is a 400 naming it', async () => {
      const digits = '9'.repeat(400);
      for (const url of [
        '/wp-json/wc-analytics/products/10',
        '/wp-json/wc-analytics/products/20/variations/21',
      ]) {
        for (const value of [digits, `-${digits}`]) {
          const answer = await send(ctx().app, 'PUT', url, `{"stock_quantity": ${value}}`);
          expectError(answer, 400, 'rest_invalid_param', 'stock_quantity');
        }
      }
    });

    it('noteIds: [1e308] is a 400 naming noteIds', async () => {
      for (const ids of ['[1e308]', '[9223372036854775808]', `[${'9'.repeat(400)}]`]) {
        const answer = await send(
          ctx().app,
          'PUT',
          '/wp-json/wc-analytics/admin/notes/update',
          `{"noteIds": ${ids}, "is_read": true}`,
        );
        expectError(answer, 400, 'rest_invalid_param', 'noteIds');
      }
    });
  },
  seedCatalog,
);

describe('static files', () => {
  for (const engine of engines) {
    describe(engine, () => {
      let app: FastifyInstance;
      let drop: () => Promise<void>;
      beforeAll(async () => {
        const store = await freshStore(engine);
        drop = store.drop;
        const root = mkdtempSync(join(tmpdir(), 'storelens-web-'));
        mkdirSync(join(root, 'assets'));
        writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title><div id="root">');
        writeFileSync(join(root, 'assets', 'a.js'), 'console.log(1)');
        app = await buildApp(store.db, { webRoot: root });
      });
      afterAll(async () => {
        await app.close();
        await drop();
      });

      it('path traversal is a 4xx, never a 500', async () => {
        const ok = await app.inject({ method: 'GET', url: '/wp-admin/assets/a.js' });
        expect(ok.statusCode).toBe(200);
        for (const url of [
          '/wp-admin/..%2f..%2f..%2fetc%2fpasswd',
          '/wp-admin/%2e%2e/%2e%2e/etc/passwd',
          '/wp-admin/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
          '/wp-admin/%00',
          '/wp-admin/assets/%c0%ae%c0%ae/x',
        ]) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, `${url} → ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
          expect(res.body).not.toContain('root:');
        }
      });
    });
  }
});
