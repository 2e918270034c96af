import type { DateType } from '@storelens/api';
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { reportContext } from '../src/analytics/context';
import { noFilters } from '../src/analytics/filters';
import { ordersList } from '../src/analytics/orders-list';
import { countRefundRows } from '../src/db/migrations/021_revenue_refund_count';
import { REVENUE_VALUE_COLUMNS } from '../src/db/rollups';
import { generateDemoStore } from '../src/demo/generate';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { readStoreSettings } from '../src/options';
import { describeEachEngine } from './harness';
import { recordingContext } from './recording-context';

/*
 * The orders list counts its rows (orders and refunds) from the revenue rollups' orders_count
 * and refund_count for the whole days and hours of the range, and from order_stats only at its
 * partial hours: the count must be exactly the rows' own, for any range, date type and filter
 * the rollups answer, also after orders are replaced, refunded and removed; and migration 021's
 * backfill must give the refund counts ingestion keeps. Sorted by net sales or items sold, a
 * page comes from the first rows of that column's index when the range is wide: it must be the
 * sorted rows' page.
 */
describeEachEngine(
  'orders list from the revenue rollups and the amount indexes',
  (ctx) => {
    const day = (n: number) =>
      new Date(Date.UTC(2022, 6, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const time = (minute: number) =>
      `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;

    /** The list's page and total, and the same from the rows counted and sorted one by one
     * (an order id list sends the list to the rows: no order has id 0). */
    const totals = async (
      dateType: DateType,
      params: Omit<Parameters<typeof ordersList>[1], 'orderExcludes'>,
    ) => {
      const c = reportContext(ctx().db, await readStoreSettings(ctx().db), dateType);
      const fromRollups = await ordersList(c, { ...params, orderExcludes: [] });
      const counted = await ordersList(c, { ...params, orderExcludes: [0] });
      return {
        fromRollups: fromRollups.total,
        counted: counted.total,
        pages: fromRollups,
        sorted: counted,
      };
    };

    /** The first page of 25, latest first, without filters. */
    const firstPage = (range: { after: string; before: string }) => ({
      page: 1,
      perPage: 25,
      order: 'desc' as const,
      orderby: 'date' as const,
      extendedInfo: false,
      filters: noFilters,
      orderIncludes: [],
      range,
    });

    const property = () =>
      fc.assert(
        fc.asyncProperty(
          fc.integer({ min: -10, max: 730 }),
          fc.integer({ min: 0, max: 400 }),
          fc.integer({ min: 0, max: 1439 }),
          fc.integer({ min: 0, max: 1439 }),
          fc.constantFrom<DateType>('date_created', 'date_paid', 'date_completed'),
          fc.constantFrom(
            noFilters,
            { ...noFilters, statusIs: ['completed'] },
            { ...noFilters, statusIsNot: ['completed', 'processing'] },
            { ...noFilters, customerType: 'returning' as const },
            {
              ...noFilters,
              match: 'any' as const,
              statusIs: ['refunded'],
              customerType: 'new' as const,
            },
          ),
          async (from, days, start, end, dateType, filters) => {
            const { fromRollups, counted } = await totals(dateType, {
              page: 1,
              perPage: 25,
              order: 'desc',
              orderby: 'date',
              extendedInfo: false,
              filters,
              orderIncludes: [],
              range: {
                after: `${day(from)} ${time(start)}`,
                before: `${day(from + days)} ${time(end)}`,
              },
            });
            expect(fromRollups).toBe(counted);
          },
        ),
        { numRuns: 40 },
      );

    it('counts exactly the rows, for any range, date type and rollup filter (property)', async () => {
      await property();
    });

    it('pages by net sales and items sold exactly as sorting the rows does (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: -10, max: 730 }),
          fc.integer({ min: 0, max: 800 }),
          fc.constantFrom('net_total' as const, 'num_items_sold' as const),
          fc.constantFrom('asc' as const, 'desc' as const),
          fc.constantFrom(1, 5, 25),
          fc.integer({ min: 1, max: 8 }),
          fc.constantFrom(noFilters, { ...noFilters, statusIs: ['completed'] }),
          async (from, days, orderby, order, perPage, page, filters) => {
            const { pages, sorted } = await totals('date_paid', {
              page,
              perPage,
              order,
              orderby,
              extendedInfo: false,
              filters,
              orderIncludes: [],
              range: { after: `${day(from)} 00:00:00`, before: `${day(from + days)} 23:59:59` },
            });
            expect(pages).toEqual(sorted);
          },
        ),
        { numRuns: 40 },
      );
    });

    it("reads a wide range's page by net sales from the index, a narrow one by sorting", async () => {
      const { ctx: c, texts: asked } = await recordingContext(ctx().db);
      const walked = (after: string, before: string) => {
        asked.length = 0;
        return ordersList(c, {
          page: 1,
          perPage: 10,
          order: 'desc',
          orderby: 'net_total',
          extendedInfo: false,
          filters: noFilters,
          orderIncludes: [],
          orderExcludes: [],
          range: { after, before },
        }).then(() =>
          asked.some((t) => /ORDER BY net_total DESC, order_id DESC LIMIT \?\)/.test(t)),
        );
      };
      const wide = await walked('2022-07-01 00:00:00', '2024-06-30 23:59:59');
      const narrow = await walked('2023-03-01 00:00:00', '2023-03-01 23:59:59');
      expect([wide, narrow]).toEqual([true, false]);
    });

    it('reads the count of whole days from the rollups, not from the rows', async () => {
      const { ctx: c, texts: asked } = await recordingContext(ctx().db);
      const params = firstPage({ after: '2023-01-01 00:00:00', before: '2023-12-31 23:59:59' });
      const listed = await ordersList(c, { ...params, orderExcludes: [] });
      expect(listed.total).toBeGreaterThan(100);
      expect(asked.some((t) => /FROM revenue_day/.test(t))).toBe(true);
      expect(asked.some((t) => /COUNT\(\*\)/.test(t))).toBe(false);
    });

    it('still counts exactly the rows after orders are refunded, replaced and removed', async () => {
      const { db } = ctx();
      // Refunds of an order of the store, one with all figures zero (a rollup row of its own).
      const [order] = await db.kysely
        .selectFrom('order_stats')
        .select(['order_id'])
        .where('parent_id', '=', 0)
        .where('status', '=', 'completed')
        .orderBy('order_id')
        .limit(1)
        .execute();
      const id = Number(order!.order_id);
      const input: OrderInput = {
        id: 9_000_001,
        status: 'completed',
        currency: 'USD',
        customerId: 0,
        dateCreatedGmt: '2023-03-10 10:20:00',
        datePaidGmt: '2023-03-10 10:21:00',
        dateCompletedGmt: '2023-03-12 09:00:00',
        billing: { country: 'US', state: 'CA', email: 'x@example.com' },
        lines: [
          {
            id: 9_000_001,
            productId: 1,
            variationId: 0,
            name: 'x',
            quantity: 1,
            subtotal: 100_000,
            total: 100_000,
            tax: 0,
          },
        ],
        shipping: 0,
        shippingTax: 0,
        coupons: [],
        taxes: [],
        refunds: [
          {
            id: 9_000_002,
            dateCreatedGmt: '2023-03-15 11:00:00',
            lines: [],
            shipping: 0,
            shippingTax: 0,
          },
          {
            id: 9_000_003,
            dateCreatedGmt: '2023-03-16 11:30:00',
            lines: [],
            shipping: 0,
            shippingTax: 0,
            extra: 20_000,
          },
        ],
      };
      await ingestOrders(db, [input]);
      const params = firstPage({ after: '2023-03-01 00:00:00', before: '2023-03-31 23:59:59' });
      const before = await totals('date_created', params);
      expect(before.fromRollups).toBe(before.counted);
      // Replaced without its refunds, then removed with another order of the store.
      await ingestOrders(db, [{ ...input, refunds: [] }]);
      const replaced = await totals('date_created', params);
      expect(replaced.fromRollups).toBe(replaced.counted);
      expect(replaced.fromRollups).toBe(before.fromRollups - 2);
      await ingestOrders(db, [], [input.id, id]);
      await property();
    });

    it('fills refund_count as ingestion keeps it (migration 021)', async () => {
      const { db } = ctx();
      const read = async () =>
        Object.fromEntries(
          await Promise.all(
            (['revenue_hour', 'revenue_day'] as const).map(
              async (table) =>
                [
                  table,
                  await db.kysely
                    .selectFrom(table)
                    .selectAll()
                    .orderBy(['date_kind', 'bucket', 'status', 'returning_customer'])
                    .execute(),
                ] as const,
            ),
          ),
        );
      const kept = await read();
      expect(kept.revenue_day!.some((r) => Number(r.refund_count) > 0)).toBe(true);
      // As before the migration: no refund counts, no row for refunds of all-zero figures.
      for (const table of ['revenue_hour', 'revenue_day']) {
        await sql.raw(`UPDATE ${table} SET refund_count = 0`).execute(db.kysely);
        const zero = REVENUE_VALUE_COLUMNS.map((c) => `${c} = 0`).join(' AND ');
        await sql.raw(`DELETE FROM ${table} WHERE ${zero} AND coupon_ids = ''`).execute(db.kysely);
      }
      await countRefundRows(db.kysely as unknown as Kysely<unknown>);
      expect(await read()).toEqual(kept);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 3000, years: 2, seed: 7, end: '2024-06-30' });
  },
);
