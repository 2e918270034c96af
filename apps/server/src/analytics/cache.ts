/*
 * The report cache (docs/architecture.md, "Caches"): results keyed by the report and its normalised
 * query (plus the store settings the answer depends on), dropped when a batch is ingested, when
 * settings are saved or analytics data deleted (the store's events, followed by
 * `dropReportCacheOnChanges`), or by `invalidateReportCache()`,
 * bypassed for reading by `force_cache_refresh` while still written. Entries live a day; the cache
 * holds at most MAX_ENTRIES per store, oldest first out.
 */
import type { Db } from '../db/database';
import { mapOf } from '../owned-maps';

const TTL_MS = 86_400_000;
const MAX_ENTRIES = 500;

interface Entry {
  value: unknown;
  version: number;
  expires: number;
}

let version = 1;
/** When the report data last changed, as this process knows it (its start until then). */
let changedAtMs = Date.now();
const caches = new WeakMap<Db, Map<string, Entry>>();

/** The map `owner` holds in `maps`, made on first use. */
/**
 * Stores whose cache cannot be trusted: on PostgreSQL, while this process is not listening
 * to the other processes' change notices (db/changes.ts), a change made elsewhere would go
 * unseen, so reports are computed afresh.
 */
const untrusted = new WeakSet<Db>();

/** Marks a store's cache as trusted or not (see `untrusted`). */
export function trustReportCache(db: Db, trusted: boolean): void {
  if (trusted) untrusted.delete(db);
  else untrusted.add(db);
}

/** Drops every cached report (all stores): bumps the cache version. */
export function invalidateReportCache(): void {
  version = (version % 99_999) + 1;
  changedAtMs = Date.now();
}

/**
 * When the report data last changed, in epoch ms: an ingested batch, saved settings, deleted
 * data, or (on PostgreSQL) another process's notice of one. The dashboard follows it
 * (routes/freshness.ts).
 */
export function lastReportChangeMs(): number {
  return changedAtMs;
}

/**
 * Drops the report cache on every change of `db`'s report data: an ingested batch, a settings
 * batch (always, as WooCommerce does) and deleted analytics data. Called by the app serving
 * `db`; returns the function that stops following it.
 */
export function dropReportCacheOnChanges(db: Pick<Db, 'events'>): () => void {
  const drop = () => invalidateReportCache();
  const unsubscribe = [
    db.events.on('ingested', drop),
    db.events.on('settingsChanged', drop),
    db.events.on('analyticsDataDeleted', drop),
  ];
  return () => {
    for (const off of unsubscribe) off();
  };
}

/** The current cache version (for `debug_cache`). */
export function reportCacheVersion(): number {
  return version;
}

/** Sorts object keys and list items so equal queries give one key. */
export function normaliseQuery(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normaliseQuery);
    return items.every((i) => typeof i !== 'object')
      ? [...items].sort((a, b) => String(a).localeCompare(String(b)))
      : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(
          ([k, v]) =>
            v !== undefined &&
            k !== 'force_cache_refresh' &&
            k !== 'debug_cache' &&
            k !== '_locale',
        )
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, normaliseQuery(v)]),
    );
  }
  return value;
}

/** The cache key of a report request. */
export function cacheKey(report: string, query: unknown, settings: unknown): string {
  return `${report}:${JSON.stringify(normaliseQuery(query))}:${JSON.stringify(settings)}`;
}

/** A computation under way, by cache key: requests for the same answer wait for it. */
interface Flight {
  version: number;
  promise: Promise<unknown>;
}
const flights = new WeakMap<Map<string, Entry>, Map<string, Flight>>();

/**
 * Runs `compute` once for concurrent requests of one answer (same cache, key and version):
 * when many clients ask for the same report at once, after the cache was dropped or when the
 * server starts, each would compute it on a connection of its own, and the rest would queue
 * behind them (at 10,000,000 orders 200 clients waited up to 7 s for five reports). A request
 * that comes after the data changed (a newer version) computes afresh, and `refresh` always
 * does. `shared` tells whether the answer came from another request's computation.
 */
async function once<T>(
  cache: Map<string, Entry>,
  key: string,
  join: boolean,
  compute: () => Promise<T>,
): Promise<{ value: T; shared: boolean }> {
  const running = mapOf(flights, cache);
  const flight = running.get(key);
  if (join && flight && flight.version === version)
    return { value: (await flight.promise) as T, shared: true };
  const promise = compute();
  const mine = { version, promise };
  running.set(key, mine);
  try {
    return { value: await promise, shared: false };
  } finally {
    if (running.get(key) === mine) running.delete(key);
  }
}

/** Returns the cached value or computes, stores and returns it. */
export async function cached<T>(
  db: Db,
  key: string,
  options: { refresh: boolean; now?: number },
  compute: () => Promise<T>,
): Promise<{ value: T; hit: boolean }> {
  const cache = mapOf(caches, db);
  const now = options.now ?? Date.now();
  const entry = cache.get(key);
  if (
    !options.refresh &&
    !untrusted.has(db) &&
    entry &&
    entry.version === version &&
    entry.expires > now
  ) {
    return { value: entry.value as T, hit: true };
  }
  const started = version;
  // Joining is trusted as far as the cache is: not while other processes' changes go unseen.
  const { value, shared } = await once(cache, key, !options.refresh && !untrusted.has(db), compute);
  if (shared) return { value, hit: true };
  // A batch ingested while computing makes this answer stale: do not store it.
  if (started === version) {
    cache.delete(key);
    cache.set(key, { value, version, expires: now + TTL_MS });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return { value, hit: false };
}

/** Unpaged stats answers: few (a paged request's pages follow each other within seconds). */
const MAX_ALL_PAGES = 32;
const allPagesCaches = new WeakMap<Db, Map<string, Entry>>();

/**
 * Every page of a stats answer, kept so that the next pages of a paged request (the client
 * asks for page 1, then the others) slice the same computation instead of repeating it.
 * Dropped with the report cache (same version). `refresh` recomputes; `keep` says whether an
 * answer is worth keeping (one that fits on one page is not).
 */
export async function cachedAllPages<T>(
  db: Db,
  key: string,
  options: { refresh: boolean; keep: (value: T) => boolean; now?: number },
  compute: () => Promise<T>,
): Promise<{ value: T; hit: boolean }> {
  const cache = mapOf(allPagesCaches, db);
  const now = options.now ?? Date.now();
  const entry = cache.get(key);
  if (!options.refresh && entry && entry.version === version && entry.expires > now) {
    return { value: entry.value as T, hit: true };
  }
  const started = version;
  const { value, shared } = await once(cache, key, !options.refresh, compute);
  if (shared) return { value, hit: true };
  cache.delete(key);
  if (started === version && options.keep(value)) {
    cache.set(key, { value, version, expires: now + TTL_MS });
    if (cache.size > MAX_ALL_PAGES) cache.delete(cache.keys().next().value!);
  }
  return { value, hit: false };
}
