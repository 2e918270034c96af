import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deferItemVisits, recountItemVisits, VISITS_STALE_OPTION } from '../src/ingest/item-visits';
import { getOptions } from '../src/options';
import { bootSettings } from '../src/web';
import { call, expectError } from './admin-helpers';
import {
  CONNECTIONS,
  delivered,
  expectShopTotals,
  listeningApp,
  reportTotals,
  settle,
  type View,
  waitFor,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

describeEachEngine('connect a WooCommerce shop: import, webhooks, reconciliation', (ctx) => {
  let sim: WooSimulator;
  let app: FastifyInstance;
  let id = 0;

  beforeAll(async () => {
    sim = await new WooSimulator({ seed: 11 }).start();
    sim.generate(260);
    app = await listeningApp(ctx().db);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    url: sim.url,
    consumer_key: 'ck_test',
    consumer_secret: 'cs_test',
    ...extra,
  });

  it('refuses bad input and shops it cannot use, naming why', async () => {
    expectError(
      await call(app, 'POST', CONNECTIONS, { url: 'ftp://x' }),
      400,
      'rest_invalid_param',
      'url',
    );
    expectError(
      await call(app, 'POST', CONNECTIONS, { url: sim.url }),
      400,
      'rest_invalid_param',
      'consumer_key',
    );
    expectError(
      await call(app, 'POST', CONNECTIONS, body({ url: 'http://127.0.0.1:1' })),
      400,
      'storelens_connection_unreachable',
    );
    const plain = await new WooSimulator({ wordpress: false }).start();
    const bare = await new WooSimulator({ woocommerce: false }).start();
    try {
      const notWp = await call<{ message: string }>(
        app,
        'POST',
        CONNECTIONS,
        body({ url: plain.url }),
      );
      expectError(notWp, 400, 'storelens_connection_not_woocommerce');
      expect(notWp.body.message).toContain('not a WordPress site');
      const noWc = await call<{ message: string }>(
        app,
        'POST',
        CONNECTIONS,
        body({ url: bare.url }),
      );
      expectError(noWc, 400, 'storelens_connection_not_woocommerce');
      expect(noWc.body.message).toContain('WooCommerce REST API');
    } finally {
      await plain.close();
      await bare.close();
    }
    expectError(
      await call(app, 'POST', CONNECTIONS, body({ consumer_secret: 'cs_wrong' })),
      400,
      'storelens_connection_unauthorized',
    );
    expect((await call<View[]>(app, 'GET', CONNECTIONS)).body).toEqual([]);
  });

  it('imports the whole shop through faults, with few requests in flight, to the cent', async () => {
    sim.faults = [429, 503, 'hang', 502];
    sim.every = { n: 9, fault: 504 };
    sim.retryAfterSeconds = 0.05;
    const res = await call<View & { store: Record<string, string> }>(
      app,
      'POST',
      CONNECTIONS,
      body(),
    );
    expect(res.status).toBe(201);
    expect(res.body.store).toEqual({
      name: 'Simulated Shop',
      wc_version: '9.4.2',
      currency: 'USD',
      timezone: 'Europe/Paris',
    });
    id = res.body.id;
    const view = await settle(app, id);
    sim.every = null;
    expect(sim.maxInFlight).toBeLessThanOrEqual(5);
    expect(view.progress.orders).toEqual({ done: 260, total: 260 });
    expect(view.progress.products!.total).toBe(12);
    expect(view.progress.variations!.total).toBe(3);
    expect(view.progress.customers).toEqual({ done: 25, total: 25 });
    expect(view.webhooks).toHaveLength(15);
    expect(view.webhooks.every((w) => w.status === 'active')).toBe(true);
    expect(view.errors.some((e) => /HTTP 50|429|no answer/.test(e.message))).toBe(true);
    const { db } = ctx();
    const [row] = (await db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('type', '=', 'order')
      .execute()) as { n: number }[];
    expect(Number(row!.n)).toBe(260);
    // The import counted the item visits once, at its end (ingest/item-visits.ts): none are
    // left stale, and they are the rows a count from scratch gives.
    const visits = async () =>
      (await db.kysely.selectFrom('item_visits').selectAll().execute())
        .map((r) => JSON.stringify(r))
        .sort();
    const stale = await db.kysely
      .selectFrom('options')
      .select('name')
      .where('name', '=', VISITS_STALE_OPTION)
      .executeTakeFirst();
    expect(stale).toBeUndefined();
    const counted = await visits();
    expect(counted.length).toBeGreaterThan(0);
    await deferItemVisits(db);
    await recountItemVisits(db);
    expect(await visits()).toEqual(counted);
    // The shop's settings became the store's.
    const zone = await db.kysely
      .selectFrom('options')
      .select('value')
      .where('name', '=', 'timezone_string')
      .executeTakeFirst();
    expect(JSON.parse(zone!.value)).toBe('Europe/Paris');
    await expectShopTotals(app, sim);
    // An order in another currency is kept, summed as WooCommerce sums it, and flagged.
    const euro = sim.find(
      (o) => o.currency === 'EUR' && !['pending', 'failed', 'cancelled'].includes(o.status),
    );
    const listed = await call<{ order_id: number; currency: string; other_currency: boolean }[]>(
      app,
      'GET',
      `/wp-json/wc-analytics/reports/orders?after=2000-01-01T00:00:00&before=2030-12-31T23:59:59&per_page=100&order_includes=${euro.id}`,
    );
    expect(listed.body, JSON.stringify(listed.body)).toBeInstanceOf(Array);
    expect(listed.body.find((r) => r.order_id === euro.id)).toMatchObject({
      currency: 'EUR',
      other_currency: true,
    });
    const usd = sim.find((o) => o.currency === 'USD' && o.status === 'completed');
    const plain = await call<{ order_id: number; currency: string; other_currency: boolean }[]>(
      app,
      'GET',
      `/wp-json/wc-analytics/reports/orders?after=2000-01-01T00:00:00&before=2030-12-31T23:59:59&per_page=100&order_includes=${usd.id}`,
    );
    expect(plain.body.find((r) => r.order_id === usd.id)).toMatchObject({
      currency: 'USD',
      other_currency: false,
    });
  });

  it('applies signed webhooks: status, refunds, an edited line, trash and restore, a new order', async () => {
    const pending = sim.find((o) => o.status === 'pending');
    sim.setStatus(pending.id, 'processing');
    await delivered(app, sim);
    await expectShopTotals(app, sim);

    const completed = sim.find(
      (o) => o.status === 'completed' && o.refunds.length === 0 && o.lines[0]!.qty > 1,
    );
    sim.refund(completed.id, 'one');
    await delivered(app, sim);
    await expectShopTotals(app, sim);

    sim.refund(completed.id, 'amount', 123);
    await delivered(app, sim);
    await expectShopTotals(app, sim);

    const other = sim.find(
      (o) => o.status === 'processing' && o.refunds.length === 0 && o.id !== pending.id,
    );
    sim.refund(other.id, 'all');
    await delivered(app, sim);
    await expectShopTotals(app, sim);

    const edited = sim.find((o) => o.status === 'completed' && o.refunds.length === 0);
    sim.editLine(edited.id);
    await delivered(app, sim);
    await expectShopTotals(app, sim);

    const before = await reportTotals(app);
    sim.trash(edited.id);
    await delivered(app, sim);
    await expectShopTotals(app, sim);
    expect((await reportTotals(app)).orders_count).toBe(before.orders_count! - 1);
    sim.restore(edited.id);
    await delivered(app, sim);
    await expectShopTotals(app, sim);
    expect(await reportTotals(app)).toEqual(before);

    sim.newOrder();
    await delivered(app, sim);
    await expectShopTotals(app, sim);
    const view = (await call<View>(app, 'GET', `${CONNECTIONS}/${id}`)).body;
    expect(view.last_change_gmt).not.toBeNull();
  });

  it('refuses bad signatures, drops replays and malformed deliveries: nothing changes', async () => {
    const before = await reportTotals(app);
    const w = sim.webhookFor('order.updated')!;
    const o = sim.find((x) => x.status === 'completed');
    const changed = {
      ...sim.orderJson(o),
      status: 'cancelled',
      date_modified_gmt: '2030-01-01T00:00:00',
    };
    const text = JSON.stringify(changed);
    expect(await sim.send(w, 'order.updated', text, 'forged-1', 'AAAA')).toBe(401);
    expect(await sim.send(w, 'order.updated', text, 'forged-2', '')).toBe(401);
    const hook = `${CONNECTIONS.replace('connections', 'webhooks/woocommerce')}/${id}`;
    const unsigned = await app.inject({
      method: 'POST',
      url: hook,
      headers: { 'content-type': 'application/json', 'x-wc-webhook-topic': 'order.updated' },
      payload: text,
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed with the right secret but not JSON, or naming no record.
    expect(await sim.send(w, 'order.updated', '{"id": 12', 'bad-json')).toBe(400);
    expect(await sim.send(w, 'order.updated', '{"nothing": true}', 'no-id')).toBe(400);
    // The ping WooCommerce sends when a webhook is saved is answered and ignored.
    const ping = await app.inject({
      method: 'POST',
      url: hook,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `webhook_id=${w.id}`,
    });
    expect(ping.statusCode).toBe(200);
    await delivered(app, sim);
    expect(await reportTotals(app)).toEqual(before);

    // A real delivery, then its replay: applied once. An older state of the order, delivered
    // late under a new delivery id, does not overwrite the newer one.
    sim.setStatus(o.id, 'on-hold');
    await delivered(app, sim);
    await expectShopTotals(app, sim);
    const current = JSON.stringify(sim.orderJson(o));
    const first = await sim.send(w, 'order.updated', current, 'replayed');
    expect(first).toBe(202);
    expect(await sim.send(w, 'order.updated', current, 'replayed')).toBe(200);
    const stale = JSON.stringify({
      ...sim.orderJson(o),
      status: 'completed',
      date_modified_gmt: '2020-01-01T00:00:00',
    });
    expect(await sim.send(w, 'order.updated', stale, 'stale-1')).toBe(202);
    await delivered(app, sim);
    await expectShopTotals(app, sim);
  });

  it('reconciliation brings missed changes and re-enables a webhook the shop disabled', async () => {
    sim.muteWebhooks = true;
    const o = sim.find((x) => x.status === 'completed' && x.refunds.length === 0);
    sim.refund(o.id, 'one');
    const gone = sim.find((x) => x.status === 'processing');
    sim.trash(gone.id);
    sim.newOrder();
    sim.webhookFor('order.updated')!.status = 'disabled';
    sim.muteWebhooks = false;
    await delivered(app, sim);
    expect(await reportTotals(app)).not.toEqual(sim.totals());

    const sync = await call<View>(app, 'POST', `${CONNECTIONS}/${id}/sync`);
    expect(sync.status).toBe(202);
    const view = await settle(app, id);
    expect(view.last_reconciled_gmt).not.toBeNull();
    await expectShopTotals(app, sim);
    expect(sim.webhookFor('order.updated')!.status).toBe('active');
    expect(view.errors.some((e) => e.message.includes('order.updated'))).toBe(true);
  });

  it('reads the shop’s settings again at each reconciliation, so a change reaches the dashboard', async () => {
    const settingsOf = async () =>
      (
        await call<Record<string, unknown>>(
          app,
          'GET',
          '/wp-json/wc-admin/options?options=woocommerce_currency,timezone_string,start_of_week',
        )
      ).body;
    expect(await settingsOf()).toEqual({
      woocommerce_currency: 'USD',
      timezone_string: 'Europe/Paris',
      start_of_week: 0,
    });
    sim.opts.currency = 'EUR';
    sim.opts.timezone = 'Asia/Tokyo';
    sim.opts.startOfWeek = 3;
    sim.opts.name = 'Renamed Shop';
    expect((await call(app, 'POST', `${CONNECTIONS}/${id}/sync`)).status).toBe(202);
    const view = await settle(app, id);
    expect(await settingsOf()).toEqual({
      woocommerce_currency: 'EUR',
      timezone_string: 'Asia/Tokyo',
      start_of_week: 3,
    });
    // The dashboard reads them from its boot settings, the shop's new name too.
    const boot = await bootSettings(ctx().db);
    expect(boot.currency.code).toBe('EUR');
    expect(boot.timezone).toBe('Asia/Tokyo');
    expect(boot.startOfWeek).toBe(3);
    expect(boot.connectedShop).toEqual({
      name: 'Renamed Shop',
      url: sim.url,
      downloadLog: false,
      canWrite: true,
    });
    expect(view.errors.some((e) => e.message.startsWith('shop settings'))).toBe(false);
    // A new zone rebuilds the local dates, as a zone change in Analytics settings does; the
    // totals stay the shop's.
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
    await expectShopTotals(app, sim);
    // Unchanged settings write nothing: a second reconciliation leaves them as they are.
    await call(app, 'POST', `${CONNECTIONS}/${id}/sync`);
    await settle(app, id);
    expect(await settingsOf()).toEqual({
      woocommerce_currency: 'EUR',
      timezone_string: 'Asia/Tokyo',
      start_of_week: 3,
    });
  });

  it('pauses and resumes, and disconnecting removes the webhooks but keeps the data', async () => {
    expect((await call<View>(app, 'POST', `${CONNECTIONS}/${id}/pause`)).body.status).toBe(
      'paused',
    );
    expectError(
      await call(app, 'POST', `${CONNECTIONS}/${id}/sync`),
      400,
      'storelens_connection_busy',
    );
    await call(app, 'POST', `${CONNECTIONS}/${id}/resume`);
    await settle(app, id);
    const before = await reportTotals(app);
    // The connected shop is the server's own option: read from the store, not the options API.
    const shopOption = async () =>
      (await getOptions(ctx().db, ['storelens_connected_shop'])).get('storelens_connected_shop');
    expect(await shopOption()).toEqual({
      name: 'Renamed Shop',
      url: sim.url,
      download_log: false,
    });
    const res = await call<{ deleted: boolean }>(app, 'DELETE', `${CONNECTIONS}/${id}`);
    expect(res.body.deleted).toBe(true);
    expect(sim.webhooks.size).toBe(0);
    expect((await call(app, 'GET', `${CONNECTIONS}/${id}`)).status).toBe(404);
    expect(await reportTotals(app)).toEqual(before);
    expect(await shopOption()).toBeUndefined();
    expect((await bootSettings(ctx().db)).connectedShop).toBeUndefined();
  });
});
