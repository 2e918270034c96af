import fc from 'fast-check';
import { expect, it } from 'vitest';
import { storeReportContext } from '../src/analytics/context';
import { noFilters } from '../src/analytics/filters';
import { LAST_SALE_SCAN_LIMIT } from '../src/analytics/list-parts';
import { productsList } from '../src/analytics/products-list';
import { variationsList } from '../src/analytics/variations-list';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';
import { recordingContext } from './recording-context';

/*
 * The products and variations lists sorted by last sale (the API's default order) read the
 * lines from the date index, latest first, until their page is found, or (oldest first, or past
 * the scan's limit) each item's last sale from its own index, instead of aggregating every line
 * of the range: they must give exactly the aggregate's pages, counts and sums.
 */
describeEachEngine(
  'products and variations lists by last sale',
  (ctx) => {
    const context = () => storeReportContext(ctx().db);
    const day = (n: number) =>
      new Date(Date.UTC(2022, 6, 1) + n * 86_400_000).toISOString().slice(0, 10);

    it('pages exactly as the aggregate does, for any range, page and status filter (property)', async () => {
      const c = await context();
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: -10, max: 730 }),
          fc.integer({ min: 0, max: 400 }),
          fc.integer({ min: 0, max: 23 }),
          fc.constantFrom(1, 5, 25),
          fc.integer({ min: 1, max: 6 }),
          fc.constantFrom([], ['completed'], ['processing', 'on-hold']),
          fc.constantFrom('asc' as const, 'desc' as const),
          fc.constantFrom(LAST_SALE_SCAN_LIMIT, 0),
          async (from, days, hour, perPage, page, statusIs, order, lastSaleScanLimit) => {
            const params = {
              page,
              perPage,
              order,
              orderby: 'date',
              extendedInfo: false,
              filters: { ...noFilters, statusIs },
              // Ranges ending mid-day too: the partial day's lines decide the order.
              range: {
                after: `${day(from)} 00:00:00`,
                before: `${day(from + days)} ${String(hour).padStart(2, '0')}:30:00`,
              },
            };
            // A scan limit of 0 sends latest-first requests to the probes; the lookups alone
            // answer by the aggregate.
            const aggregate = { ...params, lookupOnly: true };
            const options = { lastSaleScanLimit };
            expect(await productsList(c, params, options)).toEqual(
              await productsList(c, aggregate),
            );
            expect(await variationsList(c, params, options)).toEqual(
              await variationsList(c, aggregate),
            );
          },
        ),
        { numRuns: 30 },
      );
    });

    it("reads the lines latest first, the items' own last sales otherwise, and never groups every line", async () => {
      const { ctx: c, texts: asked } = await recordingContext(ctx().db);
      const params = {
        page: 1,
        perPage: 5,
        order: 'desc' as 'asc' | 'desc',
        orderby: 'date',
        extendedInfo: false,
        filters: noFilters,
        range: { after: `${day(0)} 00:00:00`, before: `${day(700)} 23:59:59` },
      };
      const queriesOf = async (run: () => Promise<unknown>) => {
        asked.length = 0;
        const result = await run();
        return { result, queries: [...asked] };
      };
      const scan = await queriesOf(() => productsList(c, params));
      const probesPastLimit = await queriesOf(() =>
        productsList(c, params, { lastSaleScanLimit: 0 }),
      );
      const oldestFirst = await queriesOf(() => productsList(c, { ...params, order: 'asc' }));
      const aggregate = await queriesOf(() => productsList(c, { ...params, lookupOnly: true }));
      const aggregateAsc = await queriesOf(() =>
        productsList(c, { ...params, order: 'asc', lookupOnly: true }),
      );
      expect(scan.result).toEqual(aggregate.result);
      expect(probesPastLimit.result).toEqual(aggregate.result);
      expect(oldestFirst.result).toEqual(aggregateAsc.result);
      expect(oldestFirst.result).not.toEqual(scan.result);
      const lineScan = /ORDER BY opl\.\w+ DESC, opl\.product_id DESC LIMIT/;
      const probe = /WHERE opl\.product_id = g\.product_id .* ORDER BY opl\.\w+ DESC LIMIT 1/s;
      const grouped = /MAX\(opl\.\w+\) AS last_date/;
      const has = (queries: string[], re: RegExp) => queries.some((t) => re.test(t));
      expect([lineScan, probe, grouped].map((re) => has(scan.queries, re))).toEqual([
        true,
        false,
        false,
      ]);
      expect([lineScan, probe, grouped].map((re) => has(probesPastLimit.queries, re))).toEqual([
        false,
        true,
        false,
      ]);
      expect([lineScan, probe, grouped].map((re) => has(oldestFirst.queries, re))).toEqual([
        false,
        true,
        false,
      ]);
      expect(has(aggregate.queries, grouped)).toBe(true);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 3000, years: 2, seed: 5, end: '2024-06-30' });
  },
);
