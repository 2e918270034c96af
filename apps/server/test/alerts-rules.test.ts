import { expect, it } from 'vitest';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { evaluateAlert, isOpen, openHoursText, tunedHours } from '../src/notify/rules';
import type { NotifyAlertTable } from '../src/notify/schema';
import { setOptions } from '../src/options';
import { formatSqlUtc, parseSqlUtc } from '../src/timezone';
import { order, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';
import { controlledNotifier, httpReceiver } from './notify-helpers';

const ALERTS = '/wp-json/storelens/v1/alerts';
const SECRET = 'the-alert-receivers-key';
const HOUR = 3_600_000;
const receiver = httpReceiver();

let nextId = 1;
/** An order of 10.00 created at `gmt`. */
const at = (gmt: string): OrderInput => {
  const id = nextId++;
  return order(id, { created: gmt, lines: [{ id: id * 10, productId: 10, qty: 1, price: '10' }] });
};
const times = (gmt: string, n: number) => Array.from({ length: n }, () => at(gmt));

/** The last order of the no-orders scenario: Saturday 25 March 2023, 16:00 in Berlin (CET). */
const LAST_2023 = '2023-03-25 15:00:00';

/**
 * Berlin (CET, CEST from 26 March 2023 and 31 March 2024, CET again from 27 October 2024):
 * - 20 orders 20 hours apart up to LAST_2023 (the store's own rate, for a tuned gap);
 * - days of 4, 4, 1 and 4 orders, 4 to 7 March 2024 at 11:00, and one at 00:30 on 7 March;
 * - 31 March 2024 (clocks skip 02:00-03:00): 3 orders at 01:10, none at 03:10, 3 at 04:10;
 * - 27 October 2024 (02:00-03:00 twice): one order in each 02 hour.
 */
async function seed(db: Parameters<typeof seedCatalog>[0]) {
  nextId = 1;
  await seedCatalog(db);
  await setOptions(db, { timezone_string: 'Europe/Berlin' });
  const last = parseSqlUtc(LAST_2023);
  await ingestOrders(db, [
    ...Array.from({ length: 20 }, (_, k) => at(formatSqlUtc(last - k * 20 * HOUR))),
    ...times('2024-03-04 10:00:00', 4),
    ...times('2024-03-05 10:00:00', 4),
    ...times('2024-03-06 10:00:00', 1),
    ...times('2024-03-06 23:30:00', 1),
    ...times('2024-03-07 10:00:00', 3),
    ...times('2024-03-31 00:10:00', 3),
    ...times('2024-03-31 02:10:00', 3),
    ...times('2024-10-27 00:10:00', 1),
    ...times('2024-10-27 01:10:00', 1),
  ]);
}

describeEachEngine(
  'alert rules: change, hourly windows across DST, opening hours, a tuned gap, sync',
  (ctx) => {
    let notifier: Awaited<ReturnType<typeof controlledNotifier>>;
    const events = async (id: number) =>
      (
        (
          await ctx().app.inject({ method: 'GET', url: `${ALERTS}/events?per_page=100` })
        ).json() as {
          alert_id: number;
          period: string;
          message: string;
          expected: string;
          actual: number | null;
          date_fired_gmt: string;
          date_cleared_gmt: string | null;
        }[]
      )
        .filter((e) => e.alert_id === id)
        .reverse();
    const create = async (payload: object) => {
      const res = await ctx().app.inject({ method: 'POST', url: ALERTS, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; open_hours: unknown; hours: number | null };
    };
    const remove = (id: number) => ctx().app.inject({ method: 'DELETE', url: `${ALERTS}/${id}` });
    /** Ticks at each GMT time in turn. */
    const tickAt = async (...gmts: string[]) => {
      for (const g of gmts) {
        notifier.at(g);
        await notifier.tick();
      }
    };
    const hooks = (path: string) =>
      receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body));

    it('refuses bad opening hours and fields of another condition, naming them', async () => {
      const { app } = ctx();
      receiver.received.length = 0;
      notifier = await controlledNotifier(app, '2024-03-01 00:00:00');
      const bad = async (payload: object, param: string) => {
        const res = await app.inject({ method: 'POST', url: ALERTS, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('rest_invalid_param');
        expect(Object.keys(res.json().data.params)).toContain(param);
      };
      const hours = { days: [1, 2], from: 9, to: 17 };
      await bad(
        { condition: 'no_orders', hours: 4, open_hours: { ...hours, from: 17 } },
        'open_hours.to',
      );
      await bad(
        { condition: 'no_orders', hours: 4, open_hours: { ...hours, to: 25 } },
        'open_hours',
      );
      await bad(
        { condition: 'no_orders', hours: 4, open_hours: { ...hours, days: [] } },
        'open_hours',
      );
      await bad(
        { condition: 'no_orders', hours: 4, open_hours: { ...hours, days: [7] } },
        'open_hours',
      );
      await bad(
        { condition: 'no_orders', hours: 4, open_hours: { ...hours, days: [1, 1] } },
        'open_hours',
      );
      await bad(
        { condition: 'no_orders', hours: 4, open_hours: { days: [1], from: 9 } },
        'open_hours',
      );
      await bad({ condition: 'no_orders', hours: 4, open_hours: 'weekdays' }, 'open_hours');
      await bad({ condition: 'no_orders', hours: 0 }, 'hours');
      await bad(
        { metric: 'orders/orders_count', condition: 'above', threshold: 1, open_hours: hours },
        'open_hours',
      );
      await bad({ condition: 'no_orders', hours: 4, direction: 'up' }, 'direction');
      await bad(
        { metric: 'orders/orders_count', condition: 'unusual', direction: 'sideways' },
        'direction',
      );
      // A PUT is checked as the rule it makes.
      const { id } = await create({ condition: 'no_orders', hours: 4, open_hours: hours });
      const put = await app.inject({
        method: 'PUT',
        url: `${ALERTS}/${id}`,
        payload: { open_hours: { days: [1], from: 10, to: 9 } },
      });
      expect(put.statusCode).toBe(400);
      expect(Object.keys(put.json().data.params)).toEqual(['open_hours.to']);
      // Changing the condition drops the opening hours it no longer has.
      const changed = await app.inject({
        method: 'PUT',
        url: `${ALERTS}/${id}`,
        payload: { condition: 'above', metric: 'orders/orders_count', threshold: 3 },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        condition: 'above',
        open_hours: null,
        direction: 'both',
      });
      await remove(id);
    });

    it('change, daily: the right local days, fires on a fall, clears on the rise after', async () => {
      const fall = await create({
        metric: 'orders/orders_count',
        condition: 'change',
        threshold: -50,
        channels: [{ type: 'webhook', url: `${receiver.url}/change`, secret: SECRET }],
      });
      const rise = await create({
        metric: 'orders/orders_count',
        condition: 'change',
        threshold: 100,
      });
      // 6 March 23:30 GMT is 00:30 on 7 March in Berlin: the last complete day is the 6th,
      // whose one order at 11:00 is a fall of 75% from the 5th's four. An hour earlier it was
      // still the 6th there: the day read was the 5th, as many as the 4th.
      await tickAt('2024-03-06 22:30:00');
      expect(await events(fall.id)).toEqual([]);
      await tickAt('2024-03-06 23:30:00', '2024-03-07 06:00:00', '2024-03-07 18:00:00');
      const fell = await events(fall.id);
      expect(fell).toHaveLength(1);
      expect(fell[0]).toMatchObject({
        period: 'day:2024-03-06',
        actual: 1,
        message: 'Orders was 1 on 2024-03-06, -75% against 4 the day before',
        expected: 'a change of less than 50% down from 4',
        date_cleared_gmt: null,
      });
      expect(await events(rise.id)).toEqual([]);
      // 8 March: the 7th had four (three at 11:00, one at 00:30 local): +300%.
      await tickAt('2024-03-08 06:00:00');
      expect((await events(fall.id))[0]!.date_cleared_gmt).toBe('2024-03-08T06:00:00');
      const rose = await events(rise.id);
      expect(rose).toHaveLength(1);
      expect(rose[0]).toMatchObject({ period: 'day:2024-03-07', actual: 4 });
      expect(rose[0]!.message).toContain('+300% against 1');
      // The webhook heard the episode start and end, once each.
      await notifier.sendDue();
      expect(hooks('/change').map((h) => [h.type, h.period])).toEqual([
        ['alert', 'day:2024-03-06'],
        ['alert_cleared', 'day:2024-03-07'],
      ]);
      await remove(fall.id);
      await remove(rise.id);
    });

    it('hourly, across the spring DST change: the skipped hour is not a window; fires and clears', async () => {
      const id = (
        await create({
          metric: 'orders/orders_count',
          condition: 'above',
          threshold: 2,
          window: 'hour',
        })
      ).id;
      // 01:05 GMT is 03:05 CEST: the last complete local hour is 01:00-02:00 CET (3 orders).
      await tickAt('2024-03-31 00:59:00', '2024-03-31 01:05:00');
      let seen = await events(id);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({
        period: 'hour:2024-03-31 01',
        actual: 3,
        message: 'Orders was 3 in the hour from 2024-03-31 01:00',
      });
      // 02:05 GMT is 04:05 CEST: the hour before is 03:00 (no orders), the 02 hour never was.
      await tickAt('2024-03-31 02:05:00');
      seen = await events(id);
      expect(seen[0]!.date_cleared_gmt).toBe('2024-03-31T02:05:00');
      await tickAt('2024-03-31 03:05:00');
      seen = await events(id);
      expect(seen.map((e) => e.period)).toEqual(['hour:2024-03-31 01', 'hour:2024-03-31 04']);
      await remove(id);
    });

    it('hourly change, and the autumn DST change: the repeated hour is one window of both', async () => {
      const rule = (await create({
        metric: 'orders/orders_count',
        condition: 'change',
        threshold: -50,
        window: 'hour',
      })) as { id: number };
      const row = async () =>
        (await ctx()
          .db.kysely.selectFrom('notify_alerts')
          .selectAll()
          .where('id', '=', rule.id)
          .executeTakeFirstOrThrow()) as NotifyAlertTable;
      const check = async (gmt: string) => evaluateAlert(ctx().db, await row(), parseSqlUtc(gmt));
      // 27 October: 00:10 GMT is 02:10 CEST, 01:10 GMT is 02:10 CET.
      expect((await check('2024-10-27 00:30:00'))?.period).toBe('hour:2024-10-27 01');
      expect((await check('2024-10-27 01:30:00'))?.period).toBe('hour:2024-10-27 01');
      const repeated = await check('2024-10-27 02:30:00');
      expect(repeated).toMatchObject({ period: 'hour:2024-10-27 02', actual: 2 });
      // 03:30 GMT: the 03 hour had none against the 02 hour's two: a fall of 100%.
      await tickAt('2024-10-27 02:30:00', '2024-10-27 03:30:00');
      const fell = await events(rule.id);
      expect(fell).toHaveLength(1);
      expect(fell[0]).toMatchObject({ period: 'hour:2024-10-27 03', actual: 0 });
      expect(fell[0]!.message).toContain('-100% against 2 the hour before');
      // 04:30 GMT: none against none: no comparison, back to normal.
      await tickAt('2024-10-27 04:30:00');
      expect((await events(rule.id))[0]!.date_cleared_gmt).toBe('2024-10-27T04:30:00');
      await remove(rule.id);
    });

    it('no orders in opening hours: closed hours do not count, DST is counted as lived', async () => {
      // The last order: Saturday 25 March 2023, 16:00 CET. Clocks go forward on Sunday.
      const everyDay = await create({
        condition: 'no_orders',
        hours: 12,
        open_hours: { days: [0, 1, 2, 3, 4, 5, 6], from: 9, to: 17 },
      });
      const weekdays = await create({
        condition: 'no_orders',
        hours: 12,
        open_hours: { days: [1, 2, 3, 4, 5], from: 9, to: 17 },
        channels: [{ type: 'webhook', url: `${receiver.url}/open`, secret: SECRET }],
      });
      const always = await create({ condition: 'no_orders', hours: 12 });
      expect(everyDay.open_hours).toEqual({ days: [0, 1, 2, 3, 4, 5, 6], from: 9, to: 17 });
      // Every hour: 12 hours after 15:00 GMT.
      await tickAt('2023-03-26 02:59:00');
      expect(await events(always.id)).toEqual([]);
      await tickAt('2023-03-26 03:01:00');
      expect(await events(always.id)).toHaveLength(1);
      // Every day 09-17 local: 1 hour on Saturday, 8 on Sunday (07-15 GMT, CEST), then 3 on
      // Monday: 12:00 CEST, 10:00 GMT (with the winter offset it would be 11:00 GMT).
      await tickAt('2023-03-26 23:00:00', '2023-03-27 09:59:00');
      expect(await events(everyDay.id)).toEqual([]);
      await tickAt('2023-03-27 10:01:00');
      const fired = await events(everyDay.id);
      expect(fired).toHaveLength(1);
      expect(fired[0]).toMatchObject({
        period: `since:${LAST_2023}`,
        message:
          'No orders for 12 open hours (Mon, Tue, Wed, Thu, Fri, Sat, Sun 09:00-17:00): the last was at 2023-03-25 16:00:00',
        expected:
          'an order at least every 12 open hours (Mon, Tue, Wed, Thu, Fri, Sat, Sun 09:00-17:00)',
      });
      // Weekdays only: the weekend does not count: 8 hours on Monday, 4 on Tuesday, so
      // 13:00 CEST on Tuesday.
      expect(await events(weekdays.id)).toEqual([]);
      await tickAt('2023-03-27 23:00:00', '2023-03-28 10:59:00');
      expect(await events(weekdays.id)).toEqual([]);
      await tickAt('2023-03-28 11:01:00', '2023-03-28 11:30:00');
      expect(await events(weekdays.id)).toHaveLength(1);
      await notifier.sendDue();
      expect(hooks('/open').map((h) => h.type)).toEqual(['alert']);
      for (const r of [everyDay, weekdays, always]) await remove(r.id);
    });

    it('no orders with hours: null waits for a gap tuned to the store, and clears with an order', async () => {
      const { db } = ctx();
      const tuned = await create({ condition: 'no_orders', hours: null });
      expect(tuned.hours).toBeNull();
      // The 19 gaps before the last order are 20 hours each: 1.5 x 20 = 30 hours.
      await tickAt('2023-03-26 20:59:00');
      expect(await events(tuned.id)).toEqual([]);
      await tickAt('2023-03-26 21:01:00');
      const fired = await events(tuned.id);
      expect(fired).toHaveLength(1);
      expect(fired[0]!.message).toBe('No orders for 30 hours: the last was at 2023-03-25 16:00:00');
      expect(fired[0]!.expected).toContain('1.5 times the longest of the usual gaps');
      await ingestOrders(db, [at('2023-03-27 08:00:00')]);
      await tickAt('2023-03-27 08:30:00');
      expect((await events(tuned.id))[0]!.date_cleared_gmt).toBe('2023-03-27T08:30:00');
      await remove(tuned.id);
    });

    it('a connected shop whose sync keeps failing fires, and clears when it syncs again', async () => {
      const { db } = ctx();
      const rule = await create({
        condition: 'sync_failing',
        channels: [{ type: 'webhook', url: `${receiver.url}/sync`, secret: SECRET }],
      });
      await db.kysely
        .insertInto('connections')
        .values({
          id: 1,
          url: 'https://shop.example',
          consumer_key: 'ck',
          consumer_secret: 'cs',
          webhook_secret: 'ws',
          status: 'error',
          store: JSON.stringify({ name: 'Corner <Shop>' }),
          can_write: 0,
          job_id: null,
          progress: '{}',
          last_change_gmt: null,
          last_reconciled_gmt: '2024-05-01 08:00:00',
          cursor_gmt: null,
          created_gmt: '2024-05-01 07:00:00',
        } as never)
        .execute();
      const fail = (id: number, at: string) =>
        db.kysely
          .insertInto('connection_errors')
          .values({ id, connection_id: 1, at_gmt: at, message: `timeout ${id}`, retry: 'soon' })
          .execute();
      // Before the last reconciliation, and one since: a blip, not a failing sync.
      await fail(1, '2024-05-01 07:30:00');
      await fail(2, '2024-05-01 07:40:00');
      await fail(3, '2024-05-01 09:00:00');
      await tickAt('2024-05-01 09:01:00');
      expect(await events(rule.id)).toEqual([]);
      await fail(4, '2024-05-01 09:01:00');
      await fail(5, '2024-05-01 09:03:00');
      await tickAt('2024-05-01 09:04:00', '2024-05-01 09:05:00');
      const fired = await events(rule.id);
      expect(fired).toHaveLength(1);
      expect(fired[0]).toMatchObject({
        period: 'sync:1',
        actual: 1,
        message: 'The sync of Corner <Shop> is failing (3 errors in a row): timeout 5',
      });
      // Syncing again: back to normal.
      await db.kysely
        .updateTable('connections')
        .set({ status: 'syncing' })
        .where('id', '=', 1)
        .execute();
      await tickAt('2024-05-01 09:10:00');
      expect((await events(rule.id))[0]!.date_cleared_gmt).toBe('2024-05-01T09:10:00');
      await notifier.sendDue();
      expect(hooks('/sync').map((h) => [h.type, h.message])).toEqual([
        ['alert', 'The sync of Corner <Shop> is failing (3 errors in a row): timeout 5'],
        ['alert_cleared', 'Every connected shop syncs again'],
      ]);
      await db.kysely.deleteFrom('connection_errors').execute();
      await db.kysely.deleteFrom('connections').execute();
      await remove(rule.id);
    });
  },
  seed,
);

it('opening hours: weekdays and hours of the local time, and as messages write them', () => {
  const open = { days: [1, 2, 3, 4, 5], from: 9, to: 17 };
  expect(isOpen('2024-03-04 09:00:00', open)).toBe(true); // a Monday
  expect(isOpen('2024-03-04 16:59:59', open)).toBe(true);
  expect(isOpen('2024-03-04 17:00:00', open)).toBe(false);
  expect(isOpen('2024-03-04 08:59:59', open)).toBe(false);
  expect(isOpen('2024-03-03 12:00:00', open)).toBe(false); // a Sunday
  expect(isOpen('2024-03-03 23:00:00', { days: [0], from: 0, to: 24 })).toBe(true);
  expect(openHoursText({ days: [0, 6, 1], from: 8, to: 20 })).toBe('Mon, Sat, Sun 08:00-20:00');
});

it('a tuned gap: 1.5 times the 95th percentile gap, 12 to 720 hours, sparse stores by the mean', () => {
  const every = (hours: number, n: number) => Array.from({ length: n }, (_, i) => i * hours * HOUR);
  expect(tunedHours(every(20, 20)).hours).toBe(30);
  expect(tunedHours(every(1, 200)).hours).toBe(12);
  expect(tunedHours(every(600, 12)).hours).toBe(720);
  // One long night among short gaps: the 95th percentile is the usual long gap, not the outlier.
  const gaps = [...every(2, 100), 198 * HOUR + 100 * HOUR];
  expect(tunedHours(gaps).hours).toBe(12);
  // Fewer than 10 gaps: three times the mean gap over 4 weeks (28 days / 4 orders = 168 h).
  expect(tunedHours(every(5, 4)).hours).toBe(504);
});
