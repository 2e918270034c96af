import { hostname, networkInterfaces } from 'node:os';
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { requireDeclaredAccess } from './capability';
import { authError } from './errors';
import { can, type Role } from './roles';
import { sameSecret } from './secrets';
import {
  authNow,
  clearBackoff,
  countFailure,
  pairKey,
  throttleState,
  tooManyAttempts,
} from './throttle';
import { checkApplicationPassword, findSession, SESSION_MS, type User } from './users';

/** The signed-in user of a request, and how it proved who it is. */
export interface AuthUser {
  id: number;
  role: Role;
  via: 'cookie' | 'application-password';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook; undefined for anonymous requests. */
    authUser?: AuthUser;
  }
}

export const SESSION_COOKIE = 'storelens_session';

/** How the server is reached; from the configuration (config.ts). */
export interface AuthOptions {
  /** Host names (no port) the server answers for; undefined accepts any (tests only). */
  allowedHosts?: ReadonlySet<string>;
  /** Origins allowed to call the API from another site (CORS); none by default. */
  allowedOrigins?: readonly string[];
  /** The public URL is https: cookies are always Secure. */
  httpsOnly?: boolean;
}

/** The client's address key for rate limits. */
export const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;

/** The session cookie's token, if the request carries one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[SESSION_COOKIE] || undefined;
}

/** The user of the session cookie (no nonce check: for the page, not the API). */
export async function cookieSession(db: Db, request: FastifyRequest) {
  const token = sessionToken(request);
  if (!token) return undefined;
  return findSession(db, token);
}

function isSecure(request: FastifyRequest, options: AuthOptions): boolean {
  return options.httpsOnly === true || request.protocol === 'https';
}

/** Sets (or, with no token, clears) the session cookie. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  options: AuthOptions,
  token: string | undefined,
): void {
  reply.header(
    'Set-Cookie',
    serializeCookie(SESSION_COOKIE, token ?? '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(request, options),
      path: '/',
      maxAge: token ? SESSION_MS / 1000 : 0,
    }),
  );
}

/** The host name of a Host header, without port or IPv6 brackets, lower-cased. */
export function hostName(header: string | undefined): string {
  if (!header) return '';
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  return h.replace(/:\d*$/, '');
}

/** The Content-Security-Policy of every answer: no inline or foreign script, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React and the chart set element styles; no stylesheet or script comes from elsewhere.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The user of an `Authorization: Basic email:application-password` header. A throttled
 * address, or this account from this address, is refused before the key is looked at (429 with
 * Retry-After); a failure is counted after the check, which costs one indexed lookup and one
 * SHA-256 (throttle.ts says why not before), so a key request that succeeds writes nothing.
 */
async function basicUser(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  header: string,
): Promise<User> {
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const email = colon < 0 ? decoded : decoded.slice(0, colon);
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  const keys = { address: addressKey(request), pair: pairKey('key', email, request.ip) };
  const now = authNow(db);
  const state = await throttleState(db, keys, now);
  if (state.waitMs > 0) tooManyAttempts(reply, state.waitMs);
  const user = await checkApplicationPassword(db, email, password, now);
  if (!user) {
    await countFailure(db, keys, now);
    throw authError('incorrect_password');
  }
  if (state.pairFailed) await clearBackoff(db, keys.pair);
  return user;
}

/**
 * Installs, on the whole app: the capability declaration check (`onRoute`), the Host check
 * against DNS rebinding, CORS only for configured origins, the security headers, and the one
 * authentication and authorisation hook every `/wp-json/` request passes.
 */
export function installAuth(app: FastifyInstance, db: Db, options: AuthOptions): void {
  requireDeclaredAccess(app);
  app.decorateRequest('authUser', undefined);
  const origins = new Set(options.allowedOrigins ?? []);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    // API answers are per user: no shared cache keeps them, unless a route says otherwise.
    if (isApiRoute(request) && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'private, no-store');
    return payload;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (options.allowedHosts && !options.allowedHosts.has(hostName(request.headers.host)))
      throw authError('storelens_invalid_host');

    const origin = request.headers.origin;
    if (origin && origins.has(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
      reply.header('Access-Control-Expose-Headers', 'X-WP-Total, X-WP-TotalPages, Link');
      reply.header('Vary', 'Origin');
      if (request.method === 'OPTIONS') {
        return reply
          .status(204)
          .header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
          .header(
            'Access-Control-Allow-Headers',
            'Authorization, Content-Type, X-WP-Nonce, Mcp-Protocol-Version, Mcp-Session-Id',
          )
          .header('Access-Control-Max-Age', '600')
          .send();
      }
    }

    // A browser names the page that sent a write: another site's page gets nothing, whatever
    // the route (the public ones too: login, setup, links) and whatever the cookie says.
    if (
      origin &&
      !SAFE_METHODS.has(request.method) &&
      !origins.has(origin) &&
      !isOwnOrigin(origin, options.allowedHosts)
    )
      throw authError('storelens_cross_origin');

    // Decided on the route the router matched, never on the URL: the router reads `/%77p-json`
    // as `/wp-json` and a check of the URL would not. No route: the not-found handler answers.
    if (request.is404) return;
    const capability = request.routeOptions.config?.capability;
    // Every route declares its access at registration (requireDeclaredAccess); one that
    // somehow does not is refused rather than served.
    if (capability === undefined) throw authError('rest_forbidden');

    request.authUser = await authenticate(request, reply);
    if (capability === 'public') return;
    if (!request.authUser) throw authError('rest_not_logged_in');
    if (!can(request.authUser.role, capability)) throw authError('rest_forbidden');
  });

  /** Who the request's credentials name: undefined for none (and for a cookie without nonce). */
  async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<AuthUser | undefined> {
    const authorization = request.headers.authorization;
    if (authorization?.toLowerCase().startsWith('basic ')) {
      const user = await basicUser(db, request, reply, authorization);
      return { id: user.id, role: user.role, via: 'application-password' };
    }
    const query = request.query as Record<string, unknown> | undefined;
    const sent = request.headers['x-wp-nonce'] ?? query?._wpnonce;
    const nonce = Array.isArray(sent) ? sent[0] : sent;
    // Read here, and not a parameter of any route (whose schema may refuse unknown ones).
    if (query) delete query._wpnonce;
    // WordPress's rule: a cookie without a nonce is anonymous (so a cross-site form or link,
    // which cannot know the nonce, acts as nobody), and is not even looked up; a wrong nonce
    // is refused.
    if (typeof nonce !== 'string' || nonce === '') return undefined;
    const session = await cookieSession(db, request);
    if (!session) return undefined;
    if (!sameSecret(nonce, session.nonce)) throw authError('rest_cookie_invalid_nonce');
    return { id: session.user.id, role: session.user.role, via: 'cookie' };
  }
}

/** Whether the request matched a REST route (by the route's pattern, not the URL sent). */
const isApiRoute = (request: FastifyRequest) =>
  request.routeOptions.url?.startsWith('/wp-json/') === true;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether an Origin header names this server (one of its host names). */
function isOwnOrigin(origin: string, hosts: ReadonlySet<string> | undefined): boolean {
  if (!hosts) return true;
  try {
    return hosts.has(hostName(new URL(origin).host));
  } catch {
    return false;
  }
}

/**
 * The host names the server answers for, against DNS rebinding (a foreign name resolving to
 * this machine): the public URL's, the loopback names, and, when listening on every
 * interface, the machine's own addresses and name; on one address, that address.
 */
export function allowedHostsOf(listenHost: string, publicUrl?: string): Set<string> {
  const hosts = new Set<string>(LOOPBACK_NAMES);
  if (publicUrl) hosts.add(hostName(new URL(publicUrl).host));
  const listen = hostName(listenHost);
  if (listen === '0.0.0.0' || listen === '::' || listen === '') {
    for (const list of Object.values(networkInterfaces()))
      for (const address of list ?? []) hosts.add(address.address.toLowerCase());
    hosts.add(hostname().toLowerCase());
  } else {
    hosts.add(listen);
  }
  return hosts;
}
