import { createContext, type ReactNode, useContext } from 'react';

/** Reads a REST path (e.g. `/wc-analytics/products?search=x`) and resolves to its JSON body. */
export type ApiFetch = (path: string, init?: { signal?: AbortSignal }) => Promise<unknown>;

/** A failed REST call: the HTTP status and the WooCommerce error code when the body had one. */
export class ApiFetchError extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** The error body's `code`, when it had one. */
  readonly code: string | undefined;

  constructor(status: number, code: string | undefined, message: string) {
    super(message);
    this.name = 'ApiFetchError';
    this.status = status;
    this.code = code;
  }
}

function errorField(body: unknown, field: 'code' | 'message'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = Reflect.get(body, field);
  return typeof value === 'string' ? value : undefined;
}

/**
 * The default fetcher: same-origin `fetch` of `/wp-json` + path, parsed as JSON. It sends no
 * `X-WP-Nonce`, so behind cookie auth its searches are anonymous: an app with a session gives
 * its own fetcher through ApiFetchProvider (the dashboard's carries the nonce, apps/web/src/api-client.ts).
 */
export const defaultApiFetch: ApiFetch = async (path, init) => {
  const response = await fetch(`/wp-json${path}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal: init?.signal ?? null,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiFetchError(
      response.status,
      errorField(body, 'code'),
      errorField(body, 'message') ?? `Request failed with status ${response.status}`,
    );
  }
  return body;
};

const ApiFetchContext = createContext<ApiFetch>(defaultApiFetch);

/** Props of ApiFetchProvider. */
export interface ApiFetchProviderProps {
  /** The fetcher every autocompleter below uses. */
  apiFetch: ApiFetch;
  /** The tree that uses it. */
  children?: ReactNode;
}

/** Supplies the REST fetcher to the search widgets below it (the app's client, or a fake). */
export function ApiFetchProvider({ apiFetch, children }: ApiFetchProviderProps): ReactNode {
  return <ApiFetchContext.Provider value={apiFetch}>{children}</ApiFetchContext.Provider>;
}

/** The REST fetcher from the nearest ApiFetchProvider, or the default one. */
export function useApiFetch(): ApiFetch {
  return useContext(ApiFetchContext);
}
