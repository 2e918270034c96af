import { type SourceDimension, sourceDimensions } from '@storelens/api';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  rebuildStoreCustomerTime,
  storeTimeSettings,
  writeCustomers,
} from '../src/analytics/customer-time';
import { sourceFirstReads } from '../src/analytics/sources';
import type { Db } from '../src/db/database';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { CUSTOMER_COLUMNS } from '../src/db/schema';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { Random } from '../src/demo/random';
import { ingestOrders } from '../src/ingest/ingest';
import { originLabel } from '../src/ingest/order-facts';
import type { OrderInput } from '../src/ingest/types';
import { readStoreSettings } from '../src/options';
import { openStore } from '../src/store';
import { order, seedCatalog, storeSettings } from './fixtures';
import { buildTestApp, engines, freshStore } from './harness';

/*
 * Repeat buyers per source (docs/metrics.md, "Sources"): source_first_day as ingestion and
 * the connector's customer writes keep it equals a rebuild from scratch after every change
 * (new orders, refunds, status changes into and out of the excluded ones, attribution and
 * payment changes, customers changed, removals, a guest who registers), and reports/sources'
 * first_customers, repeat_customers and repeat_rate equal a naive recompute over the stored
 * rows and the orders' inputs, from the rollup (whole days and edges) and from the orders,
 * filtered or not.
 */

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const gmt = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

// The demo generator's seeded PRNG: a seed gives the same store every run.
type Draw = Random;
const draw = (seed: number): Draw => new Random(seed);

/** Registered customers 1–3 (fixtures), guests 4–9; guest 9 has customer 2's e-mail. */
const GUESTS = [4, 5, 6, 7, 8, 9];
/** The customer guest 5 becomes when they register. */
const REGISTERED_LATER = 20;

function randomOrder(r: Draw, id: number): OrderInput {
  const created = START + r.int(0, 20) * DAY + r.int(0, 86_399) * 1000;
  const status = r.pick([
    'completed',
    'completed',
    'processing',
    'refunded',
    'pending',
    'cancelled',
  ] as const);
  const o = order(id, {
    status,
    // Now and then a customer of a single order (no customers row: their own person).
    customerId: r.chance(0.2) ? r.int(30, 60) : r.pick([0, 1, 2, 3, ...GUESTS, REGISTERED_LATER]),
    created: gmt(created),
    paid: r.chance(0.15) ? null : gmt(created + r.int(0, 3) * 3_600_000),
    lines: [{ id: id * 10, productId: 10, qty: r.int(1, 3), price: r.pick(['5', '12.5']) }],
    refunds: r.chance(0.25)
      ? [
          {
            id: id * 10 + 5,
            dateCreatedGmt: gmt(created + r.int(0, 4) * DAY),
            lines: [{ id: id * 10 + 6, orderItemId: id * 10, quantity: 1, total: 50_000, tax: 0 }],
            shipping: 0,
            shippingTax: 0,
          },
        ]
      : [],
  });
  const type = r.pick(['utm', 'organic', 'typein', '', 'Referral']);
  return {
    ...o,
    paymentMethod: r.pick(['stripe', 'Stripe', 'cod', '']),
    paymentMethodTitle: 'Card',
    createdVia: r.pick(['checkout', 'admin', '']),
    attribution:
      type === ''
        ? {}
        : {
            source_type: type,
            utm_source: r.pick(['Google', 'google', 'facebook.com', '']),
            utm_medium: r.pick(['cpc', 'email', '']),
            utm_campaign: r.pick(['Spring', '']),
            device_type: r.pick(['Mobile', 'Desktop', '']),
          },
  };
}

/** The value of an order for a dimension, from its input, by the documented rules. */
function sourceValueOf(o: OrderInput, d: SourceDimension): string {
  const a = o.attribution ?? {};
  const fold = (v: string | undefined) => (v ?? '').trim().toLowerCase();
  if (d === 'payment_method' || d === 'created_via')
    return fold(d === 'payment_method' ? o.paymentMethod : o.createdVia) || 'unknown';
  const type = fold(a.source_type) || 'unknown';
  if (d === 'source_type') return type;
  if (d === 'origin') {
    const label = originLabel(type, fold(a.utm_source));
    return label === 'Unknown' ? 'unknown' : label;
  }
  return fold(a[d]) || 'unknown';
}

const tableRows = async (db: Db) =>
  (
    await sql<Record<string, unknown>>`SELECT * FROM source_first_day
      ORDER BY dimension, day, value`.execute(db.kysely)
  ).rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));

/** A first order: the person's earliest counted order (then lowest id), and their orders. */
interface First {
  id: number;
  at: string;
  status: string;
  orders: number;
}

/** Every person's first counted order, from the stored rows, by the identity rule. */
async function naiveFirsts(db: Db): Promise<First[]> {
  const settings = await readStoreSettings(db);
  const customers = await db.kysely
    .selectFrom('customers')
    .select(['id', 'user_id', 'email'])
    .execute();
  const registered = new Map<string, number>();
  for (const c of customers) {
    const e = c.email.toLowerCase();
    if (Number(c.user_id) > 0 && e !== '')
      registered.set(e, Math.min(registered.get(e) ?? Infinity, Number(c.id)));
  }
  const personOf = new Map<number, number>();
  for (const c of customers)
    if (Number(c.user_id) === 0 && c.email !== '') {
      const p = registered.get(c.email.toLowerCase());
      if (p !== undefined) personOf.set(Number(c.id), p);
    }
  const rows = await db.kysely
    .selectFrom('order_stats')
    .select(['order_id', 'status', 'customer_id', settings.dateType])
    .where('parent_id', '=', 0)
    .execute();
  const byPerson = new Map<number, { id: number; at: string; status: string }[]>();
  for (const r of rows) {
    const at = (r as Record<string, unknown>)[settings.dateType] as string | null;
    const customer = Number(r.customer_id);
    if (customer <= 0 || at === null || settings.excludedStatuses.includes(r.status as never))
      continue;
    const person = personOf.get(customer) ?? customer;
    const list = byPerson.get(person) ?? [];
    list.push({ id: Number(r.order_id), at: String(at), status: r.status });
    byPerson.set(person, list);
  }
  return [...byPerson.values()].map((list) => {
    const [first] = [...list].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
    return { ...first!, orders: list.length };
  });
}

/** Ranges (local times) the checks ask: whole days, cut days at both edges, all time. */
/**
 * `rollup`: read from source_first_day; `drill`: the dimension whose list, under the range's
 * source filters, is read from a drill-down path's rows (any other joins the first orders).
 */
const RANGES: { query: string; rollup?: boolean; drill?: SourceDimension }[] = [
  { query: 'after=2024-01-04T00:00:00&before=2024-01-15T23:59:59', rollup: true },
  { query: 'after=2024-01-04T10:30:00&before=2024-01-15T08:00:00', rollup: true },
  { query: 'after=2024-01-06T09:00:00&before=2024-01-06T20:00:00', rollup: true },
  { query: '', rollup: true },
  { query: 'after=2024-01-04T10:30:00&before=2024-01-15T08:00:00&status_is[]=completed' },
  {
    query: 'after=2024-01-02T00:00:00&before=2024-01-18T23:59:59&utm_source_is[]=google',
    drill: 'utm_medium',
  },
  {
    query: 'after=2024-01-02T10:00:00&before=2024-01-18T23:59:59&source_type_is[]=utm',
    drill: 'origin',
  },
  {
    query:
      'after=2024-01-02T00:00:00&before=2024-01-18T06:00:00&utm_source_is[]=google&utm_medium_is[]=cpc',
    drill: 'utm_campaign',
  },
];

for (const engine of engines) {
  describe(`repeat buyers per source [${engine}]`, () => {
    it('source_first_day stays a rebuild and the report a naive recompute', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (seed) => {
          const r = draw(seed);
          const store = await freshStore(engine);
          const db = store.db;
          const app = await buildTestApp(db);
          const inputs = new Map<number, OrderInput>();
          const get = async (url: string) => {
            const res = await app.inject({
              method: 'GET',
              url: `/wp-json/wc-analytics/reports/sources?${url}`,
            });
            expect(res.statusCode, res.body).toBe(200);
            return res.json() as Record<string, number | string>[];
          };
          const ingest = async (orders: OrderInput[], removed: number[] = []) => {
            await ingestOrders(db, orders, removed);
            for (const o of orders) inputs.set(o.id, o);
            for (const id of removed) inputs.delete(id);
          };

          /** The table kept, then rebuilt: equal; the report equal to a naive recompute. */
          const check = async (step: string) => {
            const kept = await tableRows(db);
            await rebuildStoreCustomerTime(db);
            expect(kept, `${step} (seed ${seed})`).toEqual(await tableRows(db));
            const firsts = await naiveFirsts(db);
            expect(firsts.some((f) => f.orders >= 2)).toBe(true);
            for (const range of RANGES) {
              const params = new URLSearchParams(range.query);
              const after = params.get('after')?.replace('T', ' ');
              const before = params.get('before')?.replace('T', ' ');
              const status = params.get('status_is[]');
              const utm = params.get('utm_source_is[]');
              const type = params.get('source_type_is[]');
              const medium = params.get('utm_medium_is[]');
              const dimensions: SourceDimension[] = [r.pick(sourceDimensions), 'source_type'];
              if (range.drill) dimensions.push(range.drill);
              for (const d of dimensions) {
                const want = new Map<string, { first: number; repeat: number }>();
                for (const f of firsts) {
                  if ((after && f.at < after) || (before && f.at > before)) continue;
                  if (status && f.status !== status) continue;
                  const input = inputs.get(f.id)!;
                  if (utm && sourceValueOf(input, 'utm_source') !== utm) continue;
                  if (type && sourceValueOf(input, 'source_type') !== type) continue;
                  if (medium && sourceValueOf(input, 'utm_medium') !== medium) continue;
                  const v = sourceValueOf(input, d);
                  const w = want.get(v) ?? { first: 0, repeat: 0 };
                  w.first += 1;
                  if (f.orders >= 2) w.repeat += 1;
                  want.set(v, w);
                }
                for (const enabled of [true, false]) {
                  sourceFirstReads.enabled = enabled;
                  const taken = sourceFirstReads.taken;
                  const joined = sourceFirstReads.joined;
                  const got = await get(
                    `${range.query}&groupby=${d}&per_page=100&force_cache_refresh=true`,
                  );
                  sourceFirstReads.enabled = true;
                  const at = `${step}, ${range.query} by ${d}${enabled ? '' : ' (orders)'}`;
                  const rolledUp = range.rollup === true || d === range.drill;
                  expect(sourceFirstReads.taken, at).toBe(taken + (enabled && rolledUp ? 1 : 0));
                  // Another filtered request joins person_summary's first orders.
                  expect(sourceFirstReads.joined, at).toBe(joined + (enabled && !rolledUp ? 1 : 0));
                  const values = new Set(got.map((row) => String(row.value)));
                  for (const v of want.keys()) expect(values, `${at}: ${v}`).toContain(v);
                  for (const row of got) {
                    const w = want.get(String(row.value)) ?? { first: 0, repeat: 0 };
                    expect(
                      [row.first_customers, row.repeat_customers, row.repeat_rate],
                      `${at}: ${row.value}`,
                    ).toEqual([
                      w.first,
                      w.repeat,
                      w.first === 0 ? 0 : Math.round((w.repeat / w.first) * 10_000) / 10_000,
                    ]);
                  }
                }
              }
            }
          };

          try {
            await seedCatalog(db);
            await storeSettings(db, 'Europe/Berlin');
            await db.kysely
              .insertInto('customers')
              .values(
                GUESTS.map((id) => ({
                  id,
                  user_id: 0,
                  username: '',
                  first_name: 'G',
                  last_name: String(id),
                  email: id === 9 ? 'C2@Example.com' : `g${id}@example.com`,
                  country: 'US',
                  state: '',
                  city: '',
                  postcode: '',
                  date_registered: null,
                  date_registered_gmt: null,
                  date_last_active: null,
                  date_last_active_gmt: null,
                })),
              )
              .execute();
            let ids = Array.from({ length: 30 }, (_, i) => 1000 + i);
            await ingest(ids.map((id) => randomOrder(r, id)));
            // A new customer's first two orders at the same second: the lower id is the first.
            await ingest(
              [3000, 3001].map((id) => ({
                ...order(id, { customerId: 70, created: '2024-01-05 05:00:00' }),
                attribution: { source_type: id === 3000 ? 'organic' : 'utm' },
              })),
            );
            expect((await tableRows(db)).length).toBeGreaterThan(0);
            await check('first batch');
            for (let round = 0; round < 3; round++) {
              // Orders changed (status, dates, customer, attribution, payment, refunds),
              // removed, and new, in webhook-sized batches.
              const changed = ids.filter(() => r.chance(0.25)).map((id) => randomOrder(r, id));
              const removed = ids.filter(() => r.chance(0.08));
              const fresh = Array.from({ length: r.int(1, 3) }, (_, i) =>
                randomOrder(r, 2000 + round * 10 + i),
              );
              for (const o of [...changed, ...fresh]) await ingest([o]);
              await ingest([], removed);
              ids = [...ids.filter((id) => !removed.includes(id)), ...fresh.map((o) => o.id)];
              // Only the attribution of a customer's first order changes.
              const firsts = await naiveFirsts(db);
              const moved = firsts.filter((f) => inputs.has(f.id)).slice(0, 2);
              await ingest(
                moved.map((f) => ({
                  ...inputs.get(f.id)!,
                  attribution: { source_type: 'utm', utm_source: r.pick(['Google', 'bing']) },
                  paymentMethod: r.pick(['stripe', 'cod']),
                })),
              );
              if (round === 1) {
                // Guest 5 registers: a customer of their e-mail, written as the connector does.
                const settings = storeTimeSettings(await readStoreSettings(db));
                await db.kysely.transaction().execute(async (trx) => {
                  const t = new RawSql(trx, db.engine, db.sqlite);
                  const email = 'G5@example.com';
                  await writeCustomers(t, settings, [REGISTERED_LATER], [email], () =>
                    t.insertMany('customers', CUSTOMER_COLUMNS, [
                      CUSTOMER_COLUMNS.map((c) =>
                        c === 'id' || c === 'user_id'
                          ? REGISTERED_LATER
                          : c === 'email'
                            ? email
                            : c.startsWith('date_')
                              ? null
                              : '',
                      ),
                    ]),
                  );
                });
              }
              await check(`round ${round}`);
            }
          } finally {
            await app.close();
            await store.drop();
          }
        }),
        { numRuns: engine === 'sqlite' ? 4 : 2 },
      );
    }, 600_000);

    it('a store upgraded to migration 041 has the table built when it opens', async () => {
      const store = await freshStore(engine);
      const db = store.db;
      try {
        await generateDemoStore(db, { orders: 300, years: 2, seed: 41, end: '2024-06-30' });
        const built = await tableRows(db);
        expect(built.length).toBeGreaterThan(0);
        await migrateTo(db, '040_source_day');
        await migrateToLatest(db);
        expect(await tableRows(db)).toEqual([]);
        const reopened = await openStore(db.url, db.schema ? { schema: db.schema } : {});
        try {
          expect(await tableRows(reopened)).toEqual(built);
        } finally {
          await reopened.close();
        }
      } finally {
        await store.drop();
      }
    }, 120_000);
  });
}
