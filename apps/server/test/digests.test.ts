import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import { setOptions } from '../src/options';
import { order, seedCatalog } from './fixtures';
import { authenticateInjects, describeEachEngine, signIn, testEmail } from './harness';
import { controlledNotifier, decodeMail, httpReceiver, signatureValid } from './notify-helpers';
import { smtpPeer } from './smtp-peer';

const DIGESTS = '/wp-json/storelens/v1/digests';
const SECRET = 'a-signing-key-of-the-shop-owner';
const EVIL = '<script>alert("x")</script>';
/** A product name with markup characters that the reports keep (they strip whole tags). */
const PRODUCT = 'Mug 1 < 2 & "co"';

const mails = smtpPeer();
const receiver = httpReceiver();

/**
 * New York, weeks from Monday. US daylight saving time began on Sunday 10 March 2024 at 02:00
 * (EST, UTC-5 → EDT, UTC-4), so 08:00 local is 13:00 GMT before and 12:00 GMT after.
 */
async function seed(db: Parameters<typeof seedCatalog>[0]) {
  await seedCatalog(db);
  await db.kysely.updateTable('products').set({ name: PRODUCT }).where('id', '=', 10).execute();
  await setOptions(db, {
    timezone_string: 'America/New_York',
    start_of_week: 1,
    blogname: `<b>Shop</b>${EVIL}`,
  });
  await ingestOrders(db, [
    // Saturday 9 March, 11:00 EST; Sunday 10 March, 11:00 EDT (two of them).
    order(1, {
      created: '2024-03-09 16:00:00',
      lines: [{ id: 11, productId: 10, qty: 1, price: '10' }],
    }),
    order(2, {
      created: '2024-03-10 15:00:00',
      lines: [{ id: 21, productId: 10, qty: 2, price: '10' }],
    }),
    order(3, {
      created: '2024-03-10 15:30:00',
      lines: [{ id: 31, productId: 20, variationId: 21, qty: 1, price: '25' }],
    }),
  ]);
}

describeEachEngine(
  'digests: REST, content, delivery, exactly once',
  (ctx) => {
    let notifier: Awaited<ReturnType<typeof controlledNotifier>>;
    const channels = () => [
      { type: 'email' },
      { type: 'slack', url: `${receiver.url}/slack` },
      { type: 'webhook', url: `${receiver.url}/hook`, secret: SECRET },
    ];

    it('creates, lists, refuses bad input naming the parameter, and keeps users apart', async () => {
      const { app, db, anonymous } = ctx();
      // Each engine's suite starts with an empty mailbox and receiver.
      mails.length = 0;
      receiver.received.length = 0;
      receiver.answer = () => 200;
      // Created on Saturday 9 March at 09:00 EST: the first digest due is Saturday's.
      notifier = await controlledNotifier(app, '2024-03-09 14:00:00');
      const bad = async (payload: object, param: string) => {
        const res = await app.inject({ method: 'POST', url: DIGESTS, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('rest_invalid_param');
        expect(Object.keys(res.json().data.params)).toContain(param);
      };
      await bad({ frequency: 'hourly', hour: 8, channels: [{ type: 'email' }] }, 'frequency');
      await bad({ frequency: 'daily', hour: 24, channels: [{ type: 'email' }] }, 'hour');
      await bad({ frequency: 'daily', hour: 8, channels: [] }, 'channels');
      await bad(
        { frequency: 'daily', hour: 8, channels: [{ type: 'slack', url: 'ftp://x.test/a' }] },
        'channels[0].url',
      );
      await bad(
        { frequency: 'daily', hour: 8, channels: [{ type: 'slack', url: 'javascript:alert(1)' }] },
        'channels[0].url',
      );
      await bad(
        { frequency: 'daily', hour: 8, channels: [{ type: 'webhook', url: 'https://x.test/' }] },
        'channels[0].secret',
      );

      const created = await app.inject({
        method: 'POST',
        url: DIGESTS,
        payload: { frequency: 'daily', hour: 8, channels: channels() },
      });
      expect(created.statusCode).toBe(201);
      const digest = created.json();
      expect(digest).toMatchObject({ id: 1, frequency: 'daily', hour: 8, enabled: true });
      expect(created.body).not.toContain(SECRET);
      expect(digest.channels[2]).toEqual({
        type: 'webhook',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/…hook$/),
        signed: true,
      });

      // An analyst manages their own; a store-wide one needs manage_options.
      const analyst = await signIn(db, 'analyst');
      const refused = await anonymous({
        method: 'POST',
        url: DIGESTS,
        headers: analyst,
        payload: { frequency: 'weekly', hour: 7, channels: [{ type: 'email' }], store_wide: true },
      });
      expect(refused.statusCode).toBe(403);
      const own = await anonymous({
        method: 'POST',
        url: DIGESTS,
        headers: analyst,
        payload: { frequency: 'weekly', hour: 7, channels: [{ type: 'email' }], enabled: false },
      });
      expect(own.statusCode).toBe(201);
      const theirs = own.json().id as number;
      expect((await anonymous({ method: 'GET', url: DIGESTS, headers: analyst })).json()).toEqual([
        own.json(),
      ]);
      expect(
        (await anonymous({ method: 'GET', url: `${DIGESTS}/${digest.id}`, headers: analyst }))
          .statusCode,
      ).toBe(404);
      // Another user's personal digest is not the administrator's either.
      expect(
        (await app.inject({ method: 'GET', url: DIGESTS })).json().map((d: { id: number }) => d.id),
      ).toEqual([digest.id]);
      expect((await app.inject({ method: 'DELETE', url: `${DIGESTS}/${theirs}` })).statusCode).toBe(
        404,
      );
      const updated = await anonymous({
        method: 'PUT',
        url: `${DIGESTS}/${theirs}`,
        headers: analyst,
        payload: { hour: 9 },
      });
      expect(updated.json()).toMatchObject({ hour: 9, enabled: false });
      expect(
        (
          await anonymous({ method: 'DELETE', url: `${DIGESTS}/${theirs}`, headers: analyst })
        ).json(),
      ).toEqual({ deleted: true, id: theirs });
      expect((await anonymous({ method: 'GET', url: DIGESTS })).statusCode).toBe(401);
    });

    it('sends the day before at 08:00 New York time, across the DST change, once', async () => {
      const { app } = ctx();
      // 07:59 EDT on 10 March: not yet (8 March's was due before the digest existed).
      notifier.at('2024-03-10 11:59:00');
      await notifier.tick();
      expect(mails).toHaveLength(0);
      expect(receiver.received).toHaveLength(0);
      // 08:00 EDT = 12:00 GMT (13:00 GMT the day before, in EST).
      notifier.at('2024-03-10 12:00:00');
      await notifier.tick();
      expect(mails).toHaveLength(1);
      expect(receiver.received.map((r) => r.path).sort()).toEqual(['/hook', '/slack']);
      await notifier.tick();
      notifier.at('2024-03-10 20:00:00');
      await notifier.tick();
      expect(mails).toHaveLength(1);
      expect(receiver.received).toHaveLength(2);

      // The e-mail: to the owner, HTML with a text part, every shop value escaped.
      const mail = decodeMail(mails[0]!.text);
      expect(mails[0]!.to).toBe(testEmail('administrator'));
      expect(mail).toContain('Content-Type: text/plain');
      expect(mail).toContain('Content-Type: text/html');
      expect(mail).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(mail).toContain('&lt;b&gt;Shop&lt;/b&gt;');
      // The plain-text part and the subject hold the name as it is: only HTML reads markup.
      const html = mail.slice(mail.indexOf('Content-Type: text/html'));
      expect(html).toContain('<!DOCTYPE html>');
      expect(html).toContain('Mug 1 &lt; 2 &amp; &quot;co&quot;');
      expect(html).not.toMatch(/<script>|<b>Shop/);
      expect(html).not.toMatch(/<img|src=/);
      expect(mail).toContain('Daily digest for');
      expect(mail).toContain('2024-03-09');
      expect(mail).toContain('Set STORELENS_PUBLIC_URL');

      // Slack: incoming-webhook JSON, escaped for Slack.
      const slack = JSON.parse(receiver.received.find((r) => r.path === '/slack')!.body);
      expect(slack.text).toContain('&lt;b&gt;Shop&lt;/b&gt;');
      expect(Array.isArray(slack.blocks)).toBe(true);

      // The signed webhook: the signature checks, and the figures are the period's.
      const hook = receiver.received.find((r) => r.path === '/hook')!;
      expect(signatureValid(hook, SECRET)).toBe(true);
      expect(signatureValid(hook, 'another-secret-of-16')).toBe(false);
      expect(hook.headers['x-storelens-timestamp']).toBe(String(Date.UTC(2024, 2, 10, 12) / 1000));
      const body = JSON.parse(hook.body);
      expect(body).toMatchObject({
        type: 'digest',
        digest_id: 1,
        frequency: 'daily',
        period: { first: '2024-03-09', last: '2024-03-09' },
        previous: { first: '2024-03-08', last: '2024-03-08' },
      });
      const stat = (s: string) =>
        body.indicators.find((i: { stat: string }) => i.stat === s) as {
          value: number;
          previous: number;
        };
      expect(stat('orders/orders_count')).toMatchObject({ value: 1, previous: 0 });
      expect(stat('revenue/net_revenue').value).toBe(10);
      expect(body.top_products).toEqual([
        { id: 10, name: PRODUCT, items_sold: 1, net_revenue: 10 },
      ]);
      // Where the day's orders came from: this one has no attribution, said as unknown.
      expect(body.top_sources).toEqual([
        { value: 'unknown', label: 'Unknown', orders_count: 1, net_revenue: 10 },
      ]);
      expect(mail).toContain('Top sources by net sales:');
      expect(body.chart).toHaveLength(24);

      // Sunday 10 March, 23 hours long, the next morning.
      notifier.at('2024-03-11 12:00:00');
      await notifier.tick();
      expect(mails).toHaveLength(2);
      const next = JSON.parse(receiver.received.filter((r) => r.path === '/hook')[1]!.body);
      expect(next.period.first).toBe('2024-03-10');
      expect(next.indicators[0]).toMatchObject({ stat: 'revenue/total_sales', value: 45 });
      // The chart's hours are the Revenue report's: local wall-clock hours, 02:00 left empty.
      expect(next.chart).toHaveLength(24);
      expect(next.chart[11]).toEqual({ label: '11', value: 45 });

      const listed = (await app.inject({ method: 'GET', url: DIGESTS })).json();
      expect(listed[0].last_delivery).toMatchObject({
        status: 'sent',
        period: 'daily:2024-03-10',
        error: null,
      });
    });

    it('sends a period once across two processes and a restart, and catches up a late start', async () => {
      const { db, engine } = ctx();
      // A second process: its own app, on its own connection with PostgreSQL.
      const otherDb = engine === 'postgres' ? openDatabase(db.url, { schema: db.schema! }) : db;
      const other = await buildApp(otherDb, { webRoot: '/nonexistent' });
      authenticateInjects(other, await signIn(otherDb, 'administrator'));
      const before = { mails: mails.length, posts: receiver.received.length };
      try {
        // Its start ticks once at once (controlledNotifier readies the app), as a process does.
        const second = await controlledNotifier(other, '2024-03-14 12:00:00');
        notifier.at('2024-03-14 12:00:00');
        // Down since 11 March: 12 and 13 March were missed. The latest (13 March) is sent,
        // once, though both processes tick together.
        await Promise.all([notifier.tick(), second.tick(), notifier.tick(), second.tick()]);
        await Promise.all([notifier.sendDue(), second.sendDue()]);
        expect(mails.length - before.mails).toBe(1);
        expect(receiver.received.length - before.posts).toBe(2);
        const periods = await db.kysely
          .selectFrom('notify_periods')
          .select('period')
          .where('digest_id', '=', 1)
          .orderBy('period')
          .execute();
        expect(periods.map((p) => p.period)).toEqual([
          'daily:2024-03-09',
          'daily:2024-03-10',
          'daily:2024-03-13',
        ]);
        // A restart: the second process stops and a new one starts on the same store.
        await other.close();
        const again = await buildApp(otherDb, { webRoot: '/nonexistent' });
        try {
          const third = await controlledNotifier(again, '2024-03-14 18:00:00');
          await third.tick();
          expect(mails.length - before.mails).toBe(1);
        } finally {
          await again.close();
        }
      } finally {
        await other.close();
        if (otherDb !== db) await otherDb.close();
      }
    });

    it('retries a failed delivery with doubling waits, showing the failure, then sends it', async () => {
      const { app } = ctx();
      let failures = 2;
      receiver.answer = (r) => (r.path === '/flaky' && failures-- > 0 ? 500 : 200);
      const created = await app.inject({
        method: 'POST',
        url: DIGESTS,
        payload: {
          frequency: 'weekly',
          hour: 6,
          channels: [{ type: 'webhook', url: `${receiver.url}/flaky`, secret: SECRET }],
        },
      });
      const id = created.json().id as number;
      const flaky = () => receiver.received.filter((r) => r.path === '/flaky');
      // Monday 18 March 06:00 EDT: the week of 11-17 March.
      notifier.at('2024-03-18 10:00:00');
      await notifier.tick();
      expect(flaky()).toHaveLength(1);
      const shown = (await app.inject({ method: 'GET', url: `${DIGESTS}/${id}` })).json();
      expect(shown.last_delivery).toMatchObject({ status: 'pending', period: 'weekly:2024-03-11' });
      expect(shown.last_delivery.error).toContain('answered 500');
      // Not before the wait (a minute), then again (500), then after two more minutes: sent.
      notifier.at('2024-03-18 10:00:59');
      await notifier.tick();
      expect(flaky()).toHaveLength(1);
      notifier.at('2024-03-18 10:01:00');
      await notifier.tick();
      expect(flaky()).toHaveLength(2);
      notifier.at('2024-03-18 10:02:59');
      await notifier.tick();
      expect(flaky()).toHaveLength(2);
      notifier.at('2024-03-18 10:03:00');
      await notifier.tick();
      expect(flaky()).toHaveLength(3);
      const body = JSON.parse(flaky()[2]!.body);
      expect(body.period).toEqual({ first: '2024-03-11', last: '2024-03-17' });
      expect(signatureValid(flaky()[2]!, SECRET)).toBe(true);
      const history = (
        await app.inject({ method: 'GET', url: '/wp-json/storelens/v1/notifications/deliveries' })
      ).json();
      expect(history[0]).toMatchObject({
        source: 'digest',
        source_id: id,
        channel: 'webhook',
        status: 'sent',
        attempts: 3,
        error: null,
      });

      // A receiver that never answers well: failed after the last try, shown as failed.
      receiver.answer = (r) => (r.path === '/down' ? 503 : 200);
      const down = await app.inject({
        method: 'POST',
        url: `${DIGESTS}/${id}/send`,
      });
      expect(down.statusCode).toBe(200);
      await app.inject({
        method: 'PUT',
        url: `${DIGESTS}/${id}`,
        payload: { channels: [{ type: 'webhook', url: `${receiver.url}/down`, secret: SECRET }] },
      });
      const now = await app.inject({ method: 'POST', url: `${DIGESTS}/${id}/send` });
      expect(now.json()).toMatchObject({
        id,
        period: 'weekly:2024-03-11',
        deliveries: [{ channel: 'webhook', status: 'failed' }],
      });
      for (let minutes = 1; minutes <= 64; minutes *= 2) {
        notifier.at(
          `2024-03-18 ${String(10 + Math.floor((3 + minutes * 2) / 60)).padStart(2, '0')}:${String((3 + minutes * 2) % 60).padStart(2, '0')}:00`,
        );
        await notifier.tick();
      }
      const last = (await app.inject({ method: 'GET', url: `${DIGESTS}/${id}` })).json();
      expect(last.last_delivery.status).toBe('failed');
      expect(last.last_delivery.error).toContain('answered 503');
      expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(6);
    });

    it('answers 404 for a digest that does not exist, and sends the latest complete period now', async () => {
      const { app } = ctx();
      expect((await app.inject({ method: 'POST', url: `${DIGESTS}/999/send` })).statusCode).toBe(
        404,
      );
      const monthly = await app.inject({
        method: 'POST',
        url: DIGESTS,
        payload: { frequency: 'monthly', hour: 0, channels: [{ type: 'email' }] },
      });
      const before = mails.length;
      const sent = await app.inject({
        method: 'POST',
        url: `${DIGESTS}/${monthly.json().id}/send`,
      });
      expect(sent.json()).toMatchObject({
        period: 'monthly:2024-02-01',
        deliveries: [{ channel: 'email', status: 'sent', error: null }],
      });
      expect(mails.length).toBe(before + 1);
      expect(app.notifier).toBe(notifier);
    });
  },
  seed,
);
