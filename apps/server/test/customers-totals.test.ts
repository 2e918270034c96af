import { type OrderStatus, orderStatuses } from '@storelens/api';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import {
  customerTotalsCurrent,
  PROFIT_SUMS,
  rebuildCustomerTotals,
} from '../src/analytics/customer-totals';
import type { Db } from '../src/db/database';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../src/db/migrate';
import * as m009 from '../src/db/migrations/009_customer_gross_spend';
import { RawSql } from '../src/db/sql';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { toUnits } from '../src/money';
import { readStoreSettings, setOptions } from '../src/options';
import { prepareStore } from '../src/startup';
import { openStore, resetStore } from '../src/store';
import { order, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

/*
 * The customers report from customer_totals (kept per ingested batch) against the same report
 * aggregated from order_stats on the request: identical bodies and paging headers, on a store
 * with refunds, excluded statuses, guests, unknown buyers, customers without orders,
 * re-ingested orders whose status, customer and refunds change, and lines with and without a
 * cost (gross profit above, at and below zero, and unknown).
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

/** The order with a cost on each of its lines (all units; none: the lines' costs are unknown). */
const costed = (input: OrderInput, cost: string | undefined): OrderInput =>
  cost === undefined
    ? input
    : { ...input, lines: input.lines.map((l) => ({ ...l, cost: toUnits(cost) })) };

/**
 * A fixed store: every case the totals must agree on. Gross profit: customers 1 and 9 tie at
 * 25 (customer 1's costed line refunded, its cost given back), customer 7 sold at cost (a row
 * at 0), customer 2 sold below cost, customer 8's refund took back its only item (no item
 * left: -1, not unknown), customers 4 and 10 sold items of unknown cost (unknown, lowest).
 */
function storeOrders(): OrderInput[] {
  const o = (
    id: number,
    customerId: number,
    status: OrderStatus,
    price: string,
    created: string,
    refunds: OrderInput['refunds'] = [],
    cost?: string,
  ) =>
    costed(
      order(id, {
        customerId,
        status,
        created,
        lines: [{ id: id * 10, productId: 10, qty: 1, price }],
        refunds,
      }),
      cost,
    );
  return [
    o(1, 1, 'completed', '25', '2024-05-01 10:00:00', [], '25'),
    o(
      2,
      1,
      'completed',
      '40',
      '2024-05-08 09:00:00',
      [refund(20, 20, '15', '2024-05-10 12:00:00')],
      '20',
    ),
    o(3, 2, 'processing', '25', '2024-05-02 23:30:00', [], '30'),
    o(4, 2, 'refunded', '30', '2024-05-09 15:00:00', [refund(40, 40, '30', '2024-05-12 08:00:00')]),
    // Excluded statuses only: listed with zeros.
    o(5, 3, 'pending', '10', '2024-05-02 12:00:00'),
    o(6, 6, 'failed', '12', '2024-06-01 12:00:00'),
    // The guest, and an unknown buyer (customer 0) who is never listed.
    o(7, 4, 'completed', '7.5', '2024-05-20 08:00:00'),
    o(8, 0, 'completed', '99', '2024-05-21 08:00:00'),
    // Same total spend as customer 2 (ties break on id); a refund bigger than its order
    // (negative spend, below the customers at zero); a free order (a row at zero).
    o(9, 7, 'completed', '25', '2024-05-03 08:00:00', [], '25'),
    o(10, 8, 'completed', '5', '2024-05-04 08:00:00', [
      refund(100, 100, '6', '2024-05-05 08:00:00'),
    ]),
    o(11, 9, 'on-hold', '20', '2024-05-06 08:00:00', [], '3'),
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
    'gross_profit',
  ];
  for (const orderby of sorts) {
    const aggregate = ['orders_count', 'total_spend', 'avg_order_value', 'gross_profit'].includes(
      orderby,
    );
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
    out.push(`customers?${filter}&orderby=gross_profit&order=asc&per_page=2&page=2`);
    out.push(`customers/stats?${filter}`);
  }
  out.push('customers/stats?');
  out.push('customers?after=2024-05-04T00:00:00&orderby=total_spend&per_page=100');
  out.push('customers?after=2024-05-04T00:00:00&orderby=gross_profit&per_page=100');
  return out;
}

/** The gross profit sort's pages, both directions, several page sizes. */
const profitQueries = () =>
  ['asc', 'desc'].flatMap((order) =>
    [1, 3, 100].flatMap((perPage) =>
      Array.from(
        { length: Math.ceil(12 / perPage) + 1 },
        (_, i) => `customers?orderby=gross_profit&order=${order}&per_page=${perPage}&page=${i + 1}`,
      ),
    ),
  );

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
    const kept = await totalsRows();
    const settings = await readStoreSettings(db);
    await db.kysely.transaction().execute(async (trx) => {
      await rebuildCustomerTotals(new RawSql(trx, db.engine, db.sqlite), settings.excludedStatuses);
    });
    expect(kept).toEqual(await totalsRows());
  }

  /** Every customer_totals row, every column (numbers as numbers), by customer. */
  const totalsRows = async () =>
    (
      await ctx()
        .db.kysely.selectFrom('customer_totals')
        .select([
          'customer_id',
          'orders_count',
          'total_spend',
          'date_last_order',
          'gross_spend',
          ...PROFIT_SUMS,
          'gross_profit',
        ])
        .orderBy('customer_id')
        .execute()
    ).map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          typeof v === 'string' && k !== 'date_last_order' ? Number(v) : v,
        ]),
      ),
    );

  /**
   * The gross profit sort against a naive one of every customer's gross profit (as each row
   * of any list states it): value, then id, in the sort's direction, unknown (null) lowest; every
   * page of several sizes, with the same total and pages.
   */
  async function expectProfitOrder() {
    const all = (await get('customers?orderby=name&per_page=100')).body as {
      id: number;
      gross_profit: number | null;
    }[];
    const low = (v: number | null) => (v === null ? Number.NEGATIVE_INFINITY : v);
    const ascending = [...all]
      .sort((a, b) =>
        low(a.gross_profit) === low(b.gross_profit)
          ? a.id - b.id
          : low(a.gross_profit) < low(b.gross_profit)
            ? -1
            : 1,
      )
      .map((r) => r.id);
    for (const order of ['asc', 'desc'] as const) {
      const expected = order === 'asc' ? ascending : [...ascending].reverse();
      for (const perPage of [1, 3, 4, 100]) {
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(all.length / perPage) + 1; page++) {
          const q = `customers?orderby=gross_profit&order=${order}&per_page=${perPage}&page=${page}`;
          const r = await get(q);
          expect([r.total, r.pages], q).toEqual([
            String(all.length),
            String(Math.ceil(all.length / perPage)),
          ]);
          seen.push(...r.body.map((x: { id: number }) => x.id));
        }
        expect(seen, `${order} by ${perPage}`).toEqual(expected);
      }
    }
  }

  it('keeps the figures of the aggregate query: refunds, excluded statuses, guests, ties', async () => {
    const db = ctx().db;
    await seedCatalog(db);
    await addCustomers(db, [4, 5, 6, 7, 8, 9, 10]);
    const orders = storeOrders();
    // Opening the store built its (empty) rows; each batch adds to them.
    expect(await current()).toBe(true);
    await ingestOrders(db, orders.slice(0, 6));
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
    const profit = (id: number) => (byId.get(id) as { gross_profit: number | null }).gross_profit;
    expect([1, 9, 7, 3, 5, 8, 2, 4, 10].map(profit)).toEqual([25, 25, 0, 0, 0, -1, -5, null, null]);
    const desc = await get('customers?orderby=gross_profit&order=desc&per_page=100');
    expect(desc.body.map((r: { id: number }) => r.id)).toEqual([9, 1, 7, 6, 5, 3, 8, 2, 10, 4]);
    await expectRebuildEqual();
    await expectProfitOrder();
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

  it('keeps the profit sums through new, changed, refunded and removed orders', async () => {
    const db = ctx().db;
    const profit = async (id: number) =>
      (await get('customers?orderby=name&per_page=100')).body.find(
        (x: { id: number }) => x.id === id,
      ).gross_profit;
    // Customer 5: two units at a known cost and a line of unknown cost (part covered);
    // customer 6: a line of unknown cost; customer 9: three units at a known cost.
    const o17 = order(17, {
      customerId: 5,
      created: '2024-06-10 08:00:00',
      lines: [
        { id: 170, productId: 10, qty: 2, price: '12' },
        { id: 171, productId: 20, variationId: 21, qty: 1, price: '30' },
      ],
    });
    o17.lines[0]!.cost = toUnits('9');
    const o18 = order(18, {
      customerId: 6,
      created: '2024-06-11 08:00:00',
      lines: [{ id: 180, productId: 10, qty: 1, price: '15' }],
    });
    const o19 = costed(
      order(19, {
        customerId: 9,
        created: '2024-06-12 08:00:00',
        lines: [{ id: 190, productId: 10, qty: 3, price: '4' }],
      }),
      '6',
    );
    await ingestOrders(db, [o17, o18, o19]);
    await expectRebuildEqual();
    expect(await profit(5)).toBe(17 + 54 - 9);
    // Refunded: one of customer 5's costed units with a cost of its own, one of customer 9's
    // units at its line's cost.
    const refunded17 = {
      ...o17,
      refunds: [
        {
          ...refund(1700, 170, '12', '2024-06-15 08:00:00'),
          lines: [
            {
              id: 1701,
              orderItemId: 170,
              quantity: 1,
              total: toUnits('12'),
              tax: 0,
              cost: toUnits('4'),
            },
          ],
        },
      ],
    };
    await ingestOrders(db, [
      refunded17,
      { ...o19, refunds: [refund(1900, 190, '4', '2024-06-16 08:00:00')] },
    ]);
    await expectRebuildEqual();
    expect(await profit(5)).toBe(17 + 54 - 9 - 12 + 4);
    await expectProfitOrder();
    // Changed: customer 6's line gets a cost, customer 5's order is cancelled (excluded);
    // removed: customer 9's order (back to a line of unknown cost alone).
    await ingestOrders(db, [costed(o18, '20'), { ...refunded17, status: 'cancelled' }], [19]);
    await expectRebuildEqual();
    expect([await profit(5), await profit(6), await profit(9)]).toEqual([17, 7, null]);
    await expectProfitOrder();
    await expectBothPathsEqual([
      ...profitQueries(),
      'customers?orderby=gross_profit&total_spend_min=10&per_page=2&page=2',
      'customers?orderby=gross_profit&order=asc&country_includes=us&per_page=100',
      'customers?orderby=name&per_page=100',
    ]);
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

  it('migration 046: the rows are not read until rebuilt with their profit sums, which starting the server or opening the store does', async () => {
    const db = ctx().db;
    const list = profitQueries();
    expect(await current()).toBe(true);
    const kept = await totalsRows();
    expect(kept.some((r) => Number(r.cost_of_goods) > 0)).toBe(true);
    const before: Awaited<ReturnType<typeof get>>[] = [];
    for (const q of list) before.push(await get(q));
    const expectAnswers = async () => {
      for (const [i, q] of list.entries()) expect(await get(q), q).toEqual(before[i]);
    };
    const upgrade = async () => {
      await migrateTo(
        db,
        MIGRATION_NAMES[MIGRATION_NAMES.indexOf('046_customer_totals_profit') - 1]!,
      );
      await migrateToLatest(db);
      // The sums are 0 and the record gone: the answers are aggregated from order_stats.
      expect(await current()).toBe(false);
      const unfilled = await totalsRows();
      expect(unfilled.length).toBe(kept.length);
      expect(unfilled.every((r) => PROFIT_SUMS.every((m) => r[m] === 0))).toBe(true);
      await expectAnswers();
    };
    // The server's start (main.ts).
    await upgrade();
    await prepareStore(db, { log: () => undefined, demoOrders: 0, demoWhenEmpty: false });
    expect(await current()).toBe(true);
    expect(await totalsRows()).toEqual(kept);
    await expectAnswers();
    // The command-line tools' (openStore).
    await upgrade();
    const reopened = await openStore(db.url, db.schema ? { schema: db.schema } : {});
    await reopened.close();
    expect(await current()).toBe(true);
    expect(await totalsRows()).toEqual(kept);
    await expectAnswers();
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
      cost: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
    });
    type Case = typeof arbOrder extends fc.Arbitrary<infer T> ? T : never;
    const build = (x: Case): OrderInput =>
      costed(
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
        }),
        x.cost === undefined ? undefined : (x.cost / 100).toFixed(2),
      );
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
          await expectProfitOrder();
          await expectBothPathsEqual([
            'customers?orderby=gross_profit&per_page=100',
            'customers?orderby=gross_profit&order=asc&per_page=3&page=2',
            'customers?orderby=gross_profit&per_page=4&page=3',
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
