import { type ApiFetch, ApiFetchError } from '@storelens/components';
import { currentNonce } from '../../session';

const field = (body: unknown, name: 'code' | 'message'): string | undefined => {
  const value: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * The search widgets' fetcher (autocompleters, labels, lookups): same-origin `/wp-json` with
 * the session's REST nonce, which the server asks of a signed-in request besides its cookie.
 */
export const sessionApiFetch: ApiFetch = async (path, init) => {
  const nonce = currentNonce();
  const response = await fetch(`/wp-json${path}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(nonce ? { 'X-WP-Nonce': nonce } : {}) },
    signal: init?.signal ?? null,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiFetchError(
      response.status,
      field(body, 'code'),
      field(body, 'message') ?? `Request failed with status ${response.status}`,
    );
  }
  return body;
};
