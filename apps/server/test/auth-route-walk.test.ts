import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/auth/plugin';
import { can, ROLES } from '../src/auth/roles';
import { registeredRoutes } from '../src/routes/registered';
import { describeEachEngine, signIn } from './harness';

/** A concrete URL for a route pattern: each `:param` gets a plausible value. */
function concrete(url: string): string {
  const values: Record<string, string> = { type: 'revenue', group: 'wc_admin', token: 'x' };
  return url.replace(/:([a-z_]+)/g, (_, name: string) => values[name] ?? '1');
}

/** The API routes (every one declares a capability), without the HEAD twins of GET routes. */
const apiRoutes = (app: FastifyInstance) =>
  registeredRoutes(app).flatMap((r) =>
    r.method !== 'HEAD' && r.url.startsWith('/wp-json/') && r.capability
      ? [{ ...r, capability: r.capability }]
      : [],
  );

describeEachEngine('every route asks who is calling', (ctx) => {
  it('reads the routes from the server itself', async () => {
    await ctx().app.ready();
    const routes = apiRoutes(ctx().app);
    // 113 method+route pairs existed before the accounts routes were added.
    expect(routes.length).toBeGreaterThan(113);
    for (const r of routes) expect(r.url.startsWith('/wp-json/')).toBe(true);
  });

  it('anonymous, cookie without nonce, wrong nonce, and each role, per the matrix', async () => {
    const { app, db, anonymous } = ctx();
    await app.ready();
    const routes = apiRoutes(app);
    const problems: string[] = [];
    // The logout route ends the session it is called with: run it last.
    const ordered = [...routes].sort((a, b) =>
      a.url.endsWith('/logout') === b.url.endsWith('/logout')
        ? 0
        : a.url.endsWith('/logout')
          ? 1
          : -1,
    );
    for (const route of ordered) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const label = `${route.method} ${route.url} (${route.capability})`;
      const send = (headers: Record<string, string>) =>
        anonymous({ method, url, headers, payload: method === 'GET' ? undefined : {} });

      const anon = await send({});
      const session = await signIn(db, 'analyst');
      const noNonce = await send({ cookie: session.cookie });
      const badNonce = await send({ cookie: session.cookie, 'x-wp-nonce': 'not-the-nonce' });
      if (route.capability === 'public') {
        if (anon.statusCode === 401 || anon.statusCode === 403)
          problems.push(`${label}: public route answered ${anon.statusCode}`);
      } else {
        for (const [what, res] of [
          ['anonymous', anon],
          ['cookie without nonce', noNonce],
        ] as const) {
          if (res.statusCode !== 401 || res.json().code !== 'rest_not_logged_in')
            problems.push(`${label}: ${what} answered ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
      if (badNonce.statusCode !== 403 || badNonce.json().code !== 'rest_cookie_invalid_nonce')
        problems.push(`${label}: wrong nonce answered ${badNonce.statusCode}`);

      for (const role of ROLES) {
        const res = await send(await signIn(db, role));
        const allowed = route.capability === 'public' || can(role, route.capability);
        if (allowed && (res.statusCode === 401 || res.statusCode === 403))
          problems.push(`${label}: ${role} refused ${res.statusCode} ${res.body.slice(0, 80)}`);
        if (!allowed && (res.statusCode !== 403 || res.json().code !== 'rest_forbidden'))
          problems.push(`${label}: ${role} answered ${res.statusCode}, not 403`);
        if (res.statusCode >= 500) problems.push(`${label}: ${role} got ${res.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
    expect(SESSION_COOKIE).toBe('storelens_session');
  }, 240_000);
});

describeEachEngine('favorites belong to each signed-in user', (ctx) => {
  const FAVORITES = '/wp-json/wc-admin/navigation/favorites/me';

  it('declares `read` on every favorites route, and an analyst keeps their own', async () => {
    const { app, db, anonymous } = ctx();
    await app.ready();
    const declared = apiRoutes(app).filter((r) => r.url === FAVORITES);
    expect(declared.map((r) => r.method).sort()).toEqual(['DELETE', 'GET', 'POST']);
    for (const r of declared) expect(r.capability).toBe('read');

    const analyst = await signIn(db, 'analyst');
    const manager = await signIn(db, 'shop_manager');
    const send = (
      headers: Record<string, string>,
      method: 'GET' | 'POST' | 'DELETE',
      item?: string,
    ) =>
      anonymous({
        method,
        url: item ? `${FAVORITES}?item_id=${item}` : FAVORITES,
        headers,
      });
    const added = await send(analyst, 'POST', 'woocommerce-analytics-orders');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual(['woocommerce-analytics-orders']);
    // Per user: the shop manager's list is their own.
    expect((await send(manager, 'GET')).json()).not.toContain('woocommerce-analytics-orders');
    expect((await send(analyst, 'DELETE', 'woocommerce-analytics-orders')).json()).toEqual([]);
    expect((await send({}, 'GET')).statusCode).toBe(401);
  });

  it('lets no header stand in for a sign-in: the old in-process header is nobody', async () => {
    const { app, anonymous } = ctx();
    await app.ready();
    const requests = [
      { method: 'GET', url: '/wp-json/wc-analytics/reports/revenue/stats' },
      { method: 'GET', url: '/wp-json/wc-analytics/reports/customers' },
      { method: 'GET', url: '/wp-json/storelens/v1/connections' },
      { method: 'POST', url: '/wp-json/wc-analytics/reports/orders/export', payload: {} },
    ] as const;
    for (const value of ['', 'x', 'true', '1', 'administrator', 'A'.repeat(43)]) {
      for (const request of requests) {
        const res = await anonymous({
          ...request,
          headers: { 'x-storelens-internal': value },
        });
        expect(res.statusCode, `${request.method} ${request.url} with "${value}"`).toBe(401);
        expect(res.json().code).toBe('rest_not_logged_in');
      }
    }
  });
});
