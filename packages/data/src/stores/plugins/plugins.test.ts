// @vitest-environment node
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import { formatPluginErrors, getPluginState } from './messages.ts';
import {
  activatePlugins,
  fetchActivePlugins,
  fetchInstalledPlugins,
  fetchJetpackConnection,
  fetchJetpackConnectUrl,
  fetchPaypalOnboardingStatus,
  fetchRecommendedPlugins,
  installPlugins,
  paypalStatusFromSettings,
} from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const CATALOG = ['jetpack', 'woocommerce-services', 'mailchimp-for-woocommerce'];

interface PluginServerOptions {
  paypal?: 'ok' | '404' | '500';
  ppcp?: Record<string, string>;
  connectFails?: boolean;
}

async function pluginServer(options: PluginServerOptions = {}) {
  const installed = new Set<string>(['jetpack']);
  const active = new Set<string>();
  const act = (kind: 'install' | 'activate', slugs: string[]) => {
    const done: string[] = [];
    const errors: Record<string, string[]> = {};
    for (const slug of slugs) {
      if (!CATALOG.includes(slug))
        errors[slug] = [
          `The requested plugin \`${slug}\` could not be ${kind === 'install' ? 'installed' : 'activated'}.`,
        ];
      else {
        installed.add(slug);
        if (kind === 'activate') active.add(slug);
        done.push(slug);
      }
    }
    return { done, errors };
  };
  const ctx = await startStore((app) => {
    app.get('/wc-admin/plugins/active', async () => ({ plugins: [...active] }));
    app.get('/wc-admin/plugins/installed', async () => ({ plugins: [...installed] }));
    app.post('/wc-admin/plugins/install', async (req) => {
      const { done, errors } = act(
        'install',
        String((req.body as { plugins: string }).plugins).split(','),
      );
      return {
        data: { installed: done },
        errors: { errors, error_data: {} },
        success: Object.keys(errors).length === 0,
      };
    });
    app.post('/wc-admin/plugins/activate', async (req) => {
      const { done, errors } = act(
        'activate',
        String((req.body as { plugins: string }).plugins).split(','),
      );
      return { data: { activated: done, active: [...active] }, errors: { errors }, success: true };
    });
    app.get('/jetpack/v4/connection', async () => ({
      isActive: true,
      isStaging: false,
      isRegistered: true,
    }));
    app.get('/wc-admin/plugins/connect-jetpack', async (req, reply) => {
      if (options.connectFails)
        return reply
          .code(404)
          .send(
            wpError('woocommerce_rest_jetpack_not_installed', 'Jetpack is not installed.', 404),
          );
      return {
        slug: 'jetpack',
        connectAction: `https://connect.example/?return=${(req.query as { redirect_url: string }).redirect_url}`,
      };
    });
    app.get('/wc-paypal/v1/onboarding/get-status', async (_req, reply) => {
      if (options.paypal === '500') return reply.code(500).send(wpError('x', 'x', 500));
      if (options.paypal === 'ok')
        return {
          production: { state: 'onboarded', onboarded: true },
          sandbox: { state: 'unknown', onboarded: false },
        };
      return reply.code(404).send(wpError('rest_no_route', 'No route', 404));
    });
    app.get('/wc-admin/options', async () => ({
      'woocommerce-ppcp-settings': options.ppcp ?? false,
    }));
    app.get('/wc-admin/plugins/recommended-payment-plugins', async () => [
      {
        product: 'stripe',
        title: 'Stripe',
        copy: '',
        image: '',
        button_text: 'Get',
        setup_link: '',
        plugins: ['woocommerce-gateway-stripe'],
      },
    ]);
  });
  close = () => ctx.server.close();
  return ctx;
}

const FULL_PPCP = {
  merchant_email_production: 'a@b.c',
  merchant_id_production: 'M',
  client_id_production: 'C',
  client_secret_production: 'S',
};

describe('plugin messages and state', () => {
  it('one plugin: "Could not install {plugin} plugin, {error}"', () => {
    expect(formatPluginErrors('install', { jetpack: 'Download failed.' })).toBe(
      'Could not install jetpack plugin, Download failed.',
    );
    expect(formatPluginErrors('activate', { jetpack: 'Fatal error.' })).toBe(
      'Could not activate jetpack plugin, Fatal error.',
    );
  });

  it('several plugins: "Could not install the following plugins: … with these Errors: …"', () => {
    expect(formatPluginErrors('install', { a: 'E1', b: 'E2' })).toBe(
      'Could not install the following plugins: a, b with these Errors: E1, E2',
    );
    expect(formatPluginErrors('activate', { a: 'E1', b: 'E2' })).toBe(
      'Could not activate the following plugins: a, b with these Errors: E1, E2',
    );
  });

  it('plugin state: activated over installed over unavailable (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.string()),
        fc.array(fc.string()),
        (slug, active, installed) => {
          const state = getPluginState(slug, active, installed);
          if (active.includes(slug)) expect(state).toBe('activated');
          else if (installed.includes(slug)) expect(state).toBe('installed');
          else expect(state).toBe('unavailable');
        },
      ),
    );
  });

  it('PayPal fallback: onboarded only with all four production credentials', () => {
    expect(paypalStatusFromSettings(FULL_PPCP).production).toEqual({
      state: 'onboarded',
      onboarded: true,
    });
    for (const key of Object.keys(FULL_PPCP)) {
      const partial = { ...FULL_PPCP, [key]: '' };
      expect(paypalStatusFromSettings(partial).production).toEqual({
        state: 'unknown',
        onboarded: false,
      });
    }
    expect(paypalStatusFromSettings(false).production.state).toBe('unknown');
  });
});

describe('plugins store', () => {
  it('reads the active and installed lists', async () => {
    const { store } = await pluginServer();
    await store.dispatch(fetchActivePlugins());
    await store.dispatch(fetchInstalledPlugins());
    expect(store.getState().plugins).toMatchObject({ active: [], installed: ['jetpack'] });
  });

  it('installs with a comma-joined slug list and records what installed', async () => {
    const { store, requests } = await pluginServer();
    await store.dispatch(installPlugins(['woocommerce-services', 'mailchimp-for-woocommerce']));
    expect(requests.at(-1)?.body).toEqual({
      plugins: 'woocommerce-services,mailchimp-for-woocommerce',
    });
    expect(store.getState().plugins.installed).toEqual([
      'woocommerce-services',
      'mailchimp-for-woocommerce',
    ]);
  });

  it('installs jetpack and woocommerce-services by default', async () => {
    const { store, requests } = await pluginServer();
    await store.dispatch(installPlugins());
    expect(requests.at(-1)?.body).toEqual({ plugins: 'jetpack,woocommerce-services' });
  });

  it('a failed install of one plugin rejects with the single-plugin message and records it', async () => {
    const { store } = await pluginServer();
    const error = await store.dispatch(installPlugins(['nope'])).catch((e: unknown) => e);
    const expected =
      'Could not install nope plugin, The requested plugin `nope` could not be installed.';
    expect(error).toMatchObject({ message: expected, params: { nope: expect.any(String) } });
    expect(store.getState().plugins.errors.installPlugins?.message).toBe(expected);
    expect(store.getState().plugins.requesting.installPlugins).toBe(false);
  });

  it('a failed activation of several plugins uses the multi-plugin message; successes still count', async () => {
    const { store } = await pluginServer();
    const error = await store
      .dispatch(activatePlugins(['jetpack', 'x', 'y']))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      message:
        'Could not activate the following plugins: x, y with these Errors: The requested plugin `x` could not be activated., The requested plugin `y` could not be activated.',
    });
    expect(store.getState().plugins.active).toEqual(['jetpack']);
  });

  it('reads the Jetpack connection and caches connect URLs per redirect URL', async () => {
    const { store } = await pluginServer();
    await expect(store.dispatch(fetchJetpackConnection())).resolves.toBe(true);
    await store.dispatch(fetchJetpackConnectUrl('/wp-admin/admin.php?page=wc-admin'));
    await store.dispatch(fetchJetpackConnectUrl('/other'));
    expect(store.getState().plugins.jetpackConnection).toBe(true);
    expect(store.getState().plugins.jetpackConnectUrls).toEqual({
      '/wp-admin/admin.php?page=wc-admin':
        'https://connect.example/?return=/wp-admin/admin.php?page=wc-admin',
      '/other': 'https://connect.example/?return=/other',
    });
  });

  it('a failed connect URL keeps the error message for the notice', async () => {
    const { store } = await pluginServer({ connectFails: true });
    await expect(store.dispatch(fetchJetpackConnectUrl('/x'))).rejects.toMatchObject({
      message: 'Jetpack is not installed.',
    });
    expect(store.getState().plugins.errors.getJetpackConnectUrl?.message).toBe(
      'Jetpack is not installed.',
    );
  });

  it('PayPal status comes from the provider when it answers', async () => {
    const { store } = await pluginServer({ paypal: 'ok' });
    await store.dispatch(fetchPaypalOnboardingStatus());
    expect(store.getState().plugins.paypalOnboardingStatus?.production).toEqual({
      state: 'onboarded',
      onboarded: true,
    });
  });

  it.each(['404', '500'] as const)(
    'PayPal status falls back to the option check on %s',
    async (paypal) => {
      const { store, requests } = await pluginServer({ paypal, ppcp: FULL_PPCP });
      await store.dispatch(fetchPaypalOnboardingStatus());
      expect(requests.map((r) => r.url)).toContain(
        '/wc-admin/options?options=woocommerce-ppcp-settings',
      );
      expect(store.getState().plugins.paypalOnboardingStatus).toEqual({
        production: { state: 'onboarded', onboarded: true },
      });
    },
  );

  it('PayPal fallback without credentials is unknown', async () => {
    const { store } = await pluginServer({ paypal: '404' });
    await store.dispatch(fetchPaypalOnboardingStatus());
    expect(store.getState().plugins.paypalOnboardingStatus?.production.state).toBe('unknown');
  });

  it('recommended plugins: fetched for payments only', async () => {
    const { store, requests } = await pluginServer();
    await store.dispatch(fetchRecommendedPlugins('marketing' as 'payments'));
    expect(requests).toHaveLength(0);
    await store.dispatch(fetchRecommendedPlugins('payments'));
    expect(requests.map((r) => r.path)).toEqual(['/wc-admin/plugins/recommended-payment-plugins']);
    expect(store.getState().plugins.recommended.payments?.[0]?.product).toBe('stripe');
  });
});
