import { type ApiError, CLIENT_ERROR_CODES, clientError, errorFromResponse } from './api-error.ts';
import { addQueryArgs, type QueryArgs } from './query-string.ts';

/** HTTP methods the client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request: a path below the base URL (e.g. `/wc-analytics/reports/revenue/stats`). */
export interface ApiRequest {
  /** Path below the base URL, starting with `/`; may already carry a query string. */
  readonly path: string;
  /** HTTP method; GET by default. */
  readonly method?: HttpMethod;
  /** Query arguments appended to the path. */
  readonly query?: QueryArgs;
  /** JSON body; omitted when undefined. */
  readonly data?: unknown;
  /** Cancels the request; a cancelled request rejects with code `request_aborted`. */
  readonly signal?: AbortSignal;
}

/** A successful answer: the parsed body (null when empty) and the pagination headers. */
export interface ApiResponse<T> {
  /** Parsed JSON body; null when the body was empty. */
  readonly data: T;
  /** `X-WP-Total`, or null when absent or not an integer. */
  readonly total: number | null;
  /** `X-WP-TotalPages`, or null when absent or not an integer. */
  readonly totalPages: number | null;
  /** HTTP status. */
  readonly status: number;
}

/** Returns extra headers (e.g. authentication) for each request. */
export type HeadersHook = (
  request: ApiRequest,
) => Record<string, string> | Promise<Record<string, string>>;

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Base URL every path is appended to; `/wp-json` by default. */
  readonly baseUrl?: string;
  /** Adds headers to each request (authentication, nonces). */
  readonly headers?: HeadersHook;
  /** The fetch implementation; `globalThis.fetch` by default. */
  readonly fetch?: typeof fetch;
  /**
   * The REST nonce of a cookie session, sent as `X-WP-Nonce` with every request (WordPress
   * treats a cookie without it as anonymous). A function is read at each request, so a nonce
   * renewed after a password change is picked up.
   */
  readonly nonce?: string | (() => string | undefined);
  /** Called with each 401 answer (the dashboard sends the user to its login page). */
  readonly onUnauthorized?: (error: ApiError) => void;
}

/** The REST client. Every failure rejects with an ApiError value, never anything else. */
export interface ApiClient {
  /** Sends a request. */
  request<T = unknown>(request: ApiRequest): Promise<ApiResponse<T>>;
  /** GET shortcut. */
  get<T = unknown>(path: string, query?: QueryArgs, signal?: AbortSignal): Promise<ApiResponse<T>>;
  /** POST shortcut with a JSON body. */
  post<T = unknown>(path: string, data?: unknown, query?: QueryArgs): Promise<ApiResponse<T>>;
  /** PUT shortcut with a JSON body. */
  put<T = unknown>(path: string, data?: unknown, query?: QueryArgs): Promise<ApiResponse<T>>;
  /** DELETE shortcut. */
  delete<T = unknown>(path: string, data?: unknown, query?: QueryArgs): Promise<ApiResponse<T>>;
}

/** The default base URL of the REST API. */
export const DEFAULT_BASE_URL = '/wp-json';

function headerInt(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  return Number.parseInt(raw, 10);
}

function transportError(signal: AbortSignal | undefined): ApiError {
  if (signal?.aborted) {
    return clientError(CLIENT_ERROR_CODES.aborted);
  }
  return clientError(CLIENT_ERROR_CODES.network);
}

/** Creates a fetch-based REST client. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const headersHook = options.headers;

  async function request<T>(req: ApiRequest): Promise<ApiResponse<T>> {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const path = req.path.startsWith('/') ? req.path : `/${req.path}`;
    const url = `${base}${addQueryArgs(path, req.query)}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (req.data !== undefined) headers['Content-Type'] = 'application/json';
    const nonce = typeof options.nonce === 'function' ? options.nonce() : options.nonce;
    if (nonce) headers['X-WP-Nonce'] = nonce;
    if (headersHook) Object.assign(headers, await headersHook(req));

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, {
        method: req.method ?? 'GET',
        headers,
        body: req.data === undefined ? undefined : JSON.stringify(req.data),
        signal: req.signal,
        credentials: 'same-origin',
      });
      text = await response.text();
    } catch {
      throw transportError(req.signal);
    }

    let body: unknown = null;
    let parsed = true;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        parsed = false;
      }
    }
    if (!response.ok) {
      const error = errorFromResponse(parsed ? body : null, response.status);
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    if (!parsed) {
      throw clientError(CLIENT_ERROR_CODES.invalidJson, response.status);
    }
    return {
      data: body as T,
      total: headerInt(response.headers, 'X-WP-Total'),
      totalPages: headerInt(response.headers, 'X-WP-TotalPages'),
      status: response.status,
    };
  }

  return {
    request,
    get: (path, query, signal) => request({ path, query, signal }),
    post: (path, data, query) => request({ path, method: 'POST', data, query }),
    put: (path, data, query) => request({ path, method: 'PUT', data, query }),
    delete: (path, data, query) => request({ path, method: 'DELETE', data, query }),
  };
}
