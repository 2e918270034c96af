import type {
  OnboardingPaymentMethod,
  OnboardingProfile,
  PluginsActivateResponse,
  PluginsAsyncResponse,
  PluginsInstallResponse,
  RecommendedPaymentPlugin,
  TasksStatus,
} from '@storelens/api';
import { expect, it } from 'vitest';
import { safeAdminRedirect } from '../src/admin/plugins';
import { setOptions } from '../src/options';
import { call, expectError } from './admin-helpers';
import { seedCatalog } from './fixtures';
import { describeEachEngine, signIn } from './harness';

const ONBOARDING = '/wp-json/wc-admin/onboarding';
const PLUGINS = '/wp-json/wc-admin/plugins';

describeEachEngine(
  'onboarding',
  (ctx) => {
    it('answers a profile of nulls until set, then merges known keys', async () => {
      const app = ctx().app;
      const empty = await call<OnboardingProfile>(app, 'GET', `${ONBOARDING}/profile`);
      expect(empty.body.industry).toBeNull();
      expect(empty.body.product_count).toBeNull();
      expect(empty.body.wccom_connected).toBe(false);
      const post = await call(app, 'POST', `${ONBOARDING}/profile`, {
        industry: ['fashion-apparel-accessories', { slug: 'other', detail: 'Mugs' }],
        product_count: '11-100',
      });
      expect(post.body).toEqual({ status: 'success', message: expect.any(String) });
      await call(app, 'PUT', `${ONBOARDING}/profile`, { completed: true });
      const after = await call<OnboardingProfile>(app, 'GET', `${ONBOARDING}/profile`);
      expect(after.body).toMatchObject({
        industry: ['fashion-apparel-accessories', { slug: 'other', detail: 'Mugs' }],
        product_count: '11-100',
        completed: true,
        revenue: null,
      });
    });

    it.each([
      [{ product_count: '5' }, 'product_count'],
      [{ revenue: 'lots' }, 'revenue'],
      [{ completed: 'yes' }, 'completed'],
      [{ industry: [{ detail: 'no slug' }] }, 'industry'],
      [{ account_type: 'guest' }, 'account_type'],
    ])('rejects profile update %j with a 400 naming the key', async (payload, param) => {
      expectError(
        await call(ctx().app, 'POST', `${ONBOARDING}/profile`, payload),
        400,
        'rest_invalid_param',
        param,
      );
    });

    it('derives the task facts from the store', async () => {
      const { app, db } = ctx();
      const before = (await call<TasksStatus>(app, 'GET', `${ONBOARDING}/tasks/status`)).body;
      expect(before).toEqual({
        hasProducts: true,
        hasPhysicalProducts: true,
        hasPaymentGateway: false,
        isTaxComplete: false,
        shippingZonesCount: 0,
        isAppearanceComplete: false,
        hasHomepage: false,
        enabledPaymentGateways: [],
      });
      await setOptions(db, {
        woocommerce_cod_settings: { enabled: 'yes' },
        woocommerce_calc_taxes: 'yes',
        woocommerce_shipping_zones: [{ id: 1 }, { id: 2 }],
        show_on_front: 'page',
        page_on_front: 7,
        woocommerce_task_list_appearance_complete: true,
      });
      await call(app, 'POST', `${PLUGINS}/install`, { plugins: 'woocommerce-gateway-stripe' });
      await call(app, 'POST', `${PLUGINS}/activate`, { plugins: 'woocommerce-gateway-stripe' });
      const after = (await call<TasksStatus>(app, 'GET', `${ONBOARDING}/tasks/status`)).body;
      expect(after).toEqual({
        hasProducts: true,
        hasPhysicalProducts: true,
        hasPaymentGateway: true,
        isTaxComplete: true,
        shippingZonesCount: 2,
        isAppearanceComplete: true,
        hasHomepage: true,
        enabledPaymentGateways: ['woocommerce-gateway-stripe', 'cod'],
      });
    });

    it('creates an auto-draft product from each template', async () => {
      const { app, db } = ctx();
      for (const [template, type, virtual] of [
        ['physical', 'simple', 0],
        ['digital', 'simple', 1],
        ['variable', 'variable', 0],
      ] as const) {
        const res = await call<{ id: number }>(
          app,
          'POST',
          `${ONBOARDING}/tasks/create_product_from_template`,
          {
            template_name: template,
          },
        );
        expect(res.status).toBe(200);
        const row = await db.kysely
          .selectFrom('products')
          .selectAll()
          .where('id', '=', res.body.id)
          .executeTakeFirstOrThrow();
        expect([row.status, row.type, Number(row.virtual)]).toEqual(['auto-draft', type, virtual]);
      }
    });

    it.each([
      [{ template_name: 'subscription' }, 'template_name'],
      [{}, 'template_name'],
    ])('rejects template request %j with a 400 naming the parameter', async (payload, param) => {
      expectError(
        await call(ctx().app, 'POST', `${ONBOARDING}/tasks/create_product_from_template`, payload),
        400,
        'rest_invalid_param',
        param,
      );
    });

    it('lists payment methods visible for the store country', async () => {
      const { app, db } = ctx();
      await setOptions(db, { woocommerce_default_country: 'NL' });
      const { body } = await call<OnboardingPaymentMethod[]>(app, 'GET', `${ONBOARDING}/payments`);
      const visible = Object.fromEntries(body.map((m) => [m.key, m.is_visible]));
      expect(visible).toMatchObject({ mollie: true, square: false, stripe: true });
      expect(body.find((m) => m.key === 'stripe')!.plugins).toEqual(['woocommerce-gateway-stripe']);
    });
  },
  seedCatalog,
);

describeEachEngine('plugins', (ctx) => {
  it('installs and activates catalog plugins, with per-slug errors for the rest', async () => {
    const app = ctx().app;
    const install = await call<PluginsInstallResponse>(app, 'POST', `${PLUGINS}/install`, {
      plugins: 'jetpack,not-a-plugin,woocommerce-services',
    });
    expect(install.status).toBe(200);
    expect(install.body.data.installed).toEqual(['jetpack', 'woocommerce-services']);
    expect(install.body.data.results).toEqual({
      jetpack: true,
      'not-a-plugin': false,
      'woocommerce-services': true,
    });
    expect(install.body.success).toBe(false);
    expect(Object.keys(install.body.errors.errors)).toEqual(['not-a-plugin']);
    expect(install.body.errors.error_data['not-a-plugin']).toEqual({
      code: 'woocommerce_rest_plugin_not_found',
    });

    const activate = await call<PluginsActivateResponse>(app, 'POST', `${PLUGINS}/activate`, {
      plugins: ['jetpack', 'mailchimp-for-woocommerce'],
    });
    expect(activate.body.data.activated).toEqual(['jetpack']);
    expect(activate.body.data.active).toEqual(['jetpack']);
    expect(activate.body.errors.error_data['mailchimp-for-woocommerce']).toEqual({
      code: 'woocommerce_rest_plugin_not_installed',
    });
    expect((await call(app, 'GET', `${PLUGINS}/installed`)).body).toEqual({
      plugins: ['jetpack', 'woocommerce-services'],
    });
    expect((await call(app, 'GET', `${PLUGINS}/active`)).body).toEqual({ plugins: ['jetpack'] });
  });

  it('runs async installs as jobs with a status route', async () => {
    const app = ctx().app;
    const res = await call<PluginsAsyncResponse>(app, 'POST', `${PLUGINS}/install?async=true`, {
      plugins: 'woocommerce-square',
    });
    expect(res.body.data.plugins).toEqual(['woocommerce-square']);
    const job = await call<{ job_id: string; status: string }>(
      app,
      'GET',
      `${PLUGINS}/install/status/${res.body.data.job_id}`,
    );
    expect(job.body).toMatchObject({ job_id: res.body.data.job_id, status: 'complete' });
    expectError(
      await call(app, 'GET', `${PLUGINS}/install/status/1`),
      404,
      'woocommerce_rest_plugin_job_invalid_id',
    );
  });

  it('answers 404 woocommerce_rest_invalid_plugins for an empty plugins list', async () => {
    const app = ctx().app;
    expectError(
      await call(app, 'POST', `${PLUGINS}/install`, { plugins: '' }),
      404,
      'woocommerce_rest_invalid_plugins',
    );
    expectError(
      await call(app, 'POST', `${PLUGINS}/activate`, {}),
      404,
      'woocommerce_rest_invalid_plugins',
    );
    // An unknown field is ignored (wp-conventions.ts), the known ones still act.
    const forced = await call(app, 'POST', `${PLUGINS}/install`, { plugins: 'jetpack', force: 1 });
    expect(forced.status).toBe(200);
  });

  it('connects Jetpack through a URL of its own that returns to the dashboard', async () => {
    const app = ctx().app;
    expect((await call(app, 'GET', '/wp-json/jetpack/v4/connection')).body).toEqual({
      isActive: false,
      isStaging: false,
      isRegistered: false,
      hasConnectedOwner: false,
    });
    const res = await call<{ connectAction: string; slug: string }>(
      app,
      'GET',
      `${PLUGINS}/connect-jetpack?redirect_url=${encodeURIComponent('http://localhost:80/wp-admin/admin.php?page=wc-admin&task=connect')}`,
    );
    expect(res.body.slug).toBe('jetpack');
    const action = new URL(res.body.connectAction);
    expect(action.pathname).toBe(`${PLUGINS}/connect-jetpack/complete`);
    const bad = await app.inject({ method: 'GET', url: `${action.pathname}?state=wrong` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('woocommerce_rest_jetpack_invalid_state');
    // The return link is its user's: another signed-in user is refused…
    const other = await app.inject({
      method: 'GET',
      url: `${action.pathname}${action.search}`,
      headers: await signIn(ctx().db, 'shop_manager'),
    });
    expect(other.statusCode).toBe(403);
    // …and it works from a plain browser tab (no nonce): the state is the key.
    const done = await ctx().anonymous({
      method: 'GET',
      url: `${action.pathname}${action.search}`,
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/wp-admin/admin.php?page=wc-admin&task=connect');
    expect((await call(app, 'GET', '/wp-json/jetpack/v4/connection')).body).toMatchObject({
      isActive: true,
      isRegistered: true,
      hasConnectedOwner: true,
    });
  });

  it('never redirects a Jetpack connection to another site', () => {
    const origin = 'http://shop.test';
    expect(safeAdminRedirect('https://evil.test/wp-admin/x', origin)).toBe(
      '/wp-admin/admin.php?page=wc-admin',
    );
    expect(safeAdminRedirect('//evil.test/wp-admin/', origin)).toBe(
      '/wp-admin/admin.php?page=wc-admin',
    );
    expect(safeAdminRedirect('/wp-admin/admin.php?page=wc-admin&path=%2Fx', origin)).toBe(
      '/wp-admin/admin.php?page=wc-admin&path=%2Fx',
    );
    expect(safeAdminRedirect(undefined, origin)).toBe('/wp-admin/admin.php?page=wc-admin');
  });

  it('answers PayPal onboarding status only while the extension is active, from the option', async () => {
    const { app, db } = ctx();
    const path = '/wp-json/wc-paypal/v1/onboarding/get-status';
    expectError(await call(app, 'GET', path), 404, 'rest_no_route');
    await call(app, 'POST', `${PLUGINS}/install`, { plugins: 'woocommerce-paypal-payments' });
    await call(app, 'POST', `${PLUGINS}/activate`, { plugins: 'woocommerce-paypal-payments' });
    expect((await call(app, 'GET', path)).body).toEqual({
      production: { onboarded: false, state: 'unknown' },
      sandbox: { onboarded: false, state: 'unknown' },
    });
    await setOptions(db, {
      'woocommerce-ppcp-settings': {
        merchant_email_production: 'a@b.c',
        merchant_id_production: 'M',
        client_id_production: 'C',
        client_secret_production: 'S',
      },
    });
    expect((await call(app, 'GET', path)).body).toEqual({
      production: { onboarded: true, state: 'onboarded' },
      sandbox: { onboarded: false, state: 'unknown' },
    });
  });

  it('recommends payment plugins that are not active yet', async () => {
    const { app, db } = ctx();
    const { body } = await call<RecommendedPaymentPlugin[]>(
      app,
      'GET',
      `${PLUGINS}/recommended-payment-plugins`,
    );
    expect(body.map((p) => p.product)).toEqual([
      'woocommerce-payments',
      'woocommerce-gateway-stripe',
    ]);
    await setOptions(db, { woocommerce_setting_payments_recommendations_hidden: 'yes' });
    expect((await call(app, 'GET', `${PLUGINS}/recommended-payment-plugins`)).body).toEqual([]);
  });

  it('answers 404 for connect-jetpack while Jetpack is not active', async () => {
    const { app, db } = ctx();
    await db.kysely
      .updateTable('plugin_state')
      .set({ active: 0 })
      .where('slug', '=', 'jetpack')
      .execute();
    expectError(
      await call(app, 'GET', `${PLUGINS}/connect-jetpack`),
      404,
      'woocommerce_rest_jetpack_not_active',
    );
    expect((await call(app, 'GET', `${PLUGINS}/active?x=1`)).status).toBe(200);
  });
});
