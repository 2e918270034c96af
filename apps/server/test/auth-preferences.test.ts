import type { WpUser } from '@storelens/api';
import { expect, it } from 'vitest';
import { call, expectError } from './admin-helpers';
import { describeEachEngine, signIn } from './harness';

describeEachEngine('current user and preferences (wp/v2/users/me)', (ctx) => {
  it('answers the signed-in user with its role and WordPress capabilities', async () => {
    const me = await call<WpUser>(ctx().app, 'GET', '/wp-json/wp/v2/users/me');
    expect(me.status).toBe(200);
    expect(me.body.roles).toEqual(['administrator']);
    expect(me.body.capabilities).toMatchObject({
      read: true,
      view_woocommerce_reports: true,
      manage_woocommerce: true,
      manage_options: true,
    });
    expect(me.body.woocommerce_meta).toEqual({});
  });

  it('merges woocommerce_meta keys and keeps the others', async () => {
    const app = ctx().app;
    let r = await call<WpUser>(app, 'POST', '/wp-json/wp/v2/users/me', {
      woocommerce_meta: { revenue_report_columns: '["orders"]', dashboard_layout: '[]' },
    });
    expect(r.status).toBe(200);
    r = await call<WpUser>(app, 'PUT', '/wp-json/wp/v2/users/me', {
      woocommerce_meta: { revenue_report_columns: '["net_revenue"]' },
    });
    expect(r.body.woocommerce_meta).toEqual({
      revenue_report_columns: '["net_revenue"]',
      dashboard_layout: '[]',
    });
    const again = await call<WpUser>(app, 'GET', '/wp-json/wp/v2/users/me');
    expect(again.body.woocommerce_meta.revenue_report_columns).toBe('["net_revenue"]');
  });

  it('refuses meta that is not an object of strings, naming the parameter', async () => {
    for (const meta of [[], 'x', { a: 1 }, { a: null }]) {
      const r = await call(ctx().app, 'POST', '/wp-json/wp/v2/users/me', {
        woocommerce_meta: meta,
      });
      expectError(r, 400, 'rest_invalid_param', 'woocommerce_meta');
    }
  });

  it('keeps each user its own preferences; an analyst may keep preferences too', async () => {
    const analyst = await signIn(ctx().db, 'analyst');
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users/me',
      headers: analyst,
      payload: { woocommerce_meta: { dashboard_layout: '["analyst"]' } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as WpUser;
    expect(body.roles).toEqual(['analyst']);
    expect(body.capabilities.manage_options).toBeUndefined();
    expect(body.woocommerce_meta).toEqual({ dashboard_layout: '["analyst"]' });
    const admin = await call<WpUser>(ctx().app, 'GET', '/wp-json/wp/v2/users/me');
    expect(admin.body.woocommerce_meta.dashboard_layout).toBe('[]');
  });

  it('answers 401 rest_not_logged_in to anonymous requests', async () => {
    const res = await ctx().anonymous({ method: 'GET', url: '/wp-json/wp/v2/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('rest_not_logged_in');
  });
});
