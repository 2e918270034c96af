import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorelensStore } from '../store.ts';
import { useExport } from '../stores/export/hooks.ts';
import { useImportSettings, useImportStatus } from '../stores/import/hooks.ts';
import { useItems } from '../stores/items/hooks.ts';
import { useFavorites } from '../stores/navigation/hooks.ts';
import { useNotes } from '../stores/notes/hooks.ts';
import { useOnboarding } from '../stores/onboarding/hooks.ts';
import { useOptions } from '../stores/options/hooks.ts';
import { usePlugins } from '../stores/plugins/hooks.ts';
import { useReportItems, useReportStats } from '../stores/reports/hooks.ts';
import { useSettings } from '../stores/settings/hooks.ts';
import { startTestServer, type TestServer, wpError } from '../test/server.ts';
import { DataProvider } from './provider.tsx';

let server: TestServer;
let settingsValue = 'date_paid';

beforeAll(async () => {
  server = await startTestServer((app) => {
    app.get('/wc-analytics/reports/products', async (_req, reply) => {
      reply.header('X-WP-Total', '1').header('X-WP-TotalPages', '1');
      return [{ product_id: 7, items_sold: 2 }];
    });
    app.get('/wc-analytics/reports/revenue/stats', async () => ({
      totals: { net_revenue: 0 },
      intervals: [],
    }));
    app.get('/wc-analytics/reports/orders', async (_req, reply) =>
      reply.code(500).send(wpError('db_error', 'Down', 500)),
    );
    app.get('/wc-admin/options', async (req) => {
      const names = String((req.query as { options: string }).options).split(',');
      return Object.fromEntries(names.map((n) => [n, `value of ${n}`]));
    });
    app.get('/wc-analytics/settings/wc_admin', async () => [
      { id: 'woocommerce_date_type', value: settingsValue },
    ]);
    app.post('/wc-analytics/settings/wc_admin/batch', async (req) => {
      const body = req.body as { update: { id: string; value: string }[] };
      settingsValue = body.update[0]?.value ?? settingsValue;
      return body;
    });
    app.get('/wc-analytics/admin/notes', async (_req, reply) => {
      reply.header('X-WP-Total', '1');
      return [{ id: 1, title: 'Hello', status: 'unactioned', actions: [] }];
    });
    app.get('/wc-analytics/products', async (_req, reply) => {
      reply.header('X-WP-Total', '1');
      return [{ id: 3, name: 'Hat', stock_quantity: 1 }];
    });
    app.get('/wc-admin/plugins/active', async () => ({ plugins: ['jetpack'] }));
    app.get('/wc-admin/plugins/installed', async () => ({
      plugins: ['jetpack', 'woocommerce-services'],
    }));
    app.get('/wc-admin/navigation/favorites/me', async () => ['woocommerce-home']);
    app.get('/wc-admin/onboarding/profile', async () => ({ theme: 'storefront' }));
    app.get('/wc-admin/onboarding/tasks/status', async () => ({ hasProducts: true }));
    app.post('/wc-analytics/reports/:type/export', async () => ({
      message: 'Your report file is being generated.',
      export_id: '42',
    }));
    app.get('/wc-analytics/reports/:type/export/:id/status', async () => ({
      percent_complete: 100,
      download_url: '/d/42',
    }));
    app.get('/wc-analytics/reports/import/status', async () => ({
      customers: { imported: 1, total: 2 },
      orders: { imported: 3, total: 4 },
      imported_from: -1,
      is_importing: false,
    }));
  });
});
afterAll(() => server.close());

function setup() {
  const store = createStorelensStore({ client: server.client });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DataProvider store={store}>{children}</DataProvider>
  );
  return { store, wrapper };
}

describe('data hooks', () => {
  it('useReportItems: requesting, then rows with totals', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useReportItems('products', { page: 1 }), { wrapper });
    expect(result.current).toMatchObject({ isRequesting: true, data: [] });
    await waitFor(() => expect(result.current.isRequesting).toBe(false));
    expect(result.current).toMatchObject({
      data: [{ product_id: 7, items_sold: 2 }],
      totalResults: 1,
      totalPages: 1,
      error: null,
    });
  });

  it('useReportItems: a failure is state, not a throw', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useReportItems('orders', {}), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ code: 'db_error', status: 500 });
  });

  it('useReportStats: empty stats are flagged', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useReportStats('revenue', { interval: 'day' }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.isRequesting).toBe(false));
    expect(result.current.isEmpty).toBe(true);
  });

  it('useOptions: two components in one render share one batched request', async () => {
    const { wrapper } = setup();
    const before = server.requests.length;
    const { result } = renderHook(
      () => ({ first: useOptions(['a', 'b']), second: useOptions(['c']) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.second.values.c).toBe('value of c'));
    expect(result.current.first.values).toEqual({ a: 'value of a', b: 'value of b' });
    const optionReads = server.requests.slice(before).filter((r) => r.path === '/wc-admin/options');
    expect(optionReads.map((r) => r.url)).toEqual(['/wc-admin/options?options=a,b,c']);
  });

  it('useSettings: read, update marks dirty, persist saves and clears dirty', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useSettings('wc_admin'), { wrapper });
    await waitFor(() => expect(result.current.settings.woocommerce_date_type).toBe('date_paid'));
    act(() => result.current.updateSettings({ woocommerce_date_type: 'date_created' }));
    expect(result.current).toMatchObject({ isDirty: true, dirty: ['woocommerce_date_type'] });
    await act(() => result.current.persistSettings());
    expect(result.current.isDirty).toBe(false);
    expect(settingsValue).toBe('date_created');
  });

  it('useNotes and useItems list records of a query', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => ({ notes: useNotes({ page: 1 }), items: useItems('products', { search: 'h' }) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.items.items).toHaveLength(1));
    await waitFor(() => expect(result.current.notes.items).toHaveLength(1));
    expect(result.current.notes.total).toBe(1);
    expect(result.current.notes.isUpdating(1)).toBe(false);
    expect(result.current.items.items[0]?.name).toBe('Hat');
  });

  it('usePlugins, useFavorites and useOnboarding load once on mount', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => ({ plugins: usePlugins(), favorites: useFavorites(), onboarding: useOnboarding() }),
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.plugins.getPluginState('woocommerce-services')).toBe('installed'),
    );
    expect(result.current.plugins.getPluginState('jetpack')).toBe('activated');
    expect(result.current.plugins.getPluginState('nope')).toBe('unavailable');
    await waitFor(() => expect(result.current.favorites.favorites).toEqual(['woocommerce-home']));
    await waitFor(() => expect(result.current.onboarding.profileItems.theme).toBe('storefront'));
    await waitFor(() =>
      expect(result.current.onboarding.tasksStatus).toEqual({ hasProducts: true }),
    );
  });

  it('useExport starts an export and polls its status', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => useExport('revenue', { period: 'month' }, { pollIntervalMs: 5 }),
      { wrapper },
    );
    await act(() => result.current.startExport());
    expect(result.current.exportId).toBe('42');
    await waitFor(() =>
      expect(result.current.status).toEqual({ percent_complete: 100, download_url: '/d/42' }),
    );
  });

  it('useImportStatus and useImportSettings', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => ({ status: useImportStatus({ timestamp: 1 }), settings: useImportSettings() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status.status?.orders.total).toBe(4));
    act(() => result.current.settings.setSkipPrevious(false));
    expect(result.current.settings.skipPrevious).toBe(false);
  });

  it('DataProvider can build its own store from a client', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <DataProvider client={server.client}>{children}</DataProvider>
    );
    const { result } = renderHook(() => useReportItems('products', { page: 1 }), { wrapper });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
  });
});
