import { type OrderStatus, orderStatuses } from '@storelens/api';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { customerTotalsCurrent, rebuildCustomerTotals } from '../src/analytics/customer-totals';
import type { Db } from '../src/db/database';
import * as m009 from '../src/db/migrations/009_customer_gross_spend';
import { RawSql } from '../src/db/sql';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { toUnits } from '../src/money';
import { readStoreSettings, setOptions } from '../src/options';
import { resetStore } from '../src/store';
import { order, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

/*
 * The customers report from customer_totals (kept per ingested batch) against the same report
 * aggregated from order_stats on the request: identical bodies and paging headers, on a store
 * with refunds, excluded statuses, guests, unknown buyers, customers without orders and
 * re-ingested orders whose status, customer and refunds change.
 */

const BASE = '/wp-json/wc-analytics/reports';

/** Customers beyond the fixture's 1–3: a guest (user 0), one without orders, and more. */
async function addCustomers(db: Db, list: number[]) {
  await db.kysely
    .insertInto('customers')
    .values(
      list.map((id) => ({
        id,
        user_id: id === 4 ? 0 : id,
        username: id === 4 ? '' : `u${id}`,
        first_name: ['Ann', 'Bo', 'Cy', 'Di'][id % 4]!,
        last_name: String(id),
        email: `c${id}@example.com`,
        country: id % 2 ? 'US' : 'DE',
        state: '',
        city: `City ${id % 3}`,
        postcode: String(id % 5),
        date_registered: id === 4 ? null : `2024-01-0${(id % 9) + 1} 00:00:00`,
        date_registered_gmt: id === 4 ? null : `2024-01-0${(id % 9) + 1} 00:00:00`,
        date_last_active: null,
        date_last_active_gmt: null,
      })),
    )
    .execute();
}

const refund = (id: number, orderItemId: number, amount: string, created: string) => ({
  id,
  dateCreatedGmt: created,
  lines: [{ id: id + 1, orderItemId, quantity: 1, total: toUnits(amount), tax: 0 }],
  shipping: 0,
  shippingTax: 0,
});

/** A fixed store: every case the totals must agree on. */
function storeOrders(): OrderInput[] {
  const o = (
    id: number,
    customerId: number,
    status: OrderStatus,
    price: string,
    created: string,
    refunds: OrderInput['refunds'] = [],
  ) =>
    order(id, {
      customerId,
      status,
      created,
      lines: [{ id: id * 10, productId: 10, qty: 1, price }],
      refunds,
    });
  return [
    o(1, 1, 'completed', '25', '2024-05-01 10:00:00'),
    o(2, 1, 'completed', '40', '2024-05-08 09:00:00', [
      refund(20, 20, '15', '2024-05-10 12:00:00'),
    ]),
    o(3, 2, 'processing', '25', '2024-05-02 23:30:00'),
    o(4, 2, 'refunded', '30', '2024-05-09 15:00:00', [refund(40, 40, '30', '2024-05-12 08:00:00')]),
    // Excluded statuses only: listed with zeros.
    o(5, 3, 'pending', '10', '2024-05-02 12:00:00'),
    o(6, 6, 'failed', '12', '2024-06-01 12:00:00'),
    // The guest, and an unknown buyer (customer 0) who is never listed.
    o(7, 4, 'completed', '7.5', '2024-05-20 08:00:00'),
    o(8, 0, 'completed', '99', '2024-05-21 08:00:00'),
    // Same total spend as customer 2 (ties break on id); a refund bigger than its order
    // (negative spend, below the customers at zero); a free order (a row at zero).
    o(9, 7, 'completed', '25', '2024-05-03 08:00:00'),
    o(10, 8, 'completed', '5', '2024-05-04 08:00:00', [
      refund(100, 100, '6', '2024-05-05 08:00:00'),
    ]),
    o(11, 9, 'on-hold', '20', '2024-05-06 08:00:00'),
    o(12, 9, 'completed', '8', '2024-06-06 08:00:00'),
    o(16, 10, 'completed', '0', '2024-05-07 08:00:00'),
  ];
}

/** Requests covering every sort, both directions, several page sizes and the filters. */
function queries(): string[] {
  const out: string[] = [];
  const sorts = [
    'date_registered',
    'username',
    'name',
    'country',
    'city',
    'state',
    'postcode',
    'date_last_active',
    'orders_count',
    'total_spend',
    'avg_order_value',
  ];
  for (const orderby of sorts) {
    const aggregate = ['orders_count', 'total_spend', 'avg_order_value'].includes(orderby);
    for (const order of ['asc', 'desc']) {
      out.push(`customers?orderby=${orderby}&order=${order}&per_page=100`);
      // Every page boundary for the aggregate sorts (read in parts), a few for the others.
      for (const perPage of aggregate ? [1, 3, 4] : [3]) {
        for (let page = 1; page <= 12 / perPage + 1; page++)
          out.push(`customers?orderby=${orderby}&order=${order}&per_page=${perPage}&page=${page}`);
      }
    }
  }
  const filters = [
    'orders_count_min=1',
    'orders_count_max=1',
    'orders_count_between[]=0&orders_count_between[]=1',
    'total_spend_max=30',
    'total_spend_min=0',
    'total_spend_between[]=-10&total_spend_between[]=25',
    'avg_order_value_min=10',
    'avg_order_value_between[]=0&avg_order_value_between[]=25',
    'last_order_after=2024-05-05T00:00:00',
    'last_order_before=2024-05-09T00:00:00',
    'match=any&total_spend_min=40&name_includes=3',
    'match=any&orders_count_max=1&country_includes=de',
    'customers=2,4,6',
    'country_excludes=US',
    'search=an',
    'registered_after=2024-01-03T00:00:00',
  ];
  for (const filter of filters) {
    out.push(`customers?${filter}&orderby=total_spend&per_page=100`);
    out.push(`customers?${filter}&orderby=date_registered&order=asc&per_page=2&page=2`);
    out.push(`customers/stats?${filter}`);
  }
  out.push('customers/stats?');
  out.push('customers?after=2024-05-04T00:00:00&orderby=total_spend&per_page=100');
  return out;
}

describeEachEngine('customers report from customer_totals', (ctx) => {
  const get = async (path: string) => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: `${BASE}/${path}&force_cache_refresh=true`,
    });
    expect(res.statusCode, path).toBe(200);
    return {
      body: res.json(),
      total: res.headers['x-wp-total'],
      pages: res.headers['x-wp-totalpages'],
    };
  };
  const state = () => ctx().db.kysely.selectFrom('customer_totals_state').selectAll().execute();
  const current = async () => {
    const db = ctx().db;
    const settings = await readStoreSettings(db);
    return customerTotalsCurrent(
      new RawSql(db.kysely, db.engine, db.sqlite),
      settings.excludedStatuses,
    );
  };

  /** Every query answered with customer_totals, then from order_stats: the same answers. */
  async function expectBothPathsEqual(list = queries()) {
    expect(await current()).toBe(true);
    const fast = [];
    for (const q of list) fast.push(await get(q));
    const saved = await state();
    await ctx().db.kysely.deleteFrom('customer_totals_state').execute();
    expect(await current()).toBe(false);
    try {
      for (const [i, q] of list.entries()) expect(fast[i], q).toEqual(await get(q));
    } finally {
      await ctx().db.kysely.insertInto('customer_totals_state').values(saved).execute();
    }
  }

  /** The rows as kept by ingestion equal the rows a rebuild computes. */
  async function expectRebuildEqual() {
    const db = ctx().db;
    const rows = () =>
      db.kysely
        .selectFrom('customer_totals')
        .select(['customer_id', 'orders_count', 'total_spend', 'date_last_order', 'gross_spend'])
        .orderBy('customer_id')
        .execute();
    const kept = await rows();
    const settings = await readStoreSettings(db);
    await db.kysely.transaction().execute(async (trx) => {
      await rebuildCustomerTotals(new RawSql(trx, db.engine, db.sqlite), settings.excludedStatuses);
    });
    expect(kept).toEqual(await rows());
  }

  it('keeps the figures of the aggregate query: refunds, excluded statuses, guests, ties', async () => {
    const db = ctx().db;
    await seedCatalog(db);
    await addCustomers(db, [4, 5, 6, 7, 8, 9, 10]);
    const orders = storeOrders();
    await ingestOrders(db, orders.slice(0, 6));
    // The first batch of a store without a state row builds the rows; later ones add to them.
    expect(await current()).toBe(true);
    await ingestOrders(db, orders.slice(6));
    const byId = new Map(
      (await get('customers?orderby=total_spend&per_page=100')).body.map(
        (r: { id: number }) => [r.id, r] as const,
      ),
    );
    expect(byId.get(1)).toMatchObject({
      orders_count: 2,
      total_spend: 50,
      avg_order_value: 25,
      date_last_order: '2024-05-08T09:00:00',
    });
    expect(byId.get(2)).toMatchObject({ orders_count: 2, total_spend: 25 });
    expect(byId.get(3)).toMatchObject({ orders_count: 0, total_spend: 0, date_last_order: null });
    expect(byId.get(4)).toMatchObject({ user_id: 0, orders_count: 1, total_spend: 7.5 });
    expect(byId.get(5)).toMatchObject({ orders_count: 0, total_spend: 0 });
    expect(byId.get(8)).toMatchObject({ orders_count: 1, total_spend: -1, avg_order_value: -1 });
    expect(byId.get(10)).toMatchObject({ orders_count: 1, total_spend: 0, avg_order_value: 0 });
    expect(byId.size).toBe(10);
    await expectRebuildEqual();
    await expectBothPathsEqual();
  });

  it('follows re-ingested orders: status, customer, date and refunds changing', async () => {
    const db = ctx().db;
    const before = storeOrders();
    const again = (id: number, change: Partial<OrderInput>) => ({
      ...before.find((o) => o.id === id)!,
      ...change,
    });
    // Customer 1's latest order becomes excluded: the latest date falls back to order 1.
    // Customer 9's on-hold order moves to customer 5; order 4 loses its refund; order 6 is
    // no longer failed; the unknown buyer's order goes to customer 3.
    await ingestOrders(db, [
      again(2, { status: 'cancelled' }),
      again(11, { customerId: 5, dateCreatedGmt: '2024-07-01 00:00:00' }),
      again(4, { status: 'completed', refunds: [] }),
      again(6, { status: 'processing' }),
      again(8, { customerId: 3 }),
      // Customer 10's only order is cancelled: the row goes.
      again(16, { status: 'cancelled' }),
    ]);
    const r = await get('customers?orderby=total_spend&per_page=100');
    const byId = new Map(r.body.map((x: { id: number }) => [x.id, x] as const));
    expect(byId.get(1)).toMatchObject({
      orders_count: 1,
      total_spend: 25,
      date_last_order: '2024-05-01T10:00:00',
    });
    expect(byId.get(5)).toMatchObject({ orders_count: 1, date_last_order: '2024-07-01T00:00:00' });
    expect(byId.get(9)).toMatchObject({ orders_count: 1, date_last_order: '2024-06-06T08:00:00' });
    expect(byId.get(2)).toMatchObject({ orders_count: 2, total_spend: 55 });
    expect(byId.get(3)).toMatchObject({ orders_count: 1, total_spend: 99 });
    expect(byId.get(6)).toMatchObject({ orders_count: 1, total_spend: 12 });
    expect(byId.get(10)).toMatchObject({ orders_count: 0, total_spend: 0, date_last_order: null });
    const row10 = await db.kysely
      .selectFrom('customer_totals')
      .selectAll()
      .where('customer_id', '=', 10)
      .execute();
    expect(row10).toEqual([]);
    await expectRebuildEqual();
    await expectBothPathsEqual();
  });

  it('reads customer_totals when current (the list, its pages and the stats)', async () => {
    const db = ctx().db;
    const spend = async (q: string) =>
      (await get(q)).body.find((x: { id: number }) => x.id === 7)?.total_spend;
    const original = await spend('customers?orderby=total_spend&per_page=100');
    await db.kysely
      .updateTable('customer_totals')
      .set({ total_spend: toUnits('1000') })
      .where('customer_id', '=', 7)
      .execute();
    try {
      expect(await spend('customers?orderby=total_spend&per_page=100')).toBe(1000);
      expect((await get('customers?orderby=total_spend&per_page=1')).body[0].id).toBe(7);
      expect(await spend('customers?orderby=name&per_page=100')).toBe(1000);
      expect(await spend('customers?total_spend_min=500&per_page=100')).toBe(1000);
      const stats = (await get('customers/stats?')).body.totals;
      const filtered = (await get('customers/stats?country_includes=US')).body.totals;
      await db.kysely.deleteFrom('customer_totals_state').execute();
      // Without the state row the answers come from order_stats again.
      expect(await spend('customers?orderby=total_spend&per_page=100')).toBe(original);
      expect((await get('customers/stats?')).body.totals.avg_total_spend).toBeLessThan(
        stats.avg_total_spend,
      );
      expect(
        (await get('customers/stats?country_includes=US')).body.totals.avg_total_spend,
      ).toBeLessThan(filtered.avg_total_spend);
    } finally {
      await db.kysely
        .updateTable('customer_totals')
        .set({ total_spend: toUnits(String(original)) })
        .where('customer_id', '=', 7)
        .execute();
      await db.kysely.deleteFrom('customer_totals_state').execute();
      const settings = await readStoreSettings(db);
      await db.kysely
        .insertInto('customer_totals_state')
        .values({ id: 1, excluded_statuses: JSON.stringify([...settings.excludedStatuses].sort()) })
        .execute();
    }
    expect(await current()).toBe(true);
    await expectRebuildEqual();
  });

  it('lists customers whose totals rows are absent from the customers table correctly', async () => {
    // An order of a customer id the lookup does not have: its totals row is never listed.
    const db = ctx().db;
    await ingestOrders(db, [
      order(13, { customerId: 50, created: '2024-05-30 00:00:00' }),
      order(14, { customerId: 2, created: '2024-05-31 00:00:00' }),
    ]);
    const r = await get('customers?orderby=total_spend&per_page=100');
    expect(r.body.map((x: { id: number }) => x.id)).not.toContain(50);
    expect(r.total).toBe('10');
    await expectBothPathsEqual();
  });

  it('counts the customers anew when the customers table changes (the count is kept between)', async () => {
    const db = ctx().db;
    const total = async () =>
      Number((await get('customers?orderby=total_spend&per_page=100')).total);
    const before = await total();
    const ids = (await db.kysely.selectFrom('customers').select('id').execute()).map((r) =>
      Number(r.id),
    );
    const added = Math.max(...ids) + 1;
    const row = await db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto('customers')
      .values({ ...row, id: added, email: `added-${added}@storelens.test` })
      .execute();
    try {
      expect(await total()).toBe(before + 1);
      expect(await total()).toBe(before + 1);
    } finally {
      await db.kysely.deleteFrom('customers').where('id', '=', added).execute();
    }
    expect(await total()).toBe(before);
  });

  it('is not read under other excluded statuses, and is rebuilt by the next batch', async () => {
    const db = ctx().db;
    await setOptions(db, { woocommerce_excluded_report_order_statuses: ['failed'] });
    try {
      expect(await current()).toBe(false);
      // Pending order 5 now counts, from order_stats.
      const r = await get('customers?orderby=total_spend&per_page=100');
      expect(r.body.find((x: { id: number }) => x.id === 3)).toMatchObject({ orders_count: 2 });
      await ingestOrders(db, [
        order(15, { customerId: 6, status: 'pending', created: '2024-06-02 00:00:00' }),
      ]);
      expect(await current()).toBe(true);
      await expectRebuildEqual();
      await expectBothPathsEqual();
    } finally {
      await setOptions(db, {
        woocommerce_excluded_report_order_statuses: ['pending', 'failed', 'cancelled'],
      });
    }
  });

  it('migration 009 fills the gross spend of the rows a store already has', async () => {
    const db = ctx().db;
    const settings = await readStoreSettings(db);
    await db.kysely.transaction().execute(async (trx) => {
      await rebuildCustomerTotals(new RawSql(trx, db.engine, db.sqlite), settings.excludedStatuses);
    });
    await m009.down(db.kysely as unknown as Kysely<unknown>);
    await m009.up(db.kysely as unknown as Kysely<unknown>);
    await expectRebuildEqual();
    const rows = await db.kysely.selectFrom('customer_totals').select('gross_spend').execute();
    expect(rows.some((r) => Number(r.gross_spend) > 0)).toBe(true);
  });

  it('agrees with the aggregate query after random batches and re-ingests (property)', async () => {
    const db = ctx().db;
    const statuses: OrderStatus[] = [...orderStatuses];
    const arbOrder = fc.record({
      id: fc.integer({ min: 1, max: 30 }),
      customerId: fc.integer({ min: 0, max: 12 }),
      status: fc.constantFrom(...statuses),
      cents: fc.integer({ min: 0, max: 20_000 }),
      day: fc.integer({ min: 1, max: 28 }),
      refund: fc.option(fc.integer({ min: 0, max: 150 }), { nil: undefined }),
    });
    type Case = typeof arbOrder extends fc.Arbitrary<infer T> ? T : never;
    const build = (x: Case): OrderInput =>
      order(x.id, {
        customerId: x.customerId,
        status: x.status,
        created: `2024-03-${String(x.day).padStart(2, '0')} 10:00:00`,
        lines: [{ id: x.id * 10, productId: 10, qty: 1, price: (x.cents / 100).toFixed(2) }],
        refunds:
          x.refund === undefined
            ? []
            : [
                refund(
                  1000 + x.id,
                  x.id * 10,
                  ((x.cents * x.refund) / 10_000).toFixed(2),
                  '2024-04-01 00:00:00',
                ),
              ],
      });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uniqueArray(arbOrder, { minLength: 1, maxLength: 8, selector: (x) => x.id }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (batches) => {
          await resetStore(db);
          await seedCatalog(db);
          await addCustomers(db, [4, 5, 6, 7, 8, 9, 10]);
          for (const batch of batches) await ingestOrders(db, batch.map(build));
          await expectRebuildEqual();
          await expectBothPathsEqual([
            'customers?orderby=total_spend&per_page=100',
            'customers?orderby=total_spend&order=asc&per_page=4&page=2',
            'customers?orderby=avg_order_value&per_page=3&page=3',
            'customers?orderby=orders_count&order=asc&per_page=5&page=2',
            'customers?orderby=date_registered&per_page=100',
            'customers?orders_count_min=1&per_page=100',
            'customers/stats?',
          ]);
        },
      ),
      { numRuns: 12, seed: 4 },
    );
  });
});
