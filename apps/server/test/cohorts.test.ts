import type { CohortInterval, CohortsResponse, RfmResponse } from '@storelens/api';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { quintiles, rfmGroup } from '../src/analytics/cohorts';
import { rebuildStoreCustomerTime } from '../src/analytics/customer-time';
import { bucketId, bucketsBetween } from '../src/analytics/intervals';
import type { Db } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import { ingestOrders } from '../src/ingest/ingest';
import { setOptions } from '../src/options';
import { order } from './fixtures';
import { describeEachEngine } from './harness';

/*
 * The cohorts and RFM answers, through the real app, against a naive recompute from the raw
 * rows of a random demo store (a random seed; some guests given a registered customer's
 * e-mail, so that they merge).
 */
const SEED = Math.floor(Math.random() * 1_000_000);

interface Raw {
  order_id: number;
  parent_id: number;
  status: string;
  customer_id: number;
  net_total: number;
  date_created: string;
  date_paid: string | null;
  date_completed: string | null;
}

type DateCol = 'date_created' | 'date_paid' | 'date_completed';

async function readRaw(db: Db) {
  const orders = (await db.kysely.selectFrom('order_stats').selectAll().execute()) as Raw[];
  const customers = await db.kysely
    .selectFrom('customers')
    .select(['id', 'user_id', 'email', 'country'])
    .execute();
  // Persons: a guest whose e-mail is a registered customer's is that customer (lowest id).
  const registered = new Map<string, number>();
  for (const c of customers)
    if (Number(c.user_id) > 0 && c.email !== '') {
      const e = c.email.toLowerCase();
      const had = registered.get(e);
      if (had === undefined || Number(c.id) < had) registered.set(e, Number(c.id));
    }
  const person = new Map<number, number>();
  for (const c of customers)
    if (Number(c.user_id) === 0 && c.email !== '') {
      const r = registered.get(c.email.toLowerCase());
      if (r !== undefined) person.set(Number(c.id), r);
    }
  return { orders, person };
}

const EXCLUDED = new Set(['pending', 'failed', 'cancelled']);

function countedRows(raw: Awaited<ReturnType<typeof readRaw>>, col: DateCol, before: string) {
  return raw.orders
    .filter(
      (o) =>
        Number(o.customer_id) > 0 &&
        !EXCLUDED.has(o.status) &&
        o[col] !== null &&
        String(o[col]) <= before,
    )
    .map((o) => ({
      person: raw.person.get(Number(o.customer_id)) ?? Number(o.customer_id),
      isOrder: Number(o.parent_id) === 0,
      net: Number(o.net_total),
      at: String(o[col]),
    }));
}

function naiveCohorts(
  raw: Awaited<ReturnType<typeof readRaw>>,
  col: DateCol,
  interval: CohortInterval,
  after: string,
  before: string,
) {
  const rows = countedRows(raw, col, before);
  const first = new Map<number, string>();
  for (const r of rows)
    if (r.isOrder && (!first.has(r.person) || r.at < first.get(r.person)!))
      first.set(r.person, r.at);
  const ids = bucketsBetween(after, before, interval, 1).map((b) => b.id);
  const out = new Map<string, { persons: Set<number>; periods: Map<number, Raw[]> }>();
  const cohortOf = new Map<number, string>();
  for (const [p, at] of first) {
    if (at < after || at > before) continue;
    const id = bucketId(at, interval, 1);
    cohortOf.set(p, id);
    if (!out.has(id)) out.set(id, { persons: new Set(), periods: new Map() });
    out.get(id)!.persons.add(p);
  }
  // To cents, halves away from zero as PHP's round() does (-31.875 is -31.88, where
  // Math.round alone gives -31.87).
  const money = (units: number) => (Math.sign(units) * Math.round(Math.abs(units) / 100)) / 100 + 0;
  return ids
    .map((id, i) => ({ id, i }))
    .filter(({ id }) => out.has(id))
    .map(({ id, i }) => {
      const persons = out.get(id)!.persons;
      let cumulative = 0;
      const periods = ids.slice(i).map((pid) => {
        const inIt = rows.filter(
          (r) =>
            cohortOf.get(r.person) === id &&
            bucketId(`${r.at.slice(0, 10)} 00:00:00`, interval, 1) === pid,
        );
        const net = inIt.reduce((s, r) => s + r.net, 0);
        cumulative += net;
        return {
          customers: new Set(inIt.filter((r) => r.isOrder).map((r) => r.person)).size,
          orders: inIt.filter((r) => r.isOrder).length,
          net_revenue: money(net),
          ltv: money(Math.round(cumulative / persons.size)),
        };
      });
      return { cohort: id, customers: persons.size, periods };
    });
}

function naiveRfm(raw: Awaited<ReturnType<typeof readRaw>>, col: DateCol, asOf: string) {
  const by = new Map<number, { orders: number; net: number; last: string }>();
  for (const r of countedRows(raw, col, asOf)) {
    const p = by.get(r.person) ?? { orders: 0, net: 0, last: '' };
    if (r.isOrder) {
      p.orders += 1;
      if (r.at > p.last) p.last = r.at;
    }
    p.net += r.net;
    by.set(r.person, p);
  }
  const people = [...by.entries()].filter(([, p]) => p.orders > 0);
  // Quintiles the plain way: count the values strictly below.
  const score = (values: (number | string)[]) =>
    values.map((v) => Math.floor((5 * values.filter((w) => w < v).length) / values.length) + 1);
  const r = score(people.map(([, p]) => p.last));
  const f = score(people.map(([, p]) => p.orders));
  const m = score(people.map(([, p]) => p.net));
  const counts = new Map<string, number>();
  people.forEach((_, i) => {
    const g = rfmGroup(r[i]!, f[i]!, m[i]!);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  });
  return { customers: people.length, counts };
}

describeEachEngine(
  `cohorts and RFM groups (demo seed ${SEED})`,
  (ctx) => {
    const get = async <T>(url: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `/wp-json/wc-analytics/${url}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };

    it('answers each cohort as the naive recompute does (property)', async () => {
      const raw = await readRaw(ctx().db);
      expect(raw.person.size).toBeGreaterThan(0);
      let seen = 0;
      for (const col of ['date_paid', 'date_created'] as const) {
        await setOptions(ctx().db, { woocommerce_date_type: col });
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom<CohortInterval>('week', 'month', 'quarter', 'year'),
            fc.integer({ min: 0, max: 600 }),
            fc.integer({ min: 0, max: 400 }),
            // Whole days (read from the per-day cells), or edges inside a day.
            fc.boolean(),
            async (interval, from, days, wholeDays) => {
              const day = (n: number) =>
                new Date(Date.UTC(2022, 6, 1) + n * 86_400_000).toISOString().slice(0, 10);
              const after = `${day(from)} ${wholeDays ? '00:00:00' : '09:30:00'}`;
              const before = `${day(Math.min(from + days, 730))} ${wholeDays ? '23:59:59' : '16:45:10'}`;
              const answer = await get<CohortsResponse>(
                `reports/cohorts?period=${interval}&after=${after.replace(' ', 'T')}&before=${before.replace(' ', 'T')}&force_cache_refresh=true`,
              );
              const want = naiveCohorts(raw, col, interval, after, before);
              expect(answer.map(({ date_start: _, ...rest }) => rest)).toEqual(want);
              seen += want.length;
            },
          ),
          { numRuns: 16 },
        );
      }
      await setOptions(ctx().db, { woocommerce_date_type: 'date_paid' });
      expect(seen).toBeGreaterThan(10);
    });

    it('counts each RFM group as the naive recompute does, and opens it in Customers', async () => {
      const raw = await readRaw(ctx().db);
      const asOf = '2024-03-31 23:59:59';
      const answer = await get<RfmResponse>(
        `reports/rfm?before=2024-03-31T23:59:59&force_cache_refresh=true`,
      );
      const want = naiveRfm(raw, 'date_paid', asOf);
      expect(answer.customers).toBe(want.customers);
      for (const g of answer.groups) expect(g.customers).toBe(want.counts.get(g.group) ?? 0);
      expect(answer.groups.reduce((s, g) => s + g.customers, 0)).toBe(want.customers);
      const shares = answer.groups.reduce((s, g) => s + g.revenue_share, 0);
      expect(Math.abs(shares - 100)).toBeLessThan(0.1);
    });

    it('narrows the Customers report to a cohort cell', async () => {
      const cohorts = await get<CohortsResponse>(
        'reports/cohorts?period=month&after=2023-01-01T00:00:00&before=2024-06-30T23:59:59',
      );
      const row = cohorts.find((c) => c.periods.length > 2 && c.periods[2]!.customers > 0)!;
      const listed = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/customers?cohort=${row.cohort}&cohort_interval=month&cohort_period=2&per_page=100`,
      });
      expect(listed.statusCode).toBe(200);
      expect(Number(listed.headers['x-wp-total'])).toBe(row.periods[2]!.customers);
      const all = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/customers/stats?cohort=${row.cohort}&cohort_interval=month`,
      });
      expect(all.json().totals.customers_count).toBe(row.customers);
    });

    it('leaves out a customer whose only row by the range end is a refund before their paid order', async () => {
      // Paid on the 20th, refunded on the 10th: by date paid the refund comes first. A range
      // ending on the 15th has no order of theirs, so neither the refund nor the customer.
      await ingestOrders(ctx().db, [
        order(990_001, {
          customerId: 990_001,
          created: '2024-05-05 10:00:00',
          paid: '2024-05-20 10:00:00',
          lines: [{ id: 9_900_010, productId: 0, qty: 1, price: '40' }],
          refunds: [
            {
              id: 990_002,
              dateCreatedGmt: '2024-05-10 18:00:00',
              lines: [],
              shipping: 0,
              shippingTax: 0,
              extra: 1_500,
            },
          ],
        }),
      ]);
      const raw = await readRaw(ctx().db);
      for (const [after, before] of [
        ['2023-07-01 00:00:00', '2024-05-15 23:59:59'],
        ['2024-05-03 00:00:00', '2024-05-12 23:59:59'],
        ['2024-05-03 00:00:00', '2024-05-25 23:59:59'],
      ] as const) {
        const answer = await get<CohortsResponse>(
          `reports/cohorts?period=month&after=${after.replace(' ', 'T')}&before=${before.replace(' ', 'T')}&force_cache_refresh=true`,
        );
        expect(answer.map(({ date_start: _, ...rest }) => rest)).toEqual(
          naiveCohorts(raw, 'date_paid', 'month', after, before),
        );
      }
    });

    it('refuses bad input with a 400 naming the parameter', async () => {
      for (const [url, param] of [
        ['reports/cohorts?period=day', 'period'],
        ['reports/cohorts?period=week&after=1990-01-01', 'period'],
        ['reports/cohorts?after=2024-02-01&before=2024-01-01', 'after'],
        ['reports/cohorts?first_product=x', 'first_product'],
        ['reports/rfm/customers?group=best', 'group'],
        ['reports/customers?cohort=03-2024', 'cohort'],
        ['reports/customers?cohort_period=2', 'cohort_period'],
      ] as const) {
        const res = await ctx().app.inject({ method: 'GET', url: `/wp-json/wc-analytics/${url}` });
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json().data.params ?? {}), url).toContain(param);
      }
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 1500, years: 2, seed: SEED, end: '2024-06-30' });
    // Some guests take a registered customer's e-mail (in another case): they merge.
    const registered = await db.kysely
      .selectFrom('customers')
      .select(['id', 'email'])
      .where('user_id', '>', 0)
      .orderBy('id')
      .limit(20)
      .execute();
    const guests = await db.kysely
      .selectFrom('customers')
      .select(['id'])
      .where('user_id', '=', 0)
      .orderBy('id')
      .limit(20)
      .execute();
    for (let i = 0; i < Math.min(registered.length, guests.length); i += 2)
      await db.kysely
        .updateTable('customers')
        .set({ email: registered[i]!.email.toUpperCase() })
        .where('id', '=', guests[i]!.id)
        .execute();
    // Written by hand, not through the connector: the customers-over-time tables are rebuilt.
    await rebuildStoreCustomerTime(db);
  },
);

it('scores quintiles with ties alike', () => {
  expect(quintiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  expect(quintiles([5, 5, 5, 1])).toEqual([2, 2, 2, 1]);
});
