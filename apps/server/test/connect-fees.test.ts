import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as m029 from '../src/db/migrations/029_order_fee_lines';
import { readOrderInputs } from '../src/ingest/import-source';
import { ingestOrders } from '../src/ingest/ingest';
import { setOptions } from '../src/options';
import { call } from './admin-helpers';
import {
  CONNECTIONS,
  connectShop,
  delivered,
  expectShopTotals,
  listeningApp,
  reportTotals,
  settle,
  waitFor,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import type { WooSimulator as Sim } from './woo-simulator';
import { WooSimulator } from './woo-simulator';

/*
 * A shop whose orders carry fee lines (a taxed cash-on-delivery surcharge, taxed gift
 * wrapping, negative loyalty fees), refunds that give fees back, and products in the trash:
 * after the import, webhooks and a reconciliation, every report equals the simulator's own
 * figures, computed as WooCommerce computes them (woo-simulator.ts: statsRows, taxTotals,
 * categoryTotals), to the cent.
 */

const ALL = 'after=2000-01-01T00:00:00&before=2030-12-31T23:59:59&force_cache_refresh=true';
const cents = (v: number | undefined) => Math.round((v ?? 0) * 100);

/** Every row of a list report, all pages. */
async function listAll<T>(app: FastifyInstance, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await call<T[]>(
      app,
      'GET',
      `/wp-json/wc-analytics/reports/${path}?${ALL}&per_page=100&page=${page}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body);
    if (res.body.length < 100) return out;
  }
}

/** Revenue, the orders list, taxes and categories equal the shop's own figures. */
async function expectEveryReport(app: FastifyInstance, sim: Sim) {
  await expectShopTotals(app, sim);
  const rows = sim.statsRows();
  const sumOf = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
  const revenue = await call<{ totals: Record<string, number> }>(
    app,
    'GET',
    `/wp-json/wc-analytics/reports/revenue/stats?${ALL}&interval=year&date_type=date_created&per_page=100`,
  );
  const t = revenue.body.totals;
  expect({
    total_sales: cents(t.total_sales),
    net_revenue: cents(t.net_revenue),
    taxes: cents(t.taxes),
    shipping: cents(t.shipping),
    refunds: cents(t.refunds),
  }).toEqual({
    total_sales: sumOf((r) => r.total_sales),
    net_revenue: sumOf((r) => r.net_total),
    taxes: sumOf((r) => r.tax_total),
    shipping: sumOf((r) => r.shipping_total),
    refunds: sumOf((r) => (r.net_total < 0 ? -r.net_total : 0)),
  });

  const listed = await listAll<{
    order_id: number;
    parent_id: number;
    net_total: number;
    total_sales: number;
    num_items_sold: number;
    fee_total: number;
  }>(app, 'orders');
  const shape = (r: {
    order_id: number;
    parent_id: number;
    net_total: number;
    total_sales: number;
    num_items_sold: number;
    fees: number;
  }) => [r.order_id, r.parent_id, r.net_total, r.total_sales, r.num_items_sold, r.fees];
  expect(
    listed
      .map((r) =>
        shape({
          ...r,
          net_total: cents(r.net_total),
          total_sales: cents(r.total_sales),
          fees: cents(r.fee_total),
        }),
      )
      .sort((a, b) => a[0]! - b[0]!),
  ).toEqual(rows.map(shape).sort((a, b) => a[0]! - b[0]!));

  const taxes = await listAll<{
    tax_rate_id: number;
    order_tax: number;
    shipping_tax: number;
    total_tax: number;
    orders_count: number;
  }>(app, 'taxes');
  expect(
    new Map(
      taxes.map((r) => [
        r.tax_rate_id,
        {
          order_tax: cents(r.order_tax),
          shipping_tax: cents(r.shipping_tax),
          total_tax: cents(r.total_tax),
          orders_count: r.orders_count,
        },
      ]),
    ),
  ).toEqual(sim.taxTotals());

  const categories = await listAll<{
    category_id: number;
    items_sold: number;
    net_revenue: number;
    orders_count: number;
  }>(app, 'categories');
  expect(
    new Map(
      categories.map((r) => [
        r.category_id,
        {
          items_sold: r.items_sold,
          net_revenue: cents(r.net_revenue),
          orders_count: r.orders_count,
        },
      ]),
    ),
  ).toEqual(sim.categoryTotals());
}

describeEachEngine('a shop with fee lines and trashed products, to the cent', (ctx) => {
  let sim: WooSimulator;
  let app: FastifyInstance;
  let id = 0;
  const counted = (status: string) => !['pending', 'failed', 'cancelled', 'trash'].includes(status);
  /** A simple product sold in counted orders, not yet trashed. */
  const soldProduct = (except: readonly number[] = []) =>
    [...sim.products.values()].find(
      (p) =>
        p.type === 'simple' &&
        !p.deleted &&
        !except.includes(p.id) &&
        [...sim.orders.values()].some(
          (o) => counted(o.status) && o.lines.some((l) => l.product_id === p.id),
        ),
    )!;
  const productRow = (productId: number) =>
    ctx()
      .db.kysely.selectFrom('products')
      .select(['status'])
      .where('id', '=', productId)
      .executeTakeFirst();
  const categoryLinks = async (productId: number) =>
    (
      await ctx()
        .db.kysely.selectFrom('product_categories')
        .select('category_id')
        .where('product_id', '=', productId)
        .execute()
    )
      .map((r) => Number(r.category_id))
      .sort();
  let trashedFirst = 0;

  beforeAll(async () => {
    sim = await new WooSimulator({ seed: 23 }).start();
    sim.generate(240);
    // In the trash before Storelens ever sees the shop: `status=any` does not list it.
    trashedFirst = soldProduct().id;
    sim.trashProduct(trashedFirst);
    await setOptions(ctx().db, { woocommerce_date_type: 'date_created' });
    app = await listeningApp(ctx().db);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('imports fees, fee refunds and products in the trash: every report is the shop’s', async () => {
    const orders = [...sim.orders.values()];
    // The shop has every kind of fee, and refunds that give fees back.
    expect(orders.some((o) => o.fees.some((f) => f.total > 0 && f.tax > 0))).toBe(true);
    expect(orders.some((o) => o.fees.some((f) => f.total < 0))).toBe(true);
    expect(orders.some((o) => o.refunds.some((r) => r.fees.length > 0))).toBe(true);
    const connected = await connectShop(app, sim);
    expect(connected.status).toBe(201);
    id = connected.body.id;
    const view = await settle(app, id);
    await waitFor(
      async () =>
        (
          await call<{ is_importing: boolean }>(
            app,
            'GET',
            '/wp-json/wc-analytics/reports/import/status',
          )
        ).body,
      (status) => !status.is_importing,
    );
    // The trashed product was read from the `status=trash` listing, with its categories.
    expect(view.progress.products!.total).toBe(12);
    expect((await productRow(trashedFirst))?.status).toBe('trash');
    expect(await categoryLinks(trashedFirst)).toEqual(
      [...sim.products.get(trashedFirst)!.categories].sort(),
    );
    await expectEveryReport(app, sim);
    // An order's fees are on its row of the Orders report.
    const withFees =
      orders.find((o) => counted(o.status) && o.fees.length > 1) ??
      orders.find((o) => counted(o.status) && o.fees.length > 0)!;
    const [row] = (
      await call<
        {
          order_id: number;
          fee_total: number;
          fees: { name: string; total: number; total_tax: number }[];
        }[]
      >(app, 'GET', `/wp-json/wc-analytics/reports/orders?${ALL}&order_includes=${withFees.id}`)
    ).body.filter((r) => r.order_id === withFees.id);
    expect(row!.fees).toEqual(
      withFees.fees.map((f) => ({
        id: f.id,
        name: f.name,
        total: f.total / 100,
        total_tax: f.tax / 100,
      })),
    );
  });

  it('applies webhooks: fees given back, a full refund, a product trashed and restored', async () => {
    const feeOrder = sim.find(
      (o) => o.status === 'completed' && o.refunds.length === 0 && o.fees.some((f) => f.total > 0),
    );
    sim.refund(feeOrder.id, 'fee');
    await delivered(app, sim);
    await expectEveryReport(app, sim);

    const full = sim.find(
      (o) => o.status === 'processing' && o.refunds.length === 0 && o.fees.length > 0,
    );
    sim.refund(full.id, 'all');
    await delivered(app, sim);
    await expectEveryReport(app, sim);

    const trashed = soldProduct([trashedFirst]).id;
    sim.trashProduct(trashed);
    await delivered(app, sim);
    expect((await productRow(trashed))?.status).toBe('trash');
    await expectEveryReport(app, sim);

    sim.restoreProduct(trashedFirst);
    await delivered(app, sim);
    expect((await productRow(trashedFirst))?.status).toBe('publish');
    await expectEveryReport(app, sim);

    for (let i = 0; i < 6; i++) sim.newOrder();
    await delivered(app, sim);
    await expectEveryReport(app, sim);
  });

  it('reconciliation brings a fee given back and a product trashed while webhooks were lost', async () => {
    sim.muteWebhooks = true;
    const feeOrder = sim.find(
      (o) => o.status === 'completed' && o.refunds.length === 0 && o.fees.some((f) => f.total > 0),
    );
    sim.refund(feeOrder.id, 'fee');
    const trashed = soldProduct([trashedFirst]).id;
    sim.trashProduct(trashed);
    sim.muteWebhooks = false;
    await delivered(app, sim);
    expect((await productRow(trashed))?.status).toBe('publish');

    expect((await call(app, 'POST', `${CONNECTIONS}/${id}/sync`)).status).toBe(202);
    await settle(app, id);
    expect((await productRow(trashed))?.status).toBe('trash');
    await expectEveryReport(app, sim);
  });

  it('a store from before fee lines gets every fee back by connecting the shop again', async () => {
    const { db } = ctx();
    // As the store was before migration 029: its orders ingested without fees, no fee table.
    const ids = (
      await db.kysely.selectFrom('orders').select('id').where('type', '=', 'order').execute()
    ).map((r) => Number(r.id));
    const stripped = (await readOrderInputs(db, ids)).map(({ fees: _f, ...o }) => ({
      ...o,
      refunds: o.refunds.map(({ fees: _g, ...r }) => r),
    }));
    await ingestOrders(db, stripped);
    expect(await reportTotals(app)).not.toEqual(sim.totals());
    await db.kysely.schema.dropTable('order_fee_lines').execute();
    await m029.up(db.kysely as never);
    expect(
      (await call<{ deleted: boolean }>(app, 'DELETE', `${CONNECTIONS}/${id}`)).body.deleted,
    ).toBe(true);
    const again = await connectShop(app, sim);
    expect(again.status).toBe(201);
    id = again.body.id;
    await settle(app, id);
    await expectEveryReport(app, sim);
  });
});
