import { type ApiError, clientError, toApiError } from '../../client/api-error.ts';
import type { ApiClient } from '../../client/client.ts';
import { NAMESPACES } from '../../core/paths.ts';

/** Option reads in the same tick wait this long, then go as one request. */
export const OPTIONS_BATCH_WAIT_MS = 1;
/**
 * How long an identical batch answer is reused (cached briefly so repeated reads do not refetch).
 */
export const OPTIONS_BATCH_CACHE_MS = 1000;

/** Batches option reads into one `GET /wc-admin/options?options=a,b,c`. */
export interface OptionsLoader {
  /** Resolves with the option's value; rejects with the batch's ApiError. */
  load(name: string): Promise<unknown>;
  /** Forgets cached batches that hold any of these names (all when omitted). */
  invalidate(names?: readonly string[]): void;
}

interface Waiter {
  readonly name: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: ApiError) => void;
}

interface CachedBatch {
  readonly names: readonly string[];
  readonly promise: Promise<Readonly<Record<string, unknown>>>;
  expires: number;
}

/** Options of `createOptionsLoader`. */
export interface OptionsLoaderOptions {
  readonly client: ApiClient;
  readonly waitMs?: number;
  readonly cacheMs?: number;
  readonly now?: () => number;
}

/**
 * Creates a batching loader. State lives in the instance (one per store), every waiting
 * caller is settled when its batch settles — a failed batch rejects them all.
 */
export function createOptionsLoader(options: OptionsLoaderOptions): OptionsLoader {
  const waitMs = options.waitMs ?? OPTIONS_BATCH_WAIT_MS;
  const cacheMs = options.cacheMs ?? OPTIONS_BATCH_CACHE_MS;
  const now = options.now ?? Date.now;
  let waiting: Waiter[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cache = new Map<string, CachedBatch>();
  const inflight = new Map<string, Promise<unknown>>();

  function request(names: readonly string[]): Promise<Readonly<Record<string, unknown>>> {
    const key = names.join(',');
    const cached = cache.get(key);
    if (cached && cached.expires > now()) return cached.promise;
    const promise = options.client
      .get<unknown>(`${NAMESPACES.admin}/options`, { options: key })
      .then((response) => {
        const body = response.data;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          throw clientError('invalid_options_response', response.status);
        }
        return body as Readonly<Record<string, unknown>>;
      });
    const entry: CachedBatch = { names, promise, expires: Number.POSITIVE_INFINITY };
    cache.set(key, entry);
    promise.then(
      () => {
        entry.expires = now() + cacheMs;
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return promise;
  }

  function flush(): void {
    const batch = waiting;
    waiting = [];
    timer = null;
    const names = [...new Set(batch.map((w) => w.name))].sort();
    request(names).then(
      (values) => {
        for (const w of batch) w.resolve(values[w.name]);
      },
      (thrown: unknown) => {
        const error = toApiError(thrown);
        for (const w of batch) w.reject(error);
      },
    );
  }

  return {
    load(name) {
      const current = inflight.get(name);
      if (current) return current;
      const promise = new Promise<unknown>((resolve, reject) => {
        waiting.push({ name, resolve, reject });
        if (timer === null) timer = setTimeout(flush, waitMs);
      });
      inflight.set(name, promise);
      const forget = () => {
        if (inflight.get(name) === promise) inflight.delete(name);
      };
      promise.then(forget, forget);
      return promise;
    },
    invalidate(names) {
      for (const [key, entry] of cache) {
        if (!names || entry.names.some((n) => names.includes(n))) cache.delete(key);
      }
    },
  };
}
