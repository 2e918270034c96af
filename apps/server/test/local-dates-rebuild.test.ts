import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { storeReportContext } from '../src/analytics/context';
import { searchOrders } from '../src/analytics/pickers/orders';
import type { Db } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import { importTotals } from '../src/ingest/import-job';
import { formatSqlUtc, parseSqlUtc, zone } from '../src/timezone';
import { call } from './admin-helpers';
import { describeEachEngine } from './harness';
import { killRebuildMidway, rebuilt, resumeRebuild } from './rebuild-helpers';

/*
 * Every local date the store keeps is its GMT twin in the shop's zone. A time-zone rebuild set
 * the orders' (its batches rewrite them) and the customers' (its swap) again, but left the
 * products', coupons', download log's, notes' and reviews' in the old zone: the Downloads
 * report counted each download on its old local day, the coupons and products answered their
 * old local creation dates. The swap now sets them all from the GMT dates, in its transaction;
 * a rebuild killed mid-way leaves every one in the old zone (the orders picker too, whose
 * orders the killed batches had rewritten), and resumed, none.
 */

const SETTINGS = '/wp-json/wc-analytics/settings/general/timezone_string';
const BASE = '/wp-json/wc-analytics';

/** The local date columns of each source table, with their GMT twins. */
const TABLES = {
  products: [['date_created', 'date_created_gmt']],
  coupons: [
    ['date_created', 'date_created_gmt'],
    ['date_expires', 'date_expires_gmt'],
  ],
  download_log: [['timestamp', 'timestamp_gmt']],
  admin_notes: [
    ['date_created', 'date_created_gmt'],
    ['date_reminder', 'date_reminder_gmt'],
  ],
  product_reviews: [['date_created', 'date_created_gmt']],
  orders: [
    ['date_created', 'date_created_gmt'],
    ['date_paid', 'date_paid_gmt'],
    ['date_completed', 'date_completed_gmt'],
  ],
} as const;
type Table = keyof typeof TABLES;

type Row = Record<string, string | null> & { id: number };

async function readRows(db: Db, table: Table): Promise<Row[]> {
  const columns = TABLES[table].flat();
  const rows = await db.kysely
    .selectFrom(table)
    .select(['id', ...columns] as never)
    .orderBy('id')
    .execute();
  return (rows as Row[]).map((r) => ({ ...r, id: Number(r.id) }) as Row);
}

/** Per table: how many rows, and those whose local dates are not their GMT ones in `tz`. */
async function notIn(db: Db, tz: string, tables = Object.keys(TABLES) as Table[]) {
  const toLocal = zone(tz).toLocal;
  const out: Record<string, { rows: number; wrong: number; sample: Row[] }> = {};
  for (const table of tables) {
    const rows = await readRows(db, table);
    const wrong = rows.filter((r) =>
      TABLES[table].some(([local, gmt]) => r[local] !== (r[gmt] ? toLocal(r[gmt]) : r[gmt])),
    );
    out[table] = { rows: rows.length, wrong: wrong.length, sample: wrong.slice(0, 2) };
  }
  return out;
}

/** Every table has rows and none is off `tz`. */
async function expectAllIn(db: Db, tz: string, tables?: Table[]) {
  const found = await notIn(db, tz, tables);
  for (const [table, r] of Object.entries(found)) {
    expect(r.rows, table).toBeGreaterThan(0);
    expect({ table, wrong: r.wrong, sample: r.sample }).toEqual({ table, wrong: 0, sample: [] });
  }
}

/**
 * The demo's catalog and coupons are all created at one midnight: each gets a time of its own
 * (GMT, and local in UTC, the demo's zone), some coupons an expiry, and a note a reminder, so
 * a change of zone moves their local days differently.
 */
async function spreadDates(db: Db) {
  const at = (id: number, salt: number) =>
    formatSqlUtc(parseSqlUtc('2023-05-01 00:00:00') + ((id * salt) % (300 * 24 * 60)) * 60_000);
  for (const p of await db.kysely.selectFrom('products').select('id').execute()) {
    const d = at(Number(p.id), 7_919);
    await db.kysely
      .updateTable('products')
      .set({ date_created: d, date_created_gmt: d })
      .where('id', '=', p.id)
      .execute();
  }
  const coupons = await db.kysely.selectFrom('coupons').select('id').orderBy('id').execute();
  for (const [i, c] of coupons.entries()) {
    const d = at(Number(c.id), 4_271);
    const e = i % 2 === 0 ? at(Number(c.id), 6_133) : null;
    await db.kysely
      .updateTable('coupons')
      .set({ date_created: d, date_created_gmt: d, date_expires: e, date_expires_gmt: e })
      .where('id', '=', c.id)
      .execute();
  }
  await db.kysely
    .updateTable('admin_notes')
    .set({ date_reminder: '2024-06-01 22:30:00', date_reminder_gmt: '2024-06-01 22:30:00' })
    .where('id', '=', 1)
    .execute();
}

const iso = (v: string | null | undefined) => (v ? v.replace(' ', 'T') : v);

/** The local dates the REST answers show agree with the stored rows' GMT dates in `tz`. */
async function expectAnswersIn(app: FastifyInstance, db: Db, tz: string) {
  const toLocal = zone(tz).toLocal;
  const local = (gmt: string | null | undefined) => (gmt ? iso(toLocal(gmt)) : gmt);
  const get = async <T>(path: string) => {
    const res = await call<T>(app, 'GET', `${BASE}/${path}`);
    expect(res.status, path).toBe(200);
    return res.body;
  };
  const byId = async (table: Table) => new Map((await readRows(db, table)).map((r) => [r.id, r]));

  // Products (the picker), coupons (the picker and the Coupons report's extended info).
  const products = await byId('products');
  const productRows = await get<{ id: number; date_created: string }[]>(
    'products?per_page=100&orderby=id&order=asc',
  );
  expect(productRows.length).toBeGreaterThan(5);
  for (const p of productRows)
    expect(p.date_created).toBe(local(products.get(p.id)!.date_created_gmt));
  const coupons = await byId('coupons');
  const couponRows =
    await get<{ id: number; date_created: string; date_expires: string | null }[]>(
      'coupons?per_page=100',
    );
  expect(couponRows.length).toBe(coupons.size);
  for (const c of couponRows) {
    expect(c.date_created).toBe(local(coupons.get(c.id)!.date_created_gmt));
    expect(c.date_expires).toBe(local(coupons.get(c.id)!.date_expires_gmt));
  }
  const couponReport = await get<
    { coupon_id: number; extended_info: { date_created: string; date_expires: string } }[]
  >(
    'reports/coupons?extended_info=true&per_page=100&after=2000-01-01T00:00:00&before=2030-12-31T23:59:59',
  );
  expect(couponReport.length).toBeGreaterThan(0);
  for (const c of couponReport) {
    const row = coupons.get(c.coupon_id)!;
    expect(c.extended_info.date_created).toBe(local(row.date_created_gmt));
    expect(c.extended_info.date_expires).toBe(local(row.date_expires_gmt) ?? '');
  }

  // Downloads: the list's dates, the stats' days and the indicator's whole day (download_day).
  const log = [...(await byId('download_log')).values()];
  const dayOf = (r: Row) => toLocal(r.timestamp_gmt!).slice(0, 10);
  const perDay = new Map<string, number>();
  for (const r of log) perDay.set(dayOf(r), (perDay.get(dayOf(r)) ?? 0) + 1);
  const utcDay = (r: Row) => r.timestamp_gmt!.slice(0, 10);
  // The busiest day whose downloads differ from those of the same UTC day.
  const moved = [...perDay.keys()]
    .filter((d) => log.some((r) => (dayOf(r) === d) !== (utcDay(r) === d)))
    .sort((a, b) => perDay.get(b)! - perDay.get(a)! || (a < b ? -1 : 1));
  const day = tz === 'UTC' ? [...perDay.keys()].sort()[0]! : moved[0]!;
  expect(day).toBeDefined();
  const range = `after=${day}T00:00:00&before=${day}T23:59:59`;
  const listed = await get<{ id: number; date: string; date_gmt: string }[]>(
    `reports/downloads?${range}&per_page=100`,
  );
  expect(listed.map((r) => r.id).sort((a, b) => a - b)).toEqual(
    log
      .filter((r) => dayOf(r) === day)
      .map((r) => r.id)
      .sort((a, b) => a - b),
  );
  for (const r of listed) expect(iso(r.date)).toBe(local(r.date_gmt.replace('T', ' ')));
  const week = (d: string, n: number) => formatSqlUtc(parseSqlUtc(d) + n * 86_400_000).slice(0, 10);
  const stats = await get<{
    intervals: { date_start: string; subtotals: { download_count: number } }[];
  }>(
    `reports/downloads/stats?interval=day&after=${week(day, -3)}T00:00:00&before=${week(day, 3)}T23:59:59&per_page=100`,
  );
  expect(
    Object.fromEntries(
      stats.intervals.map((i) => [i.date_start.slice(0, 10), i.subtotals.download_count]),
    ),
  ).toEqual(
    Object.fromEntries(
      [-3, -2, -1, 0, 1, 2, 3].map((n) => [week(day, n), perDay.get(week(day, n)) ?? 0]),
    ),
  );
  const indicator = await get<{ stat: string; value: number }[]>(
    `reports/performance-indicators?stats=downloads/download_count&${range}`,
  );
  expect(indicator.find((i) => i.stat === 'downloads/download_count')?.value).toBe(perDay.get(day));

  // Notes, reviews, and the orders picker.
  const notes = await byId('admin_notes');
  const noteRows = await get<{ id: number; date_created: string; date_reminder: string | null }[]>(
    'admin/notes?per_page=100',
  );
  expect(noteRows.length).toBe(notes.size);
  for (const n of noteRows) {
    expect(n.date_created).toBe(local(notes.get(n.id)!.date_created_gmt));
    expect(n.date_reminder).toBe(local(notes.get(n.id)!.date_reminder_gmt));
  }
  const reviews = await byId('product_reviews');
  const reviewRows = await get<{ id: number; date_created: string }[]>(
    'products/reviews?per_page=100&status=all',
  );
  expect(reviewRows.length).toBeGreaterThan(10);
  for (const r of reviewRows)
    expect(r.date_created).toBe(local(reviews.get(r.id)!.date_created_gmt));
  await expectOrdersPickerIn(app, tz);
}

/** The orders picker's first orders (those a rebuild rewrites first) show their dates in `tz`. */
async function expectOrdersPickerIn(app: FastifyInstance, tz: string) {
  const toLocal = zone(tz).toLocal;
  const res = await call<{ id: number; date_created: string; date_created_gmt: string }[]>(
    app,
    'GET',
    `${BASE}/orders?per_page=100&orderby=id&order=asc`,
  );
  expect(res.status).toBe(200);
  expect(res.body.length).toBe(100);
  const wrong = res.body.filter(
    (o) => o.date_created !== iso(toLocal(o.date_created_gmt.replace('T', ' '))),
  );
  expect(wrong.slice(0, 2)).toEqual([]);
}

describeEachEngine(
  'a time-zone rebuild and the other local dates',
  (ctx) => {
    it('sets every local date from its GMT twin in the new zone, and the answers show them', async () => {
      const { app, db } = ctx();
      await spreadDates(db);
      await expectAllIn(db, 'UTC');
      await expectAnswersIn(app, db, 'UTC');

      expect((await call(app, 'PUT', SETTINGS, { value: 'Pacific/Kiritimati' })).status).toBe(200);
      await rebuilt(db, 1);
      await expectAllIn(db, 'Pacific/Kiritimati');
      // The dates did move: most rows' local day is another one now.
      for (const [table, r] of Object.entries(await notIn(db, 'UTC')))
        expect(r.wrong, table).toBeGreaterThan(r.rows / 4);
      await expectAnswersIn(app, db, 'Pacific/Kiritimati');

      // And back: a rebuild in the zone the dates are in changes nothing.
      await call(app, 'PUT', SETTINGS, { value: 'UTC' });
      await rebuilt(db, 2);
      await expectAllIn(db, 'UTC');
      await expectAnswersIn(app, db, 'UTC');
    }, 240_000);
  },
  async (db) => {
    await generateDemoStore(db, {
      orders: 600,
      years: 1,
      seed: 5,
      end: '2024-06-30',
      timezone: 'UTC',
    });
  },
);

/** Tables whose local dates only the swap sets (the orders' are rewritten batch by batch). */
const SWAPPED: Table[] = ['products', 'coupons', 'download_log', 'admin_notes', 'product_reviews'];

describeEachEngine(
  'a time-zone rebuild killed mid-way and resumed, and the other local dates',
  (ctx) => {
    it('answers every date in the old zone until its swap, and none in it after', async () => {
      const { db, engine } = ctx();
      await spreadDates(db);
      await expectAllIn(db, 'UTC');
      await killRebuildMidway(db, engine, 'America/Los_Angeles');
      // Until the swap: the swapped tables all in the old zone; the orders the killed run
      // rewrote are in the new one, but the orders picker answers the reports' (old) zone.
      await expectAllIn(db, 'UTC', SWAPPED);
      const orders = await notIn(db, 'UTC', ['orders']);
      expect(orders.orders!.wrong).toBeGreaterThan(100);
      const picked = await searchOrders(await storeReportContext(db), {
        page: 1,
        perPage: 100,
        order: 'asc',
        orderby: 'id',
        number: undefined,
        include: [],
        statuses: ['any'],
      });
      expect(picked.rows.length).toBe(100);
      expect(picked.rows.filter((o) => o.date_created !== iso(o.date_created_gmt))).toEqual([]);
      // The import's first day is the shop's zone's, whatever zone an order's local date is in:
      // a day the killed run did not reach, with an order before dawn GMT (the day before, in
      // Los Angeles).
      const all = await db.kysely
        .selectFrom('orders')
        .select(['id', 'date_created', 'date_created_gmt'])
        .where('type', '=', 'order')
        .orderBy('id')
        .execute();
      const night = all.find(
        (o, i) =>
          i > 700 &&
          o.date_created === o.date_created_gmt &&
          Number(o.date_created_gmt.slice(11, 13)) < 6,
      );
      expect(night).toBeDefined();
      const from = `${night!.date_created_gmt.slice(0, 10)} 00:00:00`;
      const toLocal = zone('America/Los_Angeles').toLocal;
      expect((await importTotals(db, { from, skipExisting: false })).orders).toBe(
        all.filter((o) => toLocal(o.date_created_gmt) >= from).length,
      );

      await resumeRebuild(db, async (resumed) => {
        await expectAllIn(db, 'America/Los_Angeles');
        await expectAnswersIn(resumed, db, 'America/Los_Angeles');
      });
    }, 240_000);
  },
  async (db) => {
    await generateDemoStore(db, {
      orders: 1000,
      years: 1,
      seed: 11,
      end: '2024-06-30',
      timezone: 'UTC',
    });
  },
);

describeEachEngine(
  'a demo store in a zone with DST',
  (ctx) => {
    it('writes every local date as its GMT twin in the store’s zone', async () => {
      // The catalog's creation date was a local midnight stored as GMT too: a rebuild in the
      // same zone moved the products' and coupons' local dates by the zone's offset.
      await expectAllIn(ctx().db, 'America/New_York');
    });
  },
  async (db) => {
    await generateDemoStore(db, {
      orders: 200,
      years: 1,
      seed: 3,
      end: '2024-06-30',
      timezone: 'America/New_York',
    });
  },
);
