import { describe, expect, it } from 'vitest';
import {
  cached,
  cachedAllPages,
  invalidateReportCache,
  trustReportCache,
} from '../src/analytics/cache';
import type { Db } from '../src/db/database';

/*
 * Concurrent requests for one report share one computation: a burst of clients after the
 * cache was dropped would otherwise compute the same answer once each, on as many connections.
 */

/** Computations that end when told to (every one started so far), counting the starts. */
function gate<T>(value: T) {
  const waiting: { resolve: (v: T) => void; reject: (e: Error) => void }[] = [];
  let starts = 0;
  const compute = () => {
    starts++;
    return new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
    });
  };
  return {
    compute,
    starts: () => starts,
    open: () => {
      for (const w of waiting.splice(0)) w.resolve(value);
    },
    fail: (error: Error) => {
      for (const w of waiting.splice(0)) w.reject(error);
    },
  };
}

const store = () => ({}) as Db;

describe('the report cache computes an answer once for concurrent requests', () => {
  it('lets a second request for the same answer wait for the first computation', async () => {
    const db = store();
    const g = gate({ rows: [1, 2, 3] });
    const first = cached(db, 'orders:a', { refresh: false }, g.compute);
    const second = cached(db, 'orders:a', { refresh: false }, g.compute);
    await Promise.resolve();
    g.open();
    const [a, b] = await Promise.all([first, second]);
    expect(g.starts()).toBe(1);
    expect(a).toEqual({ value: { rows: [1, 2, 3] }, hit: false });
    expect(b).toEqual({ value: { rows: [1, 2, 3] }, hit: true });
    // Another key, another store: computed on their own.
    const other = gate(1);
    const third = cached(db, 'orders:b', { refresh: false }, other.compute);
    const fourth = cached(store(), 'orders:a', { refresh: false }, other.compute);
    other.open();
    await Promise.all([third, fourth]);
    expect(other.starts()).toBe(2);
  });

  it('computes afresh when asked to refresh, or when the data changed meanwhile', async () => {
    const db = store();
    const g = gate('old');
    const first = cached(db, 'k', { refresh: false }, g.compute);
    const fresh = gate('refreshed');
    const refreshed = cached(db, 'k', { refresh: true }, fresh.compute);
    invalidateReportCache();
    const later = gate('new');
    const afterChange = cached(db, 'k', { refresh: false }, later.compute);
    for (const each of [g, fresh, later]) each.open();
    expect(await afterChange).toEqual({ value: 'new', hit: false });
    expect(await refreshed).toEqual({ value: 'refreshed', hit: false });
    expect(await first).toEqual({ value: 'old', hit: false });
    expect([g.starts(), fresh.starts(), later.starts()]).toEqual([1, 1, 1]);
  });

  it('does not join while the cache is untrusted (changes elsewhere unseen)', async () => {
    const db = store();
    trustReportCache(db, false);
    const g = gate(7);
    const first = cached(db, 'k', { refresh: false }, g.compute);
    const second = cached(db, 'k', { refresh: false }, g.compute);
    g.open();
    await Promise.all([first, second]);
    expect(g.starts()).toBe(2);
    trustReportCache(db, true);
  });

  it('passes a failure to the requests that waited, and the next request computes again', async () => {
    const db = store();
    const g = gate(0);
    const first = cached(db, 'k', { refresh: false }, g.compute);
    const second = cached(db, 'k', { refresh: false }, g.compute);
    g.fail(new Error('statement timeout'));
    await expect(first).rejects.toThrow('statement timeout');
    await expect(second).rejects.toThrow('statement timeout');
    const retry = gate(5);
    const third = cached(db, 'k', { refresh: false }, retry.compute);
    retry.open();
    expect(await third).toEqual({ value: 5, hit: false });
    expect(g.starts()).toBe(1);
  });

  it('shares the whole answer of a paged stats request the same way', async () => {
    const db = store();
    const g = gate(['page 1', 'page 2']);
    const keep = () => true;
    const first = cachedAllPages(db, 'stats', { refresh: false, keep }, g.compute);
    const second = cachedAllPages(db, 'stats', { refresh: false, keep }, g.compute);
    g.open();
    const [a, b] = await Promise.all([first, second]);
    expect(g.starts()).toBe(1);
    expect(b.value).toBe(a.value);
    expect(b.hit).toBe(true);
  });
});
