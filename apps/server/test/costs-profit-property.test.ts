/**
 * Profit over random stores (fast-check, both engines): unit costs from the shop's history
 * and entered ones (some entered, replaced or deleted over REST after the orders were
 * ingested, the entered-costs-win option turned or not), lines whose cost the shop stored,
 * lines of products without any cost, refunds of costed lines, fee lines given back and
 * gateway fees given back. Once the recompute jobs are done, revenue/stats' totals and every
 * products row equal a naive recompute from the source rows, written apart from
 * costs/unit-costs.ts and ingest/order-facts.ts (docs/metrics.md, "Profit").
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { fromUnits } from '../src/money';
import { setOptions } from '../src/options';
import { recomputed } from './costs-helpers';
import { seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

const RANGE = 'after=2023-12-01T00:00:00&before=2025-01-31T23:59:59';
const EXCLUDED = new Set(['pending', 'failed', 'cancelled']);
/** Product and variation of each line kind: Mug, Tee - Red, Tee - Blue, Lamp. */
const KINDS = [
  [10, 0],
  [20, 21],
  [20, 22],
  [30, 0],
] as const;
/** The ids that can have costs. */
const COSTED = [10, 20, 21, 22, 30];

const day = (n: number) => {
  const d = new Date(Date.UTC(2024, 0, 1) + n * 86_400_000);
  return d.toISOString().slice(0, 10);
};

const line = fc.record({
  kind: fc.integer({ min: 0, max: 3 }),
  qty: fc.integer({ min: 1, max: 4 }),
  price: fc.integer({ min: 0, max: 50_000 }),
  /** A cost the shop stored on the line (per unit), or none. */
  shopCost: fc.option(fc.integer({ min: 0, max: 40_000 }), { freq: 4 }),
});

const orderArb = fc.record({
  day: fc.integer({ min: 0, max: 300 }),
  status: fc.constantFrom('completed', 'completed', 'processing', 'refunded', 'pending'),
  lines: fc.array(line, { minLength: 1, maxLength: 3 }),
  fee: fc.option(fc.integer({ min: -2_000, max: 30_000 }), { freq: 2 }),
  paymentFee: fc.option(
    fc.record({
      fee: fc.integer({ min: 0, max: 5_000 }),
      refunded: fc.integer({ min: 0, max: 1_000 }),
    }),
    { freq: 2 },
  ),
  refund: fc.option(
    fc.record({
      after: fc.integer({ min: 0, max: 40 }),
      /** Which line and how many of its units come back. */
      line: fc.nat(),
      qty: fc.integer({ min: 1, max: 4 }),
      shopCost: fc.option(fc.integer({ min: 0, max: 40_000 }), { freq: 4 }),
      feeBack: fc.boolean(),
    }),
    { freq: 2 },
  ),
});

const historyArb = fc.array(
  fc.record({
    id: fc.constantFrom(...COSTED),
    /** -1: since always. */
    day: fc.integer({ min: -1, max: 300 }),
    cost: fc.option(fc.integer({ min: 0, max: 40_000 }), { freq: 5 }),
  }),
  { maxLength: 8 },
);

const changeArb = fc.oneof(
  fc.record({
    op: fc.constant('enter' as const),
    id: fc.constantFrom(...COSTED),
    day: fc.integer({ min: 0, max: 300 }),
    cost: fc.integer({ min: 0, max: 40_000 }),
  }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('toggle' as const) }),
);

const scenarioArb = fc.record({
  orders: fc.array(orderArb, { minLength: 1, maxLength: 8 }),
  shop: historyArb,
  entered: fc.array(
    fc.record({
      id: fc.constantFrom(...COSTED),
      day: fc.integer({ min: 0, max: 300 }),
      cost: fc.integer({ min: 0, max: 40_000 }),
    }),
    { maxLength: 4 },
  ),
  enteredWin: fc.boolean(),
  changes: fc.array(changeArb, { maxLength: 4 }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** The scenario's orders as ingestion takes them (ids from `base`). */
function ordersOf(s: Scenario, base: number): OrderInput[] {
  return s.orders.map((o, n) => {
    const id = base + n;
    const created = `${day(o.day)} 0${n % 10}:30:00`;
    const lines = o.lines.map((l, k) => {
      const [productId, variationId] = KINDS[l.kind]!;
      const total = l.price * l.qty;
      return {
        id: id * 10 + k,
        productId,
        variationId,
        name: `line ${k}`,
        quantity: l.qty,
        subtotal: total,
        total,
        tax: 0,
        ...(l.shopCost !== null ? { cost: l.shopCost * l.qty } : {}),
      };
    });
    const fees =
      o.fee !== null ? [{ id: id * 10 + 7, name: 'Fee', total: o.fee, tax: 0, taxes: [] }] : [];
    const r = o.refund;
    const refunded = r ? lines[r.line % lines.length]! : undefined;
    const qty = r && refunded ? Math.min(r.qty, refunded.quantity) : 0;
    return {
      id,
      status: o.status as OrderInput['status'],
      currency: 'USD',
      customerId: 1 + (n % 3),
      dateCreatedGmt: created,
      datePaidGmt: o.status === 'pending' ? null : created,
      dateCompletedGmt: null,
      billing: { country: 'US', state: 'CA', email: 'c@example.com' },
      lines,
      shipping: 0,
      shippingTax: 0,
      coupons: [],
      taxes: [],
      ...(fees.length ? { fees } : {}),
      ...(o.paymentFee
        ? {
            paymentFee: {
              fee: o.paymentFee.fee,
              refunded: Math.min(o.paymentFee.refunded, o.paymentFee.fee),
              currency: 'USD',
            },
          }
        : {}),
      refunds:
        r && refunded
          ? [
              {
                id: id * 10 + 9,
                dateCreatedGmt: `${day(o.day + r.after)} 12:00:00`,
                shipping: 0,
                shippingTax: 0,
                lines: [
                  {
                    id: id * 100 + 1,
                    orderItemId: refunded.id,
                    quantity: qty,
                    total: (refunded.total / refunded.quantity) * qty,
                    tax: 0,
                    ...(r.shopCost !== null ? { cost: r.shopCost * qty } : {}),
                  },
                ],
                ...(r.feeBack && fees[0]
                  ? {
                      fees: [
                        {
                          id: id * 100 + 2,
                          orderFeeId: fees[0].id,
                          name: 'Fee',
                          total: fees[0].total,
                          tax: 0,
                          taxes: [],
                        },
                      ],
                    }
                  : {}),
              },
            ]
          : [],
    };
  });
}

type History = Map<number, { from: string; cost: number | null }[]>;

/** The naive unit cost of a line: the two histories on the order's date, as docs/metrics.md says. */
function naiveUnit(
  shop: History,
  entered: History,
  win: boolean,
  productId: number,
  variationId: number,
  at: string,
): number | null {
  const last = (h: History, id: number) => {
    const rows = (h.get(id) ?? []).filter((r) => r.from <= at);
    rows.sort((a, b) => (a.from < b.from ? -1 : 1));
    return rows.length ? { cost: rows[rows.length - 1]!.cost } : undefined;
  };
  for (const id of variationId > 0 ? [variationId, productId] : [productId]) {
    const s = last(shop, id);
    const e = last(entered, id);
    const [first, second] = win ? [e, s] : [s, e];
    if (first && first.cost !== null) return first.cost;
    if (second && second.cost !== null) return second.cost;
    if (first || second) return null;
  }
  return null;
}

interface Acc {
  net: number;
  items: number;
  cost: number;
  costed: number;
  costedNet: number;
  fees: number;
}
const emptyAcc = (): Acc => ({ net: 0, items: 0, cost: 0, costed: 0, costedNet: 0, fees: 0 });
const money = (units: number) => fromUnits(units, 2);
const share = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 10_000) / 10_000);
const gross = (a: Acc) => {
  const unknown = a.items !== 0 && a.costed === 0;
  return {
    net_revenue: money(a.net),
    cost_of_goods: unknown ? null : money(a.cost),
    gross_profit: unknown ? null : money(a.net - a.cost),
    gross_margin: unknown ? null : share(a.net - a.cost, a.net),
    cost_coverage: share(a.costed, a.items),
    cost_coverage_net_sales: share(a.costedNet, a.net),
  };
};

/** Revenue's totals and the products rows, recomputed from the inputs and both histories. */
function naive(orders: readonly OrderInput[], shop: History, entered: History, win: boolean) {
  const total = emptyAcc();
  const products = new Map<number, Acc>();
  const addLine = (productId: number, qty: number, net: number, cost: number | null) => {
    for (const a of [total, products.get(productId) ?? emptyAcc()]) {
      a.net += net;
      a.items += qty;
      if (cost !== null) {
        a.cost += cost;
        a.costed += qty;
        a.costedNet += net;
      }
      if (a !== total) products.set(productId, a);
    }
  };
  for (const o of orders) {
    if (EXCLUDED.has(o.status)) continue;
    const costOf = new Map<number, number | null>();
    for (const l of o.lines) {
      const unit = naiveUnit(shop, entered, win, l.productId, l.variationId, o.dateCreatedGmt);
      const cost = l.cost !== undefined ? l.cost : unit === null ? null : unit * l.quantity;
      costOf.set(l.id, cost);
      addLine(l.productId, l.quantity, l.total, cost);
    }
    for (const f of o.fees ?? []) total.net += f.total;
    if (o.paymentFee) total.fees += o.paymentFee.fee - o.paymentFee.refunded;
    for (const r of o.refunds) {
      for (const rl of r.lines) {
        const ol = o.lines.find((l) => l.id === rl.orderItemId)!;
        const of = costOf.get(ol.id) ?? null;
        const cost =
          rl.cost !== undefined
            ? -rl.cost
            : of === null
              ? null
              : -Math.round((of * rl.quantity) / ol.quantity);
        addLine(ol.productId, -rl.quantity, -rl.total, cost === 0 ? 0 : cost);
      }
      for (const f of r.fees ?? []) total.net -= f.total;
    }
  }
  const t = gross(total);
  const unknown = total.items !== 0 && total.costed === 0;
  return {
    totals: {
      ...t,
      num_items_sold: total.items,
      payment_fees: money(total.fees),
      net_profit: unknown ? null : money(total.net - total.cost - total.fees),
      net_margin: unknown ? null : share(total.net - total.cost - total.fees, total.net),
    },
    products: new Map([...products].map(([id, a]) => [id, { ...gross(a), items_sold: a.items }])),
  };
}

async function readHistory(db: Db, table: 'product_costs' | 'entered_costs'): Promise<History> {
  const out: History = new Map();
  for (const r of await db.kysely.selectFrom(table).selectAll().execute()) {
    const list = out.get(Number(r.product_id)) ?? [];
    list.push({ from: r.effective_from_gmt, cost: r.cost === null ? null : Number(r.cost) });
    out.set(Number(r.product_id), list);
  }
  return out;
}

async function seed(db: Db) {
  await seedCatalog(db);
  const row = (id: number, parent: number, type: string, name: string) => ({
    id,
    parent_id: parent,
    type,
    status: 'publish',
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    sku: `SKU${id}`,
    description: '',
    price: 100_000,
    regular_price: 100_000,
    sale_price: null,
    manage_stock: 0,
    stock_quantity: null,
    stock_status: 'instock',
    low_stock_amount: null,
    downloadable: 0,
    virtual: 0,
    image_url: '',
    average_rating: 0,
    rating_count: 0,
    total_sales: 0,
    date_created: '2024-01-01 00:00:00',
    date_created_gmt: '2024-01-01 00:00:00',
  });
  await db.kysely
    .insertInto('products')
    .values([row(22, 20, 'variation', 'Tee - Blue'), row(30, 0, 'simple', 'Lamp')] as never)
    .execute();
  await setOptions(db, {
    timezone_string: 'Asia/Kathmandu',
    woocommerce_date_type: 'date_created',
  });
}

describeEachEngine(
  'profit over random stores with shop and entered costs',
  (ctx) => {
    it('revenue totals and products rows equal a naive recompute from the source rows', async () => {
      const { app, db, engine } = ctx();
      let previous: number[] = [];
      let base = 100;
      const get = async (url: string) => {
        const res = await app.inject({
          method: 'GET',
          url: `/wp-json/wc-analytics/reports/${url}&${RANGE}&force_cache_refresh=true`,
        });
        expect(res.statusCode, url).toBe(200);
        return res.json();
      };
      await fc.assert(
        fc.asyncProperty(scenarioArb, async (s) => {
          // A new store's orders and costs in place of the last run's.
          await ingestOrders(db, [], previous);
          await db.kysely.deleteFrom('product_costs').execute();
          await db.kysely.deleteFrom('entered_costs').execute();
          await setOptions(db, { storelens_entered_costs_win: s.enteredWin });
          const shopRows = new Map<string, unknown[]>();
          for (const h of s.shop) {
            const from = h.day < 0 ? '1970-01-01 00:00:00' : `${day(h.day)} 08:00:00`;
            shopRows.set(`${h.id} ${from}`, [h.id, from, h.cost]);
          }
          for (const [id, from, cost] of shopRows.values())
            await db.kysely
              .insertInto('product_costs')
              .values({
                product_id: id as number,
                effective_from_gmt: from as string,
                cost: cost as number | null,
                source: 'cogs',
              })
              .execute();
          const enteredRows = new Map<string, [number, string, number]>();
          for (const e of s.entered)
            enteredRows.set(`${e.id} ${day(e.day)}`, [e.id, day(e.day), e.cost]);
          for (const [id, from, cost] of enteredRows.values())
            await db.kysely
              .insertInto('entered_costs')
              .values({
                product_id: id,
                effective_from_gmt: `${from} 00:00:00`,
                cost,
                created_gmt: '2024-01-01 00:00:00',
                created_by: 1,
              })
              .execute();
          const orders = ordersOf(s, base);
          base += orders.length + 1;
          previous = orders.map((o) => o.id);
          await ingestOrders(db, orders);

          // Changes over REST, after the orders: each recomputes what it covers.
          for (const c of s.changes) {
            if (c.op === 'enter') {
              const res = await app.inject({
                method: 'POST',
                url: `/wp-json/storelens/v1/products/${c.id}/costs`,
                payload: { cost: fromUnits(c.cost, 4), from: day(c.day) },
              });
              expect(res.statusCode).toBe(201);
            } else if (c.op === 'delete') {
              const rows = await db.kysely
                .selectFrom('entered_costs')
                .selectAll()
                .orderBy('product_id')
                .orderBy('effective_from_gmt')
                .execute();
              if (rows.length === 0) continue;
              const r = rows[c.pick % rows.length]!;
              // Kathmandu's midnight is the previous day in GMT: the day is the local one.
              const local =
                new Date(`${r.effective_from_gmt.replace(' ', 'T')}Z`).getTime() +
                (5 * 60 + 45) * 60_000;
              const res = await app.inject({
                method: 'DELETE',
                url: `/wp-json/storelens/v1/products/${r.product_id}/costs/${new Date(local).toISOString().slice(0, 10)}`,
              });
              expect(res.statusCode).toBe(200);
            } else {
              const now = (
                await app.inject({ method: 'GET', url: '/wp-json/storelens/v1/costs/settings' })
              ).json();
              const res = await app.inject({
                method: 'PUT',
                url: '/wp-json/storelens/v1/costs/settings',
                payload: { entered_costs_win: !now.entered_costs_win },
              });
              expect(res.statusCode).toBe(200);
            }
          }
          await recomputed(app, db);

          const win = (
            await app.inject({ method: 'GET', url: '/wp-json/storelens/v1/costs/settings' })
          ).json().entered_costs_win;
          const expected = naive(
            orders,
            await readHistory(db, 'product_costs'),
            await readHistory(db, 'entered_costs'),
            win,
          );
          const totals = (await get('revenue/stats?interval=year')).totals;
          const pick = (o: Record<string, unknown>, keys: string[]) =>
            Object.fromEntries(keys.map((k) => [k, o[k]]));
          expect(pick(totals, Object.keys(expected.totals))).toEqual(expected.totals);
          const rows = (await get('products?per_page=100')) as Record<string, unknown>[];
          const actual = new Map(
            rows.map((r) => [
              Number(r.product_id),
              pick(r, [
                'net_revenue',
                'cost_of_goods',
                'gross_profit',
                'gross_margin',
                'cost_coverage',
                'cost_coverage_net_sales',
                'items_sold',
              ]),
            ]),
          );
          expect(actual).toEqual(expected.products);
        }),
        {
          numRuns: engine === 'sqlite' ? 25 : 10,
          seed: Number(process.env.FC_SEED ?? 20261129),
          endOnFailure: true,
        },
      );
    }, 600_000);
  },
  seed,
);
