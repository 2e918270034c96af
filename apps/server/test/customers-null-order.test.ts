import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { storeReportContext } from '../src/analytics/context';
import { customersList, rangeOnlyFilters } from '../src/analytics/customers';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';

/*
 * Guests have no registration date, and a customer never seen active no last-active date.
 * WooCommerce (MySQL) and SQLite sort a NULL below every value; PostgreSQL sorts it above
 * unless told. The customers list must put them in the same place on both engines: last in
 * the report's default order (newest registration first), first ascending, ties by id in the
 * sort's direction, whichever way the page is read (every customer, an order-date range walked
 * page first, or that range aggregated).
 */
type Row = { id: number; date_registered: string | null; date_last_active: string | null };

describeEachEngine(
  'customers list with NULL sort values',
  (ctx) => {
    const everyPage = async (
      orderby: 'date_registered' | 'date_last_active',
      order: 'asc' | 'desc',
      filters: Parameters<typeof customersList>[1],
    ) => {
      const c = await storeReportContext(ctx().db);
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const listed = await customersList(c, filters, { page, perPage: 400, order, orderby });
        rows.push(...(listed.rows as unknown as Row[]));
        if (page >= listed.totalPages) return { rows, total: listed.total };
      }
    };
    const all = rangeOnlyFilters({ after: undefined, before: undefined });
    const year = rangeOnlyFilters({ after: '2023-07-01 00:00:00', before: '2024-06-30 23:59:59' });

    for (const orderby of ['date_registered', 'date_last_active'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        it(`${orderby} ${order}: NULL lowest, ties by id`, async () => {
          const sign = order === 'asc' ? 1 : -1;
          const value = (r: Row) => r[orderby];
          const compare = (a: Row, b: Row) => {
            const [x, y] = [value(a), value(b)];
            const byValue = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
            return sign * (byValue || a.id - b.id);
          };
          for (const filters of [all, year, { ...year, ordersCount: { min: -1 } }]) {
            const { rows, total } = await everyPage(orderby, order, filters);
            expect(rows).toHaveLength(total);
            expect(rows.some((r) => value(r) === null)).toBe(true);
            expect(rows.some((r) => value(r) !== null)).toBe(true);
            expect(rows.map((r) => r.id)).toEqual([...rows].sort(compare).map((r) => r.id));
          }
        });
      }
    }
  },
  async (db) => {
    await generateDemoStore(db, { orders: 1500, years: 2, seed: 5, end: '2024-06-30' });
    // Every demo customer has been active; some never are (an account opened and left).
    await db.kysely
      .updateTable('customers')
      .set({ date_last_active: null, date_last_active_gmt: null })
      .where(sql<boolean>`id % 7 = 0`)
      .execute();
  },
);
