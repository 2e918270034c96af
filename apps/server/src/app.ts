import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { adminRoutes } from './admin';
import { dropReportCacheOnChanges } from './analytics/cache';
import { RfmDaysKeeper, sweepRfmDays } from './analytics/rfm-days';
import { requires, scopeCapability, withCapability } from './auth/capability';
import { allowedHostsOf, cookieSession, installAuth } from './auth/plugin';
import { accountRoutes } from './auth/routes';
import { countUsers } from './auth/users';
import { startWhenReady } from './background';
import { installChangeNotices } from './change-notices';
import type { Config, TrustProxy } from './config';
import { connectionRoutes, type SyncOptions } from './connect';
import { shopStockWriter } from './connect/stock';
import type { Db } from './db/database';
import { isDatabaseUnavailable, isStatementTimeout, RETRY_AFTER_SECONDS } from './db/faults';
import { ApiError } from './errors';
import { fairTurns } from './fair-turns';
import { registerInputGuards } from './input-guards';
import { WorkerHost, workerWriter } from './jobs/worker-host';
import { mcpRoutes } from './mcp/route';
import { notifyRoutes } from './notify/routes';
import { analyticsRoutes } from './routes/analytics';
import { freshnessRoutes } from './routes/freshness';
import { AJV_OPTIONS, addFormats, invalidParamsOf } from './routes/query-validation';
import { parseQuery, type QueryValue, splitCommaLists } from './routes/querystring';
import { recordRoutes } from './routes/registered';
import { revenueRoutes } from './routes/revenue';
import { segmentRoutes } from './segments/routes';
import { drainOnClose } from './shutdown';
import { anonymousSettings, bootSettings, dashboardPage } from './web';
import { wpConventions, wpRewriteUrl } from './wp-conventions';

/** The dashboard's address inside the admin. */
export const DASHBOARD_PATH = '/wp-admin/admin.php?page=wc-admin';

/**
 * Query strings: `a[]=1&a[]=2` and repeated keys become arrays; `a[0]=x` too. Comma lists are
 * split later, only for parameters the route's schema declares as arrays.
 */
export function parseQueryString(text: string): Record<string, QueryValue> {
  return parseQuery(text);
}

/**
 * Cache-Control of a dashboard file: the build's hashed assets never change under their name,
 * so they are kept a year without asking again; anything else is checked on every use.
 */
export function assetCacheControl(path: string): string {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(path)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Fastify's `trustProxy` for STORELENS_TRUST_PROXY: a list of proxies as it is; a hop count as
 * a function of the hop (Fastify 5 takes a bare number as trusting no hop at all, since it
 * cannot tell a proxy from a client: the README says to let only the proxy reach the port).
 */
export function trustProxyOption(trust: TrustProxy): false | string[] | FastifyTrustProxy {
  if (Array.isArray(trust)) return trust;
  const hops = trust === true ? 1 : trust === false ? 0 : trust;
  return hops > 0 ? (_address, hop) => hop < hops : false;
}
type FastifyTrustProxy = (address: string, hop: number) => boolean;

/** The Fastify options of the server (also read by the trust-proxy test). */
export function fastifyOptions(trustProxy: TrustProxy) {
  return {
    logger: false,
    trustProxy: trustProxyOption(trustProxy),
    // WordPress matches REST routes without regard to case; repeated slashes are folded
    // before routing already (wp-conventions.ts, canonicalUrl).
    routerOptions: {
      querystringParser: parseQueryString,
      ignoreTrailingSlash: true,
      caseSensitive: false,
    },
    rewriteUrl: wpRewriteUrl,
    bodyLimit: 5 * 1024 * 1024,
    // Requests already received when closing are answered, not refused (src/shutdown.ts).
    return503OnClosing: false,
    forceCloseConnections: false,
    ajv: {
      customOptions: AJV_OPTIONS,
      plugins: [addFormats],
    },
  };
}

/** The query hook every report route relies on: comma lists (infinite numbers: input-guards.ts). */
export function addQueryHooks(app: FastifyInstance): void {
  // Comma lists for array parameters: 'a,b,c' and a[]=a&a[]=b mean the same.
  app.addHook('preValidation', async (request) => {
    splitCommaLists(
      request.routeOptions.schema?.querystring as Parameters<typeof splitCommaLists>[0],
      request.query as Record<string, unknown> | undefined,
    );
  });
}

/** Builds the HTTP app on an open database. */
export async function buildApp(
  db: Db,
  config: Pick<Config, 'webRoot'> &
    Partial<Pick<Config, 'host' | 'publicUrl' | 'trustProxy' | 'allowedOrigins' | 'smtpUrl'>> & {
      connect?: SyncOptions;
      /**
       * True while the server is still starting (src/main.ts: migrations, the demo store, or
       * waiting for the database): every request answers 503 `storelens_database_unavailable`
       * with Retry-After, and background jobs wait for the caller to resume them.
       */
      starting?: () => boolean;
      /** `false` leaves out fair turns between connections (the bench compares both). */
      fairTurns?: boolean;
    },
): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config.trustProxy ?? false));
  const starting = config.starting;
  if (starting) {
    app.addHook('onRequest', async (_request, reply) => {
      if (!starting()) return;
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send(ApiError.of('storelens_database_unavailable').toBody());
    });
  }
  recordRoutes(app);
  drainOnClose(app);
  // PostgreSQL: at most twice the pool's connections of keep-alive requests at once (see
  // fair-turns.ts); SQLite answers one at a time anyway.
  if (config.fairTurns !== false)
    fairTurns(app, db.engine === 'postgres' ? { maxInFlight: 16 } : {});
  app.decorate('storelensPublicUrl', config.publicUrl);

  wpConventions(app);

  addQueryHooks(app);

  registerInputGuards(app);

  // The single authentication and authorisation hook every route passes (auth/plugin.ts),
  // with the Host check, CORS and the security headers.
  const authOptions = {
    allowedHosts: allowedHostsOf(config.host ?? '127.0.0.1', config.publicUrl),
    allowedOrigins: config.allowedOrigins ?? [],
    httpsOnly: config.publicUrl?.startsWith('https:') ?? false,
  };
  installAuth(app, db, authOptions);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(error.toBody());
    if (error.validation) {
      const schema = request.routeOptions.schema?.[
        error.validationContext === 'body' ? 'body' : 'querystring'
      ] as { properties?: Record<string, unknown> } | undefined;
      const params = invalidParamsOf(error.validation, schema);
      return reply.status(400).send(ApiError.invalidParams(params).toBody());
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.statusCode === 400) {
      return reply.status(400).send(ApiError.of('rest_invalid_json').toBody());
    }
    if (error.statusCode === 413)
      return reply.status(413).send(ApiError.of('rest_payload_too_large').toBody());
    if (error.statusCode === 415) {
      const type = String(request.headers['content-type'] ?? '').slice(0, 100);
      return reply.status(415).send(ApiError.of('rest_unsupported_media_type', type).toBody());
    }
    // Any other refusal of the framework or a plugin (the static files' 403 for a path that
    // leaves the folder, a malformed URL) keeps its 4xx status, in the same body shape.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const refused = new ApiError('rest_invalid_request', error.message, error.statusCode);
      return reply.status(error.statusCode).send(refused.toBody());
    }
    if (isDatabaseUnavailable(error) || isStatementTimeout(error)) {
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send(ApiError.of('storelens_database_unavailable').toBody());
    }
    app.log.error(error);
    console.error(error);
    return reply.status(500).send(ApiError.of('storelens_internal_error').toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    if (/^\/wp-json(\/|\?|$)/i.test(request.url)) {
      return reply.status(404).send(ApiError.of('rest_no_route').toBody());
    }
    return reply.status(404).type('text/plain').send('Not found');
  });

  // JSON and pages leave gzip- or brotli-compressed; brotli at a middle quality, since its top
  // quality costs more CPU per report than the bytes it saves.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  // The report cache is dropped on this store's changes, by their first listener, so that any
  // later one reading a report gets fresh figures (other processes' changes: change notices).
  const stopDroppingReportCache = dropReportCacheOnChanges(db);
  app.addHook('onClose', async () => stopDroppingReportCache());
  withCapability(app, 'view_woocommerce_reports', () => {
    revenueRoutes(app, db);
    analyticsRoutes(app, db);
    freshnessRoutes(app);
  });
  segmentRoutes(app, db);
  adminRoutes(app, db, {
    deferJobs: starting !== undefined,
    shopStock: shopStockWriter(db, config.connect?.client),
  });
  // Digests and alerts (src/notify): storelens/v1/digests, alerts, notifications/deliveries.
  const smtpUrl = () => config.smtpUrl ?? (process.env.SMTP_URL || undefined);
  notifyRoutes(app, db, {
    smtpUrl,
    publicUrl: () => config.publicUrl,
    starterAlerts: () => process.env.STORELENS_STARTER_ALERTS !== 'off',
    ...(starting ? { ready: () => !starting() } : {}),
  });
  installChangeNotices(app, db);
  // The MCP server for AI assistants (src/mcp): POST /mcp, as the signed-in user.
  mcpRoutes(app, db);
  accountRoutes(app, db, {
    ...authOptions,
    smtpUrl,
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  });
  const worker = app.jobWorker;
  // The RFM groups of every day, swept again after ingestion (analytics/rfm-days.ts) on a
  // thread of their own: a sweep takes seconds at 1,000,000 orders, and the jobs' worker runs
  // the connector's writes one task at a time. The server's test suite turns it off: its
  // stores change under each test, and the sweep's own tests run it.
  if (process.env.STORELENS_RFM_SWEEPS !== 'off') {
    const sweeper = WorkerHost.available(db) ? new WorkerHost(db) : undefined;
    const keeper = new RfmDaysKeeper(db, () =>
      sweeper ? sweeper.run('sweepRfmDays', {}) : sweepRfmDays(db),
    );
    startWhenReady(
      app,
      () => !starting?.(),
      () => keeper.start(),
    );
    app.addHook('onClose', async () => {
      await keeper.stop();
      await sweeper?.close();
    });
  }
  connectionRoutes(app, db, app.jobRunner, {
    publicUrl: () => config.publicUrl,
    ...(worker ? { writer: workerWriter(worker) } : {}),
    ...(starting ? { ready: () => !starting() } : {}),
    ...config.connect,
  });

  // The dashboard's page and files are public: the page shows no store data to strangers.
  const open = requires('public');
  app.get('/', open, async (_request, reply) => reply.redirect(DASHBOARD_PATH));
  if (existsSync(join(config.webRoot, 'index.html'))) {
    await app.register(async (files) => {
      scopeCapability(files, 'public');
      await files.register(fastifyStatic, {
        root: config.webRoot,
        prefix: '/wp-admin/',
        index: false,
        // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, path) => res.setHeader('Cache-Control', assetCacheControl(path)),
      });
    });
    const page = dashboardPage(config.webRoot);
    app.get('/wp-admin/admin.php', open, async (request, reply) => {
      // Signed in: the store's settings and the REST nonce. Otherwise only what the login
      // and first-run pages need, so the page itself shows no store data to strangers.
      const session = await cookieSession(db, request);
      const settings = session
        ? {
            ...(await bootSettings(db)),
            publicAddress: Boolean(config.publicUrl),
            auth: {
              nonce: session.nonce,
              user: {
                id: session.user.id,
                email: session.user.email,
                name: session.user.name,
                role: session.user.role,
              },
            },
          }
        : {
            ...anonymousSettings,
            setupRequired: (await countUsers(db)) === 0,
            passwordReset:
              smtpUrl() && config.publicUrl ? ('email' as const) : ('command' as const),
          };
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(settings));
    });
  } else {
    app.get('/wp-admin/admin.php', open, async (_request, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The dashboard is not built yet: run `npm run build` (npm start does it for you).'),
    );
  }
  return app;
}
