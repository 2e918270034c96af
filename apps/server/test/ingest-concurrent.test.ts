import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { readOrderInputs } from '../src/ingest/import-source';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { order, seedCatalog, storeSettings } from './fixtures';
import { engines, freshStore } from './harness';

const DERIVED = [
  'order_stats',
  'order_product_lookup',
  'order_tax_lookup',
  'revenue_hour',
  'revenue_day',
  'product_month',
  'tax_month',
  'item_day',
  'item_visits',
  'customer_first_order',
  'customer_totals',
] as const;

async function snapshot(db: Db) {
  const out: Record<string, string[]> = {};
  for (const table of DERIVED) {
    const rows = await db.kysely.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => a.localeCompare(b))))
      .sort();
  }
  return out;
}

/** Version `v` of order `id`: its quantity, price, status and customer move with v. */
const version = (id: number, v: number): OrderInput =>
  order(id, {
    status: v % 3 === 0 ? 'processing' : 'completed',
    customerId: 1 + (v % 2),
    created: `2024-03-${String(10 + (v % 5)).padStart(2, '0')} 10:00:00`,
    lines: [{ id: id * 10, productId: 10, qty: 1 + (v % 4), price: `${10 + v}.25`, tax: '1.10' }],
    shipping: '5',
  });

/**
 * Two ingestions of one order at the same time (an import page and a webhook delivery, or
 * two processes) leave the rollups exactly as a recomputation from the stored orders: each
 * subtracts what the other committed, never the same old contribution twice. On PostgreSQL
 * the second waits on the order's row lock (db/order-locks.ts); before, both read the old
 * lookup rows, and the second either failed or subtracted them again.
 */
type Store = Awaited<ReturnType<typeof freshStore>>;

/** Two seeded stores: A takes the racing writes, B the recomputation. */
async function withTwoStores(
  engine: (typeof engines)[number],
  work: (a: Store, b: Store) => Promise<void>,
) {
  const a = await freshStore(engine);
  const b = await freshStore(engine);
  try {
    for (const s of [a, b]) {
      await storeSettings(s.db, 'Europe/Paris');
      await seedCatalog(s.db);
    }
    await work(a, b);
  } finally {
    await a.drop();
    await b.drop();
  }
}

function expectAllFulfilled(results: PromiseSettledResult<void>[]) {
  for (const r of results)
    expect(r.status, r.status === 'rejected' ? String(r.reason) : '').toBe('fulfilled');
}

/**
 * The recomputation: the orders as A stores them, ingested once into the empty B, leave every
 * derived table as A's racing writes did. Returns B's rows.
 */
async function expectRecomputed(a: Store, b: Store, ids: readonly number[]) {
  await ingestOrders(b.db, await readOrderInputs(a.db, ids));
  const [sa, sb] = [await snapshot(a.db), await snapshot(b.db)];
  for (const table of DERIVED) expect(sa[table], table).toEqual(sb[table]);
  return sb;
}

for (const engine of engines) {
  describe(`concurrent ingestions of one order [${engine}]`, () => {
    it('rollups equal a recomputation after racing re-ingestions', async () => {
      await withTwoStores(engine, async (a, b) => {
        const ids = [501, 502, 503];
        await ingestOrders(
          a.db,
          ids.map((id) => version(id, 0)),
        );
        let v = 1;
        for (let round = 0; round < 25; round++) {
          // Three writers at once: one order alone, and batches that share it.
          expectAllFulfilled(
            await Promise.allSettled([
              ingestOrders(a.db, [version(501, v++)]),
              ingestOrders(a.db, [version(501, v++), version(502, v++)]),
              ingestOrders(a.db, [version(503, v++), version(501, v++)]),
            ]),
          );
        }
        expect((await expectRecomputed(a, b, ids)).order_stats).toHaveLength(3);
      });
    }, 120_000);

    it("item visits equal a recomputation after racing ingestions of one customer's orders", async () => {
      // Different orders (no order lock in common) of one customer and product, on different
      // days: each batch's visits depend on the others' lines, so without the customer lock
      // (ingest/item-visits.ts) two batches each count their day as the customer's first.
      await withTwoStores(engine, async (a, b) => {
        const placed = (id: number, day: number): OrderInput =>
          order(id, {
            status: 'completed',
            customerId: 7,
            created: `2024-03-${String(day).padStart(2, '0')} 10:00:00`,
            lines: [{ id: id * 10, productId: 10, qty: 1, price: '10.00', tax: '1.00' }],
          });
        let id = 600;
        for (let round = 0; round < 8; round++) {
          expectAllFulfilled(
            await Promise.allSettled(
              [1, 2, 3].map((k) => ingestOrders(a.db, [placed(++id, 1 + ((round * 3 + k) % 28))])),
            ),
          );
        }
        const ids = Array.from({ length: id - 600 }, (_, i) => 601 + i);
        expect((await expectRecomputed(a, b, ids)).item_visits!.length).toBeGreaterThan(20);
      });
    }, 120_000);
  });
}
