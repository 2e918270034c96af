// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import {
  fetchImportStatus,
  fetchImportTotals,
  getImportParams,
  importSlice,
  importStatusKey,
  startImport,
} from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const { setImportPeriod, setImportDate, setSkipPrevious } = importSlice.actions;

async function importServer() {
  let calls = 0;
  const ctx = await startStore(
    (app) => {
      app.post('/wc-analytics/reports/import', async () => ({
        status: 'success',
        message: 'Import started.',
      }));
      app.post('/wc-analytics/reports/import/broken', async (_r, reply) =>
        reply.code(500).send(wpError('import_failed', 'Import failed.', 500)),
      );
      app.get('/wc-analytics/reports/import/status', async () => {
        calls += 1;
        return {
          customers: { imported: calls, total: 10 },
          orders: { imported: 0, total: 5 },
          imported_from: -1,
          is_importing: true,
        };
      });
      app.get('/wc-analytics/reports/import/totals', async (req) => ({
        customers: 3,
        orders: (req.query as { days?: string }).days ? 1 : 9,
      }));
    },
    { now: () => 5000 },
  );
  close = () => ctx.server.close();
  return ctx;
}

describe('import', () => {
  it('defaults: period all, skipPrevious true, not active', async () => {
    const { store } = await importServer();
    expect(store.getState().import).toMatchObject({
      period: { label: 'all', date: null },
      skipPrevious: true,
      activeImport: false,
      lastImportStartTimestamp: null,
    });
  });

  it('starting sets activeImport and the start timestamp; changing period, date or skip resets activeImport', async () => {
    const { store } = await importServer();
    for (const change of [
      setImportPeriod({ label: 'custom', date: '2024-01-01' }),
      setImportDate('2024-02-01'),
      setSkipPrevious(false),
    ]) {
      await store.dispatch(startImport());
      expect(store.getState().import).toMatchObject({
        activeImport: true,
        lastImportStartTimestamp: 5000,
      });
      store.dispatch(change);
      expect(store.getState().import.activeImport).toBe(false);
    }
    expect(store.getState().import).toMatchObject({
      period: { label: 'custom', date: '2024-02-01' },
      skipPrevious: false,
    });
  });

  it('a failed start records the error per path and rejects', async () => {
    const { store } = await importServer();
    const path = '/wc-analytics/reports/import/broken';
    await expect(store.dispatch(startImport(path))).rejects.toMatchObject({
      message: 'Import failed.',
    });
    expect(store.getState().import.errors[path]?.code).toBe('import_failed');
    expect(store.getState().import.activeImport).toBe(false);
  });

  it('status is keyed by the query without timestamp, which is not sent', async () => {
    const { store, requests } = await importServer();
    await store.dispatch(fetchImportStatus({ timestamp: 1 }));
    await store.dispatch(fetchImportStatus({ timestamp: 2 }));
    expect(requests.map((r) => r.url)).toEqual([
      '/wc-analytics/reports/import/status',
      '/wc-analytics/reports/import/status',
    ]);
    expect(importStatusKey({ timestamp: 1 })).toBe(importStatusKey({ timestamp: 2 }));
    expect(store.getState().import.statuses[importStatusKey({})]?.data?.customers.imported).toBe(2);
  });

  it('totals are keyed by query', async () => {
    const { store } = await importServer();
    await store.dispatch(fetchImportTotals({ skip_existing: true }));
    await store.dispatch(fetchImportTotals({ days: 30, skip_existing: true }));
    const totals = store.getState().import.totals;
    expect(Object.values(totals).map((t) => t.data?.orders)).toEqual([9, 1]);
  });

  it('import params: all time leaves days out; custom counts days up to today', () => {
    const now = Date.UTC(2024, 4, 10, 15);
    expect(getImportParams({ label: 'all', date: null }, true, now)).toEqual({
      skip_existing: true,
    });
    expect(getImportParams({ label: 'custom', date: '2024-05-01' }, false, now)).toEqual({
      days: 9,
      skip_existing: false,
    });
    expect(getImportParams({ label: 'custom', date: '2024-05-10' }, true, now).days).toBe(0);
  });
});
