import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { Random } from '../src/demo/random';
import { ingestOrders } from '../src/ingest/ingest';
import { deferItemVisits, recountItemVisits, VISITS_STALE_OPTION } from '../src/ingest/item-visits';
import type { OrderInput } from '../src/ingest/types';
import { order, seedCatalog, storeSettings } from './fixtures';
import { engines, freshStore } from './harness';
import { productCustomersInMarch } from './recording-context';

/*
 * An import marks item_visits stale and counts it once at its end (ingest/item-visits.ts):
 * meanwhile ingestion leaves it alone, one item's customers are counted from its lines, and the
 * recount gives exactly the visits that ingesting batch by batch keeps.
 */

function randomOrder(rnd: Random, id: number): OrderInput {
  const day = rnd.int(1, 28);
  const created = `2024-03-${String(day).padStart(2, '0')} ${String(rnd.int(0, 23)).padStart(2, '0')}:10:00`;
  const status = rnd.pick(['completed', 'processing', 'cancelled', 'on-hold'] as const);
  return order(id, {
    status,
    customerId: rnd.int(0, 4),
    created,
    paid: status === 'cancelled' ? null : created,
    completed: status === 'completed' ? created.replace(/ \d\d:/, ' 23:') : null,
    lines: [
      { id: id * 10, productId: 10, qty: 1, price: '10.00', tax: '0' },
      ...(rnd.chance(0.5)
        ? [{ id: id * 10 + 1, productId: 20, variationId: 21, qty: 2, price: '4.50', tax: '0' }]
        : []),
    ],
  });
}

/** The store's visits, sorted, to compare two stores. */
async function visits(db: Db): Promise<string[]> {
  const rows = await db.kysely.selectFrom('item_visits').selectAll().execute();
  return rows
    .map((r) =>
      JSON.stringify([r.item_type, Number(r.item_id), r.date_kind, r.day, r.prev_day, Number(r.n)]),
    )
    .sort();
}

async function markValue(db: Db): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('options')
    .select('value')
    .where('name', '=', VISITS_STALE_OPTION)
    .executeTakeFirst();
  return row?.value;
}

async function stale(db: Db): Promise<boolean> {
  return (await markValue(db)) !== undefined;
}

describe.each(engines)('deferred item visits (%s)', (engine) => {
  it('an import leaves the visits to its end, answers from the lines meanwhile, and recounts them exactly', async () => {
    const live = await freshStore(engine);
    const imported = await freshStore(engine);
    try {
      const rnd = new Random(7);
      const first = Array.from({ length: 30 }, (_, i) => randomOrder(rnd, i + 1));
      const later = Array.from({ length: 40 }, (_, i) => randomOrder(rnd, i + 31));
      // Some orders of the first batch come again with a new status, and two are removed.
      const changed = first.slice(0, 8).map((o) => ({ ...o, status: 'refunded' as const }));
      for (const { db } of [live, imported]) {
        await storeSettings(db, 'Europe/Paris');
        await seedCatalog(db);
        await ingestOrders(db, first);
      }
      const before = await visits(imported.db);
      expect(before.length).toBeGreaterThan(10);

      // The live store keeps its visits batch by batch; the imported one defers them.
      await ingestOrders(live.db, later);
      await ingestOrders(live.db, changed, [first[10]!.id, first[11]!.id]);
      await deferItemVisits(imported.db);
      const mark = await markValue(imported.db);
      await ingestOrders(imported.db, later);
      // An import marks them at every step; the mark keeps the time it was first set.
      await new Promise((r) => setTimeout(r, 5));
      await deferItemVisits(imported.db);
      expect(await markValue(imported.db)).toBe(mark);
      await ingestOrders(imported.db, changed, [first[10]!.id, first[11]!.id]);

      expect(await stale(imported.db)).toBe(true);
      expect(await visits(imported.db)).toEqual(before);
      const expected = await visits(live.db);
      expect(expected).not.toEqual(before);

      // Meanwhile one item's customers come from its lines, and agree with the live store's
      // answer from its visits.
      const fromVisits = await productCustomersInMarch(live.db, 10);
      expect(fromVisits.sql).toContain('FROM item_visits');
      const fromLines = await productCustomersInMarch(imported.db, 10);
      expect(fromLines.sql).not.toContain('FROM item_visits');
      expect(fromLines.body).toEqual(fromVisits.body);

      await recountItemVisits(imported.db);
      expect(await stale(imported.db)).toBe(false);
      expect(await visits(imported.db)).toEqual(expected);
      const recounted = await productCustomersInMarch(imported.db, 10);
      expect(recounted.sql).toContain('FROM item_visits');
      expect(recounted.body).toEqual(fromVisits.body);

      // Ingestion keeps them again from then on.
      const last = [randomOrder(rnd, 200), randomOrder(rnd, 201)];
      await ingestOrders(live.db, last);
      await ingestOrders(imported.db, last);
      expect(await visits(imported.db)).toEqual(await visits(live.db));
      // A recount with nothing stale changes nothing.
      await recountItemVisits(imported.db);
      expect(await visits(imported.db)).toEqual(await visits(live.db));
    } finally {
      await live.drop();
      await imported.drop();
    }
  });
});
