import type { IntervalKind } from '@storelens/api';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import { fromUnits } from '../src/money';
import { setOptions } from '../src/options';
import { describeEachEngine } from './harness';

/*
 * The reference test: every stats report recomputed naively in TypeScript from the SOURCE rows
 * (orders, order_items, order_fee_lines, order_coupon_lines, order_tax_lines,
 * product_categories) of a small generated store, compared with the endpoints for every
 * interval kind, a primary and a compare range, in UTC, New York (DST) and Kathmandu
 * (+05:45), with weeks from Monday and from Sunday. An order's figures are summed from its
 * parts as WooCommerce's calculate_totals() and update_taxes() make them: line items, fee
 * lines (the demo has surcharges, gift wrapping, negative fees and fees given back),
 * shipping and their taxes; net = total − tax − shipping (Orders/Stats/DataStore.php).
 */

interface Src {
  orders: {
    id: number;
    parent_id: number;
    type: string;
    status: string;
    customer_id: number;
    date_created: string;
    date_created_gmt: string;
    date_paid: string | null;
    total: number;
    tax_total: number;
    shipping_total: number;
    shipping_tax: number;
    payment_fee: number;
    payment_fee_refunded: number;
  }[];
  items: {
    order_id: number;
    product_id: number;
    variation_id: number;
    quantity: number;
    total: number;
    tax: number;
    /** The line's cost of goods (a refund's negative), null when unknown. */
    cost: number | null;
  }[];
  /** Fee lines of orders and refunds (a refund's negative). */
  fees: { order_id: number; total: number; tax: number }[];
  /** The rates of each order's tax lines. */
  taxLines: { order_id: number; tax_rate_id: number }[];
  coupons: { order_id: number; coupon_id: number; discount: number }[];
  categories: { product_id: number; category_id: number }[];
}

const EXCLUDED = new Set(['pending', 'failed', 'cancelled']);
const DAY = 86_400_000;
/** A naive bucket id, written independently of src/analytics/intervals.ts. */
function refBucket(local: string, interval: IntervalKind, sow: number): string {
  const y = +local.slice(0, 4);
  const m = +local.slice(5, 7);
  if (interval === 'hour') return local.slice(0, 13);
  if (interval === 'day') return local.slice(0, 10);
  if (interval === 'month') return local.slice(0, 7);
  if (interval === 'quarter') return `${y}-${Math.ceil(m / 3)}`;
  if (interval === 'year') return String(y);
  const day = Date.UTC(y, m - 1, +local.slice(8, 10));
  const dow = new Date(day).getUTCDay();
  if (sow === 1) {
    const thursday = day + (3 - ((dow + 6) % 7)) * DAY;
    const isoYear = new Date(thursday).getUTCFullYear();
    const week = Math.floor((thursday - Date.UTC(isoYear, 0, 1)) / (7 * DAY)) + 1;
    return `${isoYear}-${String(week).padStart(2, '0')}`;
  }
  const jan1 = Date.UTC(y, 0, 1);
  const offset = (new Date(jan1).getUTCDay() - sow + 7) % 7;
  const week = Math.floor(((day - jan1) / DAY + offset) / 7) + 1;
  return `${y}-${String(week).padStart(2, '0')}`;
}

async function loadSource(db: Db): Promise<Src> {
  const k = db.kysely;
  const num = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([key, v]) => [
          key,
          typeof v === 'string' && /^-?\d+$/.test(v) && !key.startsWith('date') ? Number(v) : v,
        ]),
      ),
    );
  return {
    orders: num(
      await k
        .selectFrom('orders')
        .select([
          'id',
          'parent_id',
          'type',
          'status',
          'customer_id',
          'date_created',
          'date_created_gmt',
          'date_paid',
          'total',
          'tax_total',
          'shipping_total',
          'shipping_tax',
          'payment_fee',
          'payment_fee_refunded',
        ])
        .execute(),
    ) as Src['orders'],
    items: num(
      await k
        .selectFrom('order_items')
        .select(['order_id', 'product_id', 'variation_id', 'quantity', 'total', 'tax', 'cost'])
        .execute(),
    ) as Src['items'],
    fees: num(
      await k.selectFrom('order_fee_lines').select(['order_id', 'total', 'tax']).execute(),
    ) as Src['fees'],
    taxLines: num(
      await k.selectFrom('order_tax_lines').select(['order_id', 'tax_rate_id']).execute(),
    ) as Src['taxLines'],
    coupons: num(
      await k
        .selectFrom('order_coupon_lines')
        .select(['order_id', 'coupon_id', 'discount'])
        .execute(),
    ) as Src['coupons'],
    categories: num(
      await k.selectFrom('product_categories').select(['product_id', 'category_id']).execute(),
    ) as Src['categories'],
  };
}

interface RefAcc {
  orders: number;
  items: number;
  total: number;
  net: number;
  tax: number;
  shipping: number;
  refunds: number;
  coupons: number;
  couponIds: Set<number>;
  customers: Set<number>;
  lineItems: number;
  lineNet: number;
  lineOrders: Set<number>;
  couponOrders: Set<number>;
  shippingTax: number;
  taxOrders: Set<number>;
  taxRates: Set<number>;
  /** Known cost of goods, and the items and net of the lines whose cost is known. */
  cost: number;
  costedItems: number;
  costedNet: number;
  /** Gateway fees less what was given back. */
  fees: number;
}
const emptyRef = (): RefAcc => ({
  orders: 0,
  items: 0,
  total: 0,
  net: 0,
  tax: 0,
  shipping: 0,
  refunds: 0,
  coupons: 0,
  couponIds: new Set(),
  customers: new Set(),
  lineItems: 0,
  lineNet: 0,
  lineOrders: new Set(),
  couponOrders: new Set(),
  shippingTax: 0,
  taxOrders: new Set(),
  taxRates: new Set(),
  cost: 0,
  costedItems: 0,
  costedNet: 0,
  fees: 0,
});

/** Naive sums per bucket (and a '*' total) over the source rows paid in [after, before]. */
function reference(src: Src, after: string, before: string, interval: IntervalKind, sow: number) {
  const out = new Map<string, RefAcc>();
  const acc = (id: string) => {
    let a = out.get(id);
    if (!a) {
      a = emptyRef();
      out.set(id, a);
    }
    return a;
  };
  const byId = new Map(src.orders.map((o) => [o.id, o]));
  const inRange = (o: Src['orders'][number]) =>
    o.date_paid !== null &&
    o.date_paid >= after &&
    o.date_paid <= before &&
    !EXCLUDED.has(o.status);
  // Each order's and refund's parts: its lines' and fees' amounts and taxes.
  const parts = new Map<number, { net: number; tax: number }>();
  const addPart = (id: number, net: number, tax: number) => {
    const p = parts.get(id) ?? { net: 0, tax: 0 };
    p.net += net;
    p.tax += tax;
    parts.set(id, p);
  };
  for (const i of src.items) addPart(i.order_id, i.total, i.tax);
  for (const f of src.fees) addPart(f.order_id, f.total, f.tax);
  const ratesOf = new Map<number, number[]>();
  for (const t of src.taxLines)
    ratesOf.set(t.order_id, [...(ratesOf.get(t.order_id) ?? []), t.tax_rate_id]);
  for (const o of src.orders) {
    if (!inRange(o)) continue;
    const p = parts.get(o.id) ?? { net: 0, tax: 0 };
    // calculate_totals(): items + fees + shipping + their taxes; the stored total is that.
    const tax = p.tax + o.shipping_tax;
    const total = p.net + tax + o.shipping_total;
    expect(total, `order ${o.id}'s total from its parts`).toBe(o.total);
    const rates = ratesOf.get(o.type === 'order' ? o.id : o.parent_id) ?? [];
    for (const a of [acc('*'), acc(refBucket(o.date_paid!, interval, sow))]) {
      if (o.type === 'order') a.orders += 1;
      if (o.type === 'order') a.fees += o.payment_fee - o.payment_fee_refunded;
      const net = total - tax - o.shipping_total;
      a.total += total;
      a.net += net;
      a.tax += tax;
      a.shipping += o.shipping_total;
      a.shippingTax += o.shipping_tax;
      if (net < 0) a.refunds -= net;
      if (o.customer_id > 0) a.customers.add(o.customer_id);
      if (o.type === 'order' && rates.length > 0) a.taxOrders.add(o.id);
      for (const r of rates) a.taxRates.add(r);
    }
  }
  for (const i of src.items) {
    const o = byId.get(i.order_id)!;
    if (!inRange(o)) continue;
    for (const a of [acc('*'), acc(refBucket(o.date_paid!, interval, sow))]) {
      a.items += i.quantity;
      a.lineItems += i.quantity;
      a.lineNet += i.total;
      if (i.cost !== null) {
        a.cost += i.cost;
        a.costedItems += i.quantity;
        a.costedNet += i.total;
      }
      if (o.type === 'order') a.lineOrders.add(o.id);
    }
  }
  for (const c of src.coupons) {
    const o = byId.get(c.order_id)!;
    if (!inRange(o)) continue;
    for (const a of [acc('*'), acc(refBucket(o.date_paid!, interval, sow))]) {
      a.coupons += c.discount;
      a.couponIds.add(c.coupon_id);
      a.couponOrders.add(c.order_id);
    }
  }
  return out;
}

const money = (units: number) => fromUnits(units, 2);
const share = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 10_000) / 10_000);
/** The profit fields, written apart from src/analytics/metrics.ts (docs/metrics.md, "Profit"). */
const profitOf = (a: { net: number; items: number } & RefAcc) => {
  const unknown = a.items !== 0 && a.costedItems === 0;
  return {
    cost_of_goods: unknown ? null : money(a.cost),
    payment_fees: money(a.fees),
    gross_profit: unknown ? null : money(a.net - a.cost),
    net_profit: unknown ? null : money(a.net - a.cost - a.fees),
    gross_margin: unknown ? null : share(a.net - a.cost, a.net),
    net_margin: unknown ? null : share(a.net - a.cost - a.fees, a.net),
    cost_coverage: share(a.costedItems, a.items),
    cost_coverage_net_sales: share(a.costedNet, a.net),
  };
};
const revenueOf = (a: RefAcc) => ({
  total_sales: money(a.total),
  net_revenue: money(a.net),
  gross_sales: money(a.total + a.coupons - a.tax - a.shipping + a.refunds),
  refunds: money(a.refunds),
  shipping: money(a.shipping),
  taxes: money(a.tax),
  coupons: money(a.coupons),
  coupons_count: a.couponIds.size,
  orders_count: a.orders,
  num_items_sold: a.items,
  ...profitOf(a),
});
const ordersOf = (a: RefAcc) => ({
  net_revenue: money(a.net),
  orders_count: a.orders,
  avg_order_value: money(a.orders ? Math.round(a.net / a.orders) : 0),
  avg_items_per_order: a.orders ? Math.round((a.items / a.orders) * 100) / 100 : 0,
  num_items_sold: a.items,
  coupons: money(a.coupons),
  coupons_count: a.couponIds.size,
  total_customers: a.customers.size,
  ...profitOf(a),
});
const profitStatsOf = (a: RefAcc) => ({
  net_revenue: money(a.net),
  refunds: money(a.refunds),
  orders_count: a.orders,
  num_items_sold: a.items,
  ...profitOf(a),
});
/** Gross profit fields of sums of lines (no fees), written apart from metrics.ts. */
const grossOfLines = (g: {
  net: number;
  items: number;
  cost: number;
  costedItems: number;
  costedNet: number;
}) => {
  const unknown = g.items !== 0 && g.costedItems === 0;
  return {
    cost_of_goods: unknown ? null : money(g.cost),
    gross_profit: unknown ? null : money(g.net - g.cost),
    gross_margin: unknown ? null : share(g.net - g.cost, g.net),
    cost_coverage: share(g.costedItems, g.items),
    cost_coverage_net_sales: share(g.costedNet, g.net),
  };
};
const productsOf = (a: RefAcc) => ({
  items_sold: a.lineItems,
  net_revenue: money(a.lineNet),
  orders_count: a.lineOrders.size,
  ...grossOfLines({ ...a, net: a.lineNet, items: a.lineItems }),
});
const couponsOf = (a: RefAcc) => ({
  amount: money(a.coupons),
  coupons_count: a.couponIds.size,
  orders_count: a.couponOrders.size,
});
/** The demo's orders have one tax rate each: the Taxes report's totals are Revenue's taxes. */
const taxesOf = (a: RefAcc) => ({
  total_tax: money(a.tax),
  order_tax: money(a.tax - a.shippingTax),
  shipping_tax: money(a.shippingTax),
  orders_count: a.taxOrders.size,
  tax_codes: a.taxRates.size,
});

/** Ranges per interval kind: a primary range and its compare range, edges inside hours. */
const cases: [IntervalKind, [string, string], [string, string]][] = [
  [
    'hour',
    ['2024-03-09 00:00:00', '2024-03-11 23:59:59'],
    ['2024-03-06 00:00:00', '2024-03-08 23:59:59'],
  ],
  [
    'day',
    ['2024-03-01 07:30:00', '2024-03-31 23:59:59'],
    ['2024-02-01 00:00:00', '2024-02-29 18:15:59'],
  ],
  [
    'week',
    ['2023-12-10 00:00:00', '2024-01-20 23:59:59'],
    ['2023-10-29 00:00:00', '2023-12-09 23:59:59'],
  ],
  [
    'month',
    ['2024-01-01 00:00:00', '2024-06-30 23:59:59'],
    ['2023-07-01 00:00:00', '2023-12-31 23:59:59'],
  ],
  [
    'quarter',
    ['2023-08-15 13:30:00', '2024-06-30 23:59:59'],
    ['2023-07-01 00:00:00', '2023-08-15 13:29:59'],
  ],
  [
    'year',
    ['2023-07-01 00:00:00', '2024-06-30 23:59:59'],
    ['2022-07-01 00:00:00', '2023-06-30 23:59:59'],
  ],
];

for (const timezone of ['UTC', 'America/New_York', 'Asia/Kathmandu']) {
  describeEachEngine(
    `reference: every stats report against naive sums of the source rows (${timezone})`,
    (ctx) => {
      let src: Src;
      beforeAll(async () => {
        src = await loadSource(ctx().db);
      });

      it('the store has fee lines of every kind: taxed, untaxed, negative, given back', () => {
        const refunds = new Set(src.orders.filter((o) => o.type === 'refund').map((o) => o.id));
        const own = src.fees.filter((f) => !refunds.has(f.order_id));
        expect(own.some((f) => f.total > 0 && f.tax > 0)).toBe(true);
        expect(own.some((f) => f.total > 0 && f.tax === 0)).toBe(true);
        expect(own.some((f) => f.total < 0)).toBe(true);
        expect(src.fees.some((f) => refunds.has(f.order_id) && f.total < 0)).toBe(true);
      });
      const get = async (path: string, query: string) => {
        const res = await ctx().app.inject({
          method: 'GET',
          url: `/wp-json/wc-analytics/reports/${path}?${query}`,
        });
        expect(res.statusCode).toBe(200);
        return res.json();
      };

      for (const sow of [1, 0]) {
        it.each(cases)(
          `%s buckets (week from ${sow === 1 ? 'Monday' : 'Sunday'}), primary and compare`,
          async (interval, primary, compare) => {
            await setOptions(ctx().db, { start_of_week: sow });
            for (const [after, before] of [primary, compare]) {
              const ref = reference(src, after, before, interval, sow);
              const q = `after=${after.replace(' ', 'T')}&before=${before.replace(' ', 'T')}&interval=${interval}&order=asc&per_page=100`;
              const check = async (
                path: string,
                present: (a: RefAcc) => Record<string, number | null>,
              ) => {
                const body = await get(path, q);
                expect(body.intervals.length).toBeLessThan(100);
                const { segments: _s, products: _p, ...totals } = body.totals;
                expect(totals, `${path} totals ${after}`).toEqual(
                  present(ref.get('*') ?? emptyRef()),
                );
                for (const i of body.intervals as {
                  interval: string;
                  subtotals: Record<string, unknown>;
                }[]) {
                  const { segments: _seg, ...sub } = i.subtotals;
                  expect(sub, `${path} ${i.interval}`).toEqual(
                    present(ref.get(i.interval) ?? emptyRef()),
                  );
                }
                const ids = new Set(body.intervals.map((i: { interval: string }) => i.interval));
                for (const id of ref.keys())
                  if (id !== '*') expect(ids.has(id), `${path} has ${id}`).toBe(true);
              };
              await check('revenue/stats', revenueOf);
              await check('orders/stats', ordersOf);
              await check('profit/stats', profitStatsOf);
              await check('products/stats', productsOf);
              await check('coupons/stats', couponsOf);
              await check('taxes/stats', taxesOf);
            }
          },
        );
      }

      it('categories and products lists match the reference for a year', async () => {
        const [after, before] = ['2023-07-01 00:00:00', '2024-06-30 23:59:59'];
        const q = `after=${after.replace(' ', 'T')}&before=${before.replace(' ', 'T')}&per_page=100`;
        const byId = new Map(src.orders.map((o) => [o.id, o]));
        const catsOf = new Map<number, number[]>();
        for (const c of src.categories)
          catsOf.set(c.product_id, [...(catsOf.get(c.product_id) ?? []), c.category_id]);
        const products = new Map<number, number>();
        const categories = new Map<number, number>();
        /** Per product and category: net, items, known cost and costed items. */
        type Gross = {
          net: number;
          items: number;
          cost: number;
          costed: number;
          costedNet: number;
        };
        const grossOf = new Map<string, Gross>();
        const addGross = (key: string, i: Src['items'][number]) => {
          const g = grossOf.get(key) ?? { net: 0, items: 0, cost: 0, costed: 0, costedNet: 0 };
          g.net += i.total;
          g.items += i.quantity;
          if (i.cost !== null) {
            g.cost += i.cost;
            g.costed += i.quantity;
            g.costedNet += i.total;
          }
          grossOf.set(key, g);
        };
        for (const i of src.items) {
          const o = byId.get(i.order_id)!;
          if (
            o.date_paid === null ||
            o.date_paid < after ||
            o.date_paid > before ||
            EXCLUDED.has(o.status)
          )
            continue;
          products.set(i.product_id, (products.get(i.product_id) ?? 0) + i.total);
          addGross(`products ${i.product_id}`, i);
          for (const c of catsOf.get(i.product_id) ?? []) {
            categories.set(c, (categories.get(c) ?? 0) + i.total);
            addGross(`categories ${c}`, i);
          }
        }
        const grossFields = (g: Gross) => {
          const unknown = g.items !== 0 && g.costed === 0;
          return {
            cost_of_goods: unknown ? null : money(g.cost),
            gross_profit: unknown ? null : money(g.net - g.cost),
            gross_margin: unknown ? null : share(g.net - g.cost, g.net),
            cost_coverage: share(g.costed, g.items),
            cost_coverage_net_sales: share(g.costedNet, g.net),
          };
        };
        const profitRows = new Map<string, unknown>();
        const list = async (path: string, key: string) => {
          const out = new Map<number, number>();
          for (let page = 1; ; page++) {
            const rows = await get(path, `${q}&page=${page}`);
            for (const r of rows) {
              out.set(r[key], r.net_revenue);
              profitRows.set(`${path} ${r[key]}`, {
                cost_of_goods: r.cost_of_goods,
                gross_profit: r.gross_profit,
                gross_margin: r.gross_margin,
                cost_coverage: r.cost_coverage,
                cost_coverage_net_sales: r.cost_coverage_net_sales,
              });
            }
            if (rows.length < 100) break;
          }
          return out;
        };
        expect(await list('products', 'product_id')).toEqual(
          new Map([...products].map(([k, v]) => [k, money(v)])),
        );
        expect(await list('categories', 'category_id')).toEqual(
          new Map([...categories].map(([k, v]) => [k, money(v)])),
        );
        for (const [key, g] of grossOf)
          expect(profitRows.get(key), `${key}'s gross profit`).toEqual(grossFields(g));
        // Reconciled: the products' (and, one category per product, the categories') known
        // costs add up to Revenue's cost of goods, and their net to its net of lines.
        const revenue = (await get('revenue/stats', `${q}&interval=year`)).totals;
        const orders = (await get('orders/stats', `${q}&interval=year`)).totals;
        const profit = (await get('profit/stats', `${q}&interval=year`)).totals;
        const sum = (path: string) =>
          [...profitRows]
            .filter(([k]) => k.startsWith(`${path} `))
            .reduce(
              (a, [, r]) =>
                a + Math.round(((r as { cost_of_goods: number | null }).cost_of_goods ?? 0) * 100),
              0,
            );
        expect(sum('products') / 100).toBeCloseTo(revenue.cost_of_goods, 6);
        // The demo store's figures are not trivial: costs partly known, fees charged.
        expect(revenue.cost_of_goods).toBeGreaterThan(0);
        expect(revenue.payment_fees).toBeGreaterThan(0);
        expect(revenue.cost_coverage).toBeGreaterThan(0.5);
        expect(revenue.cost_coverage).toBeLessThan(1);
        expect(orders.cost_of_goods).toBe(revenue.cost_of_goods);
        expect(profit.cost_of_goods).toBe(revenue.cost_of_goods);
        expect(profit.net_profit).toBe(revenue.net_profit);
        if (src.categories.length === new Set(src.categories.map((c) => c.product_id)).size)
          expect(sum('categories')).toBe(sum('products'));
      });

      /** Each order's and refund's net (lines and fees), items and known cost sums. */
      const rowSums = () => {
        const sums = new Map<
          number,
          { net: number; items: number; cost: number; costedItems: number; costedNet: number }
        >();
        const of = (id: number) => {
          let a = sums.get(id);
          if (!a) {
            a = { net: 0, items: 0, cost: 0, costedItems: 0, costedNet: 0 };
            sums.set(id, a);
          }
          return a;
        };
        for (const i of src.items) {
          const a = of(i.order_id);
          a.net += i.total;
          a.items += i.quantity;
          if (i.cost !== null) {
            a.cost += i.cost;
            a.costedItems += i.quantity;
            a.costedNet += i.total;
          }
        }
        for (const f of src.fees) of(f.order_id).net += f.total;
        return sums;
      };
      const emptySums = () => ({ net: 0, items: 0, cost: 0, costedItems: 0, costedNet: 0 });
      type Sums = ReturnType<typeof emptySums>;
      const addSums = (into: Sums, from: Sums | undefined) => {
        for (const k of Object.keys(into) as (keyof Sums)[]) into[k] += from?.[k] ?? 0;
      };
      const customerProfitOf = (g: Sums) => {
        const { cost_of_goods, gross_profit, cost_coverage } = grossOfLines(g);
        return { cost_of_goods, gross_profit, cost_coverage };
      };

      it('customers rows carry the gross profit of the orders they count; sorted by it; reconciled with revenue', async () => {
        const byId = new Map(src.orders.map((o) => [o.id, o]));
        const sums = rowSums();
        /** A row's order (a refund's parent): its status and customer are the row's. */
        const head = (o: Src['orders'][number]) =>
          o.type === 'order' ? o : byId.get(o.parent_id)!;
        const refOf = (after?: string, before?: string) => {
          const out = new Map<number, Sums>();
          for (const o of src.orders) {
            const h = head(o);
            if (EXCLUDED.has(h.status) || h.customer_id <= 0) continue;
            if (after !== undefined && (o.date_created < after || o.date_created > before!))
              continue;
            const a = out.get(h.customer_id) ?? emptySums();
            addSums(a, sums.get(o.id));
            out.set(h.customer_id, a);
          }
          return out;
        };
        const listAll = async (query: string) => {
          const rows: Record<string, unknown>[] = [];
          for (let page = 1; ; page++) {
            const got = await get('customers', `${query}&per_page=100&page=${page}`);
            rows.push(...got);
            if (got.length < 100) break;
          }
          return rows;
        };
        const pick = (r: Record<string, unknown>) => ({
          cost_of_goods: r.cost_of_goods,
          gross_profit: r.gross_profit,
          cost_coverage: r.cost_coverage,
        });
        const range = ['2023-10-01 00:00:00', '2024-03-31 23:59:59'] as const;
        const asked = [
          ['', refOf()],
          ['orderby=gross_profit&order=desc', refOf()],
          ['orderby=total_spend&order=desc', refOf()],
          [
            `after=${range[0].replace(' ', 'T')}&before=${range[1].replace(' ', 'T')}`,
            refOf(...range),
          ],
          [
            `orderby=gross_profit&order=asc&after=${range[0].replace(' ', 'T')}&before=${range[1].replace(' ', 'T')}`,
            refOf(...range),
          ],
        ] as const;
        for (const [query, ref] of asked) {
          const rows = await listAll(query);
          expect(rows.length, query).toBeGreaterThan(10);
          for (const r of rows)
            expect(pick(r), `customer ${r.id} (${query})`).toEqual(
              customerProfitOf(ref.get(Number(r.id)) ?? emptySums()),
            );
          if (query.includes('orderby=gross_profit')) {
            // Unknown (null) lowest: last in a descending sort, first in an ascending one.
            const values = rows.map((r) => r.gross_profit as number | null);
            const low = (v: number | null) => (v === null ? -Infinity : v);
            const desc = query.includes('desc');
            for (let i = 1; i < values.length; i++)
              expect(
                desc
                  ? low(values[i - 1]!) >= low(values[i]!)
                  : low(values[i - 1]!) <= low(values[i]!),
                `${query} at ${i}`,
              ).toBe(true);
          }
        }
        // Reconciled: over all time, by creation date (the customers' rule) and the same
        // statuses, the customers' known costs are Revenue's, and their gross profits add up
        // to Revenue's less the net sales of the customers whose costs are all unknown (no
        // order of this store is a customer 0's).
        expect(src.orders.every((o) => head(o).customer_id > 0)).toBe(true);
        const rows = await listAll('orderby=gross_profit');
        const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
        const revenue = (
          await get(
            'revenue/stats',
            'after=2000-01-01T00:00:00&before=2030-12-31T23:59:59&interval=year&date_type=date_created',
          )
        ).totals;
        const all = refOf();
        const unknownNet = rows
          .filter((r) => r.gross_profit === null)
          .reduce((n, r) => n + all.get(Number(r.id))!.net, 0);
        expect(rows.reduce((n, r) => n + cents(r.cost_of_goods), 0)).toBe(
          cents(revenue.cost_of_goods),
        );
        expect(
          rows.reduce((n, r) => n + cents(r.gross_profit), 0) + Math.round(unknownNet / 100),
        ).toBe(cents(revenue.gross_profit));
        expect(revenue.gross_profit).toBeGreaterThan(0);
      });

      it("coupons rows carry the profit of the coupon's orders, as orders/stats filtered to the coupon", async () => {
        const byId = new Map(src.orders.map((o) => [o.id, o]));
        const sums = rowSums();
        const couponsOfOrder = new Map<number, number[]>();
        for (const c of src.coupons)
          couponsOfOrder.set(c.order_id, [...(couponsOfOrder.get(c.order_id) ?? []), c.coupon_id]);
        // Refunds of coupon orders (orders with two coupons: coupons-profit.test.ts).
        expect(src.orders.some((o) => o.type === 'refund' && couponsOfOrder.has(o.parent_id))).toBe(
          true,
        );
        const refOf = (after: string, before: string) => {
          const profit = new Map<number, Sums & { fees: number }>();
          const listed = new Set<number>();
          for (const o of src.orders) {
            const h = o.type === 'order' ? o : byId.get(o.parent_id)!;
            if (EXCLUDED.has(h.status) || o.date_paid === null) continue;
            if (o.date_paid < after || o.date_paid > before) continue;
            for (const c of new Set(couponsOfOrder.get(h.id) ?? [])) {
              const a = profit.get(c) ?? { ...emptySums(), fees: 0 };
              addSums(a, sums.get(o.id));
              if (o.type === 'order') {
                a.fees += o.payment_fee - o.payment_fee_refunded;
                listed.add(c);
              }
              profit.set(c, a);
            }
          }
          return { profit, listed };
        };
        const fields = (r: Record<string, unknown>) => ({
          net_revenue: r.net_revenue,
          cost_of_goods: r.cost_of_goods,
          payment_fees: r.payment_fees,
          gross_profit: r.gross_profit,
          net_profit: r.net_profit,
          gross_margin: r.gross_margin,
          net_margin: r.net_margin,
          cost_coverage: r.cost_coverage,
          cost_coverage_net_sales: r.cost_coverage_net_sales,
        });
        const expected = (a: Sums & { fees: number }) => ({
          net_revenue: money(a.net),
          ...profitOf(a as Sums & { fees: number } & RefAcc),
        });
        // Whole months (the month rollups alone), and ranges with whole and partial edge days.
        for (const [after, before] of [
          ['2023-07-01 00:00:00', '2024-06-30 23:59:59'],
          ['2023-07-01 00:00:00', '2024-03-17 14:29:59'],
          ['2023-09-12 08:00:00', '2024-02-20 23:59:59'],
        ] as const) {
          const q = `after=${after.replace(' ', 'T')}&before=${before.replace(' ', 'T')}`;
          const ref = refOf(after, before);
          for (const orderby of ['coupon_id', 'gross_profit', 'net_profit'] as const) {
            for (const order of ['desc', 'asc']) {
              const rows: Record<string, unknown>[] = await get(
                'coupons',
                `${q}&per_page=100&orderby=${orderby}&order=${order}`,
              );
              expect(new Set(rows.map((r) => Number(r.coupon_id))), q).toEqual(ref.listed);
              expect(rows.length).toBeGreaterThan(1);
              for (const r of rows)
                expect(fields(r), `coupon ${r.coupon_id} ${q}`).toEqual(
                  expected(ref.profit.get(Number(r.coupon_id))!),
                );
              if (orderby === 'coupon_id') continue;
              // Unknown (null) lowest: last descending, first ascending.
              const low = (v: unknown) => (v === null ? -Infinity : (v as number));
              for (let i = 1; i < rows.length; i++) {
                const [x, y] = [low(rows[i - 1]![orderby]), low(rows[i]![orderby])];
                expect(order === 'desc' ? x >= y : x <= y, `${orderby} ${order} at ${i}`).toBe(
                  true,
                );
              }
            }
          }
          const rows: Record<string, unknown>[] = await get('coupons', `${q}&per_page=100`);
          expect(rows.some((r) => (r.gross_profit as number) > 0)).toBe(true);
          for (const r of rows) {
            const totals = (
              await get('orders/stats', `${q}&interval=year&coupon_includes=${r.coupon_id}`)
            ).totals;
            expect(fields(r), `coupon ${r.coupon_id} against orders/stats`).toEqual(fields(totals));
          }
          // Coupons asked by id (sorted in memory) carry the same figures.
          const ids = rows.slice(0, 3).map((r) => Number(r.coupon_id));
          const asked: Record<string, unknown>[] = await get(
            'coupons',
            `${q}&coupons=${ids.join(',')}&orderby=net_profit`,
          );
          expect(asked.map((r) => Number(r.coupon_id)).sort()).toEqual([...ids].sort());
          for (const r of asked)
            expect(fields(r)).toEqual(expected(ref.profit.get(Number(r.coupon_id))!));
        }
      });

      it('variations/stats carry the gross profit of the variation lines', async () => {
        const [after, before] = ['2023-07-01 00:00:00', '2024-06-30 23:59:59'];
        const q = `after=${after.replace(' ', 'T')}&before=${before.replace(' ', 'T')}&interval=quarter&per_page=100`;
        const byId = new Map(src.orders.map((o) => [o.id, o]));
        const perBucket = new Map<string, Sums>();
        for (const i of src.items) {
          const o = byId.get(i.order_id)!;
          if (i.variation_id <= 0 || o.date_paid === null || EXCLUDED.has(o.status)) continue;
          if (o.date_paid < after || o.date_paid > before) continue;
          for (const key of ['*', refBucket(o.date_paid, 'quarter', 1)]) {
            const a = perBucket.get(key) ?? emptySums();
            addSums(a, {
              net: i.total,
              items: i.quantity,
              cost: i.cost ?? 0,
              costedItems: i.cost === null ? 0 : i.quantity,
              costedNet: i.cost === null ? 0 : i.total,
            });
            perBucket.set(key, a);
          }
        }
        const body = await get('variations/stats', q);
        const gross = (t: Record<string, unknown>) => ({
          cost_of_goods: t.cost_of_goods,
          gross_profit: t.gross_profit,
          gross_margin: t.gross_margin,
          cost_coverage: t.cost_coverage,
          cost_coverage_net_sales: t.cost_coverage_net_sales,
        });
        expect(gross(body.totals)).toEqual(grossOfLines(perBucket.get('*') ?? emptySums()));
        expect(body.totals.cost_of_goods).toBeGreaterThan(0);
        for (const i of body.intervals as {
          interval: string;
          subtotals: Record<string, unknown>;
        }[])
          expect(gross(i.subtotals), i.interval).toEqual(
            grossOfLines(perBucket.get(i.interval) ?? emptySums()),
          );
      });
    },
    async (db) => {
      await generateDemoStore(db, {
        orders: 500,
        seed: 7,
        years: 1,
        end: '2024-06-30',
        timezone,
        startOfWeek: 1,
      });
    },
  );
}
