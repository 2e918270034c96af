import type { OrderStatus, SettingBody } from '@storelens/api';
import { afterEach, expect, it } from 'vitest';
import { reportCacheVersion } from '../src/analytics/cache';
import type { SettingsChange } from '../src/events';
import { ingestOrders } from '../src/ingest/ingest';
import { readStoreSettings } from '../src/options';
import { call, expectError } from './admin-helpers';
import { order, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

const OPTIONS = '/wp-json/wc-admin/options';
const SETTINGS = '/wp-json/wc-analytics/settings';

describeEachEngine('admin options', (ctx) => {
  it('answers false for never-set options and raw values for set ones', async () => {
    const app = ctx().app;
    const set = await call<Record<string, boolean>>(app, 'POST', OPTIONS, {
      woocommerce_demo_store: 'yes',
      woocommerce_task_list_payments: { completed: ['stripe'] },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      woocommerce_demo_store: true,
      woocommerce_task_list_payments: true,
    });
    const got = await call(
      app,
      'GET',
      `${OPTIONS}?options=woocommerce_demo_store,woocommerce_task_list_payments,never_set`,
    );
    expect(got.body).toEqual({
      woocommerce_demo_store: 'yes',
      woocommerce_task_list_payments: { completed: ['stripe'] },
      never_set: false,
    });
    const repeated = await call(app, 'GET', `${OPTIONS}?options[]=woocommerce_demo_store`);
    expect(repeated.body).toEqual({ woocommerce_demo_store: 'yes' });
  });

  it('reports per option whether an update changed it', async () => {
    const app = ctx().app;
    await call(app, 'POST', OPTIONS, { a_flag: 1 });
    const again = await call(app, 'PUT', OPTIONS, { a_flag: 1, b_flag: 'x' });
    expect(again.body).toEqual({ a_flag: false, b_flag: true });
    const changed = await call(app, 'PATCH', OPTIONS, { a_flag: 2 });
    expect(changed.body).toEqual({ a_flag: true });
  });

  it('needs the options parameter', async () => {
    expectError(
      await call(ctx().app, 'GET', OPTIONS),
      400,
      'woocommerce_rest_cannot_view',
      'options',
    );
  });

  it.each([
    ['a bad option name', 'GET', `${OPTIONS}?options=bad%20name`, undefined, 'options'],
    ['a bad option name in an update', 'POST', OPTIONS, { 'bad name': 1 }, 'bad name'],
    ['an empty update', 'POST', OPTIONS, {}, 'body'],
  ] as const)('rejects %s with a 400 naming it', async (_label, method, url, payload, param) => {
    expectError(await call(ctx().app, method, url, payload), 400, 'rest_invalid_param', param);
  });
});

describeEachEngine('admin settings', (ctx) => {
  const changes: SettingsChange[] = [];
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    changes.length = 0;
  });
  const listen = () => {
    stop = ctx().db.events.on('settingsChanged', (change) => changes.push(change));
  };

  it('lists the wc_admin group with defaults and allowed values', async () => {
    const { status, body } = await call<SettingBody[]>(ctx().app, 'GET', `${SETTINGS}/wc_admin`);
    expect(status).toBe(200);
    const excluded = body.find((s) => s.id === 'woocommerce_excluded_report_order_statuses')!;
    expect(excluded).toMatchObject({
      type: 'multiselect',
      default: ['pending', 'failed', 'cancelled'],
      value: ['pending', 'failed', 'cancelled'],
    });
    expect(Object.keys(excluded.options!)).not.toContain('refunded');
    expect(body.map((s) => s.id)).toEqual([
      'woocommerce_excluded_report_order_statuses',
      'woocommerce_actionable_order_statuses',
      'woocommerce_default_date_range',
      'woocommerce_date_type',
    ]);
    expect(body.find((s) => s.id === 'woocommerce_date_type')!.value).toBe('date_paid');
  });

  it('lists the general group: address, currency, separators, decimals, zone, week start', async () => {
    const { body } = await call<SettingBody[]>(ctx().app, 'GET', `${SETTINGS}/general`);
    const ids = body.map((s) => s.id);
    for (const id of [
      'woocommerce_store_address',
      'woocommerce_default_country',
      'woocommerce_currency',
      'woocommerce_currency_pos',
      'woocommerce_price_thousand_sep',
      'woocommerce_price_decimal_sep',
      'woocommerce_price_num_decimals',
      'timezone_string',
      'start_of_week',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('updates one setting and reads it back; analytics see it', async () => {
    const app = ctx().app;
    const put = await call<SettingBody>(app, 'PUT', `${SETTINGS}/wc_admin/woocommerce_date_type`, {
      value: 'date_created',
    });
    expect(put.status).toBe(200);
    expect(put.body.value).toBe('date_created');
    const one = await call<SettingBody>(app, 'GET', `${SETTINGS}/wc_admin/woocommerce_date_type`);
    expect(one.body.value).toBe('date_created');
    expect((await readStoreSettings(ctx().db)).dateType).toBe('date_created');
  });

  it('a batch changing report settings tells the listeners (cache invalidation, rebuild)', async () => {
    listen();
    const app = ctx().app;
    const res = await call<{ update: SettingBody[] }>(app, 'POST', `${SETTINGS}/general/batch`, {
      update: [
        { id: 'start_of_week', value: '0' },
        { id: 'woocommerce_store_city', value: 'Lyon' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.update.map((s) => [s.id, s.value])).toEqual([
      ['start_of_week', 0],
      ['woocommerce_store_city', 'Lyon'],
    ]);
    expect(changes).toEqual([
      {
        changed: ['start_of_week', 'woocommerce_store_city'],
        affectsReports: true,
        needsRebuild: false,
      },
    ]);
    changes.length = 0;
    await call(app, 'POST', `${SETTINGS}/general/batch`, {
      update: [{ id: 'woocommerce_store_city', value: 'Paris' }],
    });
    expect(changes).toEqual([
      { changed: ['woocommerce_store_city'], affectsReports: false, needsRebuild: false },
    ]);
    changes.length = 0;
    await call(app, 'POST', `${SETTINGS}/general/batch`, {
      update: [{ id: 'woocommerce_store_city', value: 'Paris' }],
    });
    expect(changes).toEqual([]);
  });

  it('a batch changing report settings invalidates the report cache', async () => {
    const before = reportCacheVersion();
    await call(ctx().app, 'POST', `${SETTINGS}/wc_admin/batch`, {
      update: [{ id: 'woocommerce_date_type', value: 'date_completed' }],
    });
    expect(reportCacheVersion()).not.toBe(before);
  });

  it('a timezone or excluded-status change asks for a rebuild', async () => {
    listen();
    await call(ctx().app, 'POST', `${SETTINGS}/wc_admin/batch`, {
      update: [{ id: 'woocommerce_excluded_report_order_statuses', value: ['failed'] }],
    });
    expect(changes[0]).toMatchObject({ affectsReports: true, needsRebuild: true });
  });

  it('offers every status: the registered ones and those only the data has, and saves them', async () => {
    const app = ctx().app;
    await seedCatalog(ctx().db);
    await ingestOrders(ctx().db, [
      order(9001, { status: 'awaiting-shipment' as OrderStatus, created: '2024-05-01 10:00:00' }),
      order(9002, { status: 'wc-in-review' as OrderStatus, created: '2024-05-02 10:00:00' }),
    ]);
    const { body } = await call<SettingBody[]>(app, 'GET', `${SETTINGS}/wc_admin`);
    const options = (id: string) => body.find((s) => s.id === id)!.options!;
    const excluded = options('woocommerce_excluded_report_order_statuses');
    const actionable = options('woocommerce_actionable_order_statuses');
    for (const list of [excluded, actionable]) {
      expect(list).toMatchObject({
        pending: 'Pending',
        'on-hold': 'On hold',
        'awaiting-shipment': 'Awaiting shipment',
        'wc-in-review': 'In review',
      });
    }
    expect(excluded.refunded).toBeUndefined();
    expect(actionable.refunded).toBe('Refunded');
    const put = await call<SettingBody>(
      app,
      'PUT',
      `${SETTINGS}/wc_admin/woocommerce_actionable_order_statuses`,
      { value: ['processing', 'awaiting-shipment'] },
    );
    expect(put.status).toBe(200);
    expect(put.body.value).toEqual(['processing', 'awaiting-shipment']);
    expect(put.body.options!['awaiting-shipment']).toBe('Awaiting shipment');
    const one = await call<SettingBody>(
      app,
      'GET',
      `${SETTINGS}/wc_admin/woocommerce_actionable_order_statuses`,
    );
    expect(one.body.options!['wc-in-review']).toBe('In review');
    // A status neither registered nor in the data is still refused, naming the setting.
    expectError(
      await call(app, 'PUT', `${SETTINGS}/wc_admin/woocommerce_actionable_order_statuses`, {
        value: ['made-up'],
      }),
      400,
      'rest_invalid_param',
      'woocommerce_actionable_order_statuses',
    );
  });

  it('rejects a batch with any invalid value, naming each, and writes nothing', async () => {
    listen();
    const app = ctx().app;
    const res = await call(app, 'POST', `${SETTINGS}/general/batch`, {
      update: [
        { id: 'woocommerce_store_city', value: 'Nantes' },
        { id: 'timezone_string', value: 'Nowhere/Land' },
        { id: 'woocommerce_price_num_decimals', value: 9 },
      ],
    });
    expectError(res, 400, 'rest_invalid_param', 'timezone_string');
    expectError(res, 400, 'rest_invalid_param', 'woocommerce_price_num_decimals');
    const city = await call<SettingBody>(app, 'GET', `${SETTINGS}/general/woocommerce_store_city`);
    expect(city.body.value).not.toBe('Nantes');
    expect(changes).toEqual([]);
  });

  it.each([
    ['wc_admin/woocommerce_date_type', { value: 'date_shipped' }, 'woocommerce_date_type'],
    [
      'wc_admin/woocommerce_excluded_report_order_statuses',
      { value: ['refunded'] },
      'woocommerce_excluded_report_order_statuses',
    ],
    ['general/woocommerce_currency_pos', { value: 'middle' }, 'woocommerce_currency_pos'],
    ['general/woocommerce_currency', { value: 12 }, 'woocommerce_currency'],
    ['general/start_of_week', { value: 9 }, 'start_of_week'],
    ['general/woocommerce_price_decimal_sep', { value: '5' }, 'woocommerce_price_decimal_sep'],
    ['general/woocommerce_currency', {}, 'value'],
  ])('PUT %s with a bad value is a 400 naming it', async (path, payload, param) => {
    expectError(
      await call(ctx().app, 'PUT', `${SETTINGS}/${path}`, payload),
      400,
      'rest_invalid_param',
      param,
    );
  });

  it('answers 404 for unknown groups and settings', async () => {
    const app = ctx().app;
    expectError(
      await call(app, 'GET', `${SETTINGS}/shipping`),
      404,
      'woocommerce_rest_setting_group_invalid',
    );
    expectError(
      await call(app, 'GET', `${SETTINGS}/general/nope`),
      404,
      'woocommerce_rest_setting_invalid',
    );
    expectError(
      await call(app, 'POST', `${SETTINGS}/general/batch`, { update: [{ id: 'nope', value: 1 }] }),
      404,
      'woocommerce_rest_setting_invalid',
    );
    expectError(
      await call(app, 'POST', `${SETTINGS}/general/batch`, { update: [{ id: 'x' }] }),
      400,
      'rest_invalid_param',
      'value',
    );
  });
});
