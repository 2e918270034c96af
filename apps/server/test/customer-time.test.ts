import { expect, it } from 'vitest';
import {
  CUSTOMER_TIME_TABLES,
  customerTimeCurrent,
  rebuildStoreCustomerTime,
  storeTimeSettings,
  writeCustomers,
} from '../src/analytics/customer-time';
import type { Db } from '../src/db/database';
import { CUSTOMER_COLUMNS } from '../src/db/schema';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { Random } from '../src/demo/random';
import { readOrderInputs } from '../src/ingest/import-source';
import { ingestOrders } from '../src/ingest/ingest';
import { readStoreSettings, setOptions } from '../src/options';
import { order } from './fixtures';
import { describeEachEngine } from './harness';

/*
 * The customers-over-time tables (migration 037) kept by ingestion and by the connector's
 * customer writes are exactly what a rebuild from scratch gives: after new orders, refunds,
 * status changes, deletions, a guest taking a registered customer's e-mail, and a change of
 * date type.
 */
const SEED = Math.floor(Math.random() * 1_000_000);
const TABLES = CUSTOMER_TIME_TABLES;

async function snapshot(db: Db) {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.kysely.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((r) =>
        JSON.stringify(
          Object.entries(r)
            .map(([k, v]) => [k, typeof v === 'bigint' || typeof v === 'string' ? String(v) : v])
            .map(([k, v]) => [k, /^-?\d+$/.test(String(v)) ? Number(v) : v])
            .sort(([a], [b]) => String(a).localeCompare(String(b))),
        ),
      )
      .sort();
  }
  return out;
}

/** The tables as kept, then as rebuilt from scratch: equal. */
async function expectExact(db: Db, step: string) {
  const kept = await snapshot(db);
  await rebuildStoreCustomerTime(db);
  const rebuilt = await snapshot(db);
  for (const table of TABLES) expect(kept[table], `${step}: ${table}`).toEqual(rebuilt[table]);
  expect(rebuilt.person_summary!.length, step).toBeGreaterThan(0);
}

describeEachEngine(
  `customers over time kept exact by ingestion (demo seed ${SEED})`,
  (ctx) => {
    it('matches a rebuild after orders, refunds, status changes, deletions and e-mails', async () => {
      const db = ctx().db;
      const rnd = new Random(SEED);
      const settings = await readStoreSettings(db);
      expect(await customerTimeCurrent(sql(db), storeTimeSettings(settings))).toBe(true);
      await expectExact(db, 'generated');

      const customers = await db.kysely
        .selectFrom('customers')
        .select(['id', 'user_id', 'email'])
        .orderBy('id')
        .execute();
      const registered = customers.filter((c) => Number(c.user_id) > 0);
      const guests = customers.filter((c) => Number(c.user_id) === 0);
      const ids = (
        await db.kysely.selectFrom('orders').select('id').where('type', '=', 'order').execute()
      ).map((r) => Number(r.id));
      let next = Math.max(...ids) + 1_000;

      // New orders: of existing customers (an earlier first order moves their cohort), of a
      // new customer, one with a refund.
      const fresh = [];
      for (let i = 0; i < 12; i++) {
        const c = rnd.pick(customers);
        const day = `2023-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
        const id = next++;
        fresh.push(
          order(id, {
            customerId: Number(c.id),
            created: `${day} 10:00:00`,
            status: rnd.pick(['completed', 'processing', 'pending', 'on-hold'] as const),
            lines: [{ id: id * 10, productId: 0, qty: 1, price: String(rnd.int(5, 90)) }],
            refunds:
              i % 4 === 0
                ? [
                    {
                      id: next++,
                      dateCreatedGmt: `${day} 18:00:00`,
                      lines: [],
                      shipping: 0,
                      shippingTax: 0,
                      extra: 300,
                    },
                  ]
                : [],
          }),
        );
      }
      await ingestOrders(db, fresh);
      await expectExact(db, 'new orders');

      // Status changes (into and out of the excluded statuses) and a refund added, by
      // re-ingesting stored orders.
      const changed = await readOrderInputs(
        db,
        Array.from({ length: 15 }, () => rnd.pick(ids)),
      );
      for (const [i, o] of changed.entries()) {
        o.status = i % 3 === 0 ? 'cancelled' : i % 3 === 1 ? 'completed' : 'refunded';
        if (i % 2 === 0)
          o.refunds.push({
            id: next++,
            dateCreatedGmt: o.dateCreatedGmt,
            lines: [],
            shipping: 0,
            shippingTax: 0,
            extra: 100,
          });
      }
      await ingestOrders(db, changed);
      await expectExact(db, 'status changes and refunds');

      // Deletions (a shop's trashed orders), among them a customer's first.
      const firsts = await db.kysely
        .selectFrom('customer_first_order')
        .select('order_id')
        .limit(5)
        .execute();
      await ingestOrders(db, [], [...firsts.map((r) => Number(r.order_id)), rnd.pick(ids)]);
      await expectExact(db, 'deletions');

      // A guest takes a registered customer's e-mail (the connector's write): their orders
      // count as that customer's; then gives it back.
      const guest = guests[0]!;
      const target = registered[1]!;
      const write = async (email: string) => {
        await db.kysely.transaction().execute(async (trx) => {
          const t = new RawSql(trx, db.engine, db.sqlite);
          const row = await trx
            .selectFrom('customers')
            .selectAll()
            .where('id', '=', guest.id)
            .executeTakeFirstOrThrow();
          await writeCustomers(t, storeTimeSettings(settings), [Number(guest.id)], [email], () =>
            t.insertMany(
              'customers',
              CUSTOMER_COLUMNS,
              [
                CUSTOMER_COLUMNS.map((c) =>
                  c === 'email' ? email : (row as Record<string, unknown>)[c],
                ),
              ],
              { keys: ['id'], mode: 'replace' },
            ),
          );
        });
      };
      await ingestOrders(db, [
        order(next++, { customerId: Number(guest.id), created: '2022-09-03 08:00:00' }),
      ]);
      await write(target.email.toUpperCase());
      expect(await db.kysely.selectFrom('customer_persons').selectAll().execute()).toContainEqual(
        expect.objectContaining({ customer_id: guest.id }),
      );
      await expectExact(db, 'guest merged');
      await write(guest.email);
      await expectExact(db, 'guest apart again');

      // Another date type: the tables are stale until the next batch rebuilds them.
      await setOptions(db, { woocommerce_date_type: 'date_created' });
      const now = storeTimeSettings(await readStoreSettings(db));
      expect(await customerTimeCurrent(sql(db), now)).toBe(false);
      await ingestOrders(db, [
        order(next++, { customerId: Number(target.id), created: '2024-01-05 09:00:00' }),
      ]);
      expect(await customerTimeCurrent(sql(db), now)).toBe(true);
      await expectExact(db, 'date created');
      await setOptions(db, { woocommerce_date_type: 'date_paid' });
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 400, years: 2, seed: SEED, end: '2024-06-30' });
  },
);

const sql = (db: Db) => new RawSql(db.kysely, db.engine, db.sqlite);
