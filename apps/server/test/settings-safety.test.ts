import { afterEach, expect, it } from 'vitest';
import { MAX_OPTION_BYTES, MAX_OPTIONS } from '../src/admin/options';
import type { SettingsChange } from '../src/events';
import { getOptions, readStoreSettings, setOptions } from '../src/options';
import { call, expectError } from './admin-helpers';
import { describeEachEngine } from './harness';
import { MAY, seedReports } from './reports-fixture';

const OPTIONS = '/wp-json/wc-admin/options';
const A = '/wp-json/wc-analytics';

let unsubscribe: (() => void) | undefined;
afterEach(() => unsubscribe?.());

describeEachEngine(
  'settings cannot break the reports',
  (ctx) => {
    it('the options route refuses an invalid setting, naming it, and writes nothing', async () => {
      const { app, db } = ctx();
      for (const [name, value] of [
        ['timezone_string', 'Mars/Olympus'],
        ['woocommerce_price_num_decimals', 99],
        ['woocommerce_price_num_decimals', 'two'],
        ['start_of_week', 9],
        ['woocommerce_excluded_report_order_statuses', ['nope']],
        ['woocommerce_date_type', 'date_whenever'],
        ['woocommerce_currency', 'dollars'],
      ] as const) {
        const answer = await call(app, 'POST', OPTIONS, { [name]: value, harmless_flag: 'x' });
        expectError(answer, 400, 'rest_invalid_param', name);
        expect((await getOptions(db, [name, 'harmless_flag'])).size).toBe(0);
      }
    });

    it('a valid setting through the options route is normalised and announced', async () => {
      const { app, db } = ctx();
      const changes: SettingsChange[] = [];
      unsubscribe = db.events.on('settingsChanged', (c) => changes.push(c));
      const answer = await call(app, 'POST', OPTIONS, {
        start_of_week: '3',
        woocommerce_date_type: 'date_created',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ start_of_week: true, woocommerce_date_type: true });
      expect((await getOptions(db, ['start_of_week'])).get('start_of_week')).toBe(3);
      // One event per settings group (general, wc_admin), as the settings route sends them.
      expect(changes.flatMap((c) => c.changed).sort()).toEqual([
        'start_of_week',
        'woocommerce_date_type',
      ]);
      expect(changes.every((c) => c.affectsReports)).toBe(true);
      const count = changes.length;
      const again = await call(app, 'POST', OPTIONS, { start_of_week: 3 });
      expect(again.body).toEqual({ start_of_week: false });
      expect(changes).toHaveLength(count);
      await call(app, 'POST', OPTIONS, {
        start_of_week: 1,
        woocommerce_date_type: 'date_paid',
      });
    });

    it('a stored invalid value never fails a report: the default applies', async () => {
      const { app, db } = ctx();
      const reports = [
        `reports/revenue/stats?${MAY}&interval=day`,
        `reports/products?${MAY}`,
        `reports/products/stats?${MAY}`,
        `leaderboards?${MAY}&per_page=5`,
        `reports/orders?${MAY}`,
        `reports/customers?${MAY}`,
      ];
      const clean: unknown[] = [];
      for (const r of reports) {
        const res = await call(app, 'GET', `${A}/${r}&force_cache_refresh=true`);
        expect(res.status, r).toBe(200);
        clean.push(res.body);
      }
      // Written straight into the database, bypassing every route's validation.
      await setOptions(db, {
        timezone_string: 'Not/AZone',
        woocommerce_price_num_decimals: 'lots',
        start_of_week: 42,
        woocommerce_excluded_report_order_statuses: 'pending',
        woocommerce_date_type: 7,
        woocommerce_currency: null,
      });
      try {
        const settings = await readStoreSettings(db);
        expect(settings).toMatchObject({
          timezone: 'UTC',
          currencyPrecision: 2,
          startOfWeek: 1,
          excludedStatuses: ['pending', 'failed', 'cancelled'],
          dateType: 'date_paid',
          currency: 'USD',
        });
        for (const [i, r] of reports.entries()) {
          const res = await call(app, 'GET', `${A}/${r}&force_cache_refresh=true`);
          expect(res.status, `${r} → ${JSON.stringify(res.body)}`).toBe(200);
          expect(res.body, r).toEqual(clean[i]);
        }
        const totals = await call<{ totals: { net_revenue: unknown } }>(
          app,
          'GET',
          `${A}/reports/revenue/stats?${MAY}&interval=month&force_cache_refresh=true`,
        );
        expect(typeof totals.body.totals.net_revenue).toBe('number');
      } finally {
        await db.kysely
          .deleteFrom('options')
          .where('name', 'in', [
            'timezone_string',
            'woocommerce_price_num_decimals',
            'start_of_week',
            'woocommerce_excluded_report_order_statuses',
            'woocommerce_date_type',
            'woocommerce_currency',
          ])
          .execute();
      }
    });

    it('an option value above the size limit is a 413 naming it; at the limit it is kept', async () => {
      const { app, db } = ctx();
      const big = 'x'.repeat(MAX_OPTION_BYTES); // plus two quotes of JSON
      const refused = await call(app, 'POST', OPTIONS, { big_option: big, small: 1 });
      expectError(refused, 413, 'storelens_option_too_large', 'big_option');
      expect((await getOptions(db, ['big_option', 'small'])).size).toBe(0);
      const fits = 'x'.repeat(MAX_OPTION_BYTES - 2);
      const kept = await call(app, 'POST', OPTIONS, { big_option: fits });
      expect(kept.status).toBe(200);
      expect((await getOptions(db, ['big_option'])).get('big_option')).toBe(fits);
    });

    it('a store keeps at most MAX_OPTIONS options: new names beyond are a 400', async () => {
      const { app, db } = ctx();
      const row = await db.kysely
        .selectFrom('options')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const fill: Record<string, number> = {};
      for (let i = Number(row.n); i < MAX_OPTIONS; i++) fill[`filler_${i}`] = i;
      await setOptions(db, fill);
      try {
        const refused = await call(app, 'POST', OPTIONS, { one_more: 1 });
        expectError(refused, 400, 'storelens_too_many_options', 'options');
        expect((await getOptions(db, ['one_more'])).size).toBe(0);
        // Changing an option the store already has is still allowed.
        const existing = Object.keys(fill)[0] ?? 'big_option';
        const update = await call(app, 'POST', OPTIONS, { [existing]: 'changed' });
        expect(update.status).toBe(200);
      } finally {
        await db.kysely.deleteFrom('options').where('name', 'like', 'filler_%').execute();
      }
      expect((await call(app, 'POST', OPTIONS, { one_more: 1 })).status).toBe(200);
    });
  },
  seedReports,
);
