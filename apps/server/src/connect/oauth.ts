import { createHmac, randomBytes } from 'node:crypto';

/**
 * OAuth 1.0a one-legged request signing, as WooCommerce demands for REST requests over plain
 * http (it refuses Basic auth and query-string keys there): the consumer key and a timestamp,
 * nonce and signature travel in the query string, signed with HMAC-SHA256 under the key
 * `consumer_secret&` (no token secret in one-legged OAuth).
 */

/** RFC 3986 percent-encoding (encodeURIComponent leaves !'()* as they are). */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The signature base string: method, the URL without query, and every parameter (query and
 * oauth_*) encoded, sorted by name then value, joined as name=value&… and encoded again.
 */
export function oauthBaseString(
  method: string,
  url: string,
  params: readonly (readonly [string, string])[],
): string {
  const u = new URL(url);
  // URL drops a scheme's default port, as the base string wants.
  const base = `${u.protocol}//${u.host.toLowerCase()}${u.pathname}`;
  const pairs = params
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const normalized = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  return [method.toUpperCase(), percentEncode(base), percentEncode(normalized)].join('&');
}

/** Base64 HMAC-SHA256 of a base string under `consumer_secret&`. */
export function oauthSignature(baseString: string, consumerSecret: string): string {
  return createHmac('sha256', `${percentEncode(consumerSecret)}&`)
    .update(baseString)
    .digest('base64');
}

/**
 * Signs a request: returns the query parameters to send (the request's own plus the oauth_*
 * ones and the signature).
 */
export function signRequest(
  method: string,
  url: string,
  query: readonly (readonly [string, string])[],
  consumerKey: string,
  consumerSecret: string,
  now = Date.now(),
  nonce = randomBytes(16).toString('hex'),
): [string, string][] {
  const params: [string, string][] = [
    ...query.map(([k, v]) => [k, v] as [string, string]),
    ['oauth_consumer_key', consumerKey],
    ['oauth_nonce', nonce],
    ['oauth_signature_method', 'HMAC-SHA256'],
    ['oauth_timestamp', String(Math.floor(now / 1000))],
  ];
  const signature = oauthSignature(oauthBaseString(method, url, params), consumerSecret);
  return [...params, ['oauth_signature', signature]];
}
