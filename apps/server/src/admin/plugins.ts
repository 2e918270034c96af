import {
  adminBool,
  CompleteJetpackQuery,
  ConnectJetpackQuery,
  ConnectJetpackResponse,
  JetpackConnection,
  PaypalOnboardingStatusBody,
  PluginCatalogResponse,
  PluginSlugsResponse,
  PluginsActionBody,
  PluginsActivateJob,
  type PluginsActivateResponse,
  PluginsActivateRouteResponse,
  type PluginsAsyncResponse,
  PluginsInstallJob,
  type PluginsInstallResponse,
  PluginsInstallRouteResponse,
  RecommendedPaymentPlugin,
  type WpErrorBody,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requires } from '../auth/capability';
import { authError } from '../auth/errors';
import { sameSecret } from '../auth/secrets';
import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { newJobId } from '../jobs/runner';
import { getOptions, setOptions } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { contextAnswers, currentUserId, originOf, paramsOf } from './context';
import { adminError } from './errors';
import { catalogPlugin, pluginCatalog } from './plugin-catalog';

/** Where the Jetpack connection returns by default: the dashboard. */
export const WC_ADMIN_PAGE = '/wp-admin/admin.php?page=wc-admin';
/** The option PayPal onboarding reads (the client's PayPal fallback reads it too). */
export const PPCP_SETTINGS_OPTION = 'woocommerce-ppcp-settings';
const JETPACK_OPTION = 'storelens_jetpack_connection';
const JETPACK_STATE_OPTION = 'storelens_jetpack_connect_state';

/** Installed and active slugs. */
export async function pluginState(db: Db): Promise<{ installed: string[]; active: string[] }> {
  const rows = await db.kysely.selectFrom('plugin_state').selectAll().orderBy('slug').execute();
  return {
    installed: rows.filter((r) => Number(r.installed) === 1).map((r) => r.slug),
    active: rows.filter((r) => Number(r.active) === 1).map((r) => r.slug),
  };
}

/** Splits the `plugins` parameter into unique slugs; a 404 `…_invalid_plugins` when empty. */
export function pluginSlugs(value: unknown): string[] {
  const list = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((s) => String(s).trim())
    .filter((s) => s !== '');
  if (list.length === 0) {
    throw adminError('woocommerce_rest_invalid_plugins', '', {
      plugins: 'plugins must name at least one plugin slug.',
    });
  }
  return [...new Set(list)];
}

const emptyErrors = (): WpErrorBody => ({ errors: {}, error_data: {} });
const addError = (e: WpErrorBody, slug: string, code: string, message: string) => {
  e.errors[slug] = [message];
  e.error_data[slug] = { code };
};

/** Installs catalog plugins; a slug outside the catalog fails on its own. */
export async function installPlugins(
  db: Db,
  slugs: readonly string[],
): Promise<PluginsInstallResponse> {
  const errors = emptyErrors();
  const installed: string[] = [];
  const results: Record<string, boolean> = {};
  const installTime: Record<string, number> = {};
  for (const slug of slugs) {
    const started = performance.now();
    if (!catalogPlugin(slug)) {
      results[slug] = false;
      addError(
        errors,
        slug,
        'woocommerce_rest_plugin_not_found',
        `The requested plugin \`${slug}\` could not be installed: it is not in the Storelens catalog.`,
      );
      continue;
    }
    await db.kysely
      .insertInto('plugin_state')
      .values({ slug, installed: 1, active: 0, install_time: nowGmt() })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ installed: 1 }))
      .execute();
    installed.push(slug);
    results[slug] = true;
    installTime[slug] = Math.round(performance.now() - started);
  }
  const success = Object.keys(errors.errors).length === 0;
  return {
    data: { installed, results, install_time: installTime },
    errors,
    success,
    message: success
      ? 'Plugins were successfully installed.'
      : 'There was a problem installing some of the requested plugins.',
  };
}

/** Activates installed catalog plugins; unknown or not installed slugs fail on their own. */
export async function activatePlugins(
  db: Db,
  slugs: readonly string[],
): Promise<PluginsActivateResponse> {
  const errors = emptyErrors();
  const { installed } = await pluginState(db);
  const activated: string[] = [];
  for (const slug of slugs) {
    if (!catalogPlugin(slug)) {
      addError(
        errors,
        slug,
        'woocommerce_rest_plugin_not_found',
        `The requested plugin \`${slug}\` could not be activated: it is not in the Storelens catalog.`,
      );
    } else if (!installed.includes(slug)) {
      addError(
        errors,
        slug,
        'woocommerce_rest_plugin_not_installed',
        `The requested plugin \`${slug}\` is not installed.`,
      );
    } else {
      await db.kysely
        .updateTable('plugin_state')
        .set({ active: 1 })
        .where('slug', '=', slug)
        .execute();
      activated.push(slug);
    }
  }
  const success = Object.keys(errors.errors).length === 0;
  return {
    data: { activated, active: (await pluginState(db)).active },
    errors,
    success,
    message: success
      ? 'Plugins were successfully activated.'
      : 'There was a problem activating some of the requested plugins.',
  };
}

/** The Jetpack connection state the server keeps. */
export async function jetpackConnection(db: Db): Promise<JetpackConnection> {
  const stored = (await getOptions(db, [JETPACK_OPTION])).get(JETPACK_OPTION) as
    | Partial<JetpackConnection>
    | undefined;
  const isActive = stored?.isActive === true;
  const isRegistered = stored?.isRegistered === true;
  // The connection is made by an admin going through connect-jetpack: that user owns it.
  return { isActive, isStaging: false, isRegistered, hasConnectedOwner: isActive && isRegistered };
}

/** A return address inside this server's admin, or the dashboard. Never another site. */
export function safeAdminRedirect(target: string | undefined, origin: string): string {
  if (!target) return WC_ADMIN_PAGE;
  try {
    const url = new URL(target, origin);
    if (url.origin !== new URL(origin).origin || !url.pathname.startsWith('/wp-admin/'))
      return WC_ADMIN_PAGE;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return WC_ADMIN_PAGE;
  }
}

/** PayPal onboarding from the option: onboarded when all four credentials of an environment are set. */
export function paypalStatus(settings: unknown): PaypalOnboardingStatusBody {
  const s =
    typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>) : {};
  const env = (suffix: string) => {
    const onboarded = ['merchant_email', 'merchant_id', 'client_id', 'client_secret'].every(
      (k) => typeof s[`${k}_${suffix}`] === 'string' && s[`${k}_${suffix}`] !== '',
    );
    return { onboarded, state: onboarded ? ('onboarded' as const) : ('unknown' as const) };
  };
  return { production: env('production'), sandbox: env('sandbox') };
}

const recommendedPayments: readonly (RecommendedPaymentPlugin & { slug: string })[] = [
  {
    slug: 'woocommerce-payments',
    product: 'woocommerce-payments',
    title: 'WooPayments',
    copy: 'Accept cards and wallets and manage payments without leaving the dashboard.',
    image: '/wp-admin/images/payments/woopayments.svg',
    button_text: 'Get started',
    setup_link: '/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments',
    plugins: ['woocommerce-payments'],
  },
  {
    slug: 'woocommerce-gateway-stripe',
    product: 'woocommerce-gateway-stripe',
    title: 'Stripe',
    copy: 'Accept debit and credit cards in 135+ currencies, Apple Pay and Google Pay.',
    image: '/wp-admin/images/payments/stripe.svg',
    button_text: 'Get started',
    setup_link: '/wp-admin/admin.php?page=wc-settings&tab=checkout&section=stripe',
    plugins: ['woocommerce-gateway-stripe'],
  },
  {
    slug: 'woocommerce-paypal-payments',
    product: 'woocommerce-paypal-payments',
    title: 'PayPal Payments',
    copy: 'Safe and secure payments with PayPal, Venmo and Pay Later.',
    image: '/wp-admin/images/payments/paypal.svg',
    button_text: 'Get started',
    setup_link: '/wp-admin/admin.php?page=wc-settings&tab=checkout&section=ppcp-gateway',
    plugins: ['woocommerce-paypal-payments'],
  },
];

/** Payment plugins to recommend: those not active yet, unless the store hid recommendations. */
export async function recommendedPaymentPlugins(db: Db): Promise<RecommendedPaymentPlugin[]> {
  const hidden = (
    await getOptions(db, ['woocommerce_setting_payments_recommendations_hidden'])
  ).get('woocommerce_setting_payments_recommendations_hidden');
  if (hidden === 'yes' || hidden === true) return [];
  const { active } = await pluginState(db);
  return recommendedPayments.filter((p) => !active.includes(p.slug)).map(({ slug: _s, ...p }) => p);
}

async function recordPluginJob(db: Db, action: string, slugs: string[], result: unknown) {
  const id = newJobId();
  const now = nowGmt();
  await db.kysely
    .insertInto('admin_jobs')
    .values({
      id,
      kind: `plugins-${action}`,
      status: 'done',
      params: JSON.stringify({ plugins: slugs }),
      progress: JSON.stringify(result),
      error: null,
      created_gmt: now,
      updated_gmt: now,
    })
    .execute();
  return id;
}

async function pluginJobs(db: Db, action: string, id?: string) {
  let q = db.kysely.selectFrom('admin_jobs').selectAll().where('kind', '=', `plugins-${action}`);
  if (id) q = q.where('id', '=', id);
  const rows = await q.orderBy('created_gmt', 'desc').limit(100).execute();
  const jobs = rows.map((r) => ({
    job_id: r.id,
    plugins: (JSON.parse(r.params) as { plugins: string[] }).plugins,
    status: 'complete',
    result: JSON.parse(r.progress) as unknown,
  }));
  if (id && jobs.length === 0) throw adminError('woocommerce_rest_plugin_job_invalid_id', id);
  return id ? jobs[0] : jobs;
}

/** `/wp-json/wc-admin/plugins/*`, `/jetpack/v4/connection` and the PayPal status route. */
export function pluginsRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-admin/plugins';
  // Which extensions are active decides what the screens show: readable by every role.
  const reading = {
    ...contextAnswers(PluginSlugsResponse),
    ...requires('view_woocommerce_reports'),
  };
  routes.get(`${base}/active`, reading, async () => ({ plugins: (await pluginState(db)).active }));
  routes.get(`${base}/installed`, reading, async () => ({
    plugins: (await pluginState(db)).installed,
  }));

  for (const [action, run, response, job] of [
    ['install', installPlugins, PluginsInstallRouteResponse, PluginsInstallJob],
    ['activate', activatePlugins, PluginsActivateRouteResponse, PluginsActivateJob],
  ] as const) {
    for (const method of ['POST', 'PUT'] as const) {
      routes.route({
        method,
        url: `${base}/${action}`,
        schema: { querystring: PluginsActionBody, response: { 200: response } },
        handler: async (
          request,
        ): Promise<PluginsInstallResponse | PluginsActivateResponse | PluginsAsyncResponse> => {
          // Only plugins and async are read; others are ignored (wp-conventions.ts).
          const params = paramsOf(request);
          const slugs = pluginSlugs(params.plugins);
          const result = await run(db, slugs);
          if (!adminBool(params.async as string | boolean | undefined)) return result;
          const jobId = await recordPluginJob(db, action, slugs, result);
          return {
            data: { job_id: jobId, plugins: slugs },
            message: `Plugin ${action} job scheduled.`,
          };
        },
      });
    }
    routes.get(`${base}/${action}/status`, contextAnswers(Type.Array(job)), async () =>
      pluginJobs(db, action),
    );
    routes.get<{ Params: { job_id: string } }>(
      `${base}/${action}/status/:job_id`,
      contextAnswers(job),
      async (request) => pluginJobs(db, action, request.params.job_id),
    );
  }

  routes.get(
    `${base}/connect-jetpack`,
    { schema: { querystring: ConnectJetpackQuery, response: { 200: ConnectJetpackResponse } } },
    async (request) => {
      if (!(await pluginState(db)).active.includes('jetpack')) {
        throw adminError('woocommerce_rest_jetpack_not_active');
      }
      // The state names the user who started the connection: the return link is theirs.
      const state = `${currentUserId(request)}.${crypto.randomUUID().replace(/-/g, '')}`;
      await setOptions(db, { [JETPACK_STATE_OPTION]: state });
      // Appended, not resolved: a public URL with a path (behind a proxy) keeps its path.
      const url = new URL(`${originOf(request)}${base}/connect-jetpack/complete`);
      url.searchParams.set('state', state);
      if (request.query.redirect_url)
        url.searchParams.set('redirect_url', request.query.redirect_url);
      return { slug: 'jetpack', name: 'Jetpack', connectAction: url.toString() };
    },
  );
  routes.get(
    `${base}/connect-jetpack/complete`,
    // The browser comes back here from the connection service, with no REST nonce: the
    // unguessable state is the key, and a signed-in caller must be the user who started it.
    { schema: { querystring: CompleteJetpackQuery }, ...requires('public') },
    async (request, reply) => {
      const stored = (await getOptions(db, [JETPACK_STATE_OPTION])).get(JETPACK_STATE_OPTION);
      const given = String(request.query.state ?? '');
      if (typeof stored !== 'string' || stored === '' || !sameSecret(stored, given)) {
        throw adminError('woocommerce_rest_jetpack_invalid_state');
      }
      if (request.authUser && !stored.startsWith(`${request.authUser.id}.`))
        throw authError('rest_forbidden');
      await setOptions(db, {
        [JETPACK_OPTION]: { isActive: true, isRegistered: true },
        [JETPACK_STATE_OPTION]: '',
      });
      // The redirect is only ever a path on this server; the origin just tells a same-site
      // redirect_url (as the browser named it: the Host it used) from another site's.
      const sameSite = `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`;
      return reply.redirect(safeAdminRedirect(request.query.redirect_url, sameSite));
    },
  );
  routes.get('/wp-json/jetpack/v4/connection', contextAnswers(JetpackConnection), async () =>
    jetpackConnection(db),
  );

  routes.get(
    '/wp-json/wc-paypal/v1/onboarding/get-status',
    contextAnswers(PaypalOnboardingStatusBody),
    async () => {
      if (!(await pluginState(db)).active.includes('woocommerce-paypal-payments')) {
        throw ApiError.of('rest_no_route');
      }
      const settings = (await getOptions(db, [PPCP_SETTINGS_OPTION])).get(PPCP_SETTINGS_OPTION);
      return paypalStatus(settings);
    },
  );

  routes.get(
    `${base}/recommended-payment-plugins`,
    contextAnswers(Type.Array(RecommendedPaymentPlugin)),
    async () => recommendedPaymentPlugins(db),
  );
  routes.get(`${base}/catalog`, contextAnswers(PluginCatalogResponse), async () => {
    const { installed, active } = await pluginState(db);
    return pluginCatalog.map((p) => ({
      ...p,
      installed: installed.includes(p.slug),
      active: active.includes(p.slug),
    }));
  });
}
