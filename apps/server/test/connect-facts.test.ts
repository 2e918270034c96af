import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as m033 from '../src/db/migrations/033_order_payment_attribution';
import * as m034 from '../src/db/migrations/034_cost_of_goods';
import * as m036 from '../src/db/migrations/036_source_indexes';
import { readOrderInputs } from '../src/ingest/import-source';
import { ingestOrders } from '../src/ingest/ingest';
import { call } from './admin-helpers';
import {
  CONNECTIONS,
  connectShop,
  delivered,
  expectShopTotals,
  listeningApp,
  settle,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import { type SimOrder, WooSimulator } from './woo-simulator';

/*
 * A shop whose orders carry the facts beside their money: payment method and title,
 * `created_via`, attribution meta, a gateway's fee meta (Stripe, WooPayments, PayPal
 * Payments, with fees given back on refunds), and costs of goods (WooCommerce's own on
 * products, variations, lines and refund lines; the Cost of Goods extension's meta; lines of
 * older orders with none, which take the product's cost on their date). After the import,
 * webhooks (new orders, refunds, a product's cost changed) and a reconciliation, every order's
 * facts are stored as the simulator holds them, to the cent, and the reports are unchanged.
 */

const ALL = 'after=2000-01-01T00:00:00&before=2030-12-31T23:59:59&force_cache_refresh=true';
/** Money units per cent of the simulator's shop (2 decimals). */
const UNITS = 100;

describeEachEngine('a shop’s payment, attribution, gateway fees and costs, to the cent', (ctx) => {
  let sim: WooSimulator;
  let app: FastifyInstance;
  let id = 0;

  /** What the store holds of each order, as the simulator would have it. */
  async function stored() {
    const db = ctx().db.kysely;
    const orders = await db
      .selectFrom('orders')
      .select([
        'id',
        'type',
        'payment_method',
        'payment_method_title',
        'created_via',
        'payment_fee',
        'payment_fee_refunded',
        'payment_fee_currency',
      ])
      .execute();
    const attribution = await db
      .selectFrom('order_attribution')
      .select(['order_id', 'source_type', 'origin'])
      .execute();
    const items = await db.selectFrom('order_items').select(['id', 'cost']).execute();
    return {
      orders: new Map(orders.map((o) => [Number(o.id), o])),
      attribution: new Map(attribution.map((a) => [Number(a.order_id), a])),
      costs: new Map(items.map((i) => [Number(i.id), i.cost === null ? null : Number(i.cost)])),
    };
  }

  const live = (o: SimOrder) => o.status !== 'trash' && o.status !== 'checkout-draft';

  /** Every order's facts equal the simulator's. */
  async function expectFacts() {
    const s = await stored();
    let checked = 0;
    for (const o of sim.orders.values()) {
      if (!live(o)) continue;
      const row = s.orders.get(o.id);
      expect(row, `order ${o.id}`).toBeDefined();
      expect({
        method: row!.payment_method,
        title: row!.payment_method_title,
        via: row!.created_via,
        fee: Number(row!.payment_fee) - Number(row!.payment_fee_refunded),
        currency: row!.payment_fee_currency,
      }).toEqual({
        method: o.paymentMethod,
        title: o.paymentTitle,
        via: o.createdVia,
        fee: sim.netGatewayFee(o) * UNITS,
        currency: o.gatewayFee ? o.gatewayFee.currency : '',
      });
      const a = s.attribution.get(o.id);
      expect({ type: a?.source_type, origin: a?.origin }, `order ${o.id}`).toEqual({
        type: o.attribution?.sourceType ?? 'unknown',
        origin: o.attribution?.origin ?? 'Unknown',
      });
      const costs = sim.costsOf(o);
      for (const [line, cost] of costs.lines)
        expect(s.costs.get(line), `line ${line} of ${o.id}`).toBe(
          cost === null ? null : cost * UNITS,
        );
      for (const r of o.refunds) {
        const refund = s.orders.get(r.id)!;
        expect(refund.payment_method).toBe(o.paymentMethod);
        expect(Number(refund.payment_fee)).toBe(0);
        for (const x of r.lines) {
          const cost = costs.refundLines.get(x.id)!;
          expect(s.costs.get(x.id), `refund line ${x.id}`).toBe(
            cost === null ? null : 0 - cost * UNITS,
          );
        }
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  }

  /** An order's row of the Orders report. */
  async function reportRow(orderId: number) {
    const res = await call<Record<string, unknown>[]>(
      app,
      'GET',
      `/wp-json/wc-analytics/reports/orders?${ALL}&order_includes=${orderId}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.find((r) => r.order_id === orderId)!;
  }

  beforeAll(async () => {
    sim = await new WooSimulator({ seed: 31 }).start();
    sim.generate(260);
    app = await listeningApp(ctx().db);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('imports every order’s payment, channel, attribution, gateway fee and costs', async () => {
    const orders = [...sim.orders.values()];
    // The shop has every kind of fact.
    for (const g of ['stripe', 'wcpay', 'ppcp'])
      expect(orders.some((o) => o.gatewayFee?.gateway === g)).toBe(true);
    expect(orders.some((o) => o.gatewayFee && o.gatewayFee.back > 0)).toBe(true);
    expect(orders.some((o) => o.attribution === null)).toBe(true);
    expect(orders.some((o) => o.lines.some((l) => l.cost === null))).toBe(true);
    expect(
      orders.some((o) => o.lines.some((l) => l.cost !== null && l.costKind === 'wc_cog')),
    ).toBe(true);
    expect(orders.some((o) => o.refunds.some((r) => r.lines.some((x) => x.cost !== null)))).toBe(
      true,
    );
    const connected = await connectShop(app, sim);
    expect(connected.status).toBe(201);
    id = connected.body.id;
    await settle(app, id);
    await expectFacts();
    await expectShopTotals(app, sim);

    // The Orders report's rows carry them: an attributed card order, and one without
    // attribution.
    const card = sim.find(
      (o) =>
        live(o) &&
        o.gatewayFee?.gateway === 'stripe' &&
        o.attribution?.sourceType === 'utm' &&
        !['pending', 'failed', 'cancelled'].includes(o.status),
    );
    const row = await reportRow(card.id);
    const costs = sim.costsOf(card);
    const known = [...costs.lines.values()].filter((c) => c !== null) as number[];
    expect(row).toMatchObject({
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      created_via: 'checkout',
      attribution: {
        source_type: 'utm',
        origin: 'Source: Newsletter',
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring_sale',
      },
      payment_fee: sim.netGatewayFee(card) / 100,
      payment_fee_currency: 'USD',
      cost_of_goods: known.length ? known.reduce((a, c) => a + c, 0) / 100 : null,
      cost_of_goods_complete: known.length === costs.lines.size,
    });
    const unknown = sim.find(
      (o) =>
        live(o) && o.attribution === null && !['pending', 'failed', 'cancelled'].includes(o.status),
    );
    expect((await reportRow(unknown.id)).attribution).toMatchObject({
      source_type: 'unknown',
      origin: 'Unknown',
    });
  });

  it('applies webhooks: new orders, a refund giving fees back, a product’s cost changed', async () => {
    for (let i = 0; i < 5; i++) sim.newOrder();
    const paypal = sim.find(
      (o) => o.status === 'completed' && o.gatewayFee?.gateway === 'ppcp' && o.refunds.length === 0,
    );
    sim.refund(paypal.id, 'one');
    await delivered(app, sim);
    expect(paypal.gatewayFee!.back).toBeGreaterThan(0);
    await expectFacts();

    // A cost changed: orders from then on cost the new one, on their lines or, for a line
    // that stores none, from the product's history; older orders keep the old one.
    const product = [...sim.products.values()].find(
      (p) => p.type === 'simple' && p.costs.at(-1)!.cost !== null && p.costKind === 'cogs',
    )!;
    const before = product.costs.at(-1)!.cost!;
    sim.setProductCost(product.id, before + 77);
    await delivered(app, sim);
    const history = await ctx()
      .db.kysely.selectFrom('product_costs')
      .select(['effective_from_gmt', 'cost'])
      .where('product_id', '=', product.id)
      .orderBy('effective_from_gmt')
      .execute();
    expect(history.map((h) => Number(h.cost))).toEqual([before * UNITS, (before + 77) * UNITS]);
    const stored = sim.costsStoredFrom;
    sim.costsStoredFrom = Number.POSITIVE_INFINITY;
    const later = sim.newOrder(product.id);
    sim.costsStoredFrom = stored;
    expect(later.lines.every((l) => l.cost === null)).toBe(true);
    sim.newOrder(product.id);
    await delivered(app, sim);
    await expectFacts();
    await expectShopTotals(app, sim);
  });

  it('reconciliation brings a refund and a cost change made while webhooks were lost', async () => {
    await delivered(app, sim);
    await settle(app, id);
    sim.muteWebhooks = true;
    const stripe = sim.find(
      (o) =>
        o.status === 'completed' && o.gatewayFee?.gateway === 'stripe' && o.refunds.length === 0,
    );
    sim.refund(stripe.id, 'one');
    const product = [...sim.products.values()].find(
      (p) => p.type === 'simple' && p.costs.length === 1 && p.costs[0]!.cost !== null,
    )!;
    sim.setProductCost(product.id, null);
    sim.muteWebhooks = false;
    await delivered(app, sim);
    expect((await call(app, 'POST', `${CONNECTIONS}/${id}/sync`)).status).toBe(202);
    await settle(app, id);
    await expectFacts();
    const history = await ctx()
      .db.kysely.selectFrom('product_costs')
      .select(['cost'])
      .where('product_id', '=', product.id)
      .orderBy('effective_from_gmt')
      .execute();
    expect(history.map((h) => h.cost)).toEqual([product.costs[0]!.cost! * UNITS, null]);
  });

  it('a store from before these facts gets them back by connecting the shop again', async () => {
    const { db } = ctx();
    const ids = (
      await db.kysely.selectFrom('orders').select('id').where('type', '=', 'order').execute()
    ).map((r) => Number(r.id));
    // As the store was before migrations 033 and 034: orders without the facts.
    const stripped = (await readOrderInputs(db, ids)).map(
      ({
        paymentMethod: _m,
        paymentMethodTitle: _t,
        createdVia: _v,
        attribution: _a,
        paymentFee: _f,
        ...o
      }) => ({
        ...o,
        lines: o.lines.map(({ cost: _c, ...l }) => l),
        refunds: o.refunds.map((r) => ({ ...r, lines: r.lines.map(({ cost: _c, ...l }) => l) })),
      }),
    );
    await ingestOrders(db, stripped);
    // Back to a store from before the facts (036's indexes are on 033's columns), and forward.
    await m036.down(db.kysely as never);
    await m034.down(db.kysely as never);
    await m033.down(db.kysely as never);
    await m033.up(db.kysely as never);
    await m034.up(db.kysely as never);
    await m036.up(db.kysely as never);
    expect(
      Number(
        (
          await db.kysely
            .selectFrom('orders')
            .select((e) => e.fn.countAll().as('n'))
            .where('payment_method', '<>', '')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    expect(
      (await call<{ deleted: boolean }>(app, 'DELETE', `${CONNECTIONS}/${id}`)).body.deleted,
    ).toBe(true);
    const again = await connectShop(app, sim);
    expect(again.status).toBe(201);
    id = again.body.id;
    await settle(app, id);
    // The shop says only today's costs: the first one seen counts since always.
    for (const p of sim.products.values()) p.costs = [{ from: 0, cost: p.costs.at(-1)!.cost }];
    await expectFacts();
    await expectShopTotals(app, sim);
  });
});
