import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Ajv } from 'ajv';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { adminRoutes } from './admin';
import type { Config } from './config';
import type { Db } from './db/database';
import { ApiError } from './errors';
import { analyticsRoutes } from './routes/analytics';
import { isIsoDateTime } from './routes/dates';
import { parseQuery, type QueryValue, splitCommaLists } from './routes/querystring';
import { revenueRoutes } from './routes/revenue';
import { bootSettings, dashboardPage } from './web';

/** The dashboard's address inside the admin. */
export const DASHBOARD_PATH = '/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Frevenue';

/**
 * Query strings: `a[]=1&a[]=2` and repeated keys become arrays; `a[0]=x` too. Comma lists are
 * split later, only for parameters the route's schema declares as arrays.
 */
export function parseQueryString(text: string): Record<string, QueryValue> {
  return parseQuery(text);
}

/** Our ajv formats: `storelens-date-time` accepts ISO-8601 dates with real calendar days. */
function addFormats(ajv: Ajv): Ajv {
  return ajv.addFormat('storelens-date-time', isIsoDateTime);
}

/** The values an enum-like schema (a union of constants) allows, if it is one. */
function allowedValues(schema: unknown): string[] | undefined {
  const s = schema as { anyOf?: { const?: unknown }[]; items?: unknown } | undefined;
  if (s?.anyOf?.every((o) => o.const !== undefined)) return s.anyOf.map((o) => String(o.const));
  if (s?.items) return allowedValues(s.items);
  return undefined;
}

/** A sentence for one invalid parameter. */
function describeInvalid(
  name: string,
  keyword: string,
  message: string | undefined,
  schema: unknown,
): string {
  const allowed = allowedValues(schema);
  if (allowed && (keyword === 'const' || keyword === 'anyOf' || keyword === 'enum')) {
    return `${name} is not one of ${allowed.join(', ')}.`;
  }
  if (keyword === 'format')
    return `${name} must be an ISO-8601 date or date-time, e.g. 2024-05-01T00:00:00.`;
  if (keyword === 'type') return `${name} ${message ?? 'has the wrong type'}.`;
  return `${name} ${message ?? 'is invalid'}.`;
}

/** Builds the HTTP app on an open database. */
export async function buildApp(db: Db, config: Pick<Config, 'webRoot'>): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    bodyLimit: 5 * 1024 * 1024,
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: false,
        allErrors: true,
        useDefaults: false,
      },
      plugins: [addFormats],
    },
  });

  // Comma lists for array parameters: 'a,b,c' and a[]=a&a[]=b mean the same.
  app.addHook('preValidation', async (request) => {
    splitCommaLists(
      request.routeOptions.schema?.querystring as Parameters<typeof splitCommaLists>[0],
      request.query as Record<string, unknown> | undefined,
    );
  });

  // ajv's number checks let Infinity through, and its coercion makes one from a one-element
  // array such as `page[]=1e309` (the plain `page=1e309` is refused). No parameter means an
  // infinite number, and SQL refuses one (a 500): refuse it here, for every route.
  app.addHook('preHandler', async (request) => {
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'number' && !Number.isFinite(v)))
        params[name] = `${name} must be a finite number.`;
    }
    if (Object.keys(params).length) throw ApiError.invalidParams(params);
  });

  // The single authentication hook every route passes; the login issue fills it. Until then
  // the server listens on loopback only by default.
  app.addHook('onRequest', async () => {});

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(error.toBody());
    if (error.validation) {
      const schema = request.routeOptions.schema?.[
        error.validationContext === 'body' ? 'body' : 'querystring'
      ] as { properties?: Record<string, unknown> } | undefined;
      const params: Record<string, string> = {};
      for (const v of error.validation) {
        const p = v.params as Record<string, unknown>;
        const name =
          (p.additionalProperty as string | undefined) ??
          (p.missingProperty as string | undefined) ??
          v.instancePath.split('/')[1] ??
          'body';
        if (params[name]) continue;
        params[name] =
          p.additionalProperty !== undefined
            ? `${name} is not a known parameter.`
            : p.missingProperty !== undefined
              ? `${name} is required.`
              : describeInvalid(name, v.keyword, v.message, schema?.properties?.[name]);
      }
      return reply.status(400).send(ApiError.invalidParams(params).toBody());
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.statusCode === 400) {
      return reply.status(400).send(ApiError.of('rest_invalid_json').toBody());
    }
    if (error.statusCode === 413)
      return reply.status(413).send(ApiError.of('rest_payload_too_large').toBody());
    app.log.error(error);
    console.error(error);
    return reply.status(500).send(ApiError.of('storelens_internal_error').toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/wp-json')) {
      return reply.status(404).send(ApiError.of('rest_no_route').toBody());
    }
    return reply.status(404).type('text/plain').send('Not found');
  });

  revenueRoutes(app, db);
  analyticsRoutes(app, db);
  adminRoutes(app, db);

  app.get('/', async (_request, reply) => reply.redirect(DASHBOARD_PATH));
  if (existsSync(join(config.webRoot, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.webRoot, prefix: '/wp-admin/', index: false });
    const page = dashboardPage(config.webRoot);
    app.get('/wp-admin/admin.php', async (_request, reply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page(await bootSettings(db))),
    );
  } else {
    app.get('/wp-admin/admin.php', async (_request, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The dashboard is not built yet: run `npm run build` (npm start does it for you).'),
    );
  }
  return app;
}
