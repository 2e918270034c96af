import fc from 'fast-check';
import { expect, it } from 'vitest';
import { storeReportContext } from '../src/analytics/context';
import { customersList, rangeOnlyFilters } from '../src/analytics/customers';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';
import { recordingContext } from './recording-context';

/*
 * The customers list with an order-date range and no aggregate rule or sort pages the customers
 * who have an order in the range first, and sums only the page's orders; it must give exactly
 * what aggregating every order of the range gives (an always-true aggregate rule,
 * `orders_count > -1`, sends the request down that path).
 */
describeEachEngine(
  'customers list with an order-date range',
  (ctx) => {
    const day = (n: number) =>
      new Date(Date.UTC(2022, 6, 1) + n * 86_400_000).toISOString().slice(0, 10);

    it('pages the customers with orders in the range as the aggregate does (property)', async () => {
      const c = await storeReportContext(ctx().db);
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: -10, max: 730 }),
          fc.integer({ min: 0, max: 200 }),
          fc.constantFrom('date_registered', 'name', 'username', 'country', 'date_last_active'),
          fc.constantFrom('asc' as const, 'desc' as const),
          fc.constantFrom(1, 7, 25),
          fc.integer({ min: 1, max: 5 }),
          fc.constantFrom(
            {},
            { countryIncludes: ['US', 'DE'] },
            { search: 'an', searchby: 'name' as const },
          ),
          async (from, days, orderby, order, perPage, page, extra) => {
            const f = {
              ...rangeOnlyFilters({
                after: `${day(from)} 00:00:00`,
                before: `${day(from + days)} 23:59:59`,
              }),
              ...extra,
            };
            const paging = { page, perPage, order, orderby };
            const pagedFirst = await customersList(c, f, paging);
            const aggregated = await customersList(c, { ...f, ordersCount: { min: -1 } }, paging);
            expect(pagedFirst).toEqual(aggregated);
          },
        ),
        { numRuns: 40 },
      );
    });

    it('counts every customer from a count kept until the customers change', async () => {
      const c = await storeReportContext(ctx().db);
      const total = async () =>
        (
          await customersList(c, rangeOnlyFilters({ after: undefined, before: undefined }), {
            page: 1,
            perPage: 5,
            order: 'asc',
            orderby: 'name',
          })
        ).total;
      const before = await total();
      expect(before).toBeGreaterThan(100);
      const customer = (id: number) => ({
        id,
        user_id: 0,
        username: '',
        first_name: 'Zz',
        last_name: String(id),
        email: `zz${id}@example.com`,
        country: 'US',
        state: '',
        city: '',
        postcode: '',
        date_registered: null,
        date_registered_gmt: null,
        date_last_active: null,
        date_last_active_gmt: null,
      });
      const db = ctx().db.kysely;
      await db
        .insertInto('customers')
        .values([customer(990_001), customer(990_002)])
        .execute();
      expect(await total()).toBe(before + 2);
      await db.deleteFrom('customers').where('id', 'in', [990_001, 990_002]).execute();
      expect(await total()).toBe(before);
    });

    it('does not aggregate every order of the range for a page', async () => {
      const { ctx: c, texts: asked } = await recordingContext(ctx().db);
      const listed = await customersList(
        c,
        rangeOnlyFilters({ after: `${day(0)} 00:00:00`, before: `${day(365)} 23:59:59` }),
        { page: 1, perPage: 10, order: 'desc', orderby: 'date_registered' },
      );
      expect(listed.rows).toHaveLength(10);
      // The only aggregate is of the page's customers (their orders and profit sums at once).
      const grouped = asked.filter((t) => /GROUP BY os\.customer_id/.test(t));
      expect(grouped).toHaveLength(1);
      expect(grouped[0]).toMatch(/os\.customer_id IN \(/);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 3000, years: 2, seed: 11, end: '2024-06-30' });
  },
);
