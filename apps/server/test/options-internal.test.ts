import { expect, it } from 'vitest';
import { DEMO_GENERATION_OPTION } from '../src/demo/generate';
import { VISITS_STALE_OPTION } from '../src/ingest/item-visits';
import { getOptions, setOptions } from '../src/options';
import { isUnfinishedDemo } from '../src/store';
import { call, expectError } from './admin-helpers';
import { describeEachEngine } from './harness';

const OPTIONS = '/wp-json/wc-admin/options';

/**
 * The options the server keeps for itself (what start-up, ingestion, the connector and the
 * plugin routes act on), each with a value it may hold.
 */
const internal: Record<string, unknown> = {
  [DEMO_GENERATION_OPTION]: { status: 'done', orders: 20 },
  [VISITS_STALE_OPTION]: '2024-05-01T10:00:00.000Z',
  storelens_connected_shop: { name: 'Shop', url: 'https://shop.example', download_log: false },
  storelens_jetpack_connection: { isActive: false, isRegistered: false },
  storelens_jetpack_connect_state: '1.0123456789abcdef',
  storelens_import_deleted_job: '1714557600000000',
  woocommerce_demo_seed: 5,
};

/**
 * The options route writes only options the WordPress and WooCommerce clients own: one write
 * of `storelens_demo_generation` made the next start wipe a connected shop and generate a demo
 * in its place. The server's own state (the `storelens_` namespace, and the demo seed that
 * says the store holds the demo) can be neither written nor read through it.
 */
describeEachEngine('the options route keeps the server state out of reach', (ctx) => {
  it.each(Object.keys(internal))(
    'refuses a write of %s with a 403 naming it, leaving the stored value',
    async (name) => {
      const { app, db } = ctx();
      await setOptions(db, { [name]: internal[name] });
      for (const method of ['POST', 'PUT', 'PATCH'] as const) {
        const res = await call(app, method, OPTIONS, { [name]: { status: 'running', orders: 1 } });
        expectError(res, 403, 'storelens_internal_option', name);
      }
      expect((await getOptions(db, [name])).get(name)).toEqual(internal[name]);
    },
  );

  it('refuses a write that mixes an internal option with a plain one, writing neither', async () => {
    const { app, db } = ctx();
    await setOptions(db, { [DEMO_GENERATION_OPTION]: { status: 'done', orders: 20 } });
    const res = await call(app, 'POST', OPTIONS, {
      woocommerce_task_list_hidden: 'yes',
      [DEMO_GENERATION_OPTION]: { status: 'running', orders: 20 },
      storelens_anything_new: 1,
    });
    expectError(res, 403, 'storelens_internal_option', DEMO_GENERATION_OPTION);
    expect(Object.keys((res.body as { data: { params: object } }).data.params).sort()).toEqual(
      [DEMO_GENERATION_OPTION, 'storelens_anything_new'].sort(),
    );
    const stored = await getOptions(db, [
      'woocommerce_task_list_hidden',
      DEMO_GENERATION_OPTION,
      'storelens_anything_new',
    ]);
    expect(Object.fromEntries(stored)).toEqual({
      [DEMO_GENERATION_OPTION]: { status: 'done', orders: 20 },
    });
    // The start-up check sees a finished demo: nothing is wiped at the next start.
    expect(await isUnfinishedDemo(db)).toBe(false);
  });

  it('refuses to read internal options, naming each', async () => {
    const { app, db } = ctx();
    await setOptions(db, internal);
    const names = Object.keys(internal);
    const res = await call(app, 'GET', `${OPTIONS}?options=woocommerce_currency,${names}`);
    expectError(res, 403, 'storelens_internal_option');
    expect(Object.keys((res.body as { data: { params: object } }).data.params).sort()).toEqual(
      [...names].sort(),
    );
    expect(JSON.stringify(res.body)).not.toContain('0123456789abcdef');
  });

  it('still reads and writes the options WooCommerce clients use', async () => {
    const { app } = ctx();
    const write = await call(app, 'POST', OPTIONS, {
      woocommerce_task_list_hidden: 'yes',
      woocommerce_calc_taxes: 'yes',
      my_plugin_flag: { on: true },
    });
    expect(write.status).toBe(200);
    const read = await call(
      app,
      'GET',
      `${OPTIONS}?options=woocommerce_task_list_hidden,woocommerce_calc_taxes,my_plugin_flag`,
    );
    expect(read.body).toEqual({
      woocommerce_task_list_hidden: 'yes',
      woocommerce_calc_taxes: 'yes',
      my_plugin_flag: { on: true },
    });
  });
});
