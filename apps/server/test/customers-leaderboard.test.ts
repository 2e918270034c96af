import fc from 'fast-check';
import { expect, it } from 'vitest';
import { storeReportContext } from '../src/analytics/context';
import { customersList, rangeOnlyFilters, topCustomersBySpend } from '../src/analytics/customers';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';

/*
 * The customers leaderboard's top-spend walk (customer_totals by gross spend, stopping once no
 * later customer can rank) returns exactly the first page of the range list sorted by
 * total_spend, which aggregates every order of the range.
 */
describeEachEngine(
  'top customers by spend within a range',
  (ctx) => {
    const context = () => storeReportContext(ctx().db);
    const day = (n: number) =>
      new Date(Date.UTC(2022, 6, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const range = (from: number, days: number) => ({
      after: `${day(from)} 00:00:00`,
      before: `${day(from + days)} 23:59:59`,
    });
    const listed = async (r: ReturnType<typeof range>, limit: number) =>
      (
        await customersList(await context(), rangeOnlyFilters(r), {
          page: 1,
          perPage: limit,
          order: 'desc',
          orderby: 'total_spend',
        })
      ).rows;

    it('matches the range list for random ranges and sizes (property)', async () => {
      const c = await context();
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: -30, max: 740 }),
          fc.integer({ min: 0, max: 400 }),
          fc.constantFrom(1, 5, 25, 100),
          async (from, days, limit) => {
            const r = range(from, days);
            expect(await topCustomersBySpend(c, r, limit)).toEqual(await listed(r, limit));
          },
        ),
        { numRuns: 40 },
      );
    });

    it('ranks customers of a range with few buyers, and none outside the data', async () => {
      const c = await context();
      // One day: fewer buyers than the limit, so the walk reads every customer.
      const oneDay = range(200, 0);
      const few = await topCustomersBySpend(c, oneDay, 100);
      expect(few.length).toBeGreaterThan(0);
      expect(few.length).toBeLessThan(100);
      expect(few).toEqual(await listed(oneDay, 100));
      expect(await topCustomersBySpend(c, range(2000, 10), 5)).toEqual([]);
    });

    it('gives way to the aggregate query past its walk limit', async () => {
      const c = await context();
      const r = range(100, 300);
      // A walk limit of one chunk: the list answers, with the same rows.
      expect(await topCustomersBySpend(c, r, 5, { walkLimit: 1 })).toEqual(await listed(r, 5));
    });

    it('sums the chunks it splits in halves (on PostgreSQL) to the same rows', async () => {
      const c = await context();
      // Twenty days have fewer buyers than the limit: the walk sums every customer.
      for (const [from, days, limit] of [
        [200, 20, 100],
        [100, 300, 5],
        [0, 740, 25],
      ] as const) {
        const r = range(from, days);
        const expected = await listed(r, limit);
        if (limit === 100) expect(expected.length).toBeGreaterThan(20);
        expect(await topCustomersBySpend(c, r, limit, { splitChunk: 2 })).toEqual(expected);
      }
    });

    it("sums each candidate's orders from one index alone (SQLite's plan)", async () => {
      const db = ctx().db;
      if (db.engine !== 'sqlite') return;
      const c = await context();
      const asked: [string, readonly unknown[]][] = [];
      const query = c.sql.query.bind(c.sql);
      c.sql.query = ((text: string, params: readonly unknown[] = []) => {
        asked.push([text, params]);
        return query(text, params);
      }) as typeof c.sql.query;
      await topCustomersBySpend(c, range(100, 300), 5);
      // The walk's sums (the profit sums of the customers it returns are read after it).
      const sums = asked.filter(
        ([text]) => text.includes('FROM order_stats os') && text.includes('total_sales'),
      );
      expect(sums.length).toBeGreaterThan(0);
      for (const [text, params] of sums) {
        const plan = db.sqlite
          .prepare(`EXPLAIN QUERY PLAN ${text}`)
          .all(...params)
          .map((r) => String((r as { detail: string }).detail));
        expect(plan.join('\n')).toMatch(/os USING COVERING INDEX order_stats_customer_orders/);
      }
    });

    it('sums no customer whose all-time spend cannot reach the best it already has', async () => {
      const c = await context();
      const r = range(100, 300);
      const limit = 25;
      const probed: number[][] = [];
      const query = c.sql.query.bind(c.sql);
      c.sql.query = ((text: string, params: readonly unknown[] = []) => {
        // The candidates' sums: the ids are the first parameter (RawSql.idList). (The profit
        // sums of the customers it returns are read after the walk, and are not its probes.)
        if (text.includes('FROM order_stats os') && text.includes('total_sales')) {
          const ids = params[0];
          probed.push((typeof ids === 'string' ? JSON.parse(ids) : ids) as number[]);
        }
        return query(text, params);
      }) as typeof c.sql.query;
      await topCustomersBySpend(c, r, limit);
      c.sql.query = query;
      expect(probed.length).toBeGreaterThan(1);
      expect(probed.flat().every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
      // Each customer's spend in the range and all-time bound, in stored units.
      const excluded = c.settings.excludedStatuses;
      const spent = new Map(
        (
          await query<{ customer_id: number; s: number }>(
            `SELECT customer_id, SUM(total_sales) AS s FROM order_stats
             WHERE date_created >= ? AND date_created <= ?
               ${excluded.length ? `AND status NOT IN (${excluded.map(() => '?').join(',')})` : ''}
             GROUP BY customer_id`,
            [r.after, r.before, ...excluded],
          )
        ).map((row) => [Number(row.customer_id), Number(row.s)]),
      );
      const bound = new Map(
        (
          await query<{ customer_id: number; gross_spend: number }>(
            'SELECT customer_id, gross_spend FROM customer_totals',
          )
        ).map((row) => [Number(row.customer_id), Number(row.gross_spend)]),
      );
      // Every chunk after the first holds only customers whose bound reaches the spend of the
      // fifth best of the chunks before it: the rest could not rank.
      let overshoot = 0;
      probed.forEach((chunk, i) => {
        if (i === 0) return;
        const before = probed
          .slice(0, i)
          .flat()
          .map((id) => spent.get(id))
          .filter((s): s is number => s !== undefined)
          .sort((x, y) => y - x);
        const floor = before[limit - 1] ?? Number.NEGATIVE_INFINITY;
        overshoot += chunk.filter((id) => (bound.get(id) ?? 0) < floor).length;
      });
      expect(overshoot).toBe(0);
    });

    it('serves the customers leaderboard', async () => {
      const r = range(365, 364);
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/leaderboards?after=${r.after.replace(' ', 'T')}&before=${r.before.replace(' ', 'T')}&per_page=5&force_cache_refresh=true`,
      });
      expect(res.statusCode).toBe(200);
      const board = res.json().find((b: { id: string }) => b.id === 'customers');
      const top = await listed(r, 5);
      expect(board.rows).toHaveLength(5);
      board.rows.forEach((row: { display: string }[], i: number) => {
        expect(row[0]!.display).toContain(String(top[i]!.name));
      });
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 3000, years: 2, seed: 11, end: '2024-06-30' });
  },
);
