import { type DateType, type OrderStatus, orderStatuses } from '@storelens/api';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reportContext } from '../src/analytics/context';
import { filtersFromQuery } from '../src/analytics/filters';
import { orderStats } from '../src/analytics/revenue';
import type { Db } from '../src/db/database';
import { rollUpItemDays } from '../src/db/migrations/015_item_day';
import { generateDemoStore } from '../src/demo/generate';
import { Random } from '../src/demo/random';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { toUnits } from '../src/money';
import { readStoreSettings } from '../src/options';
import { order, seedCatalog, storeSettings } from './fixtures';
import { engines, freshStore } from './harness';
import { productCustomersInMarch } from './recording-context';

/*
 * Order-level stats filtered to one product, variation, category or coupon are read from
 * item_day (migration 015). Here a store is built the way a shop changes (batches, re-ingested
 * orders with new statuses, dates, lines and customers, so orders flip between new and
 * returning; refunds added and dropped; orders removed) and every one-item answer from the
 * rollup is compared with the same request answered from the lookup rows.
 */

const PRODUCTS = [10, 20, 30];
const VARIATIONS = [21, 22];
const COUPONS = [900, 901, 902];
const CATEGORIES = [1, 2, 3];

function randomOrder(rnd: Random, id: number): OrderInput {
  const statuses: OrderStatus[] = [...orderStatuses];
  const status = rnd.pick(statuses);
  const day = rnd.int(1, 28);
  const at = (d: number, h: number) =>
    `2024-03-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}:00`;
  const created = at(day, rnd.int(0, 23));
  const paid = status === 'pending' || status === 'failed' ? null : at(Math.min(day + 1, 28), 3);
  const count = rnd.int(1, 3);
  const lines = Array.from({ length: count }, (_, i) => {
    const productId = rnd.pick(PRODUCTS);
    return {
      id: id * 10 + i,
      productId,
      ...(productId === 20 ? { variationId: rnd.pick(VARIATIONS) } : {}),
      qty: rnd.int(1, 3),
      price: `${rnd.int(5, 60)}.${rnd.pick(['00', '49', '99'])}`,
      tax: '1.25',
    };
  });
  const refunded = status === 'refunded' || (status === 'completed' && rnd.chance(0.4));
  const refundLine = lines[rnd.int(0, lines.length - 1)]!;
  return order(id, {
    status,
    customerId: rnd.int(0, 3),
    created,
    paid,
    completed: status === 'completed' ? at(Math.min(day + 2, 28), 20) : null,
    lines,
    shipping: rnd.pick(['0', '5']),
    shippingTax: '0.25',
    ...(rnd.chance(0.4) ? { coupon: { id: rnd.pick(COUPONS), code: 'c', amount: '1' } } : {}),
    refunds: refunded
      ? [
          {
            id: id * 10 + 5,
            dateCreatedGmt: at(Math.min(day + rnd.int(0, 5), 28), 12),
            // Some refunds give back one line, some only an amount (no line: no product).
            lines: rnd.chance(0.7)
              ? [
                  {
                    id: id * 10 + 6,
                    orderItemId: refundLine.id,
                    quantity: 1,
                    total: toUnits(refundLine.price),
                    tax: toUnits('1.25'),
                  },
                ]
              : [],
            shipping: 0,
            shippingTax: 0,
            ...(rnd.chance(0.3) ? { extra: toUnits('2') } : {}),
          },
        ]
      : [],
  });
}

async function seed(db: Db) {
  await storeSettings(db, 'Asia/Kathmandu');
  await seedCatalog(db);
  await db.kysely
    .insertInto('categories')
    .values([
      { id: 1, name: 'Clothing', slug: 'clothing', parent_id: 0, description: '' },
      { id: 2, name: 'Tees', slug: 'tees', parent_id: 1, description: '' },
      { id: 3, name: 'Kitchen', slug: 'kitchen', parent_id: 0, description: '' },
    ])
    .execute();
  await db.kysely
    .insertInto('product_categories')
    .values([
      { product_id: 10, category_id: 3 },
      { product_id: 20, category_id: 1 },
      { product_id: 20, category_id: 2 },
      { product_id: 30, category_id: 1 },
    ])
    .execute();
}

/** The one-item requests compared: every item, alone and with a customer type or a status. */
function requests() {
  const out: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [
    ...PRODUCTS.map((id) => ({ product_includes: [id] })),
    ...VARIATIONS.map((id) => ({ variation_includes: [id] })),
    ...CATEGORIES.map((id) => ({ category_includes: [id] })),
    ...COUPONS.map((id) => ({ coupon_includes: [id] })),
  ];
  for (const item of items) {
    out.push(item);
    out.push({ ...item, customer_type: 'new' });
    out.push({ ...item, customer_type: 'returning' });
    out.push({ ...item, status_is: ['completed', 'refunded'] });
    out.push({ ...item, match: 'any' });
  }
  return out;
}

const RANGES = [
  // Whole days.
  ['2024-03-01 00:00:00', '2024-04-05 23:59:59'],
  // Partial days and hours at both ends.
  ['2024-03-03 10:30:00', '2024-03-20 17:15:59'],
];

async function compare(db: Db) {
  const settings = await readStoreSettings(db);
  /** Comparisons whose answer has orders (not two empty answers). */
  let answered = 0;
  for (const dateType of ['date_paid', 'date_created', 'date_completed'] as DateType[]) {
    const ctx = reportContext(db, settings, dateType);
    for (const [after, before] of RANGES) {
      for (const q of requests()) {
        for (const interval of ['day', 'week', 'month', 'quarter'] as const) {
          for (const report of ['revenue', 'orders', 'customers'] as const) {
            // Distinct customers are counted per bucket in SQL: by the date's prefix (day,
            // month) or by the buckets' first seconds (week, quarter); each is compared.
            if (report !== 'customers' && (interval === 'month' || interval === 'quarter'))
              continue;
            const params = {
              after: after!,
              before: before!,
              interval,
              page: 1,
              perPage: 100,
              order: 'asc' as const,
              orderby: 'date',
              // orders/stats without total_customers (distinct customers read the lookups).
              // 'customers': orders/stats with total_customers (item visits over whole days, the
              // item's lines over partial ones).
              fields:
                report === 'customers'
                  ? ['orders_count', 'net_revenue', 'total_customers']
                  : report === 'orders'
                    ? [
                        'orders_count',
                        'net_revenue',
                        'avg_order_value',
                        'num_items_sold',
                        'coupons_count',
                      ]
                    : undefined,
              filters: filtersFromQuery(q),
              segmentby: undefined,
            };
            const kind = report === 'customers' ? 'orders' : report;
            const fromRollup = await orderStats(ctx, kind, params);
            const fromLookups = await orderStats(ctx, kind, params, { itemRollups: false });
            expect(
              fromRollup,
              `${report} ${dateType} ${after} ${interval} ${JSON.stringify(q)}`,
            ).toEqual(fromLookups);
            const totals = fromRollup.body.totals as { orders_count?: number };
            if ((totals.orders_count ?? 0) > 0) answered++;
          }
        }
      }
    }
  }
  return answered;
}

for (const engine of engines) {
  describe(`one-item stats from item_day equal the lookup computation [${engine}]`, () => {
    it('after batches, changes, refunds, removals and new/returning flips', async () => {
      const rnd = new Random(21);
      const store = await freshStore(engine);
      try {
        const { db } = store;
        await seed(db);
        const first = Array.from({ length: 150 }, (_, i) => randomOrder(rnd, 1000 + i));
        await ingestOrders(db, first.slice(0, 60));
        await ingestOrders(db, first.slice(60));
        // Changed orders (new status, dates, lines, customers: first orders move, so other
        // orders flip between new and returning; refunds appear and go), and removals.
        const changed = first.filter(() => rnd.chance(0.3)).map((o) => randomOrder(rnd, o.id));
        await ingestOrders(db, changed);
        const removed = first.filter(() => rnd.chance(0.1)).map((o) => o.id);
        await ingestOrders(db, changed.slice(0, 5), removed);
        const rows = await db.kysely
          .selectFrom('item_day')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(rows.n)).toBeGreaterThan(100);
        expect(await compare(db)).toBeGreaterThan(500);

        // Distinct customers of one product: item_day and the product's visits, no order rows.
        const customers = await productCustomersInMarch(db, 10);
        expect(
          (customers.body.totals as { total_customers: number }).total_customers,
        ).toBeGreaterThan(0);
        expect(customers.sql).toContain('item_day');
        expect(customers.sql).not.toContain('FROM order_stats');
        // Its customers from its visits (migration 025), not from its lines.
        expect(customers.sql).toContain('FROM item_visits');
        expect(customers.sql).not.toContain('order_product_lookup');

        // The comparison would catch a drifted rollup: add 1.00 to product 10's rows and the
        // rollup answer no longer equals the lookups'.
        await db.kysely
          .updateTable('item_day')
          .set((eb) => ({ net_total: eb('net_total', '+', 10_000) }))
          .where('item_type', '=', 'product')
          .where('item_id', '=', 10)
          .where('date_kind', '=', 'paid')
          .where('status', '=', 'completed')
          .execute();
        await expect(compare(db)).rejects.toThrow();
      } finally {
        await store.drop();
      }
    });
  });
}

/** The measures migration 035 added to item_day (the profit figures are made of). */
const PROFIT_MEASURES = new Set(['cost_of_goods', 'costed_items', 'costed_net', 'payment_fees']);

for (const engine of engines) {
  describe(`a generated store's item_day (rolled up after the bulk load) [${engine}]`, () => {
    it('answers one-item stats as the lookups do', async () => {
      const store = await freshStore(engine);
      try {
        const { db } = store;
        // Several batches: item_day is summed across them and written once after the load.
        await generateDemoStore(db, {
          orders: 1500,
          end: '2024-06-30',
          years: 0.5,
          seed: 3,
          batch: 400,
        });
        // The same rows as rolling item_day up from the loaded lookups, on the columns that
        // rollup (migration 015's) knows: the later profit measures are filled by 035's own.
        const itemDays = async () =>
          (
            await db.kysely
              .selectFrom('item_day')
              .selectAll()
              .orderBy(['item_type', 'item_id', 'date_kind', 'day', 'status', 'returning_customer'])
              .execute()
          ).map((r) =>
            JSON.stringify(
              Object.fromEntries(Object.entries(r).filter(([k]) => !PROFIT_MEASURES.has(k))),
            ),
          );
        const loaded = await itemDays();
        expect(loaded.length).toBeGreaterThan(1000);
        // Its primary key is in place (PostgreSQL's is built after the rows are written).
        const row = await db.kysely.selectFrom('item_day').selectAll().executeTakeFirstOrThrow();
        await expect(db.kysely.insertInto('item_day').values(row).execute()).rejects.toThrow();
        const settings = await readStoreSettings(db);
        const ctx = reportContext(db, settings);
        const ids = async (table: 'products' | 'categories' | 'coupons') =>
          (await db.kysely.selectFrom(table).select('id').orderBy('id').limit(3).execute()).map(
            (r) => Number(r.id),
          );
        const queries = [
          ...(await ids('products')).map((id) => ({ product_includes: [id] })),
          ...(await ids('categories')).map((id) => ({ category_includes: [id] })),
          ...(await ids('coupons')).map((id) => ({ coupon_includes: [id], customer_type: 'new' })),
        ];
        let answered = 0;
        for (const q of queries) {
          const params = {
            after: '2024-01-01 00:00:00',
            before: '2024-06-30 23:59:59',
            interval: 'week' as const,
            page: 1,
            perPage: 100,
            order: 'asc' as const,
            orderby: 'date',
            fields: undefined,
            filters: filtersFromQuery(q as never),
            segmentby: undefined,
          };
          const fromRollup = await orderStats(ctx, 'revenue', params);
          expect(fromRollup, JSON.stringify(q)).toEqual(
            await orderStats(ctx, 'revenue', params, { itemRollups: false }),
          );
          if (Number((fromRollup.body.totals as { orders_count?: number }).orders_count) > 0)
            answered++;
        }
        expect(answered).toBeGreaterThan(5);
        // Rolled up again from the lookups, as migration 015 does, it holds the same rows.
        await db.kysely.deleteFrom('item_day').execute();
        await rollUpItemDays(db.kysely as unknown as Kysely<unknown>);
        expect(await itemDays()).toEqual(loaded);
      } finally {
        await store.drop();
      }
    });
  });
}
