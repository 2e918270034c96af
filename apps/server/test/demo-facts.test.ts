import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { generateDemoStore } from '../src/demo/generate';
import { formatSqlUtc } from '../src/timezone';
import { describeEachEngine } from './harness';

const NOW = Date.parse('2024-06-15T16:00:00Z');

/*
 * The demo store's facts beside its money (demo/order-facts.ts): payment methods with their
 * gateways' fees, channels, attribution with unknowns and devices, costs on most products with
 * some changing, refunds giving cost back; nothing dated after now.
 */
describeEachEngine(
  'a demo store’s payment, attribution, gateway fees and costs',
  (ctx) => {
    const rows = async <T>(query: ReturnType<typeof sql<T>>) =>
      (await query.execute(ctx().db.kysely)).rows;

    it('has payment methods, channels and gateway fees in realistic shares', async () => {
      const methods = new Map(
        (
          await rows<{ m: string; n: number | string }>(sql`
            SELECT payment_method AS m, COUNT(*) AS n FROM orders WHERE type = 'order'
            GROUP BY payment_method`)
        ).map((r) => [r.m, Number(r.n)]),
      );
      const orders = [...methods.values()].reduce((a, n) => a + n, 0);
      expect((methods.get('stripe') ?? 0) / orders).toBeGreaterThan(0.45);
      for (const m of ['ppcp-gateway', 'woocommerce_payments', 'cod', 'bacs'])
        expect(methods.get(m) ?? 0).toBeGreaterThan(0);
      const via = new Map(
        (
          await rows<{ v: string; n: number | string }>(sql`
            SELECT created_via AS v, COUNT(*) AS n FROM orders WHERE type = 'order'
            GROUP BY created_via`)
        ).map((r) => [r.v, Number(r.n)]),
      );
      expect((via.get('checkout') ?? 0) / orders).toBeGreaterThan(0.8);
      for (const v of ['admin', 'pos', 'rest-api']) expect(via.get(v) ?? 0).toBeGreaterThan(0);
      // Stripe: 2.9% + 0.30 of the order's total, on paid orders only; PayPal gives some back.
      const [stripe] = await rows<{ bad: number | string; n: number | string }>(sql`
        SELECT SUM(CASE WHEN ABS(payment_fee - (ROUND(total * 0.029 / 100) * 100 + 3000)) > 100
          THEN 1 ELSE 0 END) AS bad, COUNT(*) AS n
        FROM orders WHERE type = 'order' AND payment_method = 'stripe' AND date_paid_gmt IS NOT NULL`);
      expect(Number(stripe!.n)).toBeGreaterThan(500);
      expect(Number(stripe!.bad)).toBe(0);
      const [unpaid] = await rows<{ n: number | string }>(sql`
        SELECT COUNT(*) AS n FROM orders WHERE date_paid_gmt IS NULL AND payment_fee <> 0`);
      expect(Number(unpaid!.n)).toBe(0);
      const [back] = await rows<{ n: number | string }>(sql`
        SELECT COUNT(*) AS n FROM orders WHERE payment_method = 'ppcp-gateway'
          AND payment_fee_refunded > 0 AND payment_fee_refunded <= payment_fee`);
      expect(Number(back!.n)).toBeGreaterThan(0);
    });

    it('attributes most checkout orders, the rest unknown, with devices', async () => {
      const types = new Map(
        (
          await rows<{ t: string; n: number | string }>(sql`
            SELECT source_type AS t, COUNT(*) AS n FROM order_attribution GROUP BY source_type`)
        ).map((r) => [r.t, Number(r.n)]),
      );
      const [orders] = await rows<{ n: number | string }>(sql`
        SELECT COUNT(*) AS n FROM orders WHERE type = 'order'`);
      // Every order has its row: none is dropped for want of attribution.
      expect([...types.values()].reduce((a, n) => a + n, 0)).toBe(Number(orders!.n));
      for (const t of ['organic', 'typein', 'referral', 'utm', 'admin', 'unknown'])
        expect(types.get(t) ?? 0, t).toBeGreaterThan(0);
      const origins = (
        await rows<{ o: string }>(sql`SELECT DISTINCT origin AS o FROM order_attribution`)
      ).map((r) => r.o);
      expect(origins).toEqual(
        expect.arrayContaining([
          'Organic: Google',
          'Direct',
          'Referral: Facebook.com',
          'Source: Newsletter',
          'Web admin',
          'Unknown',
        ]),
      );
      const devices = (
        await rows<{ d: string }>(sql`SELECT DISTINCT device_type AS d FROM order_attribution`)
      ).map((r) => r.d);
      expect(devices).toEqual(expect.arrayContaining(['mobile', 'desktop', 'tablet', '']));
    });

    it('costs most lines, from the line or the product’s history, refunds giving cost back', async () => {
      const [lines] = await rows<{ n: number | string; known: number | string }>(sql`
        SELECT COUNT(*) AS n, COUNT(cost) AS known FROM order_items i
        JOIN orders o ON o.id = i.order_id WHERE o.type = 'order'`);
      const share = Number(lines!.known) / Number(lines!.n);
      expect(share).toBeGreaterThan(0.7);
      expect(share).toBeLessThan(0.97);
      const sources = (
        await rows<{ s: string }>(sql`SELECT DISTINCT cost_source AS s FROM order_items`)
      ).map((r) => r.s);
      expect(sources).toEqual(expect.arrayContaining(['line', 'product', '']));
      const [refunds] = await rows<{ n: number | string; negative: number | string }>(sql`
        SELECT COUNT(i.cost) AS n, SUM(CASE WHEN i.cost < 0 THEN 1 ELSE 0 END) AS negative
        FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.type = 'refund'`);
      expect(Number(refunds!.n)).toBeGreaterThan(0);
      expect(Number(refunds!.negative)).toBe(Number(refunds!.n));
      const [changes] = await rows<{ n: number | string; last: string | null }>(sql`
        SELECT COUNT(*) AS n, MAX(effective_from_gmt) AS last FROM product_costs
        WHERE effective_from_gmt > '1970-01-01 00:00:00'`);
      expect(Number(changes!.n)).toBeGreaterThan(5);
      expect(String(changes!.last) <= formatSqlUtc(NOW)).toBe(true);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 3000, years: 1, seed: 42, now: NOW });
  },
);
