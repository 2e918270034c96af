import { expect, it } from 'vitest';
import { lifetimes, predictedNext } from '../src/analytics/cohorts';
import { storeReportContext } from '../src/analytics/context';
import { wallMs } from '../src/analytics/intervals';
import { generateDemoStore } from '../src/demo/generate';
import { describeEachEngine } from './harness';

/*
 * How good the predicted next order is on the demo store: predicted as of three months before
 * the store's end from the orders until then, compared with each customer's real next order in
 * the three held-back months. Prints the figures (docs/metrics.md quotes them).
 */
describeEachEngine(
  'predicted next order on the demo store',
  (ctx) => {
    it('measures the prediction against held-back months', async () => {
      const c = await storeReportContext(ctx().db);
      const cut = '2024-03-31 23:59:59';
      const end = '2024-06-30 23:59:59';
      const before = await lifetimes(c, cut);
      const after = new Map((await lifetimes(c, end)).map((p) => [p.person, p]));
      const rows = await c.sql.query<{ customer_id: number; d: string }>(
        `SELECT customer_id, MIN(date_paid) AS d FROM order_stats
         WHERE parent_id = 0 AND date_paid > ? AND customer_id > 0
           AND status NOT IN ('pending', 'failed', 'cancelled') GROUP BY customer_id`,
        [cut],
      );
      const next = new Map(rows.map((r) => [Number(r.customer_id), String(r.d)]));
      let predicted = 0;
      let inWindow = 0;
      let ordered = 0;
      let within30 = 0;
      let orderedWithout = 0;
      let without = 0;
      const errors: number[] = [];
      for (const p of before) {
        const when = predictedNext(p);
        const real = after.has(p.person) ? next.get(p.person) : undefined;
        if (when === null) {
          without += 1;
          if (real) orderedWithout += 1;
          continue;
        }
        predicted += 1;
        const due = `${when} 00:00:00` > cut && `${when} 00:00:00` <= end;
        if (due) inWindow += 1;
        if (!real) continue;
        ordered += 1;
        const days = Math.abs(wallMs(`${when} 00:00:00`) - wallMs(real)) / 86_400_000;
        errors.push(days);
        if (days <= 30) within30 += 1;
      }
      errors.sort((a, b) => a - b);
      const median = errors[Math.floor(errors.length / 2)] ?? 0;
      console.log(
        `[${ctx().engine}] predicted ${predicted} customers (${without} with one order: no prediction, ${orderedWithout} of them ordered); ` +
          `${inWindow} predicted inside the held-back months; ${ordered} ordered in them; ` +
          `median error ${median.toFixed(1)} days; within 30 days ${within30}/${ordered} (${((100 * within30) / Math.max(1, ordered)).toFixed(1)}%)`,
      );
      expect(predicted).toBeGreaterThan(0);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 5000, years: 2, seed: 42, end: '2024-06-30' });
  },
);
