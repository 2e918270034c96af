// @vitest-environment node
import type { WpUser } from '@storelens/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../client/client.ts';
import { startTestServer, wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import { fetchCurrentUser, saveUserPreference } from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const user = (meta: Record<string, string>): WpUser => ({
  id: 3,
  name: 'Ana',
  email: 'ana@example.com',
  slug: 'ana',
  roles: ['analyst'],
  capabilities: { read: true, view_woocommerce_reports: true },
  woocommerce_meta: meta,
  status: 'active',
  registered_date: '2026-01-01T00:00:00',
  last_login: null,
});

async function userServer(options: { failWrites?: boolean } = {}) {
  const meta: Record<string, string> = { dashboard_layout: '["a"]' };
  const ctx = await startStore((app) => {
    app.get('/wp/v2/users/me', async () => user(meta));
    app.post('/wp/v2/users/me', async (req, reply) => {
      if (options.failWrites) return reply.code(500).send(wpError('db_down', 'Database down', 500));
      Object.assign(
        meta,
        (req.body as { woocommerce_meta: Record<string, string> }).woocommerce_meta,
      );
      return user(meta);
    });
  });
  close = () => ctx.server.close();
  return { ...ctx, meta };
}

describe('current user and preferences', () => {
  it('fetches the user with its capabilities', async () => {
    const { store } = await userServer();
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().user.user?.capabilities.view_woocommerce_reports).toBe(true);
  });

  it('saves a preference as JSON text under its key, shown before the server answers', async () => {
    const { store, meta, requests } = await userServer();
    await store.dispatch(fetchCurrentUser());
    const saving = store.dispatch(saveUserPreference('report_columns', '["orders"]'));
    expect(store.getState().user.user?.woocommerce_meta.report_columns).toBe('["orders"]');
    await saving;
    expect(meta.report_columns).toBe('["orders"]');
    expect(requests.at(-1)?.body).toEqual({ woocommerce_meta: { report_columns: '["orders"]' } });
    expect(store.getState().user.user?.woocommerce_meta.dashboard_layout).toBe('["a"]');
  });

  it('puts the old value back and rejects when the write fails', async () => {
    const { store } = await userServer({ failWrites: true });
    await store.dispatch(fetchCurrentUser());
    await expect(
      store.dispatch(saveUserPreference('dashboard_layout', '["b"]')),
    ).rejects.toMatchObject({ code: 'db_down' });
    const state = store.getState().user;
    expect(state.user?.woocommerce_meta.dashboard_layout).toBe('["a"]');
    expect(state.preferenceErrors.dashboard_layout?.code).toBe('db_down');
  });
});

describe('client authentication', () => {
  it('sends the nonce as X-WP-Nonce and reports each 401', async () => {
    let seen: string | undefined;
    const server = await startTestServer((app) => {
      app.get('/me', async (req) => {
        seen = req.headers['x-wp-nonce'] as string | undefined;
        return {};
      });
      app.get('/expired', async (_req, reply) =>
        reply.code(401).send(wpError('rest_not_logged_in', 'You are not logged in.', 401)),
      );
    });
    close = () => server.close();
    const unauthorized: string[] = [];
    let nonce = 'first';
    const client = createApiClient({
      baseUrl: server.baseUrl,
      nonce: () => nonce,
      onUnauthorized: (e) => unauthorized.push(e.code),
    });
    await client.get('/me');
    expect(seen).toBe('first');
    nonce = 'renewed';
    await client.get('/me');
    expect(seen).toBe('renewed');
    await expect(client.get('/expired')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toEqual(['rest_not_logged_in']);
  });
});
