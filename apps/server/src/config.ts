import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/database';

/** Server configuration, read from the environment with working defaults. */
export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  smtpUrl: string | undefined;
  /** Folder of the built dashboard (apps/web/dist). */
  webRoot: string;
  /** Generate the demo store when the database has no orders. */
  demoWhenEmpty: boolean;
  /** Orders in a generated demo store. */
  demoOrders: number;
  /**
   * `STORELENS_PUBLIC_URL`: the address users reach the server at (e.g. behind a proxy).
   * Absolute links (export e-mails, Jetpack connect, webhooks) are built from it, never from
   * a request's Host header, and its host name is one the Host check accepts.
   */
  publicUrl?: string;
  /** `STORELENS_TRUST_PROXY`: whose X-Forwarded-* headers to believe (see {@link TrustProxy}). */
  trustProxy: TrustProxy;
  /** `STORELENS_ALLOWED_ORIGINS`: other sites' origins allowed to call the API (CORS). */
  allowedOrigins: string[];
  /** `STORELENS_ADMIN_EMAIL` / `_PASSWORD`: the first administrator, when no user exists. */
  admin?: { email: string; password: string };
  /** Longest one PostgreSQL statement may run (`STORELENS_STATEMENT_TIMEOUT_MS`). */
  statementTimeoutMs: number;
}

/**
 * Which proxies' `X-Forwarded-For` and `-Proto` to believe: none (`false`), the last `n` hops
 * (the proxy the connection comes from, and `n - 1` behind it), or the proxies at these
 * addresses and CIDR ranges (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). The
 * client's address is then the nearest one no trusted proxy wrote, so a client cannot choose it
 * by sending its own `X-Forwarded-For` (each try of the rate limits would be a new address).
 * `true` means one hop (tests, and older configurations).
 */
export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an address, an address/prefix or address/netmask, or a proxy-addr name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, range, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * `STORELENS_TRUST_PROXY`: unset, empty, `0`, `false` or `no` trust no proxy; a whole number the
 * hops; `true`/`yes` one hop; otherwise a comma-separated list of proxy addresses or ranges.
 */
export function readTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim();
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isProxyEntry(e));
  if (bad !== undefined)
    throw new ConfigError(
      `STORELENS_TRUST_PROXY must be a number of hops or a comma-separated list of proxy addresses or CIDR ranges, got "${bad}"`,
    );
  return entries;
}

/** A configuration error names the variable and what was wrong with it. */
export class ConfigError extends Error {}

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a whole number above 0, got "${text}"`);
  return n;
}

/**
 * An absolute http(s) URL without credentials, query, fragment or trailing slash, or a
 * ConfigError naming the variable.
 */
function httpUrl(text: string, name = 'STORELENS_PUBLIC_URL'): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${text}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password)
    throw new ConfigError(`${name} must be an http(s) URL without credentials, got "${text}"`);
  if (url.search || url.hash)
    throw new ConfigError(`${name} must not have a query or fragment, got "${text}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** `STORELENS_RECONCILE_MINUTES`: minutes between reconciliations of a connected shop. */
export function readReconcileMinutes(env: NodeJS.ProcessEnv = process.env): number {
  return positive('STORELENS_RECONCILE_MINUTES', env.STORELENS_RECONCILE_MINUTES, 10);
}

/** Reads the configuration from an environment object. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL || 'file:./data/storelens.sqlite';
  if (!/^(file:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError(
      `DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL), got "${databaseUrl}"`,
    );
  }
  const publicUrl = env.STORELENS_PUBLIC_URL ? httpUrl(env.STORELENS_PUBLIC_URL) : undefined;
  const allowedOrigins = (env.STORELENS_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => new URL(httpUrl(o, 'STORELENS_ALLOWED_ORIGINS')).origin);
  const adminEmail = env.STORELENS_ADMIN_EMAIL?.trim();
  const adminPassword = env.STORELENS_ADMIN_PASSWORD || undefined;
  if (Boolean(adminEmail) !== Boolean(adminPassword))
    throw new ConfigError('STORELENS_ADMIN_EMAIL and STORELENS_ADMIN_PASSWORD go together');
  if (adminPassword !== undefined && adminPassword.length < 8)
    throw new ConfigError('STORELENS_ADMIN_PASSWORD must be at least 8 characters long');
  return {
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    webRoot: resolve(env.STORELENS_WEB_ROOT || new URL('../../web/dist', import.meta.url).pathname),
    demoWhenEmpty: env.STORELENS_DEMO !== '0',
    demoOrders: positive('STORELENS_DEMO_ORDERS', env.STORELENS_DEMO_ORDERS, 20_000),
    ...(publicUrl ? { publicUrl } : {}),
    trustProxy: readTrustProxy(env.STORELENS_TRUST_PROXY),
    allowedOrigins,
    ...(adminEmail && adminPassword
      ? { admin: { email: adminEmail, password: adminPassword } }
      : {}),
    statementTimeoutMs: positive(
      'STORELENS_STATEMENT_TIMEOUT_MS',
      env.STORELENS_STATEMENT_TIMEOUT_MS,
      DEFAULT_STATEMENT_TIMEOUT_MS,
    ),
  };
}
