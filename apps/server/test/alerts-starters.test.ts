import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { toUnits } from '../src/money';
import { evaluateAlert } from '../src/notify/rules';
import type { NotifyAlertTable } from '../src/notify/schema';
import { setOptions } from '../src/options';
import { formatSqlUtc, parseSqlUtc } from '../src/timezone';
import { order, seedCatalog } from './fixtures';
import { authenticateInjects, describeEachEngine, signIn, testEmail } from './harness';
import { controlledNotifier, decodeMail } from './notify-helpers';
import { smtpPeer } from './smtp-peer';

const ALERTS = '/wp-json/storelens/v1/alerts';
const mails = smtpPeer();

// The server tests run with the starter rules off (vitest.config.ts); this suite turns them on.
const before = process.env.STORELENS_STARTER_ALERTS;
beforeAll(() => {
  process.env.STORELENS_STARTER_ALERTS = 'off';
});
afterAll(() => {
  process.env.STORELENS_STARTER_ALERTS = before;
});

let nextId = 1;
/** An order of 10.00 at 10:00 GMT, with a refund of `refund` (amount only) at 12:00. */
const sale = (day: string, refund?: string): OrderInput => {
  const id = nextId++;
  return order(id, {
    created: `${day} 10:00:00`,
    lines: [{ id: id * 10, productId: 10, qty: 1, price: '10' }],
    ...(refund
      ? {
          refunds: [
            {
              id: 50_000 + id,
              dateCreatedGmt: `${day} 12:00:00`,
              lines: [],
              shipping: 0,
              shippingTax: 0,
              extra: toUnits(refund),
            },
          ],
        }
      : {}),
  });
};

/**
 * A UTC store that sells on Wednesdays only: three orders each Wednesday from 3 January to
 * 28 February 2024, one of them refunded 5.00, except 21 February (no refund) and 28 February
 * (three refunds of 40.00).
 */
async function seed(db: Parameters<typeof seedCatalog>[0]) {
  nextId = 1;
  await seedCatalog(db);
  await setOptions(db, { timezone_string: 'UTC' });
  const orders: OrderInput[] = [];
  for (let w = 0; w < 9; w++) {
    const day = formatSqlUtc(parseSqlUtc('2024-01-03') + w * 7 * 86_400_000).slice(0, 10);
    if (day === '2024-02-28') orders.push(sale(day, '40'), sale(day, '40'), sale(day, '40'));
    else if (day === '2024-02-21') orders.push(sale(day), sale(day), sale(day));
    else orders.push(sale(day, '5'), sale(day), sale(day));
  }
  await ingestOrders(db, orders);
}

interface Rule {
  id: number;
  starter: string | null;
  store_wide: boolean;
  condition: string;
  metric: string;
  hours: number | null;
  direction: string;
  channels: { type: string }[];
}

describeEachEngine(
  'starter alert rules: made once for administrators, on by default, tuned to the store',
  (ctx) => {
    const starters = async () =>
      ((await ctx().app.inject({ method: 'GET', url: ALERTS })).json() as Rule[]).filter(
        (r) => r.starter !== null,
      );
    const events = async () =>
      (await ctx().app.inject({ method: 'GET', url: `${ALERTS}/events` })).json() as {
        alert_id: number;
        message: string;
        expected: string;
      }[];

    it('two processes ticking together make the three rules once; a restart makes none', async () => {
      const { app, db, engine } = ctx();
      mails.length = 0;
      const first = await controlledNotifier(app, '2024-02-29 06:00:00');
      expect(await starters()).toEqual([]);
      const otherDb = engine === 'postgres' ? openDatabase(db.url, { schema: db.schema! }) : db;
      const other = await buildApp(otherDb, { webRoot: '/nonexistent' });
      authenticateInjects(other, await signIn(otherDb, 'administrator'));
      try {
        const second = await controlledNotifier(other, '2024-02-29 06:00:00');
        process.env.STORELENS_STARTER_ALERTS = 'on';
        await Promise.all([first.checkAlerts(), second.checkAlerts(), first.checkAlerts()]);
      } finally {
        await other.close();
        if (otherDb !== db) await otherDb.close();
      }
      const made = await starters();
      expect(made.map((r) => r.starter).sort()).toEqual([
        'no_orders',
        'refunds_unusual',
        'sync_failing',
      ]);
      for (const r of made) {
        expect(r.store_wide).toBe(true);
        // SMTP_URL is set (the suite's mail server): e-mail, beside the inbox note.
        expect(r.channels).toEqual([{ type: 'email' }]);
      }
      expect(made.find((r) => r.starter === 'no_orders')).toMatchObject({
        condition: 'no_orders',
        hours: null,
      });
      expect(made.find((r) => r.starter === 'refunds_unusual')).toMatchObject({
        condition: 'unusual',
        metric: 'revenue/refunds',
        direction: 'up',
      });
      // A restart: a new app on the same store, its first tick at start-up.
      const again = await buildApp(db, { webRoot: '/nonexistent' });
      try {
        const restarted = await controlledNotifier(again, '2024-02-29 06:30:00');
        await restarted.tick();
      } finally {
        await again.close();
      }
      expect((await starters()).map((r) => r.id).sort()).toEqual(made.map((r) => r.id).sort());
    });

    it('refunds unusually high fires, mailed to the administrators; a quiet store is not "no orders"', async () => {
      const { app } = ctx();
      const notifier = await controlledNotifier(app, '2024-02-29 06:00:00');
      await notifier.tick();
      const made = await starters();
      const refunds = made.find((r) => r.starter === 'refunds_unusual')!;
      const fired = await events();
      expect(fired.map((e) => e.alert_id)).toEqual([refunds.id]);
      expect(fired[0]!.message).toBe('Returns was unusual on 2024-02-28: $120.00');
      expect(fired[0]!.expected).toMatch(
        /^at most \$9\.\d\d \(the same weekday of the last 8 weeks\)$/,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe(testEmail('administrator'));
      expect(decodeMail(mails[0]!.text)).toContain('Returns was unusual on 2024-02-28');
    });

    it('the starter no-orders gap follows the store: a week between sales makes it 252 hours', async () => {
      const { db } = ctx();
      const rule = (await db.kysely
        .selectFrom('notify_alerts')
        .selectAll()
        .where('starter', '=', 'no_orders')
        .executeTakeFirstOrThrow()) as NotifyAlertTable;
      // The gaps of the last 4 weeks: 0 within a Wednesday, 168 hours between them.
      const quiet = await evaluateAlert(db, rule, parseSqlUtc('2024-03-09 21:59:00'));
      expect(quiet?.firing).toBe(false);
      expect(quiet?.expected).toContain('an order at least every 252 hours');
      const silent = await evaluateAlert(db, rule, parseSqlUtc('2024-03-09 22:01:00'));
      expect(silent).toMatchObject({
        firing: true,
        message: 'No orders for 252 hours: the last was at 2024-02-28 10:00:00',
      });
    });

    it('unusual by direction: a Wednesday without refunds is low, not high', async () => {
      const { db } = ctx();
      const rule = (await db.kysely
        .selectFrom('notify_alerts')
        .selectAll()
        .where('starter', '=', 'refunds_unusual')
        .executeTakeFirstOrThrow()) as NotifyAlertTable;
      const on21 = parseSqlUtc('2024-02-22 06:00:00');
      expect((await evaluateAlert(db, rule, on21))?.firing).toBe(false);
      expect((await evaluateAlert(db, { ...rule, direction: 'both' }, on21))?.firing).toBe(true);
      expect((await evaluateAlert(db, { ...rule, direction: 'down' }, on21))?.firing).toBe(true);
    });

    it('a starter rule the administrators delete is not made again', async () => {
      const { app } = ctx();
      const notifier = await controlledNotifier(app, '2024-03-01 06:00:00');
      const refunds = (await starters()).find((r) => r.starter === 'refunds_unusual')!;
      expect(
        (await app.inject({ method: 'DELETE', url: `${ALERTS}/${refunds.id}` })).statusCode,
      ).toBe(200);
      await notifier.tick();
      await notifier.tick();
      expect((await starters()).map((r) => r.starter).sort()).toEqual([
        'no_orders',
        'sync_failing',
      ]);
      process.env.STORELENS_STARTER_ALERTS = 'off';
    });
  },
  seed,
);
