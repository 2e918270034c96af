import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../src/db/migrate';
import { RawSql } from '../src/db/sql';
import { Random } from '../src/demo/random';
import { ingestOrders } from '../src/ingest/ingest';
import { rebuildSourceDays } from '../src/ingest/source-day';
import type { OrderInput } from '../src/ingest/types';
import { order, seedCatalog, storeSettings } from './fixtures';
import { engines, freshStore } from './harness';

/*
 * source_day (migration 040) as ingestion keeps it: after every batch of new orders, updates
 * (status, dates, customer, attribution, payment method and channel, refunds added or
 * dropped) and removals, the table equals a roll-up of the order rows from scratch; and the
 * migration's frozen roll-up gives the same rows.
 */

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const gmt = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

// The demo generator's seeded PRNG: a seed gives the same store every run.
type Draw = Random;
const draw = (seed: number): Draw => new Random(seed);

function randomOrder(r: Draw, id: number): OrderInput {
  const created = START + r.int(0, 20) * DAY + r.int(0, 86_399) * 1000;
  const status = r.pick(['completed', 'processing', 'refunded', 'pending', 'on-hold'] as const);
  const o = order(id, {
    status,
    customerId: r.int(0, 4),
    created: gmt(created),
    paid: r.chance(0.2) ? null : gmt(created + r.int(0, 3) * 3_600_000),
    completed: status === 'completed' ? gmt(created + r.int(0, 2) * DAY) : null,
    lines: [{ id: id * 10, productId: 10, qty: r.int(1, 3), price: r.pick(['5', '12.5']) }],
    refunds: r.chance(0.3)
      ? [
          {
            id: id * 10 + 5,
            dateCreatedGmt: gmt(created + r.int(0, 4) * DAY + r.int(0, 3_600) * 1000),
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
    lines: o.lines.map((l) => (r.chance(0.5) ? { ...l, cost: 20_000 } : l)),
    ...(r.chance(0.4) ? { paymentFee: { fee: 3000, refunded: 0, currency: '' } } : {}),
    paymentMethod: r.pick(['stripe', 'Stripe', 'cod', '']),
    paymentMethodTitle: r.pick(['Card', 'Credit card', '']),
    createdVia: r.pick(['checkout', 'admin', 'rest-api', '']),
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

const rowsOf = async (db: Db) =>
  (
    await sql<Record<string, unknown>>`SELECT * FROM source_day
      ORDER BY date_kind, dimension, day, status, value, title`.execute(db.kysely)
  ).rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));

/** The table as it is, and as rolled up again from the rows (left so). */
async function keptAndRolledUp(db: Db) {
  const kept = await rowsOf(db);
  await db.kysely
    .transaction()
    .execute((trx) => rebuildSourceDays(new RawSql(trx, db.engine, db.sqlite)));
  return { kept, rolledUp: await rowsOf(db) };
}

for (const engine of engines) {
  describe(`source_day [${engine}]`, () => {
    it('ingestion keeps it equal to a roll-up of the order rows through updates and removals', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (seed) => {
          const r = draw(seed);
          const store = await freshStore(engine);
          try {
            const db = store.db;
            await seedCatalog(db);
            await storeSettings(db, 'Europe/Berlin');
            let ids = Array.from({ length: 40 }, (_, i) => 1000 + i);
            await ingestOrders(
              db,
              ids.map((id) => randomOrder(r, id)),
            );
            let check = await keptAndRolledUp(db);
            expect(check.rolledUp.length).toBeGreaterThan(0);
            expect(check.kept).toEqual(check.rolledUp);
            for (let round = 0; round < 4; round++) {
              // Webhook-sized batches: some orders changed, some removed, a few new ones.
              const changed = ids.filter(() => r.chance(0.25)).map((id) => randomOrder(r, id));
              const removed = ids.filter(() => r.chance(0.08));
              const fresh = Array.from({ length: r.int(0, 3) }, (_, i) =>
                randomOrder(r, 2000 + round * 10 + i),
              );
              for (const o of [...changed, ...fresh]) await ingestOrders(db, [o]);
              await ingestOrders(db, [], removed);
              ids = [...ids.filter((id) => !removed.includes(id)), ...fresh.map((o) => o.id)];
              check = await keptAndRolledUp(db);
              expect(check.kept).toEqual(check.rolledUp);
            }
            // A batch re-ingesting orders unchanged changes nothing.
            const again = ids.slice(0, 10).map((id) => randomOrder(draw(id), id));
            await ingestOrders(db, again);
            await ingestOrders(db, again);
            check = await keptAndRolledUp(db);
            expect(check.kept).toEqual(check.rolledUp);
          } finally {
            await store.drop();
          }
        }),
        { numRuns: engine === 'sqlite' ? 6 : 3 },
      );
    }, 600_000);

    it("the migration rolls up a store's existing rows as ingestion keeps them", async () => {
      const store = await freshStore(engine);
      try {
        const db = store.db;
        await seedCatalog(db);
        await storeSettings(db, 'Europe/Berlin');
        const r = draw(11);
        await ingestOrders(
          db,
          Array.from({ length: 60 }, (_, i) => randomOrder(r, 1000 + i)),
        );
        const kept = await rowsOf(db);
        expect(kept.length).toBeGreaterThan(0);
        await migrateTo(db, MIGRATION_NAMES[MIGRATION_NAMES.indexOf('040_source_day') - 1]!);
        await migrateToLatest(db);
        expect(await rowsOf(db)).toEqual(kept);
      } finally {
        await store.drop();
      }
    }, 120_000);
  });
}
