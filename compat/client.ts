import type { APIFetchMiddleware } from '@wordpress/api-fetch';
import apiFetch from '@wordpress/api-fetch';
import { dispatch } from '@wordpress/data';

/*
 * The one place where WooCommerce's published client (@woocommerce/data on @wordpress/api-fetch
 * and @wordpress/data) is pointed at a Storelens server. Every request api-fetch makes goes
 * through `storelensMiddleware`, which adds the signed-in session's headers (`authHeaders`).
 */

/** The server the client talks to (a suite per engine points it at its own server). */
let current: { root: string; log: string[] } | undefined;

/** Headers every request carries: the signed-in session's (cookie and REST nonce). */
let authHeaders: Record<string, string> = {};

/**
 * Sends every request to the current server's `/wp-json/` (api-fetch's paths are relative to
 * it), with the auth headers, and keeps a log of the requests for the suite.
 */
const storelensMiddleware: APIFetchMiddleware = (options, next) => {
  if (!current) throw new Error('connectClient() was not called');
  const path = (options.path ?? '').replace(/^\//, '');
  const url = options.url ?? `${current.root}${path}`;
  current.log.push(`${options.method ?? 'GET'} ${url.replace(current.root, '/')}`);
  return next({
    ...options,
    url,
    path: undefined,
    headers: { ...options.headers, ...authHeaders },
  });
};

let installed = false;

/**
 * Points the client at `origin` (e.g. `http://127.0.0.1:40123`), signed in with `headers`
 * (a session's cookie and nonce), and returns the request log. The client reads the current
 * user and its capabilities itself, from `/wp/v2/users/me`.
 */
export function connectClient(
  origin: string,
  headers: Record<string, string>,
): { requests: string[] } {
  current = { root: `${origin}/wp-json/`, log: [] };
  authHeaders = headers;
  (globalThis as unknown as { wcSettings: unknown }).wcSettings = {
    adminUrl: `${origin}/wp-admin/`,
  };
  if (!installed) {
    apiFetch.use(storelensMiddleware);
    installed = true;
  }
  return { requests: current.log };
}

/**
 * Forgets everything the client's stores resolved, so that a suite on the next engine reads
 * its own server instead of the previous one's answers.
 */
export function forgetResolutions(storeNames: readonly string[]): void {
  for (const name of storeNames) {
    const actions = dispatch(name) as unknown as { invalidateResolutionForStore?: () => void };
    actions.invalidateResolutionForStore?.();
  }
}
