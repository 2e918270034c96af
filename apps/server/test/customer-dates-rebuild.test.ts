import type { CustomersListRow } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import { readStoreSettings } from '../src/options';
import { zone } from '../src/timezone';
import { call } from './admin-helpers';
import { describeEachEngine } from './harness';
import { killRebuildMidway, latestOrderGmt, rebuilt, resumeRebuild } from './rebuild-helpers';

/*
 * A customer's local dates (registered, last active) are stored beside their GMT ones. A
 * time-zone rebuild used to leave them in the old zone (its first step read the orders' local
 * dates before its batches rewrote them), and a SQLite rebuild killed and resumed set some of
 * them (those whose latest order the killed run had rewritten), so the zones mixed. The rebuild
 * now sets them from the GMT dates in its swap's transaction.
 */

const SETTINGS = '/wp-json/wc-analytics/settings/general/timezone_string';
const CUSTOMERS = '/wp-json/wc-analytics/reports/customers';

interface CustomerDates {
  id: number;
  date_registered: string | null;
  date_registered_gmt: string | null;
  date_last_active: string | null;
  date_last_active_gmt: string | null;
}

/** Every customer's stored dates, and the GMT creation date of their latest order. */
async function readCustomers(db: Db) {
  const customers = (
    await db.kysely
      .selectFrom('customers')
      .select([
        'id',
        'date_registered',
        'date_registered_gmt',
        'date_last_active',
        'date_last_active_gmt',
      ])
      .orderBy('id')
      .execute()
  ).map((c) => ({ ...c, id: Number(c.id) }));
  return { customers, latest: await latestOrderGmt(db) };
}

/**
 * What a naive recompute gives in zone `tz`: last active is the latest order's creation
 * (the stored GMT date for a customer without orders), both local dates their GMT ones there.
 */
function naive(
  { customers, latest }: Awaited<ReturnType<typeof readCustomers>>,
  tz: string,
): CustomerDates[] {
  const toLocal = zone(tz).toLocal;
  return customers.map((c) => {
    const active = latest.get(c.id) ?? c.date_last_active_gmt;
    return {
      id: c.id,
      date_registered: c.date_registered_gmt && toLocal(c.date_registered_gmt),
      date_registered_gmt: c.date_registered_gmt,
      date_last_active: active && toLocal(active),
      date_last_active_gmt: active,
    };
  });
}

/** The customers whose stored dates differ from the naive recompute in `tz` (a few of them). */
async function notIn(db: Db, tz: string) {
  const read = await readCustomers(db);
  const want = new Map(naive(read, tz).map((c) => [c.id, c]));
  const wrong = read.customers.filter((c) => JSON.stringify(c) !== JSON.stringify(want.get(c.id)));
  return {
    customers: read.customers.length,
    wrong: wrong.length,
    sample: wrong.slice(0, 2).map((c) => ({ stored: c, naive: want.get(c.id) })),
  };
}

const iso = (v: string | null) => (v ? v.replace(' ', 'T') : null);

/**
 * The Customers report after the rebuild: sorted by last active, and filtered to one local
 * day of the new zone (a day whose customers differ in the old zone), it answers what the
 * naive recompute in the new zone gives.
 */
async function expectReportIn(app: FastifyInstance, db: Db, tz: string, oldTz: string) {
  const read = await readCustomers(db);
  const want = naive(read, tz);
  const before = naive(read, oldTz);

  const sorted = await call<CustomersListRow[]>(
    app,
    'GET',
    `${CUSTOMERS}?orderby=date_last_active&order=desc&per_page=30`,
  );
  expect(sorted.status).toBe(200);
  const latest = want
    .map((c) => c.date_last_active)
    .filter((d): d is string => d !== null)
    .sort()
    .reverse()
    .slice(0, 30);
  expect(sorted.body.map((r) => r.date_last_active)).toEqual(latest.map(iso));
  const byId = new Map(want.map((c) => [c.id, c]));
  for (const row of sorted.body) {
    expect(row.date_last_active).toBe(iso(byId.get(row.id)?.date_last_active ?? null));
    expect(row.date_registered).toBe(iso(byId.get(row.id)?.date_registered ?? null));
  }

  // The local day whose customers the zone change moved most.
  const onDay = (list: CustomerDates[], day: string) =>
    list
      .filter((c) => c.date_last_active?.startsWith(day))
      .map((c) => c.id)
      .sort((a, b) => a - b);
  const days = [...new Set(want.map((c) => c.date_last_active?.slice(0, 10)))].filter(
    (d): d is string => d !== undefined,
  );
  const moved = (day: string) => {
    const a = new Set(onDay(want, day));
    const b = onDay(before, day);
    return b.filter((id) => !a.has(id)).length + [...a].filter((id) => !b.includes(id)).length;
  };
  const day = days.sort((x, y) => moved(y) - moved(x) || (x < y ? -1 : 1))[0]!;
  expect(moved(day)).toBeGreaterThan(0);
  const filtered = await call<CustomersListRow[]>(
    app,
    'GET',
    `${CUSTOMERS}?orderby=date_last_active&order=asc&per_page=100&last_active_between[]=${day}T00:00:00&last_active_between[]=${day}T23:59:59`,
  );
  expect(filtered.status).toBe(200);
  expect(filtered.body.map((r) => r.id).sort((a, b) => a - b)).toEqual(onDay(want, day));
  expect(Number(filtered.headers['x-wp-total'])).toBe(onDay(want, day).length);
}

describeEachEngine(
  'a time-zone rebuild and the customers',
  (ctx) => {
    it("sets every customer's local dates from the GMT ones in the new zone", async () => {
      const { app, db } = ctx();
      // Customers the connector made from an order's billing have no activity yet.
      const idle = (await readCustomers(db)).customers
        .filter((c) => c.date_last_active_gmt !== null)
        .slice(0, 3)
        .map((c) => c.id);
      await db.kysely
        .updateTable('customers')
        .set({ date_last_active: null, date_last_active_gmt: null })
        .where('id', 'in', idle)
        .execute();
      expect((await notIn(db, 'UTC')).wrong).toBe(idle.length);

      const put = await call(app, 'PUT', SETTINGS, { value: 'Pacific/Kiritimati' });
      expect(put.status).toBe(200);
      await rebuilt(db, 1);
      const after = await notIn(db, 'Pacific/Kiritimati');
      expect(after).toEqual({ customers: after.customers, wrong: 0, sample: [] });
      // The dates did move: most customers' local day is another one now.
      const read = await readCustomers(db);
      const utc = naive(read, 'UTC');
      const moved = naive(read, 'Pacific/Kiritimati').filter(
        (c, i) => c.date_last_active?.slice(0, 10) !== utc[i]?.date_last_active?.slice(0, 10),
      );
      expect(moved.length).toBeGreaterThan(read.customers.length / 4);
      await expectReportIn(app, db, 'Pacific/Kiritimati', 'UTC');

      // The customers' last order dates (customer_totals, rebuilt with the lookups) too.
      const { excludedStatuses } = await readStoreSettings(db);
      const toLocal = zone('Pacific/Kiritimati').toLocal;
      const orders = await db.kysely
        .selectFrom('orders')
        .select(['customer_id', 'date_created_gmt', 'status'])
        .where('type', '=', 'order')
        .where('customer_id', '>', 0)
        .execute();
      const lastOrder = new Map<number, string>();
      for (const o of orders) {
        if ((excludedStatuses as string[]).includes(o.status)) continue;
        const local = toLocal(o.date_created_gmt);
        const id = Number(o.customer_id);
        if ((lastOrder.get(id) ?? '') < local) lastOrder.set(id, local);
      }
      const totals = await db.kysely
        .selectFrom('customer_totals')
        .select(['customer_id', 'date_last_order'])
        .where('date_last_order', 'is not', null)
        .execute();
      expect(new Map(totals.map((t) => [Number(t.customer_id), t.date_last_order]))).toEqual(
        lastOrder,
      );

      // And back: a rebuild in the same zone as the dates changes nothing.
      await call(app, 'PUT', SETTINGS, { value: 'UTC' });
      await rebuilt(db, 2);
      expect((await notIn(db, 'UTC')).wrong).toBe(0);
    }, 240_000);
  },
  async (db) => {
    await generateDemoStore(db, {
      orders: 600,
      years: 1,
      seed: 5,
      end: '2024-06-30',
      timezone: 'UTC',
    });
  },
);

describeEachEngine(
  'a time-zone rebuild killed mid-way and resumed',
  (ctx) => {
    it('leaves every customer in the old zone until its swap, and none in it after', async () => {
      const { db, engine } = ctx();
      expect((await notIn(db, 'UTC')).wrong).toBe(0);
      // The zone changes; the import the child starts is the rebuild (a full import, beside).
      await killRebuildMidway(db, engine, 'America/Los_Angeles');
      // Before the swap the customers are all in the old zone, as the reports are.
      expect((await notIn(db, 'UTC')).wrong).toBe(0);

      await resumeRebuild(db, async (app) => {
        const after = await notIn(db, 'America/Los_Angeles');
        expect(after).toEqual({ customers: after.customers, wrong: 0, sample: [] });
        await expectReportIn(app, db, 'America/Los_Angeles', 'UTC');
      });
    }, 240_000);
  },
  async (db) => {
    await generateDemoStore(db, {
      orders: 1000,
      years: 1,
      seed: 11,
      end: '2024-06-30',
      timezone: 'UTC',
    });
  },
);
