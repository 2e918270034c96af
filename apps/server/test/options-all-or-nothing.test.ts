import { expect, it } from 'vitest';
import { getOptions } from '../src/options';
import { call } from './admin-helpers';
import { failInserts } from './fault-triggers';
import { describeEachEngine } from './harness';

const OPTIONS = '/wp-json/wc-admin/options';

/**
 * The options route stores a request whole or not at all: a plain option and a store setting
 * in one request are written together, so a failure writing the setting (here the database
 * refuses its row) leaves the plain option unwritten too. It used to write them in two
 * statements, the plain options first.
 */
describeEachEngine('the options route is all-or-nothing', (ctx) => {
  it('writes nothing when the settings write fails, and everything when it works', async () => {
    const { app, db } = ctx();
    const body = { plain_test_option: 'kept?', woocommerce_store_city: 'Lyon' };
    const restore = await failInserts(db, 'options', 'no space left on device', {
      column: 'name',
      value: 'woocommerce_store_city',
    });
    let failed: Awaited<ReturnType<typeof call>>;
    try {
      failed = await call(app, 'POST', OPTIONS, body);
    } finally {
      await restore();
    }
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const stored = await getOptions(db, Object.keys(body));
    expect([...stored.keys()]).toEqual([]);

    const ok = await call<Record<string, boolean>>(app, 'POST', OPTIONS, body);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ plain_test_option: true, woocommerce_store_city: true });
    const after = await getOptions(db, Object.keys(body));
    expect(Object.fromEntries(after)).toEqual(body);
  });
});
