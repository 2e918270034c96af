import type { RfmResponse } from '@storelens/api';
import { expect, it } from 'vitest';
import { rfmGroup } from '../src/analytics/cohorts';
import { rebuildStoreCustomerTime } from '../src/analytics/customer-time';
import type { Db } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';

/*
 * The RFM groups' movement (scored in SQL over person_summary): each group's customers, net
 * sales, customers one period before and customers in it both times, against a naive
 * recompute from order_stats, as of a past date (persons with later orders read again) and
 * as of the store's last order.
 */
const EXCLUDED = new Set(['pending', 'failed', 'cancelled']);

async function naiveGroups(db: Db, asOf: string) {
  const orders = await db.kysely.selectFrom('order_stats').selectAll().execute();
  const by = new Map<number, { orders: number; net: number; last: string }>();
  for (const o of orders) {
    const at = o.date_paid === null ? null : String(o.date_paid);
    if (Number(o.customer_id) <= 0 || EXCLUDED.has(o.status) || at === null || at > asOf) continue;
    const p = by.get(Number(o.customer_id)) ?? { orders: 0, net: 0, last: '' };
    if (Number(o.parent_id) === 0) {
      p.orders += 1;
      if (at > p.last) p.last = at;
    }
    p.net += Number(o.net_total);
    by.set(Number(o.customer_id), p);
  }
  const people = [...by.entries()].filter(([, p]) => p.orders > 0);
  const score = (values: (number | string)[]) =>
    values.map((v) => Math.floor((5 * values.filter((w) => w < v).length) / values.length) + 1);
  const r = score(people.map(([, p]) => p.last));
  const f = score(people.map(([, p]) => p.orders));
  const m = score(people.map(([, p]) => p.net));
  return new Map(
    people.map(([id, p], i) => [id, { group: rfmGroup(r[i]!, f[i]!, m[i]!), net: p.net }]),
  );
}

describeEachEngine(
  'RFM groups movement',
  (ctx) => {
    for (const [asOf, prev] of [
      ['2024-03-31 23:59:59', '2024-02-29 23:59:59'],
      ['2024-06-30 23:59:59', '2024-05-30 23:59:59'],
    ] as const)
      it(`answers ${asOf.slice(0, 10)} and the month before as the naive recompute does`, async () => {
        const res = await ctx().app.inject({
          method: 'GET',
          url: `/wp-json/wc-analytics/reports/rfm?before=${asOf.replace(' ', 'T')}&period=month&force_cache_refresh=true`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json() as RfmResponse;
        expect(answer.previous_as_of).toBe(prev);
        const now = await naiveGroups(ctx().db, asOf);
        const before = await naiveGroups(ctx().db, prev);
        expect(answer.customers).toBe(now.size);
        for (const g of answer.groups) {
          const members = [...now.entries()].filter(([, p]) => p.group === g.group);
          expect(g.customers, g.group).toBe(members.length);
          const net = members.reduce((s, [, p]) => s + p.net, 0);
          // To cents, halves away from zero, as every report's money.
          expect(g.net_revenue, g.group).toBe(
            (Math.sign(net) * Math.round(Math.abs(net) / 100)) / 100 + 0,
          );
          expect(g.previous_customers, g.group).toBe(
            [...before.values()].filter((p) => p.group === g.group).length,
          );
          expect(g.stayed, g.group).toBe(
            members.filter(([id]) => before.get(id)?.group === g.group).length,
          );
        }
      });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 800, years: 2, seed: 7, end: '2024-06-30' });
    await rebuildStoreCustomerTime(db);
  },
);
