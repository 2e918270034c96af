import { expect, it } from 'vitest';
import { call, expectError } from './admin-helpers';
import { describeEachEngine } from './harness';

const SETTINGS = '/wp-json/wc-analytics/settings';
const FAVORITES = '/wp-json/wc-admin/navigation/favorites/me';
const OPTIONS = '/wp-json/wc-admin/options';
const REVENUE =
  '/wp-json/wc-analytics/reports/revenue/stats?after=2024-05-01T00:00:00&before=2024-05-31T23:59:59&interval=month';

describeEachEngine('WordPress REST conventions', (ctx) => {
  it('accepts the global parameters on every route', async () => {
    const { app } = ctx();
    for (const url of [
      `${OPTIONS}?options=blogname&_locale=user&_embed=1&_wpnonce=abc&_method=GET`,
      `${REVENUE}&_locale=user&_embed=true&_wpnonce=abc`,
      `${SETTINGS}/general?_locale=user&_embed=1`,
      `${FAVORITES}?_locale=user`,
    ]) {
      expect((await call(app, 'GET', url)).status, url).toBe(200);
    }
  });

  it('refuses _jsonp with a WordPress error', async () => {
    expectError(
      await call(ctx().app, 'GET', `${SETTINGS}/general?_jsonp=cb`),
      400,
      'rest_callback_disabled',
    );
  });

  it('keeps only the _fields asked for, nested with dots, in lists and objects', async () => {
    const { app } = ctx();
    const list = await call<Record<string, unknown>[]>(
      app,
      'GET',
      `${SETTINGS}/general?_fields=id,value`,
    );
    expect(list.body.length).toBeGreaterThan(3);
    for (const item of list.body) expect(Object.keys(item).sort()).toEqual(['id', 'value']);

    const stats = await call<{ totals: Record<string, unknown>; intervals?: unknown }>(
      app,
      'GET',
      `${REVENUE}&_fields[]=totals.orders_count&_fields[]=totals.net_revenue`,
    );
    expect(stats.status).toBe(200);
    expect(Object.keys(stats.body)).toEqual(['totals']);
    expect(Object.keys(stats.body.totals).sort()).toEqual(['net_revenue', 'orders_count']);

    // A bare parent keeps the whole of it; unknown names are left out.
    const whole = await call<{ totals: Record<string, unknown> }>(
      app,
      'GET',
      `${REVENUE}&_fields=totals,totals.orders_count,nope`,
    );
    expect(Object.keys(whole.body)).toEqual(['totals']);
    expect(Object.keys(whole.body.totals).length).toBeGreaterThan(2);

    // Errors are never filtered.
    const error = await call<Record<string, unknown>>(app, 'GET', `${SETTINGS}/nope?_fields=id`);
    expectError(error, 404, 'woocommerce_rest_setting_group_invalid');
  });

  it('wraps the answer in an envelope with _envelope', async () => {
    const { app } = ctx();
    const ok = await call<{ body: unknown; status: number; headers: Record<string, string> }>(
      app,
      'GET',
      `${SETTINGS}/general?_envelope=1&_fields=id`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe(200);
    expect(Array.isArray(ok.body.body)).toBe(true);
    expect((ok.body.body as object[])[0]).toEqual({ id: expect.any(String) });
    expect(Number(ok.body.headers['x-wp-total'])).toBe((ok.body.body as object[]).length);

    const missing = await call<{ body: { code: string }; status: number }>(
      app,
      'GET',
      `${SETTINGS}/nope?_envelope`,
    );
    expect(missing.status).toBe(200);
    expect(missing.body.status).toBe(404);
    expect(missing.body.body.code).toBe('woocommerce_rest_setting_group_invalid');
  });

  it('ignores unknown body fields: a whole record sent back with one change succeeds', async () => {
    const { app } = ctx();
    const current = await call<Record<string, unknown>>(
      app,
      'GET',
      `${SETTINGS}/general/woocommerce_price_num_decimals`,
    );
    const sent = await call<Record<string, unknown>>(
      app,
      'PUT',
      `${SETTINGS}/general/woocommerce_price_num_decimals`,
      { ...current.body, value: '3', made_up: true },
    );
    expect(sent.status).toBe(200);
    expect(String(sent.body.value)).toBe('3');
    const batch = await call<{ update: { value: unknown }[] }>(
      app,
      'POST',
      `${SETTINGS}/general/batch`,
      { update: [{ ...current.body, value: '2', _links: {} }], create: [] },
    );
    expect(batch.status).toBe(200);
    expect(String(batch.body.update[0]?.value)).toBe('2');
    // A declared field with a wrong value is still a 400 naming it.
    expectError(
      await call(app, 'PUT', `${SETTINGS}/general/start_of_week`, { value: 9, extra: 1 }),
      400,
      'rest_invalid_param',
      'start_of_week',
    );
    expectError(
      await call(app, 'GET', `${REVENUE}&order=sideways&bogus=1`),
      400,
      'rest_invalid_param',
      'order',
    );
  });

  it('turns a POST into PUT, PATCH or DELETE with X-HTTP-Method-Override or _method', async () => {
    const { app } = ctx();
    const put = await app.inject({
      method: 'POST',
      url: `${SETTINGS}/general/woocommerce_price_thousand_sep`,
      headers: { 'x-http-method-override': 'PUT' },
      payload: { value: '.' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().value).toBe('.');

    await call(app, 'POST', `${FAVORITES}?item_id=orders`);
    expect((await call(app, 'GET', FAVORITES)).body).toContain('orders');
    // POST on favorites adds; with `_method=DELETE` it removes.
    const del = await app.inject({
      method: 'POST',
      url: `${FAVORITES}?item_id=orders&_method=DELETE`,
    });
    expect(del.statusCode).toBe(200);
    expect((await call(app, 'GET', FAVORITES)).body).not.toContain('orders');

    // A route with no such method is still no route.
    const none = await app.inject({
      method: 'POST',
      url: `${SETTINGS}/general`,
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(none.statusCode).toBe(404);
  });

  it('reads an empty JSON body as an empty object', async () => {
    const res = await ctx().app.inject({
      method: 'PUT',
      url: `${SETTINGS}/general/woocommerce_currency`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    // The declared `value` is missing, not the JSON broken.
    expectError(
      { status: res.statusCode, headers: res.headers, body: res.json() },
      400,
      'rest_invalid_param',
      'value',
    );
    const broken = await ctx().app.inject({
      method: 'PUT',
      url: `${SETTINGS}/general/woocommerce_currency`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('rest_invalid_json');
  });

  it('sends X-WP-Total and X-WP-TotalPages on every list, and absolute Link URLs', async () => {
    const { app } = ctx();
    for (const url of [`${SETTINGS}/general`, FAVORITES, '/wp-json/wc-admin/onboarding/payments']) {
      const res = await call<unknown[]>(app, 'GET', url);
      expect(res.headers['x-wp-total'], url).toBe(String(res.body.length));
      expect(res.headers['x-wp-totalpages'], url).toBe(res.body.length > 0 ? '1' : '0');
    }
    const paged = await app.inject({
      method: 'GET',
      url: '/wp-json/wc-analytics/reports/revenue/stats?after=2024-05-01T00:00:00&before=2024-05-31T23:59:59&interval=day&per_page=5&page=2',
      headers: { host: '127.0.0.1:8443' },
    });
    const link = String(paged.headers.link);
    expect(link).toContain('<http://127.0.0.1:8443/wp-json/wc-analytics/reports/revenue/stats?');
    expect(link).toMatch(/page=1>; rel="prev"/);
    expect(link).toMatch(/page=3>; rel="next"/);
  });
});
