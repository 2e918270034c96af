import { signRequest } from './oauth';

/** What a shop connection needs to reach the shop. */
export interface ShopCredentials {
  /** The site's address, e.g. https://shop.example (no /wp-json). */
  url: string;
  key: string;
  secret: string;
}

/** Why a request to the shop failed for good. */
export type ShopErrorKind =
  | 'unreachable'
  | 'not_wordpress'
  | 'no_woocommerce'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'http'
  | 'bad_response';

export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A retry the client is about to make, for the connection's error log. */
export interface RetryNotice {
  path: string;
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface ClientOptions {
  /** Requests in flight at most (shared hosting answers a few at a time). */
  concurrency?: number;
  /** Tries per request before giving up. */
  attempts?: number;
  /** Time limit of one try. */
  timeoutMs?: number;
  /** First backoff; each retry doubles it, up to `maxDelayMs`, with full jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** 'auto': Basic over https, OAuth 1.0a over http (what WooCommerce accepts on each). */
  auth?: 'auto' | 'basic' | 'oauth' | 'query';
  onRetry?: (notice: RetryNotice) => void;
  random?: () => number;
}

export interface ShopResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A page of a collection, with the shop's totals from X-WP-Total / X-WP-TotalPages. */
export interface Page<T> {
  items: T[];
  total: number;
  totalPages: number;
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Seconds or an HTTP date, as Retry-After carries them; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Full-jitter exponential backoff: a random wait up to base·2^(attempt-1), capped. */
export function backoffMs(attempt: number, base: number, cap: number, random: () => number) {
  return Math.floor(random() * Math.min(cap, base * 2 ** (attempt - 1)));
}

/**
 * The shop's REST client: authentication, bounded concurrency, retries with backoff and
 * jitter on 429 (honouring Retry-After), 5xx gateway answers, timeouts and network errors.
 */
export class WooClient {
  private readonly opts: Required<Omit<ClientOptions, 'onRetry'>> & Pick<ClientOptions, 'onRetry'>;
  private active = 0;
  /** Some hosts drop the Authorization header: then the keys go in the query string. */
  private queryKeys = false;
  private readonly waiting: (() => void)[] = [];
  readonly site: string;

  constructor(
    readonly credentials: ShopCredentials,
    options: ClientOptions = {},
  ) {
    this.site = credentials.url.replace(/\/+$/, '');
    this.opts = {
      concurrency: 4,
      attempts: 6,
      timeoutMs: 30_000,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      auth: 'auto',
      random: Math.random,
      ...options,
    };
  }

  /** How many requests are in flight (tests check the bound). */
  get inFlight(): number {
    return this.active;
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.opts.concurrency)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /** The URL and headers of one try (OAuth signs each try with a fresh nonce). */
  private prepare(method: string, path: string, query: Record<string, string | number>) {
    const url = `${this.site}${path}`;
    const pairs = Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]);
    const { key, secret } = this.credentials;
    const mode =
      this.opts.auth === 'auto' ? (url.startsWith('https:') ? 'basic' : 'oauth') : this.opts.auth;
    const headers: Record<string, string> = { accept: 'application/json' };
    let sent = pairs;
    if (path.startsWith('/wp-json/wc/') || path.startsWith('/wp-json/wc-admin/')) {
      if (mode === 'basic' && this.queryKeys)
        sent = [...pairs, ['consumer_key', key], ['consumer_secret', secret]];
      else if (mode === 'basic')
        headers.authorization = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
      else if (mode === 'query')
        sent = [...pairs, ['consumer_key', key], ['consumer_secret', secret]];
      else sent = signRequest(method, url, pairs, key, secret);
    }
    const search = new URLSearchParams(sent).toString();
    return { url: search ? `${url}?${search}` : url, headers };
  }

  /** One request with retries; a non-retryable error answer is returned, not thrown. */
  async request<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | number>; body?: unknown } = {},
  ): Promise<ShopResponse<T>> {
    return this.slot(async () => {
      let lastReason = '';
      for (let attempt = 1; ; attempt++) {
        const { url, headers } = this.prepare(method, path, options.query ?? {});
        let retryAfter: number | undefined;
        try {
          const res = await fetch(url, {
            method,
            headers:
              options.body === undefined
                ? headers
                : { ...headers, 'content-type': 'application/json' },
            ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
            signal: AbortSignal.timeout(this.opts.timeoutMs),
            redirect: 'follow',
          });
          const text = await res.text();
          if (res.status === 401 && headers.authorization && !this.queryKeys) {
            // Refused with Basic auth: the host may have stripped the header before
            // WordPress saw it. WooCommerce accepts the keys as query parameters over https.
            this.queryKeys = true;
            attempt--;
            continue;
          }
          if (!RETRY_STATUSES.has(res.status)) {
            let body: unknown = text;
            try {
              body = text === '' ? null : JSON.parse(text);
            } catch {
              // Not JSON: kept as text, callers tell a non-WordPress answer by it.
            }
            return { status: res.status, headers: res.headers, body: body as T };
          }
          lastReason = `HTTP ${res.status}`;
          if (res.status === 429) retryAfter = retryAfterMs(res.headers.get('retry-after'));
        } catch (error) {
          const e = error as Error & { cause?: { code?: string } };
          lastReason =
            e.name === 'TimeoutError'
              ? `no answer within ${this.opts.timeoutMs / 1000} s`
              : (e.cause?.code ?? e.message);
        }
        if (attempt >= this.opts.attempts)
          throw new ShopError(
            'unreachable',
            `${method} ${path}: ${lastReason} (tried ${attempt} times)`,
          );
        const delayMs = Math.min(
          this.opts.maxDelayMs,
          retryAfter ??
            backoffMs(attempt, this.opts.baseDelayMs, this.opts.maxDelayMs, this.opts.random),
        );
        this.opts.onRetry?.({ path, attempt, delayMs, reason: lastReason });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    });
  }

  /** A GET under /wp-json/wc/v3 that must succeed. */
  async get<T = unknown>(resource: string, query: Record<string, string | number> = {}) {
    const res = await this.request<T>('GET', `/wp-json/wc/v3/${resource}`, { query });
    if (res.status >= 400) throw answerError(res, resource);
    return res;
  }

  /** One page of a collection, 100 records per page as WooCommerce allows at most. */
  async page<T>(
    resource: string,
    page: number,
    query: Record<string, string | number> = {},
  ): Promise<Page<T>> {
    const res = await this.get<T[]>(resource, { per_page: 100, ...query, page });
    if (!Array.isArray(res.body))
      throw new ShopError('bad_response', `${resource}: the shop did not answer a list`);
    return {
      items: res.body,
      total: Number(res.headers.get('x-wp-total') ?? res.body.length),
      totalPages: Number(res.headers.get('x-wp-totalpages') ?? 1),
    };
  }

  /** Every page of a collection: the first, then the rest with bounded concurrency. */
  async all<T>(resource: string, query: Record<string, string | number> = {}): Promise<T[]> {
    const first = await this.page<T>(resource, 1, query);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) =>
        this.page<T>(resource, i + 2, query),
      ),
    );
    return [...first.items, ...rest.flatMap((p) => p.items)];
  }
}

/** The error of a non-2xx answer, by WordPress's error codes. */
export function answerError(res: ShopResponse, what: string): ShopError {
  const body = res.body as { code?: string; message?: string } | null;
  const detail = body && typeof body === 'object' && body.message ? `: ${body.message}` : '';
  if (res.status === 401) return new ShopError('unauthorized', `${what}${detail}`, 401);
  if (res.status === 403) return new ShopError('forbidden', `${what}${detail}`, 403);
  if (res.status === 404) return new ShopError('not_found', `${what}${detail}`, 404);
  return new ShopError('http', `${what}: HTTP ${res.status}${detail}`, res.status);
}
