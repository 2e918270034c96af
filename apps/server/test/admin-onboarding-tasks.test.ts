import type {
  FreeExtensionList,
  OnboardingTask,
  OnboardingTaskList,
  PaymentGatewaySuggestion,
} from '@storelens/api';
import { expect, it } from 'vitest';
import { SNOOZE_MS } from '../src/admin/onboarding-tasks';
import { call, expectError } from './admin-helpers';
import { describeEachEngine } from './harness';

const ONBOARDING = '/wp-json/wc-admin/onboarding';
const TASKS = `${ONBOARDING}/tasks`;

describeEachEngine('onboarding task lists and suggestions', (ctx) => {
  const lists = async () => (await call<OnboardingTaskList[]>(ctx().app, 'GET', TASKS)).body;
  const task = async (id: string) =>
    (await lists()).flatMap((l) => l.tasks).find((t) => t.id === id) as OnboardingTask;

  it('lists the setup and extended lists, completion following the store', async () => {
    const { app, db } = ctx();
    const before = await lists();
    expect(before.map((l) => l.id)).toEqual(['setup', 'extended']);
    const setup = before[0]!;
    expect(setup.tasks.map((t) => t.id)).toEqual([
      'store_details',
      'products',
      'payments',
      'tax',
      'shipping',
      'appearance',
    ]);
    expect(setup).toMatchObject({ isHidden: false, isVisible: true, isComplete: false });
    for (const t of setup.tasks) {
      expect(t).toMatchObject({ parentId: 'setup', isComplete: false, isDismissed: false });
    }
    await call(app, 'POST', `${ONBOARDING}/profile`, { completed: true });
    await call(app, 'POST', '/wp-json/wc-admin/options', { woocommerce_calc_taxes: 'yes' });
    await db.kysely
      .insertInto('products')
      .values({
        id: 501,
        parent_id: 0,
        type: 'simple',
        status: 'publish',
        name: 'E-book',
        slug: 'e-book',
        sku: '',
        description: '',
        price: 0,
        regular_price: 0,
        sale_price: null,
        manage_stock: 0,
        stock_quantity: null,
        stock_status: 'instock',
        low_stock_amount: null,
        downloadable: 1,
        virtual: 1,
        image_url: '',
        average_rating: 0,
        rating_count: 0,
        total_sales: 0,
        date_created: '2024-01-01 00:00:00',
        date_created_gmt: '2024-01-01 00:00:00',
      })
      .execute();
    expect((await task('store_details')).isComplete).toBe(true);
    expect((await task('tax')).isComplete).toBe(true);
    expect((await task('products')).isComplete).toBe(true);
    // Only virtual products: nothing to ship, so the shipping task is not shown.
    expect(await task('shipping')).toMatchObject({ canView: false, isVisible: false });
  });

  it('dismisses and restores a dismissable task, and refuses the others', async () => {
    const { app } = ctx();
    const dismissed = await call<OnboardingTask>(app, 'POST', `${TASKS}/marketing/dismiss`);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ id: 'marketing', isDismissed: true, isVisible: false });
    expect((await task('marketing')).isDismissed).toBe(true);
    const back = await call<OnboardingTask>(app, 'POST', `${TASKS}/marketing/undo_dismiss`);
    expect(back.body).toMatchObject({ isDismissed: false, isVisible: true });
    expectError(
      await call(app, 'POST', `${TASKS}/store_details/dismiss`),
      400,
      'woocommerce_rest_task_not_dismissable',
    );
    expectError(
      await call(app, 'POST', `${TASKS}/nope/dismiss`),
      404,
      'woocommerce_rest_invalid_task',
    );
  });

  it('snoozes a task for a day and wakes it on undo', async () => {
    const { app } = ctx();
    const before = Date.now();
    const snoozed = await call<OnboardingTask>(app, 'POST', `${TASKS}/jetpack/snooze`);
    expect(snoozed.body.isSnoozed).toBe(true);
    expect(snoozed.body.isVisible).toBe(false);
    expect(snoozed.body.snoozedUntil).toBeGreaterThanOrEqual(before + SNOOZE_MS);
    expect(snoozed.body.snoozedUntil).toBeLessThanOrEqual(Date.now() + SNOOZE_MS);
    expect((await task('jetpack')).isSnoozed).toBe(true);
    const awake = await call<OnboardingTask>(app, 'POST', `${TASKS}/jetpack/undo_snooze`);
    expect(awake.body).toMatchObject({ isSnoozed: false, snoozedUntil: 0, isVisible: true });
    expectError(
      await call(app, 'POST', `${TASKS}/payments/snooze`),
      400,
      'woocommerce_rest_task_not_snoozeable',
    );
  });

  it('records actioned tasks and hides whole lists', async () => {
    const { app } = ctx();
    const actioned = await call<OnboardingTask>(app, 'POST', `${TASKS}/payments/action`);
    expect(actioned.body.isActioned).toBe(true);
    expect((await task('payments')).isActioned).toBe(true);
    const hidden = await call<OnboardingTaskList>(app, 'POST', `${TASKS}/setup/hide`);
    expect(hidden.body).toMatchObject({ id: 'setup', isHidden: true, isVisible: false });
    expect((await lists())[0]!.isHidden).toBe(true);
    const shown = await call<OnboardingTaskList>(app, 'POST', `${TASKS}/setup/unhide`);
    expect(shown.body.isHidden).toBe(false);
    expectError(
      await call(app, 'POST', `${TASKS}/nope/hide`),
      404,
      'woocommerce_rest_invalid_task_list',
    );
  });

  it('suggests payment gateways until dismissed, with the older route agreeing', async () => {
    const { app } = ctx();
    const url = '/wp-json/wc-admin/payment-gateway-suggestions';
    const first = await call<PaymentGatewaySuggestion[]>(
      app,
      'GET',
      `${url}?force_default_suggestions=true`,
    );
    expect(first.body.length).toBeGreaterThan(3);
    expect(first.body[0]).toMatchObject({
      id: 'woocommerce-payments',
      plugins: ['woocommerce-payments'],
      recommendation_priority: 1,
      is_visible: true,
      category_other: [],
      category_additional: [],
    });
    expectError(
      await call(app, 'GET', `${url}?force_default_suggestions=maybe`),
      400,
      'rest_invalid_param',
      'force_default_suggestions',
    );
    const dismissed = await call(app, 'POST', `${url}/dismiss`);
    expect(dismissed.body).toBe(true);
    expect((await call(app, 'GET', url)).body).toEqual([]);
    expect(
      (await call(app, 'GET', '/wp-json/wc-admin/plugins/recommended-payment-plugins')).body,
    ).toEqual([]);
  });

  it('lists free extensions with their installed state, product types and profiler progress', async () => {
    const { app } = ctx();
    const extensions = async () =>
      (await call<FreeExtensionList[]>(app, 'GET', `${ONBOARDING}/free-extensions`)).body;
    const mailchimp = (l: FreeExtensionList[]) =>
      l.flatMap((x) => x.plugins).find((p) => p.key === 'mailchimp-for-woocommerce');
    expect(mailchimp(await extensions())).toMatchObject({
      is_installed: false,
      is_activated: false,
    });
    await call(app, 'POST', '/wp-json/wc-admin/plugins/install', {
      plugins: 'mailchimp-for-woocommerce',
    });
    expect(mailchimp(await extensions())).toMatchObject({
      is_installed: true,
      is_activated: false,
    });

    const types = await call<Record<string, { label: string }>>(
      app,
      'GET',
      `${ONBOARDING}/product-types`,
    );
    expect(Object.keys(types.body)).toContain('physical');
    expect(types.body.downloads?.label).toBe('Downloads');

    expect((await call(app, 'GET', `${ONBOARDING}/profile/progress`)).body).toEqual({
      core_profiler_completed_steps: {},
    });
    const done = await call(app, 'POST', `${ONBOARDING}/profile/progress/core-profiler/complete`, {
      step: 'business-info',
    });
    expect(done.body).toMatchObject({ status: 'success' });
    const progress = await call<{
      core_profiler_completed_steps: Record<string, { completed_at: string }>;
    }>(app, 'GET', `${ONBOARDING}/profile/progress`);
    expect(Object.keys(progress.body.core_profiler_completed_steps)).toEqual(['business-info']);
    expect(progress.body.core_profiler_completed_steps['business-info']?.completed_at).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );
    expectError(
      await call(app, 'POST', `${ONBOARDING}/profile/progress/core-profiler/complete`, {
        step: 'x',
      }),
      400,
      'rest_invalid_param',
      'step',
    );
  });
});
