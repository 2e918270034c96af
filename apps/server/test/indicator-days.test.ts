import { type OrderStatus, orderStatuses } from '@storelens/api';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reportContext } from '../src/analytics/context';
import { couponTotals, downloadTotal } from '../src/analytics/indicator-totals';
import type { Db } from '../src/db/database';
import { DOWNLOAD_COLUMNS } from '../src/db/schema';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { Random } from '../src/demo/random';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { readStoreSettings } from '../src/options';
import { order, seedCatalog, storeSettings } from './fixtures';
import { engines, freshStore } from './harness';

/*
 * download_day (migration 018) keeps the download log's count per local day through triggers,
 * whoever writes the log. After inserts (one row per statement, and a batch that PostgreSQL
 * writes with COPY), timestamp updates that move rows between days, and deletes, it must equal the
 * count taken from the log itself, and the downloads indicator (day rows for whole days, the
 * log for the partial hours) must equal a count of the log over the same range.
 */

function row(rnd: Random, id: number): unknown[] {
  const day = String(rnd.int(1, 12)).padStart(2, '0');
  const hour = String(rnd.int(0, 23)).padStart(2, '0');
  const at = `2024-05-${day} ${hour}:${String(rnd.int(0, 59)).padStart(2, '0')}:00`;
  return [id, `dl-${id}`, rnd.int(1, 5), 100 + id, 0, '10.0.0.1', at, at];
}

async function fromLog(db: Db) {
  const rows = await new RawSql(db.kysely, db.engine, db.sqlite).query<{
    day: string;
    n: number;
  }>(
    'SELECT substr(dl.timestamp, 1, 10) AS day, COUNT(*) AS n FROM download_log dl GROUP BY 1 ORDER BY 1',
  );
  return rows.map((r) => [r.day, Number(r.n)]);
}

async function fromRollup(db: Db) {
  const rows = await db.kysely.selectFrom('download_day').selectAll().orderBy('day').execute();
  return rows.map((r) => [r.day, Number(r.downloads)]);
}

for (const engine of engines) {
  describe(`download_day equals the download log's count per day [${engine}]`, () => {
    it('after inserts, timestamp updates and deletes, and answers the indicator', async () => {
      const store = await freshStore(engine);
      try {
        const { db } = store;
        const raw = new RawSql(db.kysely, db.engine, db.sqlite);
        const rnd = new Random(7);
        // One row per statement, then one batch large enough for COPY on PostgreSQL.
        for (let id = 1; id <= 20; id++)
          await raw.insertMany('download_log', DOWNLOAD_COLUMNS, [row(rnd, id)]);
        await raw.insertMany(
          'download_log',
          DOWNLOAD_COLUMNS,
          Array.from({ length: 2500 }, (_, i) => row(rnd, 100 + i)),
        );
        expect(await fromRollup(db)).toEqual(await fromLog(db));
        expect((await fromRollup(db)).length).toBeGreaterThan(5);

        // Rows moved to another day (one row, and many in one statement).
        await sql`UPDATE download_log SET timestamp = '2024-05-20 08:00:00' WHERE id = 3`.execute(
          db.kysely,
        );
        await sql`UPDATE download_log SET timestamp = '2024-05-21 23:30:00' WHERE id % 7 = 0`.execute(
          db.kysely,
        );
        expect(await fromRollup(db)).toEqual(await fromLog(db));

        // Deletes: some rows, then every row of one day (its day row goes).
        await sql`DELETE FROM download_log WHERE id % 5 = 0`.execute(db.kysely);
        await sql`DELETE FROM download_log WHERE timestamp >= '2024-05-21 00:00:00'`.execute(
          db.kysely,
        );
        const after = await fromRollup(db);
        expect(after).toEqual(await fromLog(db));
        expect(after.some(([day]) => day === '2024-05-21')).toBe(false);

        // The indicator over whole days and partial hours at both ends.
        const ctx = reportContext(db, await readStoreSettings(db));
        for (const [after, before] of [
          ['2024-05-01 00:00:00', '2024-05-31 23:59:59'],
          ['2024-05-02 10:30:00', '2024-05-09 17:14:59'],
          ['2024-05-03 04:00:00', '2024-05-03 04:59:59'],
        ] as const) {
          const [expected] = await raw.query<{ n: number }>(
            'SELECT COUNT(*) AS n FROM download_log dl WHERE dl.timestamp >= ? AND dl.timestamp <= ?',
            [after, before],
          );
          expect(await downloadTotal(ctx, { after, before }), `${after} ${before}`).toBe(
            Number(expected?.n),
          );
        }

        await sql`DELETE FROM download_log`.execute(db.kysely);
        expect(await fromRollup(db)).toEqual([]);
      } finally {
        await store.drop();
      }
    });
  });
}

/*
 * coupon_order_day (migration 018) counts, per date kind, local day and status, the orders
 * with a coupon row there, kept by triggers on order_coupon_lookup. After ingestion (batches,
 * orders changed to other statuses, dates and coupons, new/returning flips, removals) and after
 * a bulk load (the demo generator), it must equal the distinct orders of the coupon rows, and
 * the discounted-orders indicator must equal a distinct count over the range.
 */

const KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;

async function couponDaysFromRows(db: Db) {
  const raw = new RawSql(db.kysely, db.engine, db.sqlite);
  const out: string[] = [];
  for (const [kind, column] of KINDS) {
    const rows = await raw.query<{ day: string; status: string; n: number }>(
      `SELECT substr(c.${column}, 1, 10) AS day, c.status AS status, COUNT(DISTINCT c.order_id) AS n
       FROM order_coupon_lookup c WHERE c.${column} IS NOT NULL GROUP BY 1, 2`,
    );
    for (const r of rows) out.push(`${kind} ${r.day} ${r.status} ${Number(r.n)}`);
  }
  return out.sort();
}

async function couponDays(db: Db) {
  const rows = await db.kysely.selectFrom('coupon_order_day').selectAll().execute();
  return rows.map((r) => `${r.date_kind} ${r.day} ${r.status} ${Number(r.orders)}`).sort();
}

function couponOrder(rnd: Random, id: number): OrderInput {
  const status = rnd.pick([...orderStatuses] as OrderStatus[]);
  const day = rnd.int(1, 20);
  const at = (d: number, h: number) =>
    `2024-03-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}:00`;
  const base = order(id, {
    status,
    customerId: rnd.int(0, 4),
    created: at(day, rnd.int(0, 23)),
    paid: status === 'pending' ? null : at(day + rnd.int(0, 2), rnd.int(0, 23)),
    completed: status === 'completed' ? at(day + 3, rnd.int(0, 23)) : null,
    lines: [{ id: id * 10, productId: 10, qty: 1, price: '20' }],
  });
  // None, one or two coupons (two rows of one order count it once).
  const coupons = [900, 901].filter(() => rnd.chance(0.5));
  return {
    ...base,
    coupons: coupons.map((couponId) => ({ couponId, code: `c${couponId}`, discount: 10_000 })),
  };
}

/** The indicator's distinct orders equal a distinct count of the coupon rows, for each range. */
async function expectCouponTotals(db: Db) {
  const raw = new RawSql(db.kysely, db.engine, db.sqlite);
  const settings = await readStoreSettings(db);
  let counted = 0;
  for (const dateType of ['date_paid', 'date_created', 'date_completed'] as const) {
    const ctx = reportContext(db, settings, dateType);
    for (const [after, before] of [
      ['2024-03-01 00:00:00', '2024-03-31 23:59:59'],
      ['2024-03-04 10:30:00', '2024-03-15 17:14:59'],
    ] as const) {
      const excluded = settings.excludedStatuses.map((s) => `'${s}'`).join(',');
      const [expected] = await raw.query<{ n: number }>(
        `SELECT COUNT(DISTINCT c.order_id) AS n FROM order_coupon_lookup c
         WHERE c.${dateType} >= ? AND c.${dateType} <= ? AND c.status NOT IN (${excluded})`,
        [after, before],
      );
      const got = await couponTotals(ctx, { after, before });
      expect(got.orders_count, `${dateType} ${after}`).toBe(Number(expected?.n));
      counted += got.orders_count;
    }
  }
  expect(counted).toBeGreaterThan(20);
}

for (const engine of engines) {
  describe(`coupon_order_day equals the coupon rows' distinct orders [${engine}]`, () => {
    it('after ingestion, changes, flips and removals, and answers the indicator', async () => {
      const store = await freshStore(engine);
      try {
        const { db } = store;
        await storeSettings(db, 'Asia/Kathmandu');
        await seedCatalog(db);
        const rnd = new Random(11);
        const first = Array.from({ length: 120 }, (_, i) => couponOrder(rnd, 1000 + i));
        await ingestOrders(db, first.slice(0, 50));
        await ingestOrders(db, first.slice(50));
        expect(await couponDays(db)).toEqual(await couponDaysFromRows(db));
        // Changed orders: other statuses, dates, coupons and customers (orders flip between
        // new and returning, which updates their coupon rows), then removals.
        const changed = first.filter(() => rnd.chance(0.4)).map((o) => couponOrder(rnd, o.id));
        await ingestOrders(db, changed);
        expect(await couponDays(db)).toEqual(await couponDaysFromRows(db));
        await ingestOrders(
          db,
          [],
          first.filter(() => rnd.chance(0.15)).map((o) => o.id),
        );
        // Rows updated in place: every coupon row of some orders moved to another status and
        // day (an order's rows share its dates and status), one row after the other.
        await sql`UPDATE order_coupon_lookup SET status = 'refunded', date_paid = '2024-03-25 12:00:00'
          WHERE order_id % 3 = 0`.execute(db.kysely);
        const days = await couponDays(db);
        expect(days).toEqual(await couponDaysFromRows(db));
        expect(days.length).toBeGreaterThan(20);
        await expectCouponTotals(db);
      } finally {
        await store.drop();
      }
    });

    it('after a bulk load', async () => {
      const store = await freshStore(engine);
      try {
        const { db } = store;
        await generateDemoStore(db, {
          orders: 2500,
          end: '2024-03-31',
          years: 0.1,
          seed: 5,
          batch: 2500,
        });
        const days = await couponDays(db);
        expect(days.length).toBeGreaterThan(20);
        expect(days).toEqual(await couponDaysFromRows(db));
        const downloads = await db.kysely
          .selectFrom('download_day')
          .selectAll()
          .orderBy('day')
          .execute();
        expect(downloads.map((r) => [r.day, Number(r.downloads)])).toEqual(await fromLog(db));
        expect(downloads.length).toBeGreaterThan(5);
        await expectCouponTotals(db);
      } finally {
        await store.drop();
      }
    });
  });
}
