import { expect, it } from 'vitest';
import { generateDemoStore } from '../src/demo/generate';
import { addDays } from '../src/notify/periods';
import { evaluateAlert, UNUSUAL_DEVIATIONS } from '../src/notify/rules';
import type { NotifyAlertTable } from '../src/notify/schema';
import { parseSqlUtc, zone } from '../src/timezone';
import { describeEachEngine } from './harness';

/*
 * The false-alarm rate of `unusual` on the demo store (docs/metrics.md, "Alerts"): nothing
 * unusual is put in the demo, so every window the check finds outside its expected range is
 * a false alarm. The demo: 5,000 orders over half a year to 30 June 2024 in New York (about
 * 27 a day, as the default demo), generated at a fixed time. Checked: each day of the last
 * 8 weeks (orders, net sales, refunds, and refunds on the high side only, as the starter rule
 * does) and each hour of the last 2 weeks (orders). The bound asserted is Chebyshev's, 1/k²
 * for k deviations, which holds for any distribution of the values.
 */

const DAYS = 56;
const HOURS = 14 * 24;
const TZ = 'America/New_York';

const rule = (metric: string, span: 'day' | 'hour', direction: string | null = null) =>
  ({
    id: 1,
    user_id: 1,
    store_wide: 1,
    metric,
    condition: 'unusual',
    threshold: null,
    span,
    hours: null,
    open_hours: null,
    direction,
    channels: '[]',
    enabled: 1,
    starter: null,
    state: 'normal',
    event_id: null,
    created_gmt: '2024-01-01 00:00:00',
    updated_gmt: '2024-01-01 00:00:00',
  }) satisfies NotifyAlertTable;

describeEachEngine(
  'unusual: the false-alarm rate on the demo store',
  (ctx) => {
    it(`stays within 1/k² (k = ${UNUSUAL_DEVIATIONS}) on the days and hours of recent weeks`, async () => {
      const { db, engine } = ctx();
      const tz = zone(TZ);
      // 06:00 local after each day from 6 May to 30 June: the day before is the one checked.
      const dayChecks = Array.from({ length: DAYS }, (_, i) =>
        parseSqlUtc(tz.toGmt(`${addDays('2024-05-07', i)} 06:00:00`)),
      );
      // Five past each hour of 17 to 30 June: the hour before is the one checked.
      const end = parseSqlUtc(tz.toGmt('2024-07-01 00:05:00'));
      const hourChecks = Array.from({ length: HOURS }, (_, i) => end - (HOURS - 1 - i) * 3_600_000);
      const measure = async (r: NotifyAlertTable, checks: number[]) => {
        let alarms = 0;
        let judged = 0;
        for (const ms of checks) {
          const found = await evaluateAlert(db, r, ms);
          if (!found) continue;
          judged++;
          if (found.firing) alarms++;
        }
        return { alarms, judged, rate: alarms / Math.max(1, judged) };
      };
      const results = {
        'orders, by day': await measure(rule('orders/orders_count', 'day'), dayChecks),
        'net sales, by day': await measure(rule('revenue/net_revenue', 'day'), dayChecks),
        'refunds, by day': await measure(rule('revenue/refunds', 'day'), dayChecks),
        'refunds high, by day': await measure(rule('revenue/refunds', 'day', 'up'), dayChecks),
        'orders, by hour': await measure(rule('orders/orders_count', 'hour'), hourChecks),
      };
      console.log(
        `unusual on the demo store [${engine}]:\n${Object.entries(results)
          .map(
            ([name, r]) =>
              `  ${name}: ${r.alarms} false alarms in ${r.judged} checks (${(r.rate * 100).toFixed(1)}%)`,
          )
          .join('\n')}`,
      );
      const bound = 1 / UNUSUAL_DEVIATIONS ** 2;
      for (const [name, r] of Object.entries(results)) {
        expect(r.judged, name).toBe(name.endsWith('hour') ? HOURS : DAYS);
        expect(r.rate, name).toBeLessThanOrEqual(bound);
      }
    });
  },
  async (db) => {
    await generateDemoStore(db, {
      orders: 5000,
      years: 0.5,
      seed: 42,
      timezone: TZ,
      end: '2024-06-30',
      now: parseSqlUtc('2024-07-01 04:00:00'),
    });
  },
);
