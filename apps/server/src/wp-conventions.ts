import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { ApiError } from './errors';

/*
 * The WordPress REST conventions every route follows, in one place (README, "API"):
 * global parameters (`_fields`, `_envelope`, `_locale`, `_embed`, `_wpnonce`, `_method`;
 * `_jsonp` refused), method override, an empty JSON body read as `{}`, and `X-WP-Total` /
 * `X-WP-TotalPages` on every list. Unknown parameters are ignored by the schema validator
 * itself (`removeAdditional` in app.ts).
 *
 * Routes with a response schema are serialised by it (fast-json-stringify), which writes only
 * the properties the schema lists. A request whose answer these conventions reshape (`_fields`
 * trims it, `_envelope` wraps it, `_embed` asks for more) is written as plain JSON instead:
 * the reshaped body no longer matches the route's schema.
 */

/**
 * Route options naming the schema of a route's answer, for each success status it sends (200
 * unless given): Fastify serialises the answer with it. Checked against real answers by
 * test/admin-response-serialisation.test.ts.
 */
export function answers(schema: TSchema, ...statuses: number[]) {
  const codes = statuses.length > 0 ? statuses : [200];
  return { schema: { response: Object.fromEntries(codes.map((code) => [code, schema])) } };
}

/** Plain JSON serialisation, for answers that no longer match their route's response schema. */
export const plainJson = (body: unknown): string => JSON.stringify(body);

/** Methods a POST may be turned into (api-fetch's HTTP/1.0 middleware sends writes so). */
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/** The `_method` value of a raw URL's query, if any. */
function methodParam(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  return new URLSearchParams(url.slice(q + 1)).get('_method') ?? undefined;
}

/** `%XX` of a character RFC 3986 says means the same written plainly (unreserved), or `/`. */
const PLAIN_ESCAPE = /%(2[dDeEfF]|3\d|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;

/** The path with dot segments resolved and repeated slashes folded, as URL resolution removes dot segments. */
function resolvePath(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  const last = segments[segments.length - 1];
  const trailing = path.length > 1 && (last === '' || last === '.' || last === '..');
  return `/${out.join('/')}${trailing && out.length > 0 ? '/' : ''}`;
}

/**
 * The one spelling of a request's path that routing, and everything after it, sees: escapes
 * of plain characters and of `/` decoded (`/%77p-json` is `/wp-json`), dot segments resolved,
 * repeated slashes folded; and WordPress's `?rest_route=/route` on the site root read as
 * `/wp-json/route`, as WordPress reads it where pretty permalinks are off. The query is kept
 * as sent. Any other escape is left for the router to decode once.
 *
 * Who may call a route is decided on the route the router matched (auth/plugin.ts), never on
 * the URL; this makes the URL every log and hook sees say the same as that route.
 */
export function canonicalUrl(url: string): string {
  // The absolute form (`GET http://host/path`) names the same resource as its path.
  if (/^https?:\/\//i.test(url)) {
    try {
      const absolute = new URL(url);
      url = absolute.pathname + absolute.search;
    } catch {
      return url;
    }
  }
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  let query = q < 0 ? '' : url.slice(q);
  if (path.includes('%')) path = path.replace(PLAIN_ESCAPE, (e) => decodeURIComponent(e));
  if (path.includes('//') || path.includes('/.') || !path.startsWith('/')) path = resolvePath(path);
  if ((path === '/' || path === '/index.php') && query.includes('rest_route=')) {
    const params = new URLSearchParams(query.slice(1));
    const route = params.get('rest_route');
    if (route !== null) {
      params.delete('rest_route');
      const rest = params.toString();
      // The value arrives decoded: what a path cannot hold as it is, `%` included, is escaped
      // again, so that the router's one decoding gives back the value.
      const escaped = route.replace(/[^\w\-.~/!$&'()*+,;=:@]/g, (c) => encodeURIComponent(c));
      path = `/wp-json${resolvePath(`/${escaped}`)}`;
      query = rest === '' ? '' : `?${rest}`;
    }
  }
  return path + query;
}

/**
 * Fastify's `rewriteUrl` runs before routing, for real and injected requests alike: the URL is
 * made canonical ({@link canonicalUrl}), and a POST can still become the PUT, PATCH or DELETE
 * route it asks for with `X-HTTP-Method-Override` or `_method`.
 */
export function wpRewriteUrl(req: IncomingMessage): string {
  const url = canonicalUrl(req.url ?? '/');
  if (req.method !== 'POST') return url;
  const header = req.headers['x-http-method-override'];
  const wanted = (
    (Array.isArray(header) ? header[0] : header) ??
    methodParam(url) ??
    ''
  ).toUpperCase();
  if (OVERRIDABLE.has(wanted)) req.method = wanted;
  return url;
}

/** Field paths of `_fields` (comma list or repeated), each split at dots. */
export function parseFields(value: unknown): string[][] | undefined {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value.flat() : [value])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (items.length === 0) return undefined;
  return items.map((f) => f.split('.'));
}

/**
 * Keeps only the listed fields of an answer, as WordPress does: a list is filtered item by
 * item; `a.b` keeps `a` with only its `b`; `a` keeps all of `a`.
 */
export function filterFields(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((item) => filterFields(item, paths));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const byKey = new Map<string, string[][]>();
  for (const [head, ...rest] of paths) {
    if (head === undefined || !Object.hasOwn(record, head)) continue;
    const list = byKey.get(head) ?? [];
    list.push(rest);
    byKey.set(head, list);
  }
  const out: Record<string, unknown> = {};
  for (const [key, rests] of byKey) {
    // A bare `a` next to `a.b` asks for the whole of `a`.
    out[key] = rests.some((r) => r.length === 0)
      ? record[key]
      : filterFields(
          record[key],
          rests.filter((r) => r.length > 0),
        );
  }
  return out;
}

interface WpRequestState {
  fields?: string[][];
  envelope: boolean;
}

const states = new WeakMap<FastifyRequest, WpRequestState>();

function isFlag(value: unknown): boolean {
  return value !== undefined && value !== 'false' && value !== '0';
}

/** WordPress's envelope: the answer, its status and headers, always sent with a 200. */
function envelope(reply: FastifyReply, body: unknown) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || name === 'content-type' || name === 'content-length') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { body, status: reply.statusCode, headers };
}

/** Registers the conventions' hooks and the JSON body parser on the app. */
export function wpConventions(app: FastifyInstance): void {
  // Read the global parameters before validation: ajv removes the undeclared ones.
  app.addHook('onRequest', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (query._jsonp !== undefined) throw ApiError.of('rest_callback_disabled');
    const state = { fields: parseFields(query._fields), envelope: isFlag(query._envelope) };
    states.set(request, state);
    if (state.fields || state.envelope || query._embed !== undefined) {
      reply.serializer(plainJson);
    }
  });

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const state = states.get(request);
    let body = payload;
    if (reply.statusCode < 400) {
      // A list answered whole still says how long it is.
      if (Array.isArray(body) && !reply.hasHeader('x-wp-total')) {
        reply.header('X-WP-Total', String(body.length));
        reply.header('X-WP-TotalPages', body.length > 0 ? '1' : '0');
      }
      if (state?.fields) body = filterFields(body, state.fields);
    }
    if (state?.envelope) {
      body = envelope(reply, body);
      reply.code(200);
    }
    return body;
  });

  // An empty body sent as JSON is an empty object (WordPress reads it so).
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return json(request, text, done);
  });
}
