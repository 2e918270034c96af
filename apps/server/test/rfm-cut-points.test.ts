import type { RfmCustomerRow, RfmResponse } from '@storelens/api';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { cutPositions, quintiles, scoreAt } from '../src/analytics/cohorts';
import { dropCustomerTimeState, rebuildStoreCustomerTime } from '../src/analytics/customer-time';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';

/*
 * The RFM groups from person_summary (cut points read from its indexes, one pass counting by
 * score) against the groups from every person's lifetime figures read from order_stats (the
 * path taken when the summaries are not current), for random changes of a demo store: ties
 * made in last orders, orders and net sales, as-of dates before the last order, guests merged
 * into registered customers. The same for the members of each group.
 */

it('reads the quintile scores from four cut points', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -5, max: 8 }), { minLength: 1, maxLength: 40 }), (v) => {
      const sorted = [...v].sort((a, b) => a - b);
      const cuts = cutPositions(v.length).map((p) => sorted[p]!);
      expect(v.map((x) => scoreAt(x, cuts))).toEqual(quintiles(v));
    }),
  );
});

const AS_OF = [
  '2024-06-30T23:59:59',
  '2024-06-12T10:00:00',
  '2024-04-30T23:59:59',
  '2024-01-15T08:30:00',
  '2023-09-01T00:00:00',
];
const PERIODS = ['week', 'month', 'quarter', 'year'] as const;

describeEachEngine(
  'RFM groups from cut points',
  (ctx) => {
    const get = async <T>(url: string) => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/${url}${url.includes('?') ? '&' : '?'}force_cache_refresh=true`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json() as T, total: res.headers['x-wp-total'] };
    };
    const answers = async (asOf: string, period: string) => {
      const groups = await get<RfmResponse>(`rfm?before=${asOf}&period=${period}`);
      const pages: unknown[] = [];
      for (const group of ['', ...groups.body.groups.map((g) => g.group)])
        for (const [orderby, order, page] of [
          ['net_revenue', 'desc', 1],
          ['orders_count', 'asc', 2],
          ['last_order', 'desc', 1],
          ['first_order', 'asc', 1],
          ['customer_id', 'desc', 3],
        ] as const) {
          const r = await get<RfmCustomerRow[]>(
            `rfm/customers?before=${asOf}&orderby=${orderby}&order=${order}&page=${page}&per_page=7${group ? `&group=${group}` : ''}`,
          );
          pages.push([group, orderby, r.total, r.body]);
        }
      return { groups: groups.body, pages };
    };

    it('answers as the groups scored from every lifetime, for random stores', async () => {
      const sql = new RawSql(ctx().db.kysely, ctx().db.engine);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(), fc.nat(4), fc.nat(3)), { minLength: 1, maxLength: 40 }),
          fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
          fc.constantFrom(...AS_OF),
          fc.constantFrom(...PERIODS),
          async (ties, merges, asOf, period) => {
            const orders = await sql.query<{ order_id: number }>(
              'SELECT order_id FROM order_stats WHERE parent_id = 0 ORDER BY order_id',
            );
            // Ties: orders moved to a few shared dates, some given a shared net total.
            const days = ['2024-06-01 12:00:00', '2024-03-31 23:59:59', '2023-12-24 09:00:00'];
            for (const [pick, day, net] of ties) {
              const id = orders[pick % orders.length]!.order_id;
              if (day < days.length)
                await sql.run(
                  'UPDATE order_stats SET date_paid = ?, date_created = ? WHERE order_id = ?',
                  [days[day], days[day], id],
                );
              if (net > 0)
                await sql.run('UPDATE order_stats SET net_total = ? WHERE order_id = ?', [
                  net * 2500,
                  id,
                ]);
            }
            // Guests merged into registered customers (their e-mail in another case).
            const registered = await sql.query<{ id: number; email: string }>(
              "SELECT id, email FROM customers WHERE user_id > 0 AND email <> '' ORDER BY id",
            );
            const guests = await sql.query<{ id: number }>(
              'SELECT id FROM customers WHERE user_id = 0 ORDER BY id',
            );
            for (const [g, r] of merges)
              if (guests.length > 0 && registered.length > 0)
                await sql.run('UPDATE customers SET email = ? WHERE id = ?', [
                  registered[r % registered.length]!.email.toUpperCase(),
                  guests[g % guests.length]!.id,
                ]);
            await rebuildStoreCustomerTime(ctx().db);
            const fast = await answers(asOf, period);
            await dropCustomerTimeState(sql);
            const fallback = await answers(asOf, period);
            expect(fast).toEqual(fallback);
          },
        ),
        { numRuns: 6 },
      );
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 400, years: 2, seed: 11, end: '2024-06-30' });
    await rebuildStoreCustomerTime(db);
  },
);
