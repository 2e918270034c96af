// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { type SeenRequest, wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import {
  fetchSettings,
  persistSettingsForGroup,
  updateAndPersistSettingsForGroup,
  updateSettingsForGroup,
} from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

type Mode = 'ok' | 'empty' | 'fail' | 'emptyObject';

async function settingsServer(mode: Mode = 'ok') {
  const ctx = await startStore(
    (app) => {
      app.get('/wc-analytics/settings/:group', async () => [
        { id: 'woocommerce_date_type', value: 'date_paid' },
        { id: 'woocommerce_default_date_range', value: 'period=month&compare=previous_year' },
      ]);
      app.post('/wc-analytics/settings/:group/batch', async (req, reply) => {
        if (mode === 'empty') return reply.code(200).send('');
        if (mode === 'emptyObject') return {};
        if (mode === 'fail') return reply.code(500).send(wpError('db_error', 'Database down', 500));
        return req.body;
      });
    },
    { now: () => 1234 },
  );
  close = () => ctx.server.close();
  return ctx;
}

const batches = (requests: readonly SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/batch'));

describe('settings', () => {
  it('fetches a group into data and definitions with lastReceived', async () => {
    const { store } = await settingsServer();
    await store.dispatch(fetchSettings('wc_admin'));
    expect(store.getState().settings.wc_admin).toEqual({
      data: {
        woocommerce_date_type: 'date_paid',
        woocommerce_default_date_range: 'period=month&compare=previous_year',
      },
      definitions: {
        woocommerce_date_type: { id: 'woocommerce_date_type', value: 'date_paid' },
        woocommerce_default_date_range: {
          id: 'woocommerce_default_date_range',
          value: 'period=month&compare=previous_year',
        },
      },
      error: null,
      lastReceived: 1234,
      isRequesting: false,
      dirty: [],
    });
  });

  it('updating marks the keys dirty; saving sends only the dirty keys and clears dirty', async () => {
    const { store, requests } = await settingsServer();
    await store.dispatch(fetchSettings('wc_admin'));
    store.dispatch(updateSettingsForGroup('wc_admin', { woocommerce_date_type: 'date_created' }));
    expect(store.getState().settings.wc_admin?.dirty).toEqual(['woocommerce_date_type']);
    await expect(store.dispatch(persistSettingsForGroup('wc_admin'))).resolves.toBe(true);
    expect(batches(requests).map((r) => r.body)).toEqual([
      { update: [{ id: 'woocommerce_date_type', value: 'date_created' }] },
    ]);
    expect(store.getState().settings.wc_admin?.dirty).toEqual([]);
    expect(store.getState().settings.wc_admin?.data.woocommerce_date_type).toBe('date_created');
  });

  it('sends nothing when no key is dirty', async () => {
    const { store, requests } = await settingsServer();
    await store.dispatch(fetchSettings('wc_admin'));
    await expect(store.dispatch(persistSettingsForGroup('wc_admin'))).resolves.toBe(false);
    expect(batches(requests)).toHaveLength(0);
  });

  it.each<Mode>(['empty', 'emptyObject', 'fail'])(
    'a save answered %s fails with the settings message and keeps dirty',
    async (mode) => {
      const { store } = await settingsServer(mode);
      const error = await store
        .dispatch(
          updateAndPersistSettingsForGroup('wc_admin', { woocommerce_date_type: 'date_created' }),
        )
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ message: 'There was a problem updating your settings.' });
      const group = store.getState().settings.wc_admin;
      expect(group?.error?.message).toBe('There was a problem updating your settings.');
      expect(group?.dirty).toEqual(['woocommerce_date_type']);
      expect(group?.isRequesting).toBe(false);
    },
  );

  it('keeps unsaved local edits when the group is fetched again', async () => {
    const { store } = await settingsServer();
    store.dispatch(updateSettingsForGroup('wc_admin', { woocommerce_date_type: 'date_completed' }));
    await store.dispatch(fetchSettings('wc_admin', { force: true }));
    expect(store.getState().settings.wc_admin?.data.woocommerce_date_type).toBe('date_completed');
  });
});
