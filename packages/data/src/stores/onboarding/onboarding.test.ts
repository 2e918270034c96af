import type { ProductTemplate } from '@storelens/api';
// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import {
  createProductFromTemplate,
  EMPTY_PROFILE_ITEMS,
  fetchPaymentMethods,
  fetchProfileItems,
  fetchTasksStatus,
  updateProfileItems,
} from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function onboardingServer(
  opts: { profile?: Record<string, unknown>; updateStatus?: string; updateCode?: number } = {},
) {
  const statusAnswers = [{ hasProducts: false, isTaxComplete: true }, { hasProducts: true }];
  const ctx = await startStore((app) => {
    app.get(
      '/wc-admin/onboarding/profile',
      async () => opts.profile ?? { industry: ['fashion'], theme: 'storefront' },
    );
    app.post('/wc-admin/onboarding/profile', async (_req, reply) => {
      if (opts.updateCode)
        return reply
          .code(opts.updateCode)
          .send(wpError('rest_forbidden', 'Sorry.', opts.updateCode));
      return {
        status: opts.updateStatus ?? 'success',
        message: opts.updateStatus === 'error' ? 'Not saved.' : 'Saved.',
      };
    });
    app.get('/wc-admin/onboarding/tasks/status', async () => statusAnswers.shift() ?? {});
    app.get('/wc-admin/onboarding/payments', async () => [
      {
        key: 'stripe',
        title: 'Stripe',
        content: '',
        image: '',
        plugins: ['stripe'],
        is_visible: true,
      },
    ]);
    app.post('/wc-admin/onboarding/tasks/create_product_from_template', async (req, reply) => {
      const { template_name } = req.body as { template_name: string };
      if (template_name === 'nope')
        return reply
          .code(500)
          .send(wpError('woocommerce_rest_product_creation_error', 'Could not create.', 500));
      return { id: 77 };
    });
  });
  close = () => ctx.server.close();
  return ctx;
}

describe('wc/admin/onboarding', () => {
  it('profile items start as the 13 null fields', async () => {
    const { store } = await onboardingServer();
    const items = store.getState().onboarding.profileItems;
    expect(Object.keys(items)).toHaveLength(13);
    expect(Object.values(items).every((v) => v === null)).toBe(true);
  });

  it('fetching the profile replaces the profile items entirely', async () => {
    const { store } = await onboardingServer({ profile: { industry: ['fashion'] } });
    await store.dispatch(updateProfileItems({ theme: 'old', revenue: 'none' }));
    await store.dispatch(fetchProfileItems());
    expect(store.getState().onboarding.profileItems).toEqual({
      ...EMPTY_PROFILE_ITEMS,
      industry: ['fashion'],
    });
  });

  it('an update with status success merges locally and clears the flag', async () => {
    const { store, requests } = await onboardingServer();
    await store.dispatch(fetchProfileItems());
    const pending = store.dispatch(updateProfileItems({ revenue: 'none' }));
    expect(store.getState().onboarding.requesting.updateProfileItems).toBe(true);
    await pending;
    expect(requests.at(-1)?.body).toEqual({ revenue: 'none' });
    expect(store.getState().onboarding.profileItems).toMatchObject({
      revenue: 'none',
      theme: 'storefront',
    });
    expect(store.getState().onboarding.requesting.updateProfileItems).toBe(false);
  });

  it('any other status records the error, clears the flag and fails', async () => {
    const { store } = await onboardingServer({ updateStatus: 'error' });
    await expect(store.dispatch(updateProfileItems({ revenue: 'none' }))).rejects.toMatchObject({
      message: 'Not saved.',
    });
    const state = store.getState().onboarding;
    expect(state.profileItems.revenue).toBeNull();
    expect(state.errors.updateProfileItems?.message).toBe('Not saved.');
    expect(state.requesting.updateProfileItems).toBe(false);
  });

  it('an HTTP failure of the update records the error and fails', async () => {
    const { store } = await onboardingServer({ updateCode: 403 });
    await expect(store.dispatch(updateProfileItems({ revenue: 'none' }))).rejects.toMatchObject({
      status: 403,
    });
    expect(store.getState().onboarding.errors.updateProfileItems?.code).toBe('rest_forbidden');
  });

  it('task status fetches merge into tasksStatus', async () => {
    const { store } = await onboardingServer();
    await store.dispatch(fetchTasksStatus());
    await store.dispatch(fetchTasksStatus());
    expect(store.getState().onboarding.tasksStatus).toEqual({
      hasProducts: true,
      isTaxComplete: true,
    });
  });

  it('reads recommended payment methods', async () => {
    const { store } = await onboardingServer();
    await store.dispatch(fetchPaymentMethods());
    expect(store.getState().onboarding.paymentMethods.map((m) => m.key)).toEqual(['stripe']);
  });

  it('creating a product from a template reads the id and caches the product in items', async () => {
    const { store, requests } = await onboardingServer();
    await expect(
      store.dispatch(createProductFromTemplate({ template_name: 'physical' }, { _locale: 'user' })),
    ).resolves.toEqual({ id: 77 });
    expect(requests.at(-1)).toMatchObject({
      url: '/wc-admin/onboarding/tasks/create_product_from_template?_locale=user',
      body: { template_name: 'physical' },
    });
    expect(store.getState().items.products?.byId['77']).toEqual({ id: 77 });
  });

  it('a failed product creation records the error and rethrows', async () => {
    const { store } = await onboardingServer();
    await expect(
      store.dispatch(createProductFromTemplate({ template_name: 'nope' as ProductTemplate })),
    ).rejects.toMatchObject({
      code: 'woocommerce_rest_product_creation_error',
    });
    expect(store.getState().onboarding.errors.createProductFromTemplate?.message).toBe(
      'Could not create.',
    );
  });
});
