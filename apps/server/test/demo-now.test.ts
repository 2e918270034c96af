import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { generateDemoStore, shareOfDayBefore } from '../src/demo/generate';
import { formatSqlUtc } from '../src/timezone';
import { describeEachEngine } from './harness';

// 00:43 in New York (EDT, UTC-4) on 15 June 2024: the store is generated a few minutes into
// its day, as a first `npm start` after midnight would.
const NOW = Date.parse('2024-06-15T04:43:00Z');
const NOW_GMT = formatSqlUtc(NOW);
const TODAY = '2024-06-15';

describeEachEngine(
  'a demo store generated a few minutes after midnight',
  (ctx) => {
    it('dates no order, payment, completion, refund, download, review or note after now', async () => {
      const { db } = ctx();
      const latest = async (table: string, column: string) => {
        const row = await sql<{
          d: string | null;
        }>`SELECT MAX(${sql.ref(column)}) AS d FROM ${sql.table(table)}`.execute(db.kysely);
        return String(row.rows[0]?.d ?? '');
      };
      for (const [table, column] of [
        ['orders', 'date_created_gmt'],
        ['orders', 'date_paid_gmt'],
        ['orders', 'date_completed_gmt'],
        ['order_stats', 'date_created_gmt'],
        ['download_log', 'timestamp_gmt'],
        ['product_reviews', 'date_created_gmt'],
        ['admin_notes', 'date_created_gmt'],
        ['customers', 'date_registered_gmt'],
        ['customers', 'date_last_active_gmt'],
      ] as const) {
        const last = await latest(table, column);
        expect(last, `${table}.${column}`).not.toBe('');
        expect(last <= NOW_GMT, `${table}.${column} ${last} after ${NOW_GMT}`).toBe(true);
      }
    });

    it('has today only the orders a shop has by 00:43, and downloads at their usual rate', async () => {
      const { db } = ctx();
      const perDay = async (table: string, column: string) => {
        const rows = await sql<{ day: string; n: number | string }>`
          SELECT substr(${sql.ref(column)}, 1, 10) AS day, COUNT(*) AS n FROM ${sql.table(table)}
          WHERE ${sql.ref(column)} >= '2024-05-01' GROUP BY substr(${sql.ref(column)}, 1, 10)`.execute(
          db.kysely,
        );
        return new Map(rows.rows.map((r) => [r.day, Number(r.n)]));
      };
      const orders = await perDay('orders', 'date_created');
      const downloads = await perDay('download_log', 'timestamp');
      const usual = (counts: Map<string, number>) =>
        [...counts].filter(([day]) => day >= '2024-05-18' && day < TODAY).map(([, n]) => n);
      // A day's orders are mostly in the afternoon and evening: by 00:43 a handful at most.
      expect(Math.min(...usual(orders))).toBeGreaterThan(3);
      expect(orders.get(TODAY) ?? 0).toBeLessThanOrEqual(1);
      // Downloads come any time of day: today's are no more than a usual day's.
      const days = usual(downloads);
      expect(days.length).toBe(28);
      expect(downloads.get(TODAY) ?? 0).toBeLessThanOrEqual(Math.max(...days));
      expect([...downloads.keys()].every((day) => day <= TODAY)).toBe(true);
    });

    it('logs each download after its order was paid', async () => {
      const { db } = ctx();
      const early = await sql<{ n: number | string }>`
        SELECT COUNT(*) AS n FROM download_log l JOIN orders o ON o.id = l.order_id
        WHERE o.date_paid_gmt IS NULL OR l.timestamp_gmt < o.date_paid_gmt
          OR l.timestamp_gmt < o.date_created_gmt`.execute(db.kysely);
      expect(Number(early.rows[0]?.n)).toBe(0);
      const total = await sql<{
        n: number | string;
      }>`SELECT COUNT(*) AS n FROM download_log`.execute(db.kysely);
      expect(Number(total.rows[0]?.n)).toBeGreaterThan(100);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 3000, years: 1, seed: 42, now: NOW });
  },
);

it('shareOfDayBefore: none before midnight, all by its end, about half by the peak hour', () => {
  expect(shareOfDayBefore(0)).toBe(0);
  expect(shareOfDayBefore(24)).toBe(1);
  expect(shareOfDayBefore(0.72)).toBeLessThan(0.01);
  expect(shareOfDayBefore(14.5)).toBeCloseTo(0.5, 2);
  for (let h = 0; h < 24; h += 0.25)
    expect(shareOfDayBefore(h + 0.25)).toBeGreaterThanOrEqual(shareOfDayBefore(h));
});
