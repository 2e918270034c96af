import type { OrderStatus } from '@storelens/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { RawSql } from '../src/db/sql';
import { readOrderInputs } from '../src/ingest/import-source';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { fromUnits } from '../src/money';
import { setOptions } from '../src/options';
import { seedCatalog } from './fixtures';
import { describeEachEngine, engines, freshStore } from './harness';

/*
 * Fee lines, to the cent: random orders with fees (positive, negative, taxed, untaxed), of
 * none, one or two tax rates, with refunds of lines, shipping, fees and bare amounts. What
 * ingestion stores is compared with WooCommerce's own rule, written here naively from the
 * order's items and independently of src/ingest:
 * - abstract-wc-order.php update_taxes(): a rate's tax line holds its tax on line items AND
 *   fees (`cart_tax`), and its tax on shipping; calculate_totals(): the order's total is its
 *   items, fees (a negative fee capped at items, earlier fees and shipping), shipping and
 *   those taxes;
 * - wc-order-functions.php wc_create_refund(): a refund is made of the order's items given
 *   back, negative (line items, fees and shipping alike), update_taxes() gives its tax lines
 *   and total tax, and its total is minus the amount;
 * - Orders/Stats/DataStore.php update(): total_sales = total, tax_total = total tax,
 *   net_total = total − tax − shipping; Taxes/DataStore.php sync_order_taxes(): one row per
 *   tax line of the order or refund.
 * Fees belong to no product: the product lookup holds the lines alone.
 */

/** Tax rates by id: basis points (725 = 7.25%). */
const RATES: Record<number, number> = { 1: 725, 2: 400, 3: 600, 4: 100 };

interface ModelLine {
  product: readonly [number, number];
  qty: number;
  total: number;
  /** Tax per order rate (same order as the order's rates). */
  taxes: number[];
}
interface ModelFee {
  name: string;
  total: number;
  taxes: number[];
}
interface ModelRefund {
  day: number;
  lines: { index: number; qty: number; total: number; taxes: number[] }[];
  fees: { index: number; total: number; taxes: number[] }[];
  shipping: number;
  shippingTaxes: number[];
  extra: number;
}
interface ModelOrder {
  status: OrderStatus;
  customer: number;
  day: number;
  hour: number;
  rates: readonly number[];
  lines: ModelLine[];
  fees: ModelFee[];
  shipping: number;
  shippingTaxes: number[];
  refunds: ModelRefund[];
}

const UNIT = 100; // one cent in money units (1/10,000)
const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => c * UNIT);
/** Tax of an amount at a rate, rounded to the cent as the shop stores it. */
const taxAt = (amount: number, bp: number) => Math.round((amount / UNIT) * (bp / 10_000)) * UNIT;
/** A part of an amount, rounded to the cent. */
const part = (amount: number, num: number, den: number) =>
  Math.round((amount / UNIT) * (num / den)) * UNIT + 0;
const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((a, x) => a + f(x), 0);

const lineArb = fc.record({
  product: fc.constantFrom([10, 0] as const, [20, 21] as const),
  qty: fc.integer({ min: 1, max: 3 }),
  unit: cents(100, 9_000),
});
const feeArb = fc.record({
  name: fc.constantFrom('Cash on delivery fee', 'Gift wrapping', 'Loyalty discount', 'Handling'),
  total: cents(-3_000, 3_000).filter((t) => t !== 0),
  taxable: fc.boolean(),
});
const refundArb = fc.record({
  day: fc.integer({ min: 0, max: 20 }),
  lines: fc.array(fc.record({ index: fc.nat(), qty: fc.integer({ min: 1, max: 3 }) }), {
    maxLength: 2,
  }),
  fees: fc.array(fc.record({ index: fc.nat(), half: fc.boolean() }), { maxLength: 2 }),
  shipping: fc.boolean(),
  extra: fc.oneof(fc.constant(0), cents(1, 500)),
});
const orderArb = fc
  .record({
    status: fc.constantFrom<OrderStatus>('completed', 'processing', 'refunded', 'on-hold'),
    customer: fc.integer({ min: 0, max: 3 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    rates: fc.constantFrom([], [1], [2], [3, 4]),
    lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
    fees: fc.array(feeArb, { maxLength: 3 }),
    shipping: fc.oneof(fc.constant(0), cents(300, 1_500)),
    refunds: fc.array(refundArb, { maxLength: 2 }),
  })
  .map((o): ModelOrder => {
    const lines = o.lines.map((l) => {
      const total = l.unit * l.qty;
      return {
        product: l.product,
        qty: l.qty,
        total,
        taxes: o.rates.map((r) => taxAt(total, RATES[r]!)),
      };
    });
    // calculate_totals(): a negative fee is capped at the items, the fees before it and the
    // shipping; its tax is computed after.
    const cart = sum(lines, (l) => l.total);
    let feesSoFar = 0;
    const fees = o.fees.map((f) => {
      const max = -(cart + feesSoFar + o.shipping);
      const total = f.total < 0 && f.total < max && max < 0 ? max : f.total;
      feesSoFar += total;
      return {
        name: f.name,
        total,
        taxes: o.rates.map((r) => (f.taxable ? taxAt(total, RATES[r]!) : 0)),
      };
    });
    const shippingTaxes = o.rates.map((r) => taxAt(o.shipping, RATES[r]!));
    const refunds = o.refunds.map((r): ModelRefund => {
      const seen = new Set<number>();
      const refundLines = r.lines.flatMap((x) => {
        const index = x.index % lines.length;
        if (seen.has(index)) return [];
        seen.add(index);
        const line = lines[index]!;
        const qty = Math.min(x.qty, line.qty);
        return [
          {
            index,
            qty,
            total: part(line.total, qty, line.qty),
            taxes: line.taxes.map((t) => part(t, qty, line.qty)),
          },
        ];
      });
      const feeSeen = new Set<number>();
      const refundFees =
        fees.length === 0
          ? []
          : r.fees.flatMap((x) => {
              const index = x.index % fees.length;
              if (feeSeen.has(index)) return [];
              feeSeen.add(index);
              const fee = fees[index]!;
              const share = (v: number) => (x.half ? part(v, 1, 2) : v);
              const given = { index, total: share(fee.total), taxes: fee.taxes.map(share) };
              // wc_create_refund() skips an item given back with no amount and no tax.
              if (given.total === 0 && given.taxes.every((t) => t === 0)) return [];
              return [given];
            });
      return {
        day: r.day,
        lines: refundLines,
        fees: refundFees,
        shipping: r.shipping ? o.shipping : 0,
        shippingTaxes: r.shipping ? shippingTaxes : o.rates.map(() => 0),
        extra: r.extra,
      };
    });
    return { ...o, lines, fees, shippingTaxes, refunds };
  });

/** A model order as ingestion takes it, its ids drawn from `next`. */
function toInput(m: ModelOrder, next: () => number): OrderInput {
  const id = next();
  const created = `2024-03-${String(m.day).padStart(2, '0')} ${String(m.hour).padStart(2, '0')}:00:00`;
  const lineIds = m.lines.map(() => next());
  const feeIds = m.fees.map(() => next());
  const refundDate = (days: number) => {
    const at = new Date(
      Date.parse(`${created.replace(' ', 'T')}Z`) + days * 86_400_000 + 3_600_000,
    );
    return at.toISOString().slice(0, 19).replace('T', ' ');
  };
  const rateTaxes = (taxes: number[]) =>
    m.rates.map((rateId, i) => ({ rateId, tax: taxes[i]! })).filter((t) => t.tax !== 0);
  return {
    id,
    status: m.status,
    currency: 'USD',
    customerId: m.customer,
    dateCreatedGmt: created,
    datePaidGmt: created,
    dateCompletedGmt: null,
    billing: { country: 'US', state: 'CA', email: `c${m.customer}@example.com` },
    lines: m.lines.map((l, i) => ({
      id: lineIds[i]!,
      productId: l.product[0],
      variationId: l.product[1],
      name: `line ${i}`,
      quantity: l.qty,
      subtotal: l.total,
      total: l.total,
      tax: sum(l.taxes, (t) => t),
    })),
    shipping: m.shipping,
    shippingTax: sum(m.shippingTaxes, (t) => t),
    coupons: [],
    // The order's tax lines: items and fees per rate, and shipping (update_taxes()).
    taxes: m.rates.map((rateId, i) => ({
      rateId,
      tax: sum(m.lines, (l) => l.taxes[i]!) + sum(m.fees, (f) => f.taxes[i]!),
      shippingTax: m.shippingTaxes[i]!,
    })),
    ...(m.fees.length > 0
      ? {
          fees: m.fees.map((f, i) => ({
            id: feeIds[i]!,
            name: f.name,
            total: f.total,
            tax: sum(f.taxes, (t) => t),
            taxes: rateTaxes(f.taxes),
          })),
        }
      : {}),
    refunds: m.refunds.map((r) => ({
      id: next(),
      dateCreatedGmt: refundDate(r.day),
      lines: r.lines.map((l) => ({
        id: next(),
        orderItemId: lineIds[l.index]!,
        quantity: l.qty,
        total: l.total,
        tax: sum(l.taxes, (t) => t),
      })),
      shipping: r.shipping,
      shippingTax: sum(r.shippingTaxes, (t) => t),
      ...(r.fees.length > 0
        ? {
            fees: r.fees.map((f) => ({
              id: next(),
              orderFeeId: feeIds[f.index]!,
              name: m.fees[f.index]!.name,
              total: f.total,
              tax: sum(f.taxes, (t) => t),
              taxes: rateTaxes(f.taxes),
            })),
          }
        : {}),
      ...(r.extra ? { extra: r.extra } : {}),
    })),
  };
}

interface StatsFigures {
  total_sales: number;
  tax_total: number;
  shipping_total: number;
  net_total: number;
  num_items_sold: number;
}
interface TaxFigures {
  tax_rate_id: number;
  order_tax: number;
  shipping_tax: number;
  total_tax: number;
}

/** -0 as 0 (equality tells them apart). */
const z = <T extends object>(row: T): T =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? v + 0 : v]),
  ) as T;

/** The order's and each refund's stats row and tax rows by WooCommerce's rule. */
function wooRule(m: ModelOrder) {
  // update_taxes(): per rate, the tax of line items and fees, and of shipping.
  const cartTax = m.rates.map(
    (_, i) => sum(m.lines, (l) => l.taxes[i]!) + sum(m.fees, (f) => f.taxes[i]!),
  );
  const tax = sum(cartTax, (t) => t) + sum(m.shippingTaxes, (t) => t);
  // calculate_totals(): items + fees + shipping + cart tax + shipping tax.
  const total = sum(m.lines, (l) => l.total) + sum(m.fees, (f) => f.total) + m.shipping + tax;
  const order: StatsFigures = {
    total_sales: total,
    tax_total: tax,
    shipping_total: m.shipping,
    net_total: total - tax - m.shipping,
    num_items_sold: sum(m.lines, (l) => l.qty),
  };
  const orderTaxes: TaxFigures[] = m.rates.map((rate, i) => ({
    tax_rate_id: rate,
    order_tax: cartTax[i]!,
    shipping_tax: m.shippingTaxes[i]!,
    total_tax: cartTax[i]! + m.shippingTaxes[i]!,
  }));
  const refunds = m.refunds.map((r) => {
    // wc_create_refund(): the items given back, negative; update_taxes() sums their taxes.
    const itemTax = m.rates.map(
      (_, i) => sum(r.lines, (l) => l.taxes[i]!) + sum(r.fees, (f) => f.taxes[i]!),
    );
    const refundTax = sum(itemTax, (t) => t) + sum(r.shippingTaxes, (t) => t);
    const amount =
      sum(r.lines, (l) => l.total) + sum(r.fees, (f) => f.total) + r.shipping + refundTax + r.extra;
    const stats: StatsFigures = z({
      total_sales: -amount,
      tax_total: -refundTax,
      shipping_total: -r.shipping,
      net_total: -amount + refundTax + r.shipping,
      num_items_sold: -sum(r.lines, (l) => l.qty),
    });
    const taxes: TaxFigures[] = m.rates.map((rate, i) =>
      z({
        tax_rate_id: rate,
        order_tax: -itemTax[i]!,
        shipping_tax: -r.shippingTaxes[i]!,
        total_tax: -(itemTax[i]! + r.shippingTaxes[i]!),
      }),
    );
    // Storelens knows a refund's tax per rate exactly for its fees (the shop says which
    // rates); the rest is shared by the order's rates, exact for an order of one rate.
    const exactPerRate = m.rates.length <= 1 || (r.lines.length === 0 && r.shipping === 0);
    return { stats, taxes, exactPerRate };
  });
  return { order, orderTaxes, refunds };
}

const nonZero = (rows: readonly TaxFigures[]) =>
  rows
    .filter((t) => t.order_tax !== 0 || t.shipping_tax !== 0)
    .map(z)
    .sort((a, b) => a.tax_rate_id - b.tax_rate_id);

async function storedRows(db: Db, ids: readonly number[]) {
  const sql = new RawSql(db.kysely, db.engine);
  const num = <T extends object>(rows: T[]) =>
    rows.map(
      (r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            typeof v === 'string' && k !== 'name' && k !== 'taxes' ? Number(v) : v,
          ]),
        ) as T,
    );
  const stats = num(
    await sql.selectIn<StatsFigures & { order_id: number }>(
      'SELECT order_id, total_sales, tax_total, shipping_total, net_total, num_items_sold FROM order_stats',
      'order_id',
      ids,
    ),
  );
  const source = num(
    await sql.selectIn<{ id: number; total: number; tax_total: number }>(
      'SELECT id, total, tax_total FROM orders',
      'id',
      ids,
    ),
  );
  const taxes = num(
    await sql.selectIn<TaxFigures & { order_id: number }>(
      'SELECT order_id, tax_rate_id, order_tax, shipping_tax, total_tax FROM order_tax_lookup',
      'order_id',
      ids,
    ),
  );
  const products = num(
    await sql.selectIn<{ order_id: number; product_net_revenue: number }>(
      'SELECT order_id, product_net_revenue FROM order_product_lookup',
      'order_id',
      ids,
    ),
  );
  const fees = num(
    await sql.selectIn<{ order_id: number; total: number; tax: number }>(
      'SELECT order_id, total, tax FROM order_fee_lines',
      'order_id',
      ids,
    ),
  );
  return { stats, source, taxes, products, fees };
}

/** Checks every stored figure of the ingested `inputs` against WooCommerce's rule. */
async function expectWooFigures(
  db: Db,
  models: readonly ModelOrder[],
  inputs: readonly OrderInput[],
) {
  const ids = inputs.flatMap((o) => [o.id, ...o.refunds.map((r) => r.id)]);
  const stored = await storedRows(db, ids);
  const statsOf = (id: number) => {
    const { order_id: _id, ...rest } = stored.stats.find((s) => s.order_id === id)!;
    return rest;
  };
  const taxesOf = (id: number) =>
    nonZero(stored.taxes.filter((t) => t.order_id === id).map(({ order_id: _o, ...t }) => t));
  models.forEach((m, k) => {
    const input = inputs[k]!;
    const rule = wooRule(m);
    expect(statsOf(input.id), `order ${input.id}`).toEqual(rule.order);
    expect(stored.source.find((o) => o.id === input.id)).toEqual({
      id: input.id,
      total: rule.order.total_sales,
      tax_total: rule.order.tax_total,
    });
    expect(taxesOf(input.id), `order ${input.id} taxes`).toEqual(nonZero(rule.orderTaxes));
    // Fees belong to no product.
    expect(
      sum(
        stored.products.filter((p) => p.order_id === input.id),
        (p) => p.product_net_revenue,
      ),
    ).toBe(sum(m.lines, (l) => l.total));
    expect(stored.fees.filter((f) => f.order_id === input.id).map((f) => [f.total, f.tax])).toEqual(
      m.fees.map((f) => [f.total, sum(f.taxes, (t) => t)]),
    );
    input.refunds.forEach((r, j) => {
      const ref = rule.refunds[j]!;
      expect(statsOf(r.id), `refund ${r.id}`).toEqual(ref.stats);
      if (ref.exactPerRate)
        expect(taxesOf(r.id), `refund ${r.id} taxes`).toEqual(nonZero(ref.taxes));
      // Shared or not, a refund's tax rows add up to its tax (the order has rates).
      if (m.rates.length > 0)
        expect(
          sum(
            stored.taxes.filter((t) => t.order_id === r.id),
            (t) => t.total_tax,
          ) + 0,
          `refund ${r.id} tax rows`,
        ).toBe(ref.stats.tax_total);
      expect(
        sum(
          stored.products.filter((p) => p.order_id === r.id),
          (p) => p.product_net_revenue,
        ) + 0,
      ).toBe(-sum(m.refunds[j]!.lines, (l) => l.total) + 0);
      expect(
        stored.fees.filter((f) => f.order_id === r.id).map((f) => [f.total + 0, f.tax + 0]),
      ).toEqual(m.refunds[j]!.fees.map((f) => [-f.total + 0, -sum(f.taxes, (t) => t) + 0]));
    });
  });
  // The rollups hold what the rows hold (their contributions are summed from the figures
  // ingestion computes, apart from the rows it writes): the whole store's sums agree.
  const sql = new RawSql(db.kysely, db.engine);
  const [rows] = await sql.query<Record<string, number>>(
    `SELECT SUM(total_sales) AS total_sales, SUM(net_total) AS net_total,
       SUM(tax_total) AS tax_total, SUM(shipping_total) AS shipping_total FROM order_stats`,
  );
  const [rollup] = await sql.query<Record<string, number>>(
    `SELECT SUM(total_sales) AS total_sales, SUM(net_total) AS net_total,
       SUM(tax_total) AS tax_total, SUM(shipping_total) AS shipping_total
     FROM revenue_day WHERE date_kind = 'created'`,
  );
  const [taxRows] = await sql.query<Record<string, number>>(
    'SELECT SUM(order_tax) AS order_tax, SUM(shipping_tax) AS shipping_tax FROM order_tax_lookup',
  );
  const [taxRollup] = await sql.query<Record<string, number>>(
    `SELECT SUM(order_tax) AS order_tax, SUM(shipping_tax) AS shipping_tax FROM tax_day
     WHERE date_kind = 'created'`,
  );
  const numbers = (r: Record<string, number> | undefined) =>
    Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, Number(v ?? 0)]));
  expect(numbers(rollup), 'revenue_day').toEqual(numbers(rows));
  expect(numbers(taxRollup), 'tax_day').toEqual(numbers(taxRows));
  // A rebuild reads the fees back from the source rows as they were given.
  const back = await readOrderInputs(
    db,
    inputs.map((o) => o.id),
  );
  for (const input of inputs) {
    const again = back.find((o) => o.id === input.id)!;
    expect(again.fees, `order ${input.id} read back`).toEqual(input.fees);
    expect(
      again.refunds.map((r) => [r.fees, r.extra]),
      `refunds of ${input.id} read back`,
    ).toEqual(input.refunds.map((r) => [r.fees, r.extra]));
  }
}

for (const engine of engines) {
  describe(`fee lines are stored as WooCommerce counts them [${engine}]`, () => {
    let store: Awaited<ReturnType<typeof freshStore>>;
    let nextId = 10_000;
    const next = () => nextId++;
    beforeAll(async () => {
      store = await freshStore(engine);
      await seedCatalog(store.db);
    });
    afterAll(async () => {
      await store?.drop();
    });

    it('order stats, tax rows, product rows and fee rows follow WooCommerce’s rule', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 4 }), async (models) => {
          const inputs = models.map((m) => toInput(m, next));
          await ingestOrders(store.db, inputs);
          await expectWooFigures(store.db, models, inputs);
        }),
        { numRuns: engine === 'sqlite' ? 60 : 15 },
      );
    });

    it('an order ingested again without its fees, or with others, keeps no old fee', async () => {
      const [first, second] = fc.sample(
        orderArb.filter((m) => m.fees.length > 0),
        { seed: 5, numRuns: 2 },
      );
      const input = toInput(first!, next);
      await ingestOrders(store.db, [input]);
      // The same order (same id) with other lines, fees and refunds.
      let sameId = true;
      const changed = toInput(second!, () => {
        if (!sameId) return next();
        sameId = false;
        return input.id;
      });
      await ingestOrders(store.db, [changed]);
      await expectWooFigures(store.db, [second!], [changed]);
      const { fees: withoutFees, ...plain } = changed;
      expect(withoutFees?.length).toBeGreaterThan(0);
      const bare = { ...plain, refunds: plain.refunds.map(({ fees: _f, ...r }) => r) };
      await ingestOrders(store.db, [bare]);
      const stored = await storedRows(store.db, [bare.id, ...bare.refunds.map((r) => r.id)]);
      expect(stored.fees).toEqual([]);
    });
  });
}

/** Orders whose every tax row Storelens knows exactly (see `exactPerRate`). */
const exactSample = fc.sample(
  orderArb.filter((m) =>
    m.refunds.every((r) => m.rates.length <= 1 || (r.lines.length === 0 && r.shipping === 0)),
  ),
  { seed: 37, numRuns: 90 },
);
const EXCLUDED = new Set(['pending', 'failed', 'cancelled']);

describeEachEngine(
  'reports with fee lines equal WooCommerce’s rule to the cent',
  (ctx) => {
    let inputs: OrderInput[];
    beforeAll(async () => {
      let id = 50_000;
      inputs = exactSample.map((m) => toInput(m, () => id++));
      await ingestOrders(ctx().db, inputs);
    });
    const get = async <T>(path: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `/wp-json/wc-analytics/${path}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    const ALL = 'after=2024-01-01T00:00:00&before=2024-12-31T23:59:59';
    const money = (units: number) => fromUnits(units, 2);
    const counted = () =>
      exactSample
        .map((m, k) => ({ m, input: inputs[k]!, rule: wooRule(m) }))
        .filter((x) => !EXCLUDED.has(x.m.status));

    it('revenue stats: net sales, taxes, total sales, returns and gross sales hold the fees', async () => {
      const rows = counted().flatMap((x) => [x.rule.order, ...x.rule.refunds.map((r) => r.stats)]);
      const total = sum(rows, (r) => r.total_sales);
      const tax = sum(rows, (r) => r.tax_total);
      const shipping = sum(rows, (r) => r.shipping_total);
      const returns = sum(rows, (r) => (r.net_total < 0 ? -r.net_total : 0));
      const body = await get<{ totals: Record<string, number> }>(
        `reports/revenue/stats?${ALL}&interval=month&date_type=date_created`,
      );
      expect(body.totals).toMatchObject({
        orders_count: counted().length,
        total_sales: money(total),
        net_revenue: money(sum(rows, (r) => r.net_total)),
        taxes: money(tax),
        shipping: money(shipping),
        refunds: money(returns),
        gross_sales: money(total - tax - shipping + returns),
        num_items_sold: sum(rows, (r) => r.num_items_sold),
      });
      expect(sum(counted(), (x) => sum(x.m.fees, (f) => f.total))).not.toBe(0);
      // The performance indicators sum the same figures.
      const indicators = await get<{ stat: string; value: number }[]>(
        `reports/performance-indicators?${ALL}&stats=revenue/total_sales,revenue/net_revenue,taxes/total_tax`,
      );
      expect(Object.fromEntries(indicators.map((i) => [i.stat, i.value]))).toEqual({
        'revenue/total_sales': money(total),
        'revenue/net_revenue': money(sum(rows, (r) => r.net_total)),
        'taxes/total_tax': money(tax),
      });
    });

    it('the Taxes report counts each fee’s tax per rate, and agrees with Revenue', async () => {
      const byRate = new Map<number, { order: number; shipping: number; orders: number }>();
      for (const x of counted()) {
        for (const [i, t] of x.rule.orderTaxes.entries()) {
          const acc = byRate.get(t.tax_rate_id) ?? { order: 0, shipping: 0, orders: 0 };
          acc.orders++;
          acc.order += t.order_tax;
          acc.shipping += t.shipping_tax;
          for (const r of x.rule.refunds) {
            acc.order += r.taxes[i]!.order_tax;
            acc.shipping += r.taxes[i]!.shipping_tax;
          }
          byRate.set(t.tax_rate_id, acc);
        }
      }
      const rows = await get<
        {
          tax_rate_id: number;
          order_tax: number;
          shipping_tax: number;
          total_tax: number;
          orders_count: number;
        }[]
      >(`reports/taxes?${ALL}&per_page=100`);
      expect(
        new Map(
          rows.map((r) => [
            r.tax_rate_id,
            [r.order_tax, r.shipping_tax, r.total_tax, r.orders_count],
          ]),
        ),
      ).toEqual(
        new Map(
          [...byRate].map(([rate, a]) => [
            rate,
            [money(a.order), money(a.shipping), money(a.order + a.shipping), a.orders],
          ]),
        ),
      );
      const taxes = await get<{ totals: { total_tax: number } }>(
        `reports/taxes/stats?${ALL}&interval=month`,
      );
      const revenue = await get<{ totals: { taxes: number } }>(
        `reports/revenue/stats?${ALL}&interval=month`,
      );
      expect(taxes.totals.total_tax).toBe(revenue.totals.taxes);
    });

    it('products and categories hold the lines alone; the Orders report shows each row’s fees', async () => {
      const byProduct = new Map<number, number>();
      for (const x of counted()) {
        for (const l of x.m.lines)
          byProduct.set(l.product[0], (byProduct.get(l.product[0]) ?? 0) + l.total);
        for (const r of x.m.refunds)
          for (const l of r.lines) {
            const p = x.m.lines[l.index]!.product[0];
            byProduct.set(p, (byProduct.get(p) ?? 0) - l.total);
          }
      }
      const products = await get<{ product_id: number; net_revenue: number }[]>(
        `reports/products?${ALL}&per_page=100`,
      );
      expect(new Map(products.map((p) => [p.product_id, p.net_revenue]))).toEqual(
        new Map([...byProduct].map(([id, v]) => [id, money(v)])),
      );
      const categories = await get<{ category_id: number; net_revenue: number }[]>(
        `reports/categories?${ALL}&per_page=100`,
      );
      expect(new Map(categories.map((c) => [c.category_id, c.net_revenue]))).toEqual(
        new Map([...byProduct].map(([id, v]) => [id * 10, money(v)])),
      );
      const listed = new Map<
        number,
        { fee_total: number; fees: { total: number; total_tax: number }[]; net_total: number }
      >();
      for (let page = 1; ; page++) {
        const rows = await get<
          {
            order_id: number;
            fee_total: number;
            fees: { total: number; total_tax: number }[];
            net_total: number;
          }[]
        >(`reports/orders?${ALL}&per_page=100&page=${page}`);
        for (const r of rows) listed.set(r.order_id, r);
        if (rows.length < 100) break;
      }
      for (const x of counted()) {
        const row = listed.get(x.input.id)!;
        expect(row.fee_total).toBe(money(sum(x.m.fees, (f) => f.total)));
        expect(row.fees.map((f) => [f.total, f.total_tax])).toEqual(
          x.m.fees.map((f) => [money(f.total), money(sum(f.taxes, (t) => t))]),
        );
        expect(row.net_total).toBe(money(x.rule.order.net_total));
        for (const [j, r] of x.input.refunds.entries())
          expect(listed.get(r.id)!.fee_total).toBe(
            money(-sum(x.m.refunds[j]!.fees, (f) => f.total)),
          );
      }
    });
  },
  async (db) => {
    await seedCatalog(db);
    await db.kysely
      .insertInto('categories')
      .values([
        { id: 100, name: 'Kitchen', slug: 'kitchen', parent_id: 0, description: '' },
        { id: 200, name: 'Apparel', slug: 'apparel', parent_id: 0, description: '' },
      ])
      .execute();
    await db.kysely
      .insertInto('product_categories')
      .values([
        { product_id: 10, category_id: 100 },
        { product_id: 20, category_id: 200 },
      ])
      .execute();
    await db.kysely
      .insertInto('tax_rates')
      .values(
        Object.entries(RATES).map(([id, bp]) => ({
          id: Number(id),
          country: 'US',
          state: '',
          name: `TAX${id}`,
          priority: 1,
          rate: (bp / 100).toFixed(4),
          shipping: 1,
          compound: 0,
          tax_class: '',
        })),
      )
      .execute();
    await setOptions(db, { woocommerce_date_type: 'date_created' });
  },
);
