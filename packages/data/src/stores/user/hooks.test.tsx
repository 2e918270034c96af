import type { WpUser } from '@storelens/api';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataProvider } from '../../react/provider.tsx';
import { createStorelensStore } from '../../store.ts';
import { startTestServer, type TestServer, wpError } from '../../test/server.ts';
import { useCurrentUser, useUserPreference } from './hooks.ts';

let server: TestServer;
let failWrites = false;
const meta: Record<string, string> = { columns: '["orders","net_revenue"]', broken: '{not json' };

beforeAll(async () => {
  server = await startTestServer((app) => {
    app.get(
      '/wp/v2/users/me',
      async (): Promise<WpUser> => ({
        id: 2,
        name: 'Sam',
        email: 'sam@shop.test',
        slug: 'sam',
        roles: ['shop_manager'],
        capabilities: { read: true, view_woocommerce_reports: true, manage_woocommerce: true },
        woocommerce_meta: meta,
        status: 'active',
        registered_date: '2026-01-01T00:00:00',
        last_login: null,
      }),
    );
    app.post('/wp/v2/users/me', async (req, reply) => {
      if (failWrites) return reply.code(500).send(wpError('db_down', 'Database down', 500));
      Object.assign(
        meta,
        (req.body as { woocommerce_meta: Record<string, string> }).woocommerce_meta,
      );
      return {};
    });
  });
});
afterAll(() => server.close());

function wrapper() {
  const store = createStorelensStore({ client: server.client });
  return ({ children }: { children?: ReactNode }) => (
    <DataProvider store={store}>{children}</DataProvider>
  );
}

describe('useCurrentUser and useUserPreference', () => {
  it('loads the user once and answers capability checks', async () => {
    const { result } = renderHook(() => useCurrentUser(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.user?.name).toBe('Sam'));
    expect(result.current.can('manage_woocommerce')).toBe(true);
    expect(result.current.can('manage_options')).toBe(false);
  });

  it('decodes the JSON preference, falls back when absent or unreadable, and saves JSON', async () => {
    failWrites = false;
    const { result } = renderHook(
      () => ({
        columns: useUserPreference<string[]>('columns', []),
        missing: useUserPreference('layout', { rows: 1 }),
        broken: useUserPreference('broken', 7),
      }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.columns[0]).toEqual(['orders', 'net_revenue']));
    expect(result.current.missing[0]).toEqual({ rows: 1 });
    expect(result.current.broken[0]).toBe(7);
    await act(() => result.current.missing[1]({ rows: 3 }));
    expect(result.current.missing[0]).toEqual({ rows: 3 });
    expect(meta.layout).toBe('{"rows":3}');
  });

  it('puts the old value back and rejects when saving fails', async () => {
    failWrites = true;
    const { result } = renderHook(() => useUserPreference<string[]>('columns', []), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current[0]).toEqual(['orders', 'net_revenue']));
    let error: unknown;
    await act(() =>
      result.current[1](['orders']).catch((e: unknown) => {
        error = e;
      }),
    );
    expect(error).toMatchObject({ code: 'db_down' });
    expect(result.current[0]).toEqual(['orders', 'net_revenue']);
  });
});
