/**
 * The admin, account and shop-connection routes answer through their response schemas
 * (fast-json-stringify), which silently drop a property the schema does not list and coerce a
 * value to the type it names. Every such route is called here on a demo store, in an order
 * that builds what the next call needs, with `_envelope` (which writes the answer as plain
 * JSON, see wp-conventions.ts): the raw answer must pass `Value.Check` against the route's
 * closed schema for its status, so a property the schema leaves out, or a value of another
 * type (null where it says number, '3' where it says integer), fails. A GET is also read
 * without the envelope and must write the same value through its schema.
 *
 * Each owned route (OWNED) must have a response schema and samples here, or a test fails;
 * routes that answer no JSON (a CSV download, a redirect) are listed in NOT_JSON.
 */
import { ConnectionView, DeletedUserResponse, WpUser } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { issueToken } from '../src/auth/users';
import { webhookSignature } from '../src/connect/webhooks';
import { generateDemoStore } from '../src/demo/generate';
import { unsubscribePath } from '../src/notify/unsubscribe';
import { registeredRoutes } from '../src/routes/registered';
import { NOT_JSON, OWNED } from './admin-response-routes';
import { CONNECTIONS, listeningApp, settle } from './connect-helpers';
import { describeEachEngine, freshStore, TEST_PASSWORD, testEmail } from './harness';
import { WooSimulator } from './woo-simulator';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Sample {
  method: Method;
  /** Path and query, without `/wp-json`. */
  url: string;
  payload?: unknown;
  status?: number;
  /** A GET whose answer changes from one call to the next (a new token, a job's progress). */
  volatile?: boolean;
  headers?: Record<string, string>;
}

/** The registered route a request reaches (a static segment wins over a `:param`). */
function routeOf(app: FastifyInstance, method: Method, url: string) {
  const path = url.split('?')[0]!;
  const matches = registeredRoutes(app).filter(
    (r) => r.method === method && new RegExp(`^${r.url.replace(/:[a-z_]+/g, '[^/]+')}$`).test(path),
  );
  const params = (u: string) => (u.match(/:/g) ?? []).length;
  matches.sort((x, y) => params(x.url) - params(y.url));
  return matches[0];
}

/** The schema's errors for a value, as readable lines (empty when it conforms). */
function drift(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

/** Calls a sample: checks the raw answer against the route's schema; returns the body. */
async function check(app: FastifyInstance, sample: Sample, covered: Set<string>) {
  const { method, payload } = sample;
  const url = `/wp-json${sample.url}`;
  const route = routeOf(app, method, url);
  const key = route ? `${route.method} ${route.url}` : `${method} ${url} (no route)`;
  const join = url.includes('?') ? '&' : '?';
  const res = await app.inject({
    method,
    url: `${url}${join}_envelope=1`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(sample.headers ? { headers: sample.headers } : {}),
  });
  const envelope = res.json() as { status: number; body: unknown };
  expect(envelope.status, `${method} ${url}: ${JSON.stringify(envelope.body)}`).toBe(
    sample.status ?? 200,
  );
  const schema = (route?.schema?.response as Record<number, TSchema> | undefined)?.[
    envelope.status
  ];
  expect(schema, `${key} has a response schema for ${envelope.status}`).toBeDefined();
  expect(drift(schema!, envelope.body), `${method} ${url}`).toEqual([]);
  if (method === 'GET' && !sample.volatile) {
    const viaSchema = await app.inject({
      method,
      url,
      ...(sample.headers ? { headers: sample.headers } : {}),
    });
    expect(viaSchema.json(), `${method} ${url} through its schema`).toStrictEqual(envelope.body);
  }
  covered.add(key);
  return envelope.body;
}

/** Owned routes answering JSON, as `METHOD /pattern`. */
function ownedRoutes(app: FastifyInstance): string[] {
  return [
    ...new Set(
      registeredRoutes(app)
        .filter((r) => r.method !== 'HEAD' && OWNED.test(r.url))
        .map((r) => `${r.method} ${r.url}`)
        .filter((k) => !NOT_JSON.has(k)),
    ),
  ].sort();
}

const YEAR = 'after=2024-01-01T00:00:00&before=2024-06-30T23:59:59';
const writes = ['POST', 'PUT', 'PATCH'] as const;

type Row = Record<string, unknown>;

describeEachEngine(
  'admin and account answers serialised by their response schemas',
  (ctx) => {
    const covered = new Set<string>();
    const run = (sample: Sample) => check(ctx().app, sample, covered);
    const runAll = async (samples: Sample[]) => {
      const out: unknown[] = [];
      for (const s of samples) out.push(await run(s));
      return out;
    };

    it('every owned JSON route has a response schema for its answers', () => {
      const missing = registeredRoutes(ctx().app)
        .filter((r) => r.method !== 'HEAD' && OWNED.test(r.url))
        .filter((r) => !NOT_JSON.has(`${r.method} ${r.url}`) && !r.schema?.response)
        .map((r) => `${r.method} ${r.url}`);
      expect(missing).toEqual([]);
    });

    it('options', async () => {
      await run({ method: 'GET', url: '/wc-admin/options?options=woocommerce_currency,nope_x' });
      for (const method of writes) {
        await run({
          method,
          url: '/wc-admin/options',
          payload: { plain_test_option: [method, 1] },
        });
      }
      await run({
        method: 'GET',
        url: '/wc-admin/options?options=plain_test_option,woocommerce_task_list_hidden',
      });
    });

    it('settings', async () => {
      const [list] = (await runAll([
        { method: 'GET', url: '/wc-analytics/settings/wc_admin' },
        { method: 'GET', url: '/wc-analytics/settings/general' },
      ])) as Row[][];
      const setting = list!.find((s) => s.type === 'select') ?? list![0]!;
      const one = `/wc-analytics/settings/wc_admin/${setting.id}`;
      await run({ method: 'GET', url: one });
      // The stored value written back: nothing changes, nothing is rebuilt.
      for (const method of ['PUT', 'POST', 'PATCH'] as const)
        await run({ method, url: one, payload: { value: setting.value } });
      for (const method of ['POST', 'PUT'] as const)
        await run({
          method,
          url: '/wc-analytics/settings/wc_admin/batch',
          payload: { update: [{ id: setting.id, value: setting.value }] },
        });
    });

    it('plugins, Jetpack and PayPal', async () => {
      const base = '/wc-admin/plugins';
      for (const method of ['POST', 'PUT'] as const) {
        await run({
          method,
          url: `${base}/install?plugins=jetpack,woocommerce-paypal-payments,not-a-plugin`,
        });
        await run({ method, url: `${base}/activate?plugins=jetpack,woocommerce-paypal-payments` });
      }
      for (const action of ['install', 'activate']) {
        const job = (await run({
          method: 'POST',
          url: `${base}/${action}?plugins=woocommerce-payments&async=true`,
        })) as { data: { job_id: string } };
        await run({ method: 'GET', url: `${base}/${action}/status` });
        await run({ method: 'GET', url: `${base}/${action}/status/${job.data.job_id}` });
      }
      await runAll([
        { method: 'GET', url: `${base}/active` },
        { method: 'GET', url: `${base}/installed` },
        { method: 'GET', url: `${base}/catalog` },
        { method: 'GET', url: `${base}/recommended-payment-plugins` },
        { method: 'GET', url: `${base}/connect-jetpack?redirect_url=/wp-admin/`, volatile: true },
        { method: 'GET', url: '/jetpack/v4/connection' },
        { method: 'GET', url: '/wc-paypal/v1/onboarding/get-status' },
      ]);
    });

    it('onboarding profile, tasks and suggestions', async () => {
      const base = '/wc-admin/onboarding';
      await run({ method: 'GET', url: `${base}/profile` });
      for (const method of writes)
        await run({ method, url: `${base}/profile`, payload: { completed: method === 'PUT' } });
      await run({ method: 'GET', url: `${base}/profile` });
      await runAll([
        { method: 'GET', url: `${base}/tasks/status` },
        {
          method: 'POST',
          url: `${base}/tasks/create_product_from_template`,
          payload: { template_name: 'physical' },
        },
        { method: 'GET', url: `${base}/payments` },
        { method: 'GET', url: `${base}/free-extensions` },
        { method: 'GET', url: `${base}/product-types` },
        { method: 'GET', url: `${base}/profile/progress` },
        {
          method: 'POST',
          url: `${base}/profile/progress/core-profiler/complete`,
          payload: { step: 'user-profile' },
        },
        { method: 'GET', url: `${base}/profile/progress` },
      ]);
      const lists = (await run({ method: 'GET', url: `${base}/tasks` })) as {
        id: string;
        tasks: { id: string; isDismissable: boolean; isSnoozeable: boolean }[];
      }[];
      const tasks = lists.flatMap((l) => l.tasks);
      const dismissable = tasks.find((t) => t.isDismissable)!.id;
      const snoozeable = tasks.find((t) => t.isSnoozeable)!.id;
      await runAll([
        { method: 'POST', url: `${base}/tasks/${dismissable}/dismiss` },
        { method: 'POST', url: `${base}/tasks/${dismissable}/undo_dismiss` },
        { method: 'POST', url: `${base}/tasks/${snoozeable}/snooze` },
        { method: 'GET', url: `${base}/tasks` },
        { method: 'POST', url: `${base}/tasks/${snoozeable}/undo_snooze` },
        { method: 'POST', url: `${base}/tasks/${tasks[0]!.id}/action` },
        { method: 'POST', url: `${base}/tasks/${lists[0]!.id}/hide` },
        { method: 'POST', url: `${base}/tasks/${lists[0]!.id}/unhide` },
        { method: 'GET', url: '/wc-admin/payment-gateway-suggestions' },
        { method: 'POST', url: '/wc-admin/payment-gateway-suggestions/dismiss' },
        { method: 'GET', url: '/wc-admin/payment-gateway-suggestions' },
      ]);
    });

    it('favorites', async () => {
      const path = '/wc-admin/navigation/favorites/me';
      await runAll([
        { method: 'GET', url: path },
        { method: 'POST', url: `${path}?item_id=woocommerce-analytics-revenue` },
        { method: 'POST', url: path, payload: { item_id: 'woocommerce-analytics-orders' } },
        { method: 'DELETE', url: `${path}?item_id=woocommerce-analytics-revenue` },
        { method: 'GET', url: path },
      ]);
    });

    it('inbox notes', async () => {
      const base = '/wc-analytics/admin/notes';
      const notes = (await run({ method: 'GET', url: `${base}?per_page=100` })) as {
        id: number;
        actions: { id: number }[];
      }[];
      expect(notes.length).toBeGreaterThan(1);
      const withAction = notes.find((n) => n.actions.length > 0)!;
      const [first, second] = notes;
      await run({ method: 'GET', url: `${base}?status=unactioned&type=info,marketing&page=2` });
      await run({ method: 'GET', url: `${base}/${first!.id}` });
      for (const method of writes) {
        await run({ method, url: `${base}/${first!.id}`, payload: { is_read: true } });
        await run({
          method,
          url: `${base}/update`,
          payload: { noteIds: [first!.id], is_read: false },
        });
      }
      for (const method of ['POST', 'PUT'] as const)
        await run({
          method,
          url: `${base}/${withAction.id}/action/${withAction.actions[0]!.id}`,
        });
      await run({ method: 'DELETE', url: `${base}/delete/${second!.id}` });
      await run({ method: 'DELETE', url: `${base}/delete/all` });
      await run({ method: 'GET', url: base });
    });

    it('product reviews', async () => {
      const base = '/wc-analytics/products/reviews';
      const reviews = (await run({
        method: 'GET',
        url: `${base}?per_page=100&status=all`,
      })) as { id: number }[];
      expect(reviews.length).toBeGreaterThan(1);
      const [a, b] = reviews;
      await run({ method: 'GET', url: `${base}/${a!.id}` });
      for (const method of writes)
        await run({ method, url: `${base}/${a!.id}`, payload: { status: 'hold', rating: 4 } });
      await run({ method: 'DELETE', url: `${base}/${a!.id}` });
      await run({ method: 'DELETE', url: `${base}/${b!.id}?force=true` });
      await run({ method: 'GET', url: `${base}?status=trash` });
    });

    it('products and variations: stock', async () => {
      const [row] = (await ctx()
        .app.inject(`/wp-json/wc-analytics/reports/variations?per_page=1&${YEAR}`)
        .then((r) => r.json())) as { product_id: number; variation_id: number }[];
      const simple = await ctx()
        .db.kysely.selectFrom('products')
        .select('id')
        .where('type', '=', 'simple')
        .executeTakeFirstOrThrow();
      const variable = `/wc-analytics/products/${row!.product_id}`;
      const product = `/wc-analytics/products/${simple.id}`;
      const variation = `${variable}/variations/${row!.variation_id}`;
      await run({ method: 'GET', url: variable });
      await run({ method: 'GET', url: product });
      await run({ method: 'GET', url: variation });
      for (const [i, method] of writes.entries()) {
        const payload = { manage_stock: true, stock_quantity: i, low_stock_amount: 5 };
        await run({ method, url: product, payload });
        await run({ method, url: variation, payload });
      }
      await run({ method: 'PUT', url: variable, payload: { low_stock_amount: 2 } });
      await run({ method: 'PUT', url: variation, payload: { manage_stock: false } });
      const low = (await run({
        method: 'GET',
        url: '/wc-analytics/products/low-in-stock',
      })) as unknown[];
      expect(low.length).toBeGreaterThan(0);
      await run({ method: 'GET', url: '/wc-analytics/products/low-in-stock?page=9' });
    });

    it('report exports', async () => {
      const started = (await run({
        method: 'POST',
        url: '/wc-analytics/reports/revenue/export',
        payload: { report_args: { interval: 'month', after: YEAR.slice(6, 25) } },
      })) as { export_id: string };
      expect(started.export_id).toBeDefined();
      for (const method of ['PUT', 'PATCH'] as const)
        await run({
          method,
          url: '/wc-analytics/reports/orders/export',
          // A range with no orders: nothing to export, no export_id.
          payload: {
            report_args: { after: '2019-01-01T00:00:00', before: '2019-01-31T23:59:59' },
          },
        });
      await run({
        method: 'GET',
        url: `/wc-analytics/reports/revenue/export/${started.export_id}/status`,
        volatile: true,
      });
    });

    it('accounts: users, invitations, links, the signed-in user', async () => {
      const anonymous = ctx().anonymous;
      const users = '/wp/v2/users';
      await run({ method: 'GET', url: users });
      const invited = (await run({
        method: 'POST',
        url: users,
        payload: { email: 'invited@storelens.test', role: 'analyst', name: 'Ann' },
        status: 201,
      })) as { id: number; invite_url: string };
      const token = new URL(invited.invite_url).searchParams.get('token')!;
      await run({ method: 'GET', url: `/storelens/v1/account-links/${token}` });
      await run({ method: 'GET', url: `${users}/${invited.id}` });
      await run({ method: 'POST', url: `${users}/${invited.id}/link` });
      const fresh = (await run({ method: 'POST', url: `${users}/${invited.id}/link` })) as {
        url: string;
      };
      const again = new URL(fresh.url).searchParams.get('token')!;
      await run({
        method: 'POST',
        url: `/storelens/v1/account-links/${again}`,
        payload: { password: TEST_PASSWORD, name: 'Ann Analyst' },
      });
      // Now active: its link is a password reset.
      await run({ method: 'POST', url: `${users}/${invited.id}/link` });
      for (const [i, method] of writes.entries())
        await run({ method, url: `${users}/${invited.id}`, payload: { name: `Ann ${i}` } });
      await run({
        method: 'PUT',
        url: `${users}/${invited.id}`,
        payload: { role: 'shop_manager' },
      });

      const me = '/wp/v2/users/me';
      await run({ method: 'GET', url: me });
      for (const method of writes)
        await run({
          method,
          url: me,
          payload: { woocommerce_meta: { [`${method}_key`]: '{"a":1}' }, name: 'Admin' },
        });

      const login = await anonymous({
        method: 'POST',
        url: '/wp-json/storelens/v1/login',
        payload: { email: testEmail('administrator'), password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      // The same through the envelope (a second session), checked against the schema.
      const session = (await check(
        ctx().app,
        {
          method: 'POST',
          url: '/storelens/v1/login',
          payload: { email: testEmail('administrator'), password: TEST_PASSWORD },
          headers: { cookie: 'none=1' },
        },
        covered,
      )) as { nonce: string };
      expect(session.nonce).toEqual(expect.any(String));
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const nonce = (login.json() as { nonce: string }).nonce;
      await run({
        method: 'POST',
        url: '/storelens/v1/logout',
        headers: { cookie, 'x-wp-nonce': nonce },
      });

      await run({ method: 'DELETE', url: `${users}/${invited.id}` });
    });

    it('application passwords', async () => {
      const base = '/wp/v2/users/me/application-passwords';
      await run({ method: 'GET', url: base });
      const created = (await run({
        method: 'POST',
        url: base,
        payload: { name: 'ci' },
        status: 201,
      })) as { uuid: string };
      await run({ method: 'POST', url: base, payload: { name: 'second' }, status: 201 });
      await run({ method: 'GET', url: base });
      await run({ method: 'GET', url: `${base}/${created.uuid}` });
      await run({ method: 'DELETE', url: `${base}/${created.uuid}` });
      await run({ method: 'DELETE', url: base });
    });

    it('import: status, totals, start, cancel, delete', async () => {
      const base = '/wc-analytics/reports/import';
      await runAll([
        { method: 'GET', url: `${base}/status` },
        { method: 'GET', url: `${base}/totals` },
        { method: 'GET', url: `${base}/totals?days=30&skip_existing=true` },
        { method: 'POST', url: `${base}?days=30`, payload: { skip_existing: true } },
        { method: 'GET', url: `${base}/status`, volatile: true },
        { method: 'PUT', url: base },
        { method: 'POST', url: `${base}/cancel` },
        { method: 'PUT', url: `${base}/cancel` },
        { method: 'GET', url: `${base}/status`, volatile: true },
        { method: 'POST', url: `${base}/delete` },
        { method: 'PUT', url: `${base}/delete` },
        { method: 'GET', url: `${base}/status` },
      ]);
    });

    it('digests and alerts', async () => {
      const digest = (await run({
        method: 'POST',
        url: '/storelens/v1/digests',
        payload: {
          frequency: 'weekly',
          hour: 7,
          channels: [
            { type: 'email' },
            { type: 'webhook', url: 'http://127.0.0.1:9/hook', secret: 'sixteen-chars-long' },
          ],
        },
        status: 201,
      })) as { id: number };
      const one = `/storelens/v1/digests/${digest.id}`;
      await run({ method: 'GET', url: '/storelens/v1/digests' });
      await run({ method: 'GET', url: one });
      await run({ method: 'PUT', url: one, payload: { hour: 9, channels: [{ type: 'email' }] } });
      await run({ method: 'POST', url: `${one}/send` });
      const row = await ctx()
        .db.kysely.selectFrom('notify_digests')
        .selectAll()
        .where('id', '=', digest.id)
        .executeTakeFirstOrThrow();
      const unsubscribe = (await unsubscribePath(ctx().db, row)).replace(/^\/wp-json/, '');
      const json = { accept: 'application/json' };
      await run({ method: 'GET', url: unsubscribe, headers: json });
      await run({ method: 'POST', url: unsubscribe, headers: json });
      await run({ method: 'GET', url: '/storelens/v1/notifications/deliveries' });
      await run({ method: 'DELETE', url: one });
      const alert = (await run({
        method: 'POST',
        url: '/storelens/v1/alerts',
        payload: { metric: 'orders/orders_count', condition: 'below', threshold: 1 },
        status: 201,
      })) as { id: number };
      await run({ method: 'GET', url: '/storelens/v1/alerts' });
      await run({ method: 'GET', url: `/storelens/v1/alerts/${alert.id}` });
      await run({
        method: 'PUT',
        url: `/storelens/v1/alerts/${alert.id}`,
        payload: { threshold: 2 },
      });
      await run({ method: 'GET', url: '/storelens/v1/alerts/events' });
      await run({ method: 'DELETE', url: `/storelens/v1/alerts/${alert.id}` });
    });

    it('saved segments', async () => {
      const segment = (await run({
        method: 'POST',
        url: '/storelens/v1/segments',
        payload: { name: 'Buyers', source: 'orders', query: { product_includes: '10' } },
        status: 201,
      })) as { id: number };
      const one = `/storelens/v1/segments/${segment.id}`;
      await run({ method: 'GET', url: '/storelens/v1/segments' });
      await run({ method: 'PUT', url: one, payload: { name: 'Mug buyers', shared: true } });
      await run({ method: 'DELETE', url: one });
    });

    it('costs entered in Storelens', async () => {
      const product = await ctx()
        .db.kysely.selectFrom('products')
        .select(['id', 'sku'])
        .where('type', '=', 'simple')
        .where('parent_id', '=', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const costs = `/storelens/v1/products/${product.id}/costs`;
      await run({ method: 'GET', url: costs });
      await run({
        method: 'POST',
        url: costs,
        payload: { cost: '4.20', from: '2024-06-01' },
        status: 201,
      });
      await run({ method: 'DELETE', url: `${costs}/2024-06-01` });
      await run({ method: 'GET', url: '/storelens/v1/costs/settings' });
      for (const method of ['POST', 'PUT'] as const)
        await run({
          method,
          url: '/storelens/v1/costs/settings',
          payload: { entered_costs_win: method === 'PUT' },
        });
      await run({
        method: 'POST',
        url: '/storelens/v1/costs/import',
        payload: { csv: `id,cost,from\n${product.id},3.10,2024-05-01\n`, dry_run: true },
      });
      await run({ method: 'GET', url: '/storelens/v1/costs/recompute', volatile: true });
    });

    it('when the report data last changed', async () => {
      await run({ method: 'GET', url: '/storelens/v1/data-changes', volatile: true });
    });

    it('a forgotten password, on a server that can mail reset links', async () => {
      // No mail server answers on port 9: the request is answered as any other, and logged.
      const app = await buildApp(ctx().db, {
        webRoot: '/nonexistent',
        publicUrl: 'https://stats.example',
        smtpUrl: 'smtp://127.0.0.1:9',
      });
      try {
        await check(
          app,
          {
            method: 'POST',
            url: '/storelens/v1/password-reset',
            payload: { email: 'nobody@storelens.test' },
          },
          covered,
        );
      } finally {
        await app.close();
      }
    });

    it('first-run setup', async () => {
      const store = await freshStore(ctx().engine);
      const app = await buildApp(store.db, { webRoot: '/nonexistent' });
      try {
        const token = await issueToken(store.db, 'setup', null);
        await check(app, { method: 'GET', url: `/storelens/v1/account-links/${token}` }, covered);
        await check(
          app,
          {
            method: 'POST',
            url: '/storelens/v1/setup',
            payload: { token, email: 'owner@storelens.test', password: TEST_PASSWORD },
          },
          covered,
        );
      } finally {
        await app.close();
        await store.drop();
      }
    });

    it('every owned JSON route was called here (connections apart)', () => {
      const left = ownedRoutes(ctx().app).filter(
        (k) =>
          !covered.has(k) && !k.includes('/storelens/v1/connections') && !k.includes('/webhooks/'),
      );
      expect(left).toEqual([]);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 300, years: 1, seed: 3, end: '2024-06-30' });
  },
);

describeEachEngine('shop connection answers serialised by their response schemas', (ctx) => {
  it('connect, read, pause, resume, sync, a webhook ping, disconnect', async () => {
    const covered = new Set<string>();
    const sim = await new WooSimulator({ seed: 5 }).start();
    sim.generate(20);
    const app = await listeningApp(ctx().db);
    try {
      const base = CONNECTIONS.replace('/wp-json', '');
      const created = (await check(
        app,
        {
          method: 'POST',
          url: base,
          payload: { url: sim.url, consumer_key: 'ck_test', consumer_secret: 'cs_test' },
          status: 201,
        },
        covered,
      )) as { id: number };
      const one = `${base}/${created.id}`;
      await check(app, { method: 'GET', url: one, volatile: true }, covered);
      await check(app, { method: 'POST', url: `${one}/pause` }, covered);
      await check(app, { method: 'GET', url: base }, covered);
      await check(app, { method: 'POST', url: `${one}/resume` }, covered);
      await settle(app, created.id);
      await check(app, { method: 'GET', url: one }, covered);
      await check(app, { method: 'POST', url: `${one}/sync`, status: 202 }, covered);
      await settle(app, created.id);
      await check(
        app,
        {
          method: 'POST',
          url: `/storelens/v1/webhooks/woocommerce/${created.id}`,
          payload: 'webhook_id=7',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        covered,
      );
      // A signed delivery is taken (202), its replay is a duplicate (200), an action is ignored.
      const { webhook_secret: secret } = await ctx()
        .db.kysely.selectFrom('connections')
        .select('webhook_secret')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      const delivery = JSON.stringify({ id: 1 });
      const signed = (topic: string) => ({
        'content-type': 'application/json',
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-delivery-id': '41',
        'x-wc-webhook-signature': webhookSignature(delivery, secret),
      });
      const hook = `/storelens/v1/webhooks/woocommerce/${created.id}`;
      for (const [topic, status] of [
        ['order.updated', 202],
        ['order.updated', 200],
        ['action.woocommerce_x', 200],
      ] as const)
        await check(
          app,
          { method: 'POST', url: hook, payload: delivery, headers: signed(topic), status },
          covered,
        );
      await check(app, { method: 'DELETE', url: one }, covered);
      const left = ownedRoutes(app).filter(
        (k) =>
          (k.includes('/storelens/v1/connections') || k.includes('/webhooks/')) && !covered.has(k),
      );
      expect(left).toEqual([]);
    } finally {
      await app.close();
      await sim.close();
    }
  });
});

/** Property names that must never be part of an answer. */
const SECRET = /hash|Hash|secret|Secret|consumer_key|^token$|session/;

/** Every property name a schema can answer, at any depth. */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const s of schema) propertyNames(s, out);
  } else if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    if (s.properties && typeof s.properties === 'object') {
      for (const name of Object.keys(s.properties)) out.add(name);
    }
    for (const value of Object.values(s)) propertyNames(value, out);
  }
  return out;
}

describe('response schemas list no secret', () => {
  it("no route's response schema names a hash, secret, consumer key or token", async () => {
    const store = await freshStore('sqlite');
    const app = await buildApp(store.db, { webRoot: '/nonexistent' });
    try {
      const routes = registeredRoutes(app).filter((r) => r.schema?.response);
      const urls = routes.map((r) => r.url);
      // The user, application-password and connection answers are among them.
      for (const url of [
        '/wp-json/wp/v2/users',
        '/wp-json/wp/v2/users/me/application-passwords',
        '/wp-json/storelens/v1/connections',
      ])
        expect(urls).toContain(url);
      const leaks = routes.flatMap((r) =>
        [...propertyNames(r.schema!.response)]
          .filter((name) => SECRET.test(name))
          .map((name) => `${r.method} ${r.url}: ${name}`),
      );
      expect(leaks).toEqual([]);
      // The walk reaches nested answers: the deleted user's `previous`, a hash added to it.
      const withHash = DeletedUserResponse.properties.previous.properties;
      expect(
        [
          ...propertyNames(
            Type.Object({ previous: Type.Object({ ...withHash, password_hash: Type.String() }) }),
          ),
        ].filter((n) => SECRET.test(n)),
      ).toEqual(['password_hash']);
    } finally {
      await app.close();
      await store.drop();
    }
  });
});

describe('a closed schema catches what serialisation would hide', () => {
  it('an extra property and a coerced value fail the check', () => {
    const user = {
      id: 1,
      name: 'A',
      email: 'a@b.c',
      slug: 'a',
      roles: ['administrator'],
      capabilities: { read: true },
      woocommerce_meta: {},
      status: 'active',
      registered_date: '2024-01-01T00:00:00',
      last_login: null,
    };
    expect(drift(WpUser, user)).toEqual([]);
    expect(drift(WpUser, { ...user, password_hash: 'x' })).not.toEqual([]);
    expect(drift(WpUser, { ...user, id: '1' })).not.toEqual([]);
    expect(drift(WpUser, { ...user, last_login: undefined })).not.toEqual([]);
    expect(
      drift(ConnectionView, { id: 1, consumer_secret: 'cs' } as unknown as object),
    ).not.toEqual([]);
  });
});
