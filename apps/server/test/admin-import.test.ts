import type { ImportStatusBody, ImportTotalsBody } from '@storelens/api';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { ANALYTICS_TABLES } from '../src/db/schema';
import { generateDemoStore } from '../src/demo/generate';
import { readOrderInputs } from '../src/ingest/import-source';
import { ingestOrders } from '../src/ingest/ingest';
import { toUnits } from '../src/money';
import { call, expectError } from './admin-helpers';
import { order, seedCatalog } from './fixtures';
import { buildTestApp, describeEachEngine } from './harness';
import { importJobs, startChild, waitFor } from './rebuild-helpers';

const IMPORT = '/wp-json/wc-analytics/reports/import';

/** Every analytics row, canonical and sorted, per table. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of ANALYTICS_TABLES) {
    const rows = await db.kysely.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(r)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
          ),
        ),
      )
      .sort();
  }
  return out;
}

const refundedOrder = order(4, {
  created: '2024-05-08 09:00:00',
  lines: [
    { id: 41, productId: 10, qty: 2, price: '40', tax: '3.20' },
    { id: 42, productId: 20, variationId: 21, qty: 1, price: '25', discount: '5' },
  ],
  shipping: '6',
  shippingTax: '0.60',
  coupon: { id: 900, code: 'five', amount: '5' },
  refunds: [
    {
      id: 400,
      dateCreatedGmt: '2024-05-10 12:00:00',
      lines: [
        { id: 401, orderItemId: 42, quantity: 1, total: toUnits('20'), tax: 0 },
        { id: 402, orderItemId: 41, quantity: 1, total: toUnits('40'), tax: toUnits('1.60') },
      ],
      shipping: toUnits('3'),
      shippingTax: toUnits('0.30'),
    },
  ],
});

describeEachEngine(
  'historical import: source reconstruction',
  (ctx) => {
    it('rebuilds the exact ingestion inputs from the source tables', async () => {
      const inputs = await readOrderInputs(ctx().db, [4, 5]);
      expect(inputs).toEqual([
        refundedOrder,
        order(5, { status: 'on-hold', customerId: 2, created: '2024-05-09 15:00:00', paid: null }),
      ]);
    });
  },
  async (db) => {
    await seedCatalog(db);
    await ingestOrders(db, [
      refundedOrder,
      order(5, { status: 'on-hold', customerId: 2, created: '2024-05-09 15:00:00', paid: null }),
    ]);
  },
);

describeEachEngine(
  'historical import: routes',
  (ctx) => {
    it('counts what an import would cover, by days and skip_existing', async () => {
      const app = ctx().app;
      const all = await call<ImportTotalsBody>(app, 'GET', `${IMPORT}/totals`);
      expect(all.status).toBe(200);
      expect(all.body.orders).toBeGreaterThan(100);
      expect(all.body.customers).toBeGreaterThan(10);
      const skip = await call<ImportTotalsBody>(app, 'GET', `${IMPORT}/totals?skip_existing=true`);
      expect(skip.body).toEqual({ orders: 0, customers: 0 });
      const recent = await call<ImportTotalsBody>(app, 'GET', `${IMPORT}/totals?days=0`);
      expect(recent.body.orders).toBeLessThan(all.body.orders);
    });

    it('delete empties the analytics tables; an import rebuilds them to the same rows', async () => {
      const { app, db } = ctx();
      const before = await snapshot(db);
      expect(before.order_stats!.length).toBeGreaterThan(0);
      const del = await call(app, 'POST', `${IMPORT}/delete`);
      expect(del.body).toMatchObject({ status: 'success' });
      for (const table of ANALYTICS_TABLES) expect((await snapshot(db))[table]).toEqual([]);

      const start = await call(app, 'POST', IMPORT, { skip_existing: false });
      expect(start.body).toMatchObject({ status: 'success' });
      const busy = await call(app, 'POST', IMPORT);
      expect(busy.body).toMatchObject({ status: 'error' });
      const status = await waitFor(
        async () => (await call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`)).body,
        (s) => !s.is_importing,
      );
      expect(status.imported_from).toBe(-1);
      expect(status.orders.imported).toBe(status.orders.total);
      expect(status.customers.imported).toBe(status.customers.total);
      expect(await snapshot(db)).toEqual(before);
    });

    it('after a delete the status says nothing is imported, not the previous import', async () => {
      const app = ctx().app;
      const statusNow = async () =>
        (await call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`)).body;
      const finished = await statusNow();
      expect(finished.orders.imported).toBeGreaterThan(0);
      await call(app, 'POST', `${IMPORT}/delete`);
      const empty = {
        customers: { imported: 0, total: 0 },
        orders: { imported: 0, total: 0 },
        imported_from: -1,
        is_importing: false,
      };
      expect(await statusNow()).toEqual(empty);
      // The next import reports its own progress, to the end.
      await call(app, 'POST', IMPORT, { skip_existing: false });
      const next = await waitFor(statusNow, (s) => !s.is_importing);
      expect(next.orders.total).toBe(finished.orders.total);
      expect(next.orders.imported).toBe(next.orders.total);
    });

    it('an import with days starts at local midnight that many days ago', async () => {
      const app = ctx().app;
      await call(app, 'POST', IMPORT, { days: 3, skip_existing: true });
      const status = (await call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`)).body;
      expect(status.imported_from).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
      await app.jobRunner.stop();
    });

    it('cancel stops a running import', async () => {
      const { db } = ctx();
      const app = await buildTestApp(db);
      await app.ready();
      await call(app, 'POST', `${IMPORT}/delete`);
      await call(app, 'POST', IMPORT);
      const cancel = await call(app, 'POST', `${IMPORT}/cancel`);
      expect(cancel.body).toMatchObject({ status: 'success' });
      const status = (await call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`)).body;
      expect(status.is_importing).toBe(false);
      expect(status.orders.imported).toBeLessThan(status.orders.total);
      await app.close();
    });

    it.each([
      ['POST', `${IMPORT}?days=-1`, undefined, 'days'],
      ['POST', IMPORT, { days: 'x' }, 'days'],
      ['POST', IMPORT, { skip_existing: 'maybe' }, 'skip_existing'],
      ['GET', `${IMPORT}/totals?days=abc`, undefined, 'days'],
    ] as const)(
      '%s %s rejects bad input with a 400 naming it',
      async (method, url, payload, param) => {
        expectError(await call(ctx().app, method, url, payload), 400, 'rest_invalid_param', param);
      },
    );
  },
  async (db) => {
    await generateDemoStore(db, { orders: 400, years: 1, seed: 3, end: '2024-06-30' });
  },
);

describeEachEngine(
  'historical import: killed mid-way, resumed after a restart',
  (ctx) => {
    it('finishes with no duplicate rows and the same rows as a clean import', async () => {
      const { db, engine } = ctx();
      const clean = await snapshot(db);
      const app = await buildTestApp(db);
      await call(app, 'POST', `${IMPORT}/delete`);
      await app.close();

      const progressOf = async () => (await importJobs(db))[0];
      const midway = await startChild('admin-import-child.ts', db, engine).killWhen(
        progressOf,
        (p) => (p?.orders.imported ?? 0) >= 100,
        60_000,
      );
      const killed = await progressOf();
      expect(killed!.status).toBe('running');
      expect(killed!.orders.imported).toBeLessThan(killed!.orders.total);
      expect(midway!.orders.total).toBe(killed!.orders.total);

      // Restart: the job resumes when the app is ready.
      const restarted = await buildTestApp(db);
      await restarted.ready();
      const done = await waitFor(progressOf, (p) => p?.status === 'done', 60_000);
      expect(done!.orders.imported).toBe(done!.orders.total);
      const status = (await call<ImportStatusBody>(restarted, 'GET', `${IMPORT}/status`)).body;
      expect(status.is_importing).toBe(false);
      await restarted.close();
      expect(await snapshot(db)).toEqual(clean);
    }, 240_000);
  },
  async (db) => {
    await generateDemoStore(db, { orders: 1000, years: 1, seed: 11, end: '2024-06-30' });
  },
);

describeEachEngine(
  'historical import: rebuild after a timezone change',
  (ctx) => {
    it('re-derives local dates and day buckets in the new zone', async () => {
      const { app, db } = ctx();
      await app.ready();
      const localOf = async () =>
        (
          await db.kysely
            .selectFrom('order_stats')
            .select(['order_id', 'date_created'])
            .orderBy('order_id')
            .execute()
        ).map((r) => [Number(r.order_id), r.date_created]);
      expect(await localOf()).toEqual([
        [4, '2024-05-08 09:00:00'],
        [5, '2024-05-09 15:00:00'],
        [400, '2024-05-10 12:00:00'],
      ]);
      const res = await call(app, 'POST', '/wp-json/wc-analytics/settings/general/batch', {
        update: [{ id: 'timezone_string', value: 'Asia/Kathmandu' }],
      });
      expect(res.status).toBe(200);
      const status = await waitFor(
        async () => (await call<ImportStatusBody>(app, 'GET', `${IMPORT}/status`)).body,
        (s) => !s.is_importing && s.orders.total > 0,
        60_000,
      );
      expect(status.orders).toEqual({ imported: 2, total: 2 });
      expect(await localOf()).toEqual([
        [4, '2024-05-08 14:45:00'],
        [5, '2024-05-09 20:45:00'],
        [400, '2024-05-10 17:45:00'],
      ]);
      const days = await db.kysely
        .selectFrom('revenue_day')
        .select('bucket')
        .where('date_kind', '=', 'created')
        .orderBy('bucket')
        .execute();
      expect(days.map((d) => d.bucket)).toEqual(['2024-05-08', '2024-05-09', '2024-05-10']);
    });
  },
  async (db) => {
    await seedCatalog(db);
    await ingestOrders(db, [
      refundedOrder,
      order(5, { status: 'on-hold', customerId: 2, created: '2024-05-09 15:00:00', paid: null }),
    ]);
  },
);
