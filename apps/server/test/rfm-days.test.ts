import type { CohortInterval, RfmResponse } from '@storelens/api';
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { rebuildStoreCustomerTime } from '../src/analytics/customer-time';
import { RfmDaysKeeper, rfmDaysStale, SWEEP_LOCK, sweepRfmDays } from '../src/analytics/rfm-days';
import { generateDemoStore } from '../src/demo/generate';
import { Random } from '../src/demo/random';
import { ingestOrders } from '../src/ingest/ingest';
import { createShadow, swapShadow } from '../src/ingest/rebuild';
import type { OrderInput } from '../src/ingest/types';
import { WorkerHost } from '../src/jobs/worker-host';
import { toUnits } from '../src/money';
import { setOptions } from '../src/options';
import { order } from './fixtures';
import { describeEachEngine, type StoreContext } from './harness';

/*
 * The RFM groups kept for each day's end (analytics/rfm-days.ts) are the report's own
 * figures: after a sweep, `reports/rfm` for a day's end answers from the kept rows what
 * scoring the persons answers, for every grain. A batch that changes a day leaves that day and
 * the later ones to scoring until the next sweep, kept rows of other settings are not read,
 * and the keeper sweeps again after a batch.
 */
const SEED = Math.floor(Math.random() * 1_000_000);
const PERIODS: CohortInterval[] = ['week', 'month', 'quarter', 'year'];

async function rfm(ctx: StoreContext, day: string, period: CohortInterval) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/wp-json/wc-analytics/reports/rfm?before=${day}T23:59:59&period=${period}&force_cache_refresh=true`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RfmResponse;
}

/** The answer scored from the persons: a mark on every day keeps the kept rows unread. */
async function scored(ctx: StoreContext, day: string, period: CohortInterval) {
  await ctx.db.kysely.insertInto('rfm_marks').values({ day: '' }).execute();
  try {
    return await rfm(ctx, day, period);
  } finally {
    await ctx.db.kysely.deleteFrom('rfm_marks').where('day', '=', '').execute();
  }
}

/** Whether a day's answer comes from its kept rows: a changed kept row shows in it. */
async function readsKept(ctx: StoreContext, day: string) {
  const before = await rfm(ctx, day, 'month');
  await ctx.db.kysely
    .updateTable('rfm_day')
    .set((eb) => ({ customers: eb('customers', '+', 1000) }))
    .where('day', '=', day)
    .execute();
  try {
    return (await rfm(ctx, day, 'month')).customers !== before.customers;
  } finally {
    await ctx.db.kysely
      .updateTable('rfm_day')
      .set((eb) => ({ customers: eb('customers', '-', 1000) }))
      .where('day', '=', day)
      .execute();
  }
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describeEachEngine(
  `RFM groups kept for every day (demo seed ${SEED})`,
  (ctx) => {
    it('answers each day end from the kept rows as scoring the persons does, every grain', async () => {
      const state = await ctx()
        .db.kysely.selectFrom('rfm_state')
        .selectAll()
        .executeTakeFirstOrThrow();
      const days = new Set([state.first_day, state.last_day, '2024-02-29', '2024-06-30']);
      for (let d = state.first_day; d <= '2024-07-31'; d = addDays(d, 23)) days.add(d);
      let groupsSeen = 0;
      for (const day of [...days].sort()) {
        expect(await readsKept(ctx(), day), day).toBe(true);
        for (const period of PERIODS) {
          const kept = await rfm(ctx(), day, period);
          expect(kept, `${day} ${period}`).toEqual(await scored(ctx(), day, period));
          groupsSeen += kept.groups.filter((g) => g.customers > 0 && g.stayed > 0).length;
        }
      }
      // The store's groups are not all empty: the comparison covered real movement.
      expect(groupsSeen).toBeGreaterThan(20);
    });

    it('pages each group of a kept day with its kept cut points, as scoring does', async () => {
      const page = async (day: string, group: string) => {
        const res = await ctx().app.inject({
          method: 'GET',
          url: `/wp-json/wc-analytics/reports/rfm/customers?before=${day}T23:59:59&group=${group}&orderby=last_order&per_page=100&force_cache_refresh=true`,
        });
        expect(res.statusCode, res.body).toBe(200);
        return { total: res.headers['x-wp-total'], rows: res.json() as unknown[] };
      };
      for (const day of ['2023-11-30', '2024-06-30']) {
        for (const group of ['champions', 'at_risk', 'lost']) {
          const kept = await page(day, group);
          await ctx().db.kysely.insertInto('rfm_marks').values({ day: '' }).execute();
          const fresh = await page(day, group);
          await ctx().db.kysely.deleteFrom('rfm_marks').where('day', '=', '').execute();
          expect(kept, `${day} ${group}`).toEqual(fresh);
        }
        // The kept cut points are what scores: with every last order above them, no one is
        // lost. The total is the kept count of the group, not counted again.
        const before = await page(day, 'lost');
        expect(before.rows.length).toBeGreaterThan(0);
        await ctx()
          .db.kysely.updateTable('rfm_cut')
          .set({ last_1: '0', last_2: '0', last_3: '0', last_4: '0' })
          .where('day', '=', day)
          .execute();
        expect(await page(day, 'lost')).toEqual({ total: before.total, rows: [] });
        // A change on that day has the next sweep keep it again.
        await ctx().db.kysely.insertInto('rfm_marks').values({ day }).execute();
        await sweepRfmDays(ctx().db);
        expect(await page(day, 'lost')).toEqual(before);
      }
    });

    it('takes a time within a day at its end, and scores the persons outside the sweep', async () => {
      const state = await ctx()
        .db.kysely.selectFrom('rfm_state')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(await readsKept(ctx(), addDays(state.first_day, -1))).toBe(false);
      expect(await readsKept(ctx(), addDays(state.last_day, 1))).toBe(false);
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/wp-json/wc-analytics/reports/rfm?before=2024-03-31T12:00:00&period=month&force_cache_refresh=true',
      });
      expect(res.statusCode).toBe(200);
      const answer = res.json() as RfmResponse;
      expect([answer.as_of, answer.previous_as_of]).toEqual([
        '2024-03-31 23:59:59',
        '2024-02-29 23:59:59',
      ]);
      expect(answer).toEqual(await rfm(ctx(), '2024-03-31', 'month'));
    });

    it('leaves a changed day and the later ones to scoring until the next sweep', async () => {
      const db = ctx().db;
      const customer = await db.kysely
        .selectFrom('person_summary')
        .select('person')
        .orderBy('net', 'desc')
        .executeTakeFirstOrThrow();
      const id = 9_000_001;
      await ingestOrders(db, [
        order(id, {
          customerId: Number(customer.person),
          created: '2023-09-15 10:00:00',
          paid: '2023-09-15 10:00:00',
          status: 'completed',
          lines: [{ id: id * 10, productId: 10, qty: 3, price: '150' }],
        }),
      ]);
      expect(await rfmDaysStale(db)).toBe(true);
      expect(await readsKept(ctx(), '2023-09-14')).toBe(true);
      for (const day of ['2023-09-15', '2023-12-31', '2024-06-30']) {
        expect(await readsKept(ctx(), day), day).toBe(false);
        expect(await rfm(ctx(), day, 'month')).toEqual(await scored(ctx(), day, 'month'));
      }
      // The month after the change counts the new order, and the sweep keeps it.
      const changed = await rfm(ctx(), '2023-10-15', 'month');
      await sweepRfmDays(db);
      expect(await rfmDaysStale(db)).toBe(false);
      expect(await readsKept(ctx(), '2023-10-15')).toBe(true);
      expect(await rfm(ctx(), '2023-10-15', 'month')).toEqual(changed);
      await ingestOrders(db, [], [id]);
      await sweepRfmDays(db);
    });

    it('sweeps again from the earliest change what a sweep from the first day keeps', async () => {
      const db = ctx().db;
      const kept = async () => ({
        days: await db.kysely.selectFrom('rfm_day').selectAll().orderBy(['day', 'grp']).execute(),
        moves: await db.kysely
          .selectFrom('rfm_move')
          .selectAll()
          .orderBy(['day', 'grain', 'grp'])
          .execute(),
        cuts: await db.kysely.selectFrom('rfm_cut').selectAll().orderBy('day').execute(),
      });
      const first = (
        await db.kysely.selectFrom('rfm_state').select('first_day').executeTakeFirstOrThrow()
      ).first_day;
      /** The kept days after a sweep that resumed are those of a sweep from the first day. */
      const sameAsFromFirstDay = async (step: string) => {
        const resumed = await kept();
        await db.kysely.insertInto('rfm_marks').values({ day: '' }).execute();
        expect(await sweepRfmDays(db), step).toMatchObject({ from: first });
        expect(resumed, step).toEqual(await kept());
      };
      const best = Number(
        (
          await db.kysely
            .selectFrom('person_summary')
            .select('person')
            .orderBy('net', 'desc')
            .executeTakeFirstOrThrow()
        ).person,
      );
      const fresh = 8_000_001;
      const at = (day: string) => ({ created: `${day} 10:00:00`, paid: `${day} 10:00:00` });
      const newcomer = (extra: Partial<Parameters<typeof order>[1]>) =>
        order(9_100_002, { customerId: fresh, status: 'completed', ...at('2024-04-02'), ...extra });
      const steps: [string, OrderInput[], number[], string][] = [
        [
          'a new order of the best customer',
          [
            order(9_100_001, {
              customerId: best,
              status: 'completed',
              ...at('2024-03-10'),
              lines: [{ id: 91_000_010, productId: 10, qty: 3, price: '90' }],
            }),
          ],
          [],
          '2024-03-10',
        ],
        ['a new customer', [newcomer({})], [], '2024-04-02'],
        [
          'a refund of their order',
          [
            newcomer({
              refunds: [
                {
                  id: 9_100_003,
                  dateCreatedGmt: '2024-04-20 12:00:00',
                  lines: [
                    {
                      id: 9_100_004,
                      orderItemId: 91_000_020,
                      quantity: 1,
                      total: toUnits('5'),
                      tax: 0,
                    },
                  ],
                  shipping: 0,
                  shippingTax: 0,
                },
              ],
            }),
          ],
          [],
          '2024-04-20',
        ],
        [
          'its cancellation: the customer has no counted order left',
          [newcomer({ status: 'cancelled' })],
          [],
          '2024-04-02',
        ],
        ['an order deleted', [], [9_100_001], '2024-03-10'],
      ];
      for (const [step, orders, deleted, from] of steps) {
        await ingestOrders(db, orders, deleted);
        expect(await sweepRfmDays(db), step).toMatchObject({ from });
        await sameAsFromFirstDay(step);
      }
      // Random batches: new and changed orders of old and new customers, some deleted.
      const random = new Random(SEED);
      const ids: number[] = [];
      for (let batch = 0; batch < 4; batch++) {
        const orders: OrderInput[] = [];
        for (let k = 0; k < 6; k++) {
          const again = ids.length > 0 && random.chance(0.3) ? random.pick(ids) : undefined;
          const id =
            again !== undefined && !orders.some((o) => o.id === again)
              ? again
              : 9_200_000 + ids.length;
          if (!ids.includes(id)) ids.push(id);
          const day = addDays('2023-01-01', random.int(0, 540));
          orders.push(
            order(id, {
              customerId: random.chance(0.5)
                ? best - random.int(0, 40)
                : 8_100_000 + random.int(0, 5),
              status: random.pick(['completed', 'processing', 'cancelled', 'refunded'] as const),
              ...at(day),
              lines: [{ id: id * 10, productId: 10, qty: random.int(1, 4), price: '35' }],
            }),
          );
        }
        const deleted = random.chance(0.5) && ids.length > 0 ? [random.pick(ids)] : [];
        await ingestOrders(db, orders, deleted);
        const swept = await sweepRfmDays(db);
        expect(swept?.from.localeCompare(first), `batch ${batch}`).toBe(1);
        await sameAsFromFirstDay(`batch ${batch}`);
      }
      await ingestOrders(db, [], [9_100_002, ...ids]);
      await sweepRfmDays(db);
    });

    it('sweeps from the first day after another process swept, then resumes again', async () => {
      const db = ctx().db;
      const state = await db.kysely.selectFrom('rfm_state').selectAll().executeTakeFirstOrThrow();
      await db.kysely.updateTable('rfm_state').set({ sweep: 'another process' }).execute();
      await db.kysely.insertInto('rfm_marks').values({ day: '2024-05-01' }).execute();
      expect(await sweepRfmDays(db)).toMatchObject({ from: state.first_day });
      await db.kysely.insertInto('rfm_marks').values({ day: '2024-05-01' }).execute();
      expect(await sweepRfmDays(db)).toMatchObject({ from: '2024-05-01' });
      // Nothing changed and no new day: nothing replayed.
      expect(await sweepRfmDays(db)).toMatchObject({ days: 0 });
    });

    it('does not read days kept under other settings', async () => {
      const db = ctx().db;
      await setOptions(db, { woocommerce_date_type: 'date_created' });
      try {
        await rebuildStoreCustomerTime(db);
        // Only the settings differ: the rebuild's own mark is taken away.
        await db.kysely.deleteFrom('rfm_marks').execute();
        expect(await readsKept(ctx(), '2024-03-31')).toBe(false);
        expect(await rfmDaysStale(db)).toBe(true);
      } finally {
        await setOptions(db, { woocommerce_date_type: 'date_paid' });
        await rebuildStoreCustomerTime(db);
        await sweepRfmDays(db);
      }
      expect(await readsKept(ctx(), '2024-03-31')).toBe(true);
    });

    it('sweeps on a worker thread, as the app runs it', async () => {
      const db = ctx().db;
      await db.kysely.insertInto('rfm_marks').values({ day: '2024-05-01' }).execute();
      expect(await readsKept(ctx(), '2024-05-01')).toBe(false);
      const host = new WorkerHost(db);
      try {
        expect(await host.run('sweepRfmDays', {})).toMatchObject({ days: expect.any(Number) });
      } finally {
        await host.close();
      }
      expect(await rfmDaysStale(db)).toBe(false);
      expect(await readsKept(ctx(), '2024-05-01')).toBe(true);
    });

    it('sweeps once at a time across the processes of a PostgreSQL store', async () => {
      const db = ctx().db;
      // SQLite has one process writing: its sweeps take no lock.
      if (db.engine !== 'postgres') return;
      await db.kysely.insertInto('rfm_marks').values({ day: '2024-04-01' }).execute();
      // Another process's sweep holds the lock: this one leaves the marks to the next.
      await db.kysely.connection().execute(async (conn) => {
        await sql`SELECT pg_advisory_lock(${SWEEP_LOCK})`.execute(conn);
        try {
          expect(await sweepRfmDays(db)).toBeUndefined();
          expect(await rfmDaysStale(db)).toBe(true);
        } finally {
          await sql`SELECT pg_advisory_unlock(${SWEEP_LOCK})`.execute(conn);
        }
      });
      expect(await sweepRfmDays(db)).toMatchObject({ days: expect.any(Number) });
      expect(await rfmDaysStale(db)).toBe(false);
    });

    it('sweeps again after an ingested batch, once batches pause', async () => {
      const db = ctx().db;
      const sweeps: string[] = [];
      const keeper = new RfmDaysKeeper(db, async () => {
        sweeps.push('sweep');
        return sweepRfmDays(db);
      });
      try {
        keeper.start();
        await keeper.idle();
        // Nothing was stale: no sweep.
        expect(sweeps).toEqual([]);
        const id = 9_000_002;
        await ingestOrders(db, [
          order(id, { customerId: 0, created: '2024-01-10 09:00:00', status: 'completed' }),
          order(id + 1, {
            customerId: Number(
              (
                await db.kysely
                  .selectFrom('person_summary')
                  .select('person')
                  .executeTakeFirstOrThrow()
              ).person,
            ),
            created: '2024-01-10 09:00:00',
            paid: '2024-01-10 09:00:00',
            status: 'completed',
          }),
        ]);
        expect(await rfmDaysStale(db)).toBe(true);
        await vi.waitFor(
          async () => {
            await keeper.idle();
            expect(sweeps).toEqual(['sweep']);
            expect(await rfmDaysStale(db)).toBe(false);
          },
          { timeout: 60_000, interval: 200 },
        );
        expect(await readsKept(ctx(), '2024-01-10')).toBe(true);
        expect(await rfm(ctx(), '2024-01-10', 'week')).toEqual(
          await scored(ctx(), '2024-01-10', 'week'),
        );
      } finally {
        await keeper.stop();
      }
    });

    it('has a request for a day changed since the last sweep wait for the keeper to sweep it', async () => {
      const db = ctx().db;
      const keeper = new RfmDaysKeeper(db, () => sweepRfmDays(db));
      try {
        // Before the keeper's first sweep a marked day is scored: that sweep replays every day.
        await db.kysely.insertInto('rfm_marks').values({ day: '2024-03-01' }).execute();
        expect(await readsKept(ctx(), '2024-03-31')).toBe(false);
        expect(await rfmDaysStale(db)).toBe(true);
        keeper.start();
        await keeper.idle();
        expect(await rfmDaysStale(db)).toBe(false);
        const person = await db.kysely
          .selectFrom('person_summary')
          .select('person')
          .orderBy('net')
          .executeTakeFirstOrThrow();
        await ingestOrders(db, [
          order(9_000_010, {
            customerId: Number(person.person),
            created: '2024-02-20 09:00:00',
            paid: '2024-02-20 09:00:00',
            status: 'completed',
            lines: [{ id: 90_000_100, productId: 10, qty: 2, price: '75' }],
          }),
        ]);
        expect(await rfmDaysStale(db)).toBe(true);
        const answer = await rfm(ctx(), '2024-03-31', 'quarter');
        // The request returned after the sweep: nothing is marked, and the day reads kept.
        expect(await rfmDaysStale(db)).toBe(false);
        expect(await readsKept(ctx(), '2024-03-31')).toBe(true);
        expect(answer).toEqual(await scored(ctx(), '2024-03-31', 'quarter'));
        // Every day marked (a rebuild): scored, not waited for.
        await db.kysely.insertInto('rfm_marks').values({ day: '' }).execute();
        expect(await readsKept(ctx(), '2024-03-31')).toBe(false);
        expect(await rfmDaysStale(db)).toBe(true);
        await db.kysely.deleteFrom('rfm_marks').where('day', '=', '').execute();
      } finally {
        await keeper.stop();
      }
      // A stopped keeper is not waited for: a changed day is scored.
      await ingestOrders(db, [], [9_000_010]);
      expect(await readsKept(ctx(), '2024-03-31')).toBe(false);
      await sweepRfmDays(db);
    });

    // Last: the swap empties this store's analytics (its shadow is built from nothing here).
    it("marks every kept day when a rebuild's shadow is swapped in", async () => {
      const db = ctx().db;
      expect(await readsKept(ctx(), '2024-03-31')).toBe(true);
      await createShadow(db, 'rfm-days-test');
      await swapShadow(db);
      expect(await db.kysely.selectFrom('rfm_marks').select('day').execute()).toEqual([
        { day: '' },
      ]);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 1_200, years: 2, seed: SEED, end: '2024-06-30' });
    await rebuildStoreCustomerTime(db);
    await sweepRfmDays(db);
  },
);
