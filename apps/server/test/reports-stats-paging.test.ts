import { afterEach, expect, it, vi } from 'vitest';
import { storeReportContext } from '../src/analytics/context';
import { filtersFromQuery } from '../src/analytics/filters';
import { orderStats } from '../src/analytics/revenue';
import { RawSql } from '../src/db/sql';
import { ingestOrders } from '../src/ingest/ingest';
import { mayOrders, order, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

/*
 * The client reads a long stats range in pages (page 1, then the others) with the same query:
 * the answer, totals included, is computed once and each page is a slice of it. Counted by
 * the SQL statements the analytics run (RawSql), not by time.
 */

const YEAR = 'after=2024-01-01T00:00:00&before=2024-12-31T23:59:59&interval=day&per_page=100';

afterEach(() => {
  vi.restoreAllMocks();
});

describeEachEngine(
  'paged stats requests',
  (ctx) => {
    const get = async (path: string) => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/${path}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json(), headers: res.headers };
    };
    /** The SQL statements the analytics ran during `run` (RawSql.query calls). */
    const statements = async (run: () => Promise<unknown>) => {
      const spy = vi.spyOn(RawSql.prototype, 'query');
      try {
        await run();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };

    for (const report of ['revenue/stats', 'orders/stats?product_includes=10']) {
      const url = (page: number, extra = '') =>
        `${report}${report.includes('?') ? '&' : '?'}${YEAR}&page=${page}${extra}`;

      it(`${report}: pages after the first slice the first page's computation`, async () => {
        // Each page as the analytics function computes it on its own, to compare with.
        const reference = async (page: number) =>
          orderStats(
            await storeReportContext(ctx().db),
            report.startsWith('orders') ? 'orders' : 'revenue',
            {
              after: '2024-01-01 00:00:00',
              before: '2024-12-31 23:59:59',
              interval: 'day',
              page,
              perPage: 100,
              order: 'desc',
              orderby: 'date',
              fields: undefined,
              filters: filtersFromQuery(
                report.includes('product') ? { product_includes: [10] } : {},
              ),
              segmentby: undefined,
            },
          );
        const first = await statements(() => get(url(1)));
        expect(first).toBeGreaterThan(0);
        for (const page of [2, 3, 4]) {
          let answer: Awaited<ReturnType<typeof get>> | undefined;
          expect(
            await statements(async () => {
              answer = await get(url(page));
            }),
            `page ${page}`,
          ).toBe(0);
          expect(answer!.headers['x-wp-total']).toBe('366');
          expect(answer!.headers['x-wp-totalpages']).toBe('4');
          // The same as the page computed on its own.
          expect(answer!.body).toEqual(JSON.parse(JSON.stringify((await reference(page)).body)));
        }
        // Past the last page: no intervals and no totals, as before.
        expect((await get(url(5))).body).toEqual({ totals: {}, intervals: [] });
      });

      it(`${report}: new data makes the next page compute again`, async () => {
        await get(url(1));
        await ingestOrders(ctx().db, [
          order(9001, {
            created: '2024-06-15 10:00:00',
            lines: [{ id: 90010, productId: 10, qty: 2, price: '7' }],
          }),
        ]);
        let answer: Awaited<ReturnType<typeof get>> | undefined;
        expect(
          await statements(async () => {
            answer = await get(url(2));
          }),
        ).toBeGreaterThan(0);
        const day = answer!.body.intervals.find(
          (i: { interval: string }) => i.interval === '2024-06-15',
        );
        expect(day.subtotals.orders_count).toBeGreaterThan(0);
        // A forced refresh of page 1 recomputes; its later pages slice that computation.
        expect(await statements(() => get(url(1, '&force_cache_refresh=true')))).toBeGreaterThan(0);
        expect(await statements(() => get(url(2, '&force_cache_refresh=true')))).toBe(0);
      });
    }
  },
  async (db) => {
    await seedCatalog(db);
    await ingestOrders(db, mayOrders());
  },
);
