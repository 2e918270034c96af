import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { setOptions } from '../src/options';
import { formatSqlUtc, parseSqlUtc } from '../src/timezone';
import { order, seedCatalog } from './fixtures';
import { authenticateInjects, describeEachEngine, signIn } from './harness';
import { controlledNotifier, decodeMail, httpReceiver, signatureValid } from './notify-helpers';
import { smtpPeer } from './smtp-peer';

const ALERTS = '/wp-json/storelens/v1/alerts';
const SECRET = 'the-alert-receivers-key';
const mails = smtpPeer();
const receiver = httpReceiver();

let nextId = 1;
/** `n` orders of 10.00 at 10:00 GMT (11:00 in Berlin, winter) on a day. */
const ordersOn = (day: string, n: number): OrderInput[] =>
  Array.from({ length: n }, (_, i) => {
    const id = nextId++;
    return order(id, {
      created: `${day} 10:0${i % 10}:00`,
      lines: [{ id: id * 10, productId: 10, qty: 1, price: '10' }],
    });
  });

/**
 * Berlin. Eight Wednesdays from 3 January to 21 February 2024 with 2 orders each, then
 * Wednesday 28 February with 9, Thursday 29 February with none, Friday 1 March with one.
 */
async function seed(db: Parameters<typeof seedCatalog>[0]) {
  nextId = 1;
  await seedCatalog(db);
  await setOptions(db, { timezone_string: 'Europe/Berlin', blogname: '<i>Shop</i>' });
  const days = Array.from({ length: 8 }, (_, w) =>
    formatSqlUtc(parseSqlUtc('2024-01-03') + w * 7 * 86_400_000).slice(0, 10),
  );
  await ingestOrders(db, [
    ...days.flatMap((d) => ordersOn(d, 2)),
    ...ordersOn('2024-02-28', 9),
    ...ordersOn('2024-03-01', 1),
  ]);
}

describeEachEngine(
  'alerts: rules that fire once per episode and clear',
  (ctx) => {
    let notifier: Awaited<ReturnType<typeof controlledNotifier>>;
    const hooks = () => receiver.received.filter((r) => r.path === '/alert');
    const events = async () =>
      (await ctx().app.inject({ method: 'GET', url: `${ALERTS}/events` })).json() as {
        alert_id: number;
        message: string;
        expected: string;
        actual: number | null;
        period: string;
        note_id: number | null;
        date_cleared_gmt: string | null;
      }[];
    const eventsOf = async (id: number) => (await events()).filter((e) => e.alert_id === id);

    it('refuses incomplete rules, naming what is missing', async () => {
      const { app } = ctx();
      mails.length = 0;
      receiver.received.length = 0;
      notifier = await controlledNotifier(app, '2024-02-28 12:00:00');
      const bad = async (payload: object, param: string) => {
        const res = await app.inject({ method: 'POST', url: ALERTS, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json().data.params)).toContain(param);
      };
      await bad({ condition: 'sometimes' }, 'condition');
      await bad({ metric: 'orders/orders_count', condition: 'above' }, 'threshold');
      await bad({ metric: 'orders/orders_count', condition: 'change' }, 'threshold');
      await bad({ metric: 'nope', condition: 'above', threshold: 1 }, 'metric');
      await bad({ condition: 'no_orders' }, 'hours');
      await bad(
        {
          condition: 'no_orders',
          hours: 5,
          channels: [{ type: 'slack', url: 'file:///etc/passwd' }],
        },
        'channels[0].url',
      );
    });

    it('below a threshold: fires once, clears the next day, fires again in a new episode', async () => {
      const { app } = ctx();
      const created = await app.inject({
        method: 'POST',
        url: ALERTS,
        payload: {
          metric: 'orders/orders_count',
          condition: 'below',
          threshold: 1,
          channels: [
            { type: 'email' },
            { type: 'webhook', url: `${receiver.url}/alert`, secret: SECRET },
          ],
        },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      // 29 February 06:00: Wednesday had 9 orders.
      notifier.at('2024-02-29 06:00:00');
      await notifier.tick();
      expect(await eventsOf(id)).toEqual([]);
      // 1 March: Thursday had none. Fires once, however often it is checked.
      notifier.at('2024-03-01 06:00:00');
      await notifier.tick();
      notifier.at('2024-03-01 06:30:00');
      await notifier.tick();
      await notifier.tick();
      const fired = await eventsOf(id);
      expect(fired).toHaveLength(1);
      expect(fired[0]).toMatchObject({
        period: 'day:2024-02-29',
        actual: 0,
        expected: 'at least 1',
        message: 'Orders was 0 on 2024-02-29',
        date_cleared_gmt: null,
      });
      expect((await app.inject({ method: 'GET', url: `${ALERTS}/${id}` })).json().state).toBe(
        'firing',
      );
      // Its note in the Home inbox, with the report link.
      const note = (
        await app.inject({
          method: 'GET',
          url: `/wp-json/wc-analytics/admin/notes/${fired[0]!.note_id}`,
        })
      ).json();
      expect(note).toMatchObject({
        name: `storelens-alert-${id}`,
        type: 'warning',
        source: 'storelens',
      });
      expect(note.actions[0].url).toContain('path=%2Fanalytics%2Forders');
      expect(note.actions[0].url).toContain('after=2024-02-29');
      // The channels: one signed webhook, one e-mail.
      expect(hooks()).toHaveLength(1);
      expect(signatureValid(hooks()[0]!, SECRET)).toBe(true);
      expect(JSON.parse(hooks()[0]!.body)).toMatchObject({
        type: 'alert',
        alert_id: id,
        condition: 'below',
        period: 'day:2024-02-29',
        actual: 0,
      });
      expect(mails).toHaveLength(1);
      expect(decodeMail(mails[0]!.text)).toContain('Orders was 0 on 2024-02-29');

      // 2 March: Friday had one order: back to normal, the episode closed, said once to the
      // same channels, and the inbox note says so.
      notifier.at('2024-03-02 06:00:00');
      await notifier.tick();
      await notifier.tick();
      expect((await eventsOf(id))[0]!.date_cleared_gmt).toBe('2024-03-02T06:00:00');
      expect((await app.inject({ method: 'GET', url: `${ALERTS}/${id}` })).json().state).toBe(
        'normal',
      );
      expect(hooks()).toHaveLength(2);
      expect(hooks()[1]!.headers['x-storelens-event']).toBe('alert_cleared');
      expect(signatureValid(hooks()[1]!, SECRET)).toBe(true);
      expect(JSON.parse(hooks()[1]!.body)).toMatchObject({
        type: 'alert_cleared',
        alert_id: id,
        event_id: JSON.parse(hooks()[0]!.body).event_id,
        period: 'day:2024-03-01',
        actual: 1,
        message: 'Orders was 1 on 2024-03-01',
      });
      expect(mails).toHaveLength(2);
      expect(decodeMail(mails[1]!.text)).toContain('Back to normal: Orders was 1 on 2024-03-01');
      const cleared = (
        await app.inject({
          method: 'GET',
          url: `/wp-json/wc-analytics/admin/notes/${fired[0]!.note_id}`,
        })
      ).json();
      expect(cleared).toMatchObject({ type: 'info', title: 'Orders: back to normal' });
      expect(cleared.content).toContain('Back to normal: Orders was 1 on 2024-03-01');
      expect(cleared.content).toContain('Orders was 0 on 2024-02-29');
      // 3 March: Saturday had none: a new episode, with a new note.
      notifier.at('2024-03-03 06:00:00');
      await notifier.tick();
      const episodes = await eventsOf(id);
      expect(episodes).toHaveLength(2);
      expect(episodes[0]!.note_id).not.toBe(fired[0]!.note_id);
      expect(hooks()).toHaveLength(3);
      await app.inject({ method: 'DELETE', url: `${ALERTS}/${id}` });
    });

    it('unusual: outside the range of the same weekday over recent weeks, and back', async () => {
      const { app } = ctx();
      const id = (
        await app.inject({
          method: 'POST',
          url: ALERTS,
          payload: { metric: 'orders/orders_count', condition: 'unusual' },
        })
      ).json().id as number;
      // Wednesday 28 February: 9 orders against 2 on each of the 8 Wednesdays before.
      notifier.at('2024-02-29 06:00:00');
      await notifier.tick();
      const fired = await eventsOf(id);
      expect(fired).toHaveLength(1);
      expect(fired[0]).toMatchObject({
        actual: 9,
        expected: 'between -1 and 5 (the same weekday of the last 8 weeks)',
      });
      // Thursday 29 February: none, as on every Thursday: normal again.
      notifier.at('2024-03-01 06:00:00');
      await notifier.tick();
      expect((await eventsOf(id))[0]!.date_cleared_gmt).not.toBeNull();
      await app.inject({ method: 'DELETE', url: `${ALERTS}/${id}` });
    });

    it('no orders for N hours: fires when the gap passes, clears with the next order', async () => {
      const { app, db } = ctx();
      notifier.at('2024-03-01 12:00:00');
      const id = (
        await app.inject({
          method: 'POST',
          url: ALERTS,
          payload: { condition: 'no_orders', hours: 12 },
        })
      ).json().id as number;
      // The last order: 1 March 10:00 GMT.
      notifier.at('2024-03-01 21:59:00');
      await notifier.tick();
      expect(await eventsOf(id)).toEqual([]);
      notifier.at('2024-03-01 22:01:00');
      await notifier.tick();
      await notifier.tick();
      const fired = await eventsOf(id);
      expect(fired).toHaveLength(1);
      expect(fired[0]!.message).toBe('No orders for 12 hours: the last was at 2024-03-01 11:00:00');
      await ingestOrders(db, [
        order(9_000, {
          created: '2024-03-01 23:00:00',
          lines: [{ id: 90_000, productId: 10, qty: 1, price: '10' }],
        }),
      ]);
      notifier.at('2024-03-01 23:30:00');
      await notifier.tick();
      expect((await eventsOf(id))[0]!.date_cleared_gmt).toBe('2024-03-01T23:30:00');
    });

    it('fires once when two processes check the same rule together', async () => {
      const { app, db, engine } = ctx();
      const id = (
        await app.inject({
          method: 'POST',
          url: ALERTS,
          payload: {
            metric: 'revenue/net_revenue',
            condition: 'above',
            threshold: 50,
            channels: [{ type: 'webhook', url: `${receiver.url}/alert`, secret: SECRET }],
          },
        })
      ).json().id as number;
      const otherDb = engine === 'postgres' ? openDatabase(db.url, { schema: db.schema! }) : db;
      const other = await buildApp(otherDb, { webRoot: '/nonexistent' });
      authenticateInjects(other, await signIn(otherDb, 'administrator'));
      try {
        const before = hooks().length;
        const second = await controlledNotifier(other, '2024-02-29 06:00:00');
        notifier.at('2024-02-29 06:00:00');
        await Promise.all([notifier.tick(), second.tick(), notifier.tick(), second.tick()]);
        expect(await eventsOf(id)).toHaveLength(1);
        expect(hooks().length - before).toBe(1);
        expect(JSON.parse(hooks().at(-1)!.body)).toMatchObject({ alert_id: id, actual: 90 });
      } finally {
        await other.close();
        if (otherDb !== db) await otherDb.close();
      }
      // An analyst sees neither the administrator's rules nor their events.
      const analyst = await signIn(db, 'analyst');
      expect(
        (await ctx().anonymous({ method: 'GET', url: ALERTS, headers: analyst })).json(),
      ).toEqual([]);
      expect(
        (
          await ctx().anonymous({ method: 'GET', url: `${ALERTS}/events`, headers: analyst })
        ).json(),
      ).toEqual([]);
    });
  },
  seed,
);
