import type { CohortsResponse, RfmResponse } from '@storelens/api';
import { expect, it } from 'vitest';
import { rfmGroup } from '../src/analytics/cohorts';
import { generateDemoStore } from '../src/demo/generate';
import { MONEY_SCALE } from '../src/money';
import { setOptions } from '../src/options';
import { describeEachEngine } from './harness';

/*
 * A saved segment on the performance indicators, the leaderboards and the RFM groups, against
 * a naive recompute from the raw order rows of the segment's customers.
 */
const REPORTS = '/wp-json/wc-analytics/reports';
const RANGE = 'after=2023-07-01T00:00:00&before=2024-06-30T23:59:59';
const EXCLUDED = new Set(['pending', 'failed', 'cancelled']);

describeEachEngine(
  'saved segments on the overview and RFM',
  (ctx) => {
    const get = async <T>(url: string) => {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const segment = async () => {
      const all = await ctx().db.kysely.selectFrom('customers').select(['id', 'country']).execute();
      const counts = new Map<string, number>();
      for (const c of all) counts.set(c.country, (counts.get(c.country) ?? 0) + 1);
      const country = [...counts].filter(([c]) => c !== '').sort((a, b) => b[1] - a[1])[0]![0];
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/wp-json/storelens/v1/segments',
        payload: {
          name: `From ${country}`,
          source: 'customers',
          query: { country_includes: country.toLowerCase() },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const members = new Set(all.filter((c) => c.country === country).map((c) => Number(c.id)));
      return { id: (res.json() as { id: number }).id, members };
    };
    const rows = async (members: Set<number>) =>
      (await ctx().db.kysely.selectFrom('order_stats').selectAll().execute()).filter(
        (r) => !EXCLUDED.has(r.status) && members.has(Number(r.customer_id)),
      );
    const money = (v: number) => Math.round(v / (MONEY_SCALE / 100)) / 100 + 0;

    it('narrows the indicators and the leaderboards to the segment', async () => {
      const { id, members } = await segment();
      const mine = (await rows(members)).filter(
        (r) =>
          String(r.date_created) >= '2023-07-01 00:00:00' &&
          String(r.date_created) <= '2024-06-30 23:59:59',
      );
      const stats = 'stats=revenue/net_revenue,orders/orders_count';
      const values = async (extra: string) =>
        new Map(
          (
            await get<{ stat: string; value: number }[]>(
              `${REPORTS}/performance-indicators?${RANGE}&${stats}&force_cache_refresh=true${extra}`,
            )
          ).map((i) => [i.stat, i.value]),
        );
      const narrowed = await values(`&segment=${id}`);
      expect(narrowed.get('revenue/net_revenue')).toBeCloseTo(
        money(mine.reduce((s, r) => s + Number(r.net_total), 0)),
        2,
      );
      expect(narrowed.get('orders/orders_count')).toBe(
        mine.filter((r) => Number(r.parent_id) === 0).length,
      );
      expect(narrowed.get('orders/orders_count')).toBeLessThan(
        (await values('')).get('orders/orders_count')!,
      );
      // The leaderboards: each board is its report's list under the segment.
      const boards = await get<{ id: string; rows: { value: number }[][] }[]>(
        `/wp-json/wc-analytics/leaderboards?${RANGE}&per_page=5&segment=${id}`,
      );
      const products = await get<{ items_sold: number }[]>(
        `${REPORTS}/products?${RANGE}&orderby=items_sold&order=desc&per_page=5&segment=${id}`,
      );
      expect(boards.find((b) => b.id === 'products')!.rows.map((r) => r[1]!.value)).toEqual(
        products.map((p) => p.items_sold),
      );
      const customers = await get<{ total_spend: number }[]>(
        `${REPORTS}/customers?${RANGE}&orderby=total_spend&order=desc&per_page=5&segment=${id}`,
      );
      expect(boards.find((b) => b.id === 'customers')!.rows.map((r) => r[2]!.value)).toEqual(
        customers.map((c) => c.total_spend),
      );
    });

    it('scores the RFM groups over the segment alone', async () => {
      const { id, members } = await segment();
      const asOf = '2024-05-31 23:59:59';
      const by = new Map<number, { orders: number; net: number; last: string }>();
      for (const o of await rows(members)) {
        const at = String(o.date_created);
        if (at > asOf) continue;
        const p = by.get(Number(o.customer_id)) ?? { orders: 0, net: 0, last: '' };
        if (Number(o.parent_id) === 0) {
          p.orders += 1;
          if (at > p.last) p.last = at;
        }
        p.net += Number(o.net_total);
        by.set(Number(o.customer_id), p);
      }
      const people = [...by.values()].filter((p) => p.orders > 0);
      const score = (v: (number | string)[]) =>
        v.map((x) => Math.floor((5 * v.filter((w) => w < x).length) / v.length) + 1);
      const [r, f, m] = [
        score(people.map((p) => p.last)),
        score(people.map((p) => p.orders)),
        score(people.map((p) => p.net)),
      ];
      const groups = people.map((_, i) => rfmGroup(r[i]!, f[i]!, m[i]!));
      const answer = await get<RfmResponse>(
        `${REPORTS}/rfm?before=2024-05-31T23:59:59&segment=${id}&force_cache_refresh=true`,
      );
      expect(answer.customers).toBe(people.length);
      for (const g of answer.groups)
        expect(g.customers, g.group).toBe(groups.filter((x) => x === g.group).length);
      const champions = await get<{ customer_id: number }[]>(
        `${REPORTS}/rfm/customers?before=2024-05-31T23:59:59&group=champions&per_page=100&segment=${id}`,
      );
      expect(champions.length).toBe(groups.filter((x) => x === 'champions').length);
      for (const c of champions) expect(members.has(c.customer_id)).toBe(true);
    });

    it('opens a segmented RFM group or cohort cell on exactly the customers it counted', async () => {
      const { id } = await segment();
      const total = async (query: string) => {
        const res = await ctx().app.inject({
          method: 'GET',
          url: `${REPORTS}/customers?${query}&segment=${id}&per_page=1&force_cache_refresh=true`,
        });
        expect(res.statusCode, res.body).toBe(200);
        return Number(res.headers['x-wp-total']);
      };
      const answer = await get<RfmResponse>(
        `${REPORTS}/rfm?segment=${id}&force_cache_refresh=true`,
      );
      expect(answer.customers).toBeGreaterThan(0);
      for (const g of answer.groups)
        expect(await total(`rfm_group=${g.group}`), g.group).toBe(g.customers);
      const cohorts = await get<CohortsResponse>(
        `${REPORTS}/cohorts?period=month&after=2023-07-01T00:00:00&before=2024-06-30T23:59:59&segment=${id}`,
      );
      const row = cohorts.find((c) => c.periods.length > 1 && c.periods[1]!.customers > 0)!;
      expect(await total(`cohort=${row.cohort}&cohort_interval=month`)).toBe(row.customers);
      expect(await total(`cohort=${row.cohort}&cohort_interval=month&cohort_period=1`)).toBe(
        row.periods[1]!.customers,
      );
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 600, years: 1, seed: 7, end: '2024-06-30' });
    await setOptions(db, { woocommerce_date_type: 'date_created' });
  },
);
