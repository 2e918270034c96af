import type { CustomersListRow } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { zone } from '../src/timezone';
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
import { latestOrderGmt } from './rebuild-helpers';
import { type SimOrder, WooSimulator } from './woo-simulator';

/*
 * A customer's last active date is their latest order's creation date (refunds are not
 * activity), as WooCommerce's customer lookup keeps it (Customers\DataStore::sync_order_customer
 * moves it to an order's date when the order is the customer's latest). Orders that came
 * through the connector (its import, webhooks, reconciliation) never set it: only an import of
 * the store's own orders or a rebuild did, so a connected shop's customers stayed as the
 * import left them (most with no date at all) and the Customers report's last-active sort and
 * filters did not see a new order.
 */

const CUSTOMERS = '/wp-json/wc-analytics/reports/customers';
const iso = (v: string | null | undefined) => (v ? v.replace(' ', 'T') : (v ?? null));
const gmtOf = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Per customer with orders: the stored last active dates, and what their orders give. */
async function activity(db: Db) {
  const toLocal = zone(
    JSON.parse(
      (await db.kysely
        .selectFrom('options')
        .select('value')
        .where('name', '=', 'timezone_string')
        .executeTakeFirstOrThrow())!.value,
    ) as string,
  ).toLocal;
  const latest = await latestOrderGmt(db);
  const stored = new Map(
    (
      await db.kysely
        .selectFrom('customers')
        .select(['id', 'date_last_active', 'date_last_active_gmt'])
        .execute()
    ).map((c) => [Number(c.id), c]),
  );
  return [...latest].map(([id, gmt]) => {
    const c = stored.get(id);
    return {
      id,
      stored: [c?.date_last_active ?? null, c?.date_last_active_gmt ?? null],
      want: [toLocal(gmt), gmt],
    };
  });
}

/** Every customer with orders has their latest order's date as last active. */
async function expectActivity(db: Db) {
  const all = await activity(db);
  expect(all.length).toBeGreaterThan(10);
  const wrong = all.filter((a) => JSON.stringify(a.stored) !== JSON.stringify(a.want));
  expect({ customers: all.length, wrong: wrong.slice(0, 3) }).toEqual({
    customers: all.length,
    wrong: [],
  });
}

/** The store's customer of an order the connector applied. */
async function customerOf(db: Db, order: SimOrder) {
  const row = await db.kysely
    .selectFrom('orders')
    .select('customer_id')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  return Number(row.customer_id);
}

describeEachEngine('connector orders and the customers’ last active dates', (ctx) => {
  let sim: WooSimulator;
  let app: FastifyInstance;
  let id = 0;

  beforeAll(async () => {
    sim = await new WooSimulator({ seed: 23 }).start();
    sim.generate(150);
    app = await listeningApp(ctx().db);
    const res = await connectShop(app, sim);
    expect(res.status).toBe(201);
    id = res.body.id;
    await settle(app, id);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  /** The Customers report's most recently active customer. */
  const mostRecent = async () => {
    const res = await call<CustomersListRow[]>(
      app,
      'GET',
      `${CUSTOMERS}?orderby=date_last_active&order=desc&per_page=1`,
    );
    expect(res.status).toBe(200);
    return res.body[0]!;
  };

  it("the shop's import sets each customer's last active date from their latest order", async () => {
    await expectShopTotals(app, sim);
    await expectActivity(ctx().db);
  });

  it('a new order delivered by webhook makes its customer the latest active', async () => {
    const { db } = ctx();
    const toLocal = zone('Europe/Paris').toLocal;
    const order = sim.newOrder();
    await delivered(app, sim);
    await expectShopTotals(app, sim);
    const customer = await customerOf(db, order);
    expect(customer).toBeGreaterThan(0);
    const gmt = gmtOf(order.created);
    expect((await activity(db)).find((a) => a.id === customer)?.stored).toEqual([
      toLocal(gmt),
      gmt,
    ]);
    expect(await mostRecent()).toMatchObject({
      id: customer,
      date_last_active: iso(toLocal(gmt)),
    });
    // A change to an older order of another customer moves nobody's date.
    const older = sim.find(
      (o) => o.status === 'processing' && o.customer_id > 0 && o.customer_id !== order.customer_id,
    );
    sim.setStatus(older.id, 'completed');
    await delivered(app, sim);
    expect((await mostRecent()).id).toBe(customer);
    await expectActivity(db);
  });

  it('reconciliation brings an order the webhooks lost, and its customer’s date with it', async () => {
    const { db } = ctx();
    sim.muteWebhooks = true;
    const order = sim.newOrder();
    sim.muteWebhooks = false;
    expect((await call(app, 'POST', `${CONNECTIONS}/${id}/sync`)).status).toBe(202);
    await settle(app, id);
    await expectShopTotals(app, sim);
    const customer = await customerOf(db, order);
    const gmt = gmtOf(order.created);
    expect(await mostRecent()).toMatchObject({
      id: customer,
      date_last_active: iso(zone('Europe/Paris').toLocal(gmt)),
    });
    await expectActivity(db);

    // Trashed, the order leaves its customer's activity: their latest remaining order's
    // date, as an import of the store's orders gives it.
    sim.trash(order.id);
    await delivered(app, sim);
    await expectShopTotals(app, sim);
    await expectActivity(db);
    expect((await activity(db)).find((a) => a.id === customer)?.stored[1] ?? null).not.toBe(gmt);
  });
});
