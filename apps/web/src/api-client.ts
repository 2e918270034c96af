import { type ApiFetch, ApiFetchError } from '@storelens/components/search';
import { type ApiClient, createApiClient, isApiError } from '@storelens/data';
import { currentNonce, sessionExpired } from './session';

/**
 * The dashboard's one REST client: same-origin `/wp-json`, the session's nonce as
 * `X-WP-Nonce` on every request (a cookie alone counts as signed out), and a 401 ends the
 * session in place.
 */
export const apiClient: ApiClient = createApiClient({
  baseUrl: '/wp-json',
  nonce: currentNonce,
  onUnauthorized: sessionExpired,
});

/**
 * The search widgets' fetcher (autocompleters, labels, lookups) on a REST client, so their
 * requests carry what every other request carries (the nonce above all); a failure becomes
 * the widgets' ApiFetchError with the status and WooCommerce code.
 */
export function clientApiFetch(client: ApiClient): ApiFetch {
  return async (path, init) => {
    try {
      return (await client.get(path, undefined, init?.signal)).data;
    } catch (error) {
      if (isApiError(error)) throw new ApiFetchError(error.status, error.code, error.message);
      throw error;
    }
  };
}

/** The fetcher of the signed-in session, given to every search widget (main.tsx). */
export const sessionApiFetch: ApiFetch = clientApiFetch(apiClient);
