import fc from 'fast-check';
import { expect, it } from 'vitest';
import { storeReportContext } from '../src/analytics/context';
import { noFilters } from '../src/analytics/filters';
import { productsList } from '../src/analytics/products-list';
import { variationsList } from '../src/analytics/variations-list';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';

/*
 * The products and variations lists sorted by last sale (the API's default order) read the
 * lines from the date index, latest first, until their page is found, instead of aggregating
 * every line of the range: they must give exactly the aggregate's pages, counts and sums.
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
          async (from, days, hour, perPage, page, statusIs) => {
            const params = {
              page,
              perPage,
              order: 'desc' as const,
              orderby: 'date',
              extendedInfo: false,
              filters: { ...noFilters, statusIs },
              // Ranges ending mid-day too: the partial day's lines decide the order.
              range: {
                after: `${day(from)} 00:00:00`,
                before: `${day(from + days)} ${String(hour).padStart(2, '0')}:30:00`,
              },
            };
            // A scan limit of 0 sends every request to the aggregate.
            const aggregate = { lastSaleScanLimit: 0 };
            expect(await productsList(c, params)).toEqual(await productsList(c, params, aggregate));
            expect(await variationsList(c, params)).toEqual(
              await variationsList(c, params, aggregate),
            );
          },
        ),
        { numRuns: 30 },
      );
    });

    it('answers from the scan, and from the aggregate when the scan may not read a line', async () => {
      const c = await context();
      const params = {
        page: 1,
        perPage: 5,
        order: 'desc' as const,
        orderby: 'date',
        extendedInfo: false,
        filters: noFilters,
        range: { after: `${day(0)} 00:00:00`, before: `${day(700)} 23:59:59` },
      };
      const asked: string[] = [];
      const query = c.sql.query.bind(c.sql);
      c.sql.query = ((text: string, params: readonly unknown[] = []) => {
        asked.push(text);
        return query(text, params);
      }) as typeof c.sql.query;
      const scanned = await productsList(c, params);
      const byScan = [...asked];
      asked.length = 0;
      const aggregated = await productsList(c, params, { lastSaleScanLimit: 0 });
      c.sql.query = query;
      expect(scanned).toEqual(aggregated);
      // The scan reads lines in date order; the aggregate groups every line of the range.
      expect(byScan.some((t) => /ORDER BY opl\.\w+ DESC, opl\.product_id DESC LIMIT/.test(t))).toBe(
        true,
      );
      expect(byScan.some((t) => /MAX\(opl\.\w+\) AS last_date/.test(t))).toBe(false);
      expect(asked.some((t) => /MAX\(opl\.\w+\) AS last_date/.test(t))).toBe(true);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 3000, years: 2, seed: 5, end: '2024-06-30' });
  },
);
