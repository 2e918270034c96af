import type { DateType } from '@storelens/api';
import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { categoriesList } from '../src/analytics/categories-list';
import { couponsList } from '../src/analytics/coupons-list';
import { noFilters, type ReportFilters } from '../src/analytics/filters';
import type { ProductListParams } from '../src/analytics/list-parts';
import type { ListResult } from '../src/analytics/paging';
import { productsList } from '../src/analytics/products-list';
import { taxesList } from '../src/analytics/taxes-list';
import { variationsList } from '../src/analytics/variations-list';
import type { Db } from '../src/db/database';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { DAY_ROLLUPS, MONTH_ROLLUPS, type PeriodTable, periodShape } from '../src/db/rollups';
import { generateDemoStore } from '../src/demo/generate';
import { ingestOrders } from '../src/ingest/ingest';
import { toUnits } from '../src/money';
import { readStoreSettings } from '../src/options';
import { order, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';
import { recordingContext } from './recording-context';

/*
 * The list reports read whole months from the month rollups and the rest of the range from
 * the lookup rows. These suites check that path against the lookup-only path (today's query)
 * for random ranges, orders, pages, date types and filters, that it is taken when it should
 * be and not otherwise, and exact figures for a refund in a later month than its order and a
 * product in two categories.
 */

type ListFn = (
  ...args: Parameters<typeof productsList>
) => Promise<ListResult<Record<string, unknown>>>;
const LISTS: [string, ListFn, string[]][] = [
  [
    'products',
    productsList,
    ['net_revenue', 'items_sold', 'orders_count', 'product_name', 'sku', 'variations', 'date'],
  ],
  ['variations', variationsList, ['net_revenue', 'items_sold', 'orders_count', 'sku', 'date']],
  [
    'categories',
    categoriesList,
    ['category_id', 'net_revenue', 'items_sold', 'orders_count', 'products_count', 'category'],
  ],
  [
    'coupons',
    couponsList,
    ['coupon_id', 'amount', 'orders_count', 'code', 'gross_profit', 'net_profit'],
  ],
  [
    'taxes',
    taxesList,
    ['tax_rate_id', 'name', 'tax_code', 'rate', 'order_tax', 'total_tax', 'orders_count'],
  ],
];

const params = (
  range: { after?: string; before?: string },
  extra: Partial<ProductListParams> = {},
): ProductListParams => ({
  page: 1,
  perPage: 100,
  order: 'desc',
  range: { after: range.after, before: range.before },
  filters: noFilters,
  orderby: 'net_revenue',
  extendedInfo: true,
  ...extra,
});

const text = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const START = Date.UTC(2023, 5, 1);
const END = Date.UTC(2024, 6, 15);

/** Ranges of every shape: any second, whole days, whole months, open ends, no dates. */
const rangeArb = fc.oneof(
  fc
    .tuple(fc.integer({ min: START, max: END }), fc.integer({ min: 0, max: 200 * 86_400_000 }))
    .map(([a, len]) => {
      const after = Math.floor(a / 1000) * 1000;
      return { after: text(after), before: text(after + Math.floor(len / 1000) * 1000) };
    }),
  fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 400 })).map(([d, len]) => ({
    after: text(START + d * 86_400_000),
    before: text(START + (d + len) * 86_400_000 - 1000),
  })),
  fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 14 })).map(([m, len]) => ({
    after: text(Date.UTC(2023, 5 + m, 1)),
    before: text(Date.UTC(2023, 5 + m + len, 1) - 1000),
  })),
  fc.integer({ min: START, max: END }).map((a) => ({ after: text(Math.floor(a / 1000) * 1000) })),
  fc.integer({ min: START, max: END }).map((b) => ({ before: text(Math.floor(b / 1000) * 1000) })),
  fc.constant({}),
);

/** Ranges whose bounds fall on orders' own seconds, or one second beside them. */
const boundaryArb = (dates: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...dates), fc.constantFrom(...dates), fc.boolean(), fc.boolean())
    .map(([x, y, keepFirst, keepLast]) => {
      const [a, b] = x < y ? [x, y] : [y, x];
      const after = keepFirst ? a : text(Date.parse(`${a}Z`) + 1000);
      const before = keepLast ? b : text(Date.parse(`${b}Z`) - 1000);
      return after <= before ? { after, before } : { after: a, before: b };
    });

/** Local paid dates of some orders and refunds of the store. */
async function someDates(db: Db): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('order_stats')
    .select('date_paid')
    .where('date_paid', 'is not', null)
    .orderBy('order_id')
    .execute();
  return rows.filter((_, i) => i % 5 === 0).map((r) => String(r.date_paid).replace('T', ' '));
}

describeEachEngine(
  'list reports from month rollups (generated store)',
  (ctx) => {
    it('equal the lookup-only lists for any range, sort, page, date type and status filter', async () => {
      const ids = async (table: string) =>
        (
          await ctx()
            .db.kysely.selectFrom(table as 'products')
            .select('id')
            .execute()
        ).map((r) => Number(r.id));
      const products = (await ids('products')).slice(0, 40);
      const categories = await ids('categories');
      const filterArb = fc.record({
        statusIs: fc.constantFrom([], ['completed'], ['processing', 'on-hold']),
        statusIsNot: fc.constantFrom([], ['refunded']),
        match: fc.constantFrom('all' as const, 'any' as const),
        productIncludes: fc.constantFrom([], products.slice(0, 3)),
        productExcludes: fc.constantFrom([], products.slice(5, 9)),
        variationExcludes: fc.constantFrom([], products.slice(10, 30)),
        categoryIncludes: fc.constantFrom([], categories.slice(0, 2)),
        couponIncludes: fc.constantFrom([], [1, 2]),
        taxRateIncludes: fc.constantFrom([], [1]),
      });
      let monthReads = 0;
      const dates = await someDates(ctx().db);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(rangeArb, boundaryArb(dates)),
          fc.constantFrom(...LISTS),
          fc.nat(),
          fc.constantFrom('asc' as const, 'desc' as const),
          fc.integer({ min: 1, max: 30 }),
          fc.integer({ min: 1, max: 3 }),
          fc.constantFrom<DateType>('date_paid', 'date_created', 'date_completed'),
          fc.option(filterArb, { nil: undefined }),
          async (range, [name, list, orderbys], pick, order, perPage, page, dateType, f) => {
            const { ctx: c, texts } = await recordingContext(ctx().db, dateType);
            const filters: ReportFilters = { ...noFilters, ...f };
            const p = params(range, {
              orderby: orderbys[pick % orderbys.length]!,
              order,
              perPage,
              page,
              filters,
            });
            const viaMonths = await list(c, p);
            if (texts.some((t) => /_(month|day) /.test(t))) monthReads++;
            const viaLookups = await list(c, { ...p, lookupOnly: true });
            expect(viaMonths, `${name} ${JSON.stringify(p)}`).toEqual(viaLookups);
          },
        ),
        { numRuns: 120 },
      );
      // About half the random cases can use a rollup (e.g. no month inside a short range).
      expect(monthReads).toBeGreaterThan(30);
    });

    it('gives every list from its day rollup equal to the lookups, for day-aligned ranges', async () => {
      const categories = (
        await ctx().db.kysely.selectFrom('categories').select('id').execute()
      ).map((r) => Number(r.id));
      const dayReads = new Map<string, number>();
      // Whole local days across month boundaries, and days with a partial first or last hour.
      const dayRange = fc
        .tuple(
          fc.integer({ min: 0, max: 400 }),
          fc.integer({ min: 1, max: 120 }),
          fc.constantFrom(0, 3_600_000 * 5 + 17_000),
        )
        .map(([d, len, skew]) => ({
          after: text(START + d * 86_400_000 + skew),
          before: text(START + (d + len) * 86_400_000 - 1000),
        }));
      await fc.assert(
        fc.asyncProperty(
          dayRange,
          fc.constantFrom(...LISTS),
          fc.nat(),
          fc.constantFrom<DateType>('date_paid', 'date_created', 'date_completed'),
          fc.constantFrom([], ['completed'], ['processing', 'on-hold']),
          fc.constantFrom([], categories.slice(0, 3)),
          async (range, [name, list, orderbys], pick, dateType, statusIs, categoryIncludes) => {
            const { ctx: c, texts } = await recordingContext(ctx().db, dateType);
            const filters: ReportFilters = { ...noFilters, statusIs, categoryIncludes };
            const p = params(range, { orderby: orderbys[pick % orderbys.length]!, filters });
            const viaDays = await list(c, p);
            for (const table of texts.flatMap((t) => t.match(/\b[a-z]+_day\b/g) ?? []))
              dayReads.set(table, (dayReads.get(table) ?? 0) + 1);
            expect(viaDays, `${name} ${JSON.stringify(p)}`).toEqual(
              await list(c, { ...p, lookupOnly: true }),
            );
          },
        ),
        { numRuns: 150 },
      );
      // Each list's day rollup was read (a one-day range starting mid-day has no whole day).
      for (const table of ['product_day', 'variation_day', 'category_day', 'coupon_day', 'tax_day'])
        expect(dayReads.get(table), table).toBeGreaterThan(5);
    });

    it('counts the distinct products of revenue stats as the lookup rows hold them, for any range', async () => {
      const db = ctx().db;
      const excluded = (await readStoreSettings(db)).excludedStatuses;
      const dates = await someDates(db);
      const closed = rangeArb.filter(
        (r): r is { after: string; before: string } =>
          'after' in r && 'before' in r && r.after !== undefined && r.before !== undefined,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(closed, boundaryArb(dates)),
          fc.constantFrom(undefined, 'new' as const, 'returning' as const),
          async ({ after, before }, customerType) => {
            const iso = (t: string) => t.replace(' ', 'T');
            const res = await ctx().app.inject({
              method: 'GET',
              // orders/stats without total_customers in fields: the rollup path.
              url: `/wp-json/wc-analytics/reports/orders/stats?after=${iso(after)}&before=${iso(before)}&interval=month&fields=products,orders_count&force_cache_refresh=true${customerType ? `&customer_type=${customerType}` : ''}`,
            });
            expect(res.statusCode, res.body).toBe(200);
            let q = db.kysely
              .selectFrom('order_product_lookup')
              .select('product_id')
              .distinct()
              .where('date_paid', '>=', after)
              .where('date_paid', '<=', before)
              .where('status', 'not in', excluded);
            if (customerType)
              q = q.where('returning_customer', '=', customerType === 'returning' ? 1 : 0);
            expect(res.json().totals.products, `${after} – ${before} ${customerType}`).toBe(
              (await q.execute()).length,
            );
          },
        ),
        { numRuns: 60 },
      );
    });

    it('gives performance indicators equal to the stats reports totals for any range', async () => {
      const get = async (url: string) => {
        const res = await ctx().app.inject({ method: 'GET', url: `/wp-json/wc-analytics/${url}` });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res.json();
      };
      const iso = (t: string) => t.replace(' ', 'T');
      const dates = await someDates(ctx().db);
      const closed = rangeArb.filter(
        (r): r is { after: string; before: string } =>
          'after' in r && 'before' in r && r.after !== undefined && r.before !== undefined,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(closed, boundaryArb(dates), boundaryArb(dates)),
          async ({ after, before }) => {
            const q = `after=${iso(after)}&before=${iso(before)}&force_cache_refresh=true`;
            const items: { stat: string; value: number }[] = await get(
              `reports/performance-indicators?${q}`,
            );
            const fields = new Map<string, string[]>();
            for (const i of items) {
              const [report, field] = i.stat.split('/') as [string, string];
              fields.set(report, [...(fields.get(report) ?? []), field]);
            }
            const expected = new Map<string, number>();
            for (const [report, list] of fields) {
              const body = await get(
                `reports/${report}/stats?${q}&interval=year&fields=${list.join(',')}`,
              );
              for (const f of list) expected.set(`${report}/${f}`, body.totals[f]);
            }
            for (const i of items) expect(i.value, i.stat).toBe(expected.get(i.stat));
          },
        ),
        { numRuns: 40 },
      );
    });

    it('migration 051 counts the lookup rows of every rollup row, each date kind and status', async () => {
      const db = ctx().db;
      const kept = await countedRollups(db);
      expect(kept.category_day!.length).toBeGreaterThan(100);
      await migrateTo(db, '050_cohort_days');
      await migrateToLatest(db);
      expect(await countedRollups(db)).toEqual(kept);
    });

    it('reads a year of whole months from the month tables alone', async () => {
      const { ctx: c, texts } = await recordingContext(ctx().db);
      const r = await productsList(
        c,
        params({ after: '2023-07-01 00:00:00', before: '2024-06-30 23:59:59' }),
      );
      expect(r.total).toBeGreaterThan(10);
      const list = texts.find((t) => t.includes('product_month'));
      expect(list).toBeDefined();
      expect(list).not.toContain('order_product_lookup');
    });

    it('reads whole edge days from the day rollups and no lookup rows, for every list', async () => {
      // July 17–31 and February 1–3: shorter than the rest of their months, read directly.
      const range = { after: '2023-07-17 00:00:00', before: '2024-02-03 23:59:59' };
      const lookups = /order_(product|coupon|tax)_lookup/;
      for (const [name, list, [orderby]] of LISTS) {
        const p = params(range, { orderby });
        const { ctx: c, texts } = await recordingContext(ctx().db);
        const r = await list(c, p);
        expect(r.total, name).toBeGreaterThan(0);
        const sql = texts.join('\n');
        expect(sql, name).toMatch(/\b[a-z]+_day\b/);
        // (The categories list reads edge lines for products the whole months did not sell,
        // to count distinct products: 'reads no edge lines for the categories list…' below.)
        if (name !== 'categories') expect(sql, name).not.toMatch(lookups);
        expect(r, name).toEqual(await list(c, { ...p, lookupOnly: true }));
      }
    });

    it('reads edge days from the lookup rows and months from the month table', async () => {
      const { ctx: c, texts } = await recordingContext(ctx().db);
      const p = params({ after: '2023-07-17 08:45:00', before: '2024-02-03 17:00:00' });
      const r = await categoriesList(c, p);
      const list = texts.find((t) => t.includes('category_month'))!;
      expect(list).toContain('order_product_lookup');
      expect(r).toEqual(await categoriesList(c, { ...p, lookupOnly: true }));
    });
  },
  async (db) => {
    await generateDemoStore(db, {
      orders: 400,
      seed: 5,
      years: 1,
      end: '2024-06-30',
      timezone: 'Asia/Kathmandu',
      currency: 'USD',
      startOfWeek: 1,
    });
  },
);

/** Every row of the month and day rollups that count their lookup rows, in key order. */
async function countedRollups(db: Db) {
  const out: Record<string, unknown[]> = {};
  const tables = [...Object.keys(MONTH_ROLLUPS), ...Object.keys(DAY_ROLLUPS)] as PeriodTable[];
  for (const table of tables) {
    const { period, keys, values } = periodShape(table);
    if (!values.includes('lookup_rows')) continue;
    const order = ['date_kind', period, 'status', ...keys].join(', ');
    out[table] = (
      await sql
        .raw<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${order}`)
        .execute(db.kysely)
    ).rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          k === period || k === 'date_kind' || k === 'status' ? v : Number(v),
        ]),
      ),
    );
  }
  return out;
}

/**
 * Product 10 (Mug) is in categories 100 and 200; product 20 (Tee, variation 21) in 200.
 * 1 completed, paid 20 Mar: 2 × Mug 10.00 less a 2.00 coupon (tax 1.60) and Tee - Red 25.00;
 *   refunded 9.00 + 0.80 tax (one Mug) on 5 Apr
 * 2 processing, paid 2 Apr: Mug 10.00
 * 3 on-hold, never paid: 3 × Mug 10.00
 * 4 completed, paid 1 May 00:00:00: Mug 10.00
 * 5 completed, paid 10 Jun: Mug 10.00 (tax 0.80), refunded 10.00 without tax on 2 Jul
 * 6 completed, paid 5 Aug: Tee - Red 25.00 less coupons 900 (2.00) and 901 (1.00)
 * 7 completed, paid 10 Sep: Tee - Red 25.00 (tax 2.00); its tax alone refunded on 3 Oct
 */
async function seedRefundStore(db: Db) {
  await seedCatalog(db);
  await db.kysely
    .insertInto('categories')
    .values([
      { id: 100, name: 'Kitchen', slug: 'kitchen', parent_id: 0, description: '' },
      { id: 200, name: 'Gifts', slug: 'gifts', parent_id: 0, description: '' },
    ])
    .execute();
  await db.kysely
    .insertInto('product_categories')
    .values([
      { product_id: 10, category_id: 100 },
      { product_id: 10, category_id: 200 },
      { product_id: 20, category_id: 200 },
    ])
    .execute();
  await db.kysely
    .insertInto('tax_rates')
    .values({
      id: 1,
      country: 'US',
      state: 'CA',
      name: 'TAX',
      priority: 1,
      rate: '8.0000',
      shipping: 1,
      compound: 0,
      tax_class: '',
    })
    .execute();
  await ingestOrders(db, [
    order(1, {
      created: '2024-03-20 10:00:00',
      lines: [
        { id: 11, productId: 10, qty: 2, price: '10', discount: '2', tax: '1.60' },
        { id: 12, productId: 20, variationId: 21, qty: 1, price: '25' },
      ],
      coupon: { id: 900, code: 'save2', amount: '2' },
      refunds: [
        {
          id: 100,
          dateCreatedGmt: '2024-04-05 09:00:00',
          lines: [
            { id: 101, orderItemId: 11, quantity: 1, total: toUnits('9'), tax: toUnits('0.80') },
          ],
          shipping: 0,
          shippingTax: 0,
        },
      ],
    }),
    order(2, {
      status: 'processing',
      customerId: 2,
      created: '2024-04-02 12:00:00',
      paid: '2024-04-02 12:30:00',
      lines: [{ id: 21, productId: 10, qty: 1, price: '10' }],
    }),
    order(3, {
      status: 'on-hold',
      customerId: 3,
      created: '2024-04-28 23:00:00',
      paid: null,
      lines: [{ id: 31, productId: 10, qty: 3, price: '10' }],
    }),
    order(4, {
      created: '2024-05-01 00:00:00',
      lines: [{ id: 41, productId: 10, qty: 1, price: '10' }],
    }),
    order(5, {
      created: '2024-06-10 10:00:00',
      lines: [{ id: 51, productId: 10, qty: 1, price: '10', tax: '0.80' }],
      refunds: [
        {
          id: 500,
          dateCreatedGmt: '2024-07-02 10:00:00',
          lines: [{ id: 501, orderItemId: 51, quantity: 1, total: toUnits('10'), tax: 0 }],
          shipping: 0,
          shippingTax: 0,
        },
      ],
    }),
    {
      ...order(6, {
        created: '2024-08-05 10:00:00',
        lines: [{ id: 61, productId: 20, variationId: 21, qty: 1, price: '25', discount: '3' }],
      }),
      coupons: [
        { couponId: 900, code: 'save2', discount: toUnits('2') },
        { couponId: 901, code: 'save1', discount: toUnits('1') },
      ],
    },
    order(7, {
      created: '2024-09-10 10:00:00',
      lines: [{ id: 71, productId: 20, variationId: 21, qty: 1, price: '25', tax: '2.00' }],
      refunds: [
        {
          id: 700,
          dateCreatedGmt: '2024-10-03 10:00:00',
          lines: [{ id: 701, orderItemId: 71, quantity: 0, total: 0, tax: toUnits('2') }],
          shipping: 0,
          shippingTax: 0,
        },
      ],
    }),
  ]);
}

describeEachEngine(
  'list reports from month rollups (refund in a later month, product in two categories)',
  (ctx) => {
    const get = async (path: string, query: string) => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/${path}?${query}`,
      });
      expect(res.statusCode).toBe(200);
      return { total: res.headers['x-wp-total'], body: res.json() };
    };
    const pick = (rows: Record<string, unknown>[], key: string, fields: string[]) =>
      Object.fromEntries(
        rows.map((r) => [r[key], Object.fromEntries(fields.map((f) => [f, r[f]]))]),
      );
    const MARCH = 'after=2024-03-01T00:00:00&before=2024-03-31T23:59:59';
    const APRIL = 'after=2024-04-01T00:00:00&before=2024-04-30T23:59:59';
    const CAT = ['items_sold', 'net_revenue', 'orders_count', 'products_count'];

    it('counts an order once in a category holding two of its products', async () => {
      const r = await get('categories', `${MARCH}&orderby=category_id&order=asc`);
      expect(pick(r.body, 'category_id', CAT)).toEqual({
        100: { items_sold: 2, net_revenue: 18, orders_count: 1, products_count: 1 },
        200: { items_sold: 3, net_revenue: 43, orders_count: 1, products_count: 2 },
      });
    });

    it('puts a refund in its own month, with no order count', async () => {
      const r = await get('categories', `${APRIL}&orderby=category_id&order=asc`);
      // Order 2 (+1 Mug, 10.00) and the refund of order 1 (−1 Mug, −9.00).
      expect(pick(r.body, 'category_id', CAT)).toEqual({
        100: { items_sold: 0, net_revenue: 1, orders_count: 1, products_count: 1 },
        200: { items_sold: 0, net_revenue: 1, orders_count: 1, products_count: 1 },
      });
      const products = await get('products', `${APRIL}`);
      expect(
        pick(products.body, 'product_id', ['items_sold', 'net_revenue', 'orders_count']),
      ).toEqual({
        10: { items_sold: 0, net_revenue: 1, orders_count: 1 },
      });
      const both = await get('products', 'after=2024-03-01T00:00:00&before=2024-04-30T23:59:59');
      expect(pick(both.body, 'product_id', ['items_sold', 'net_revenue', 'orders_count'])).toEqual({
        10: { items_sold: 2, net_revenue: 19, orders_count: 2 },
        20: { items_sold: 1, net_revenue: 25, orders_count: 1 },
      });
    });

    it('adds edge days to whole months (range not aligned to months)', async () => {
      // 20 Mar 10:00 is in the edge, April whole, 1 May 00:00:00 the last second's edge.
      const r = await get(
        'products',
        'after=2024-03-20T10:00:00&before=2024-05-01T00:00:00&orderby=net_revenue&order=desc',
      );
      expect(pick(r.body, 'product_id', ['items_sold', 'net_revenue', 'orders_count'])).toEqual({
        10: { items_sold: 3, net_revenue: 29, orders_count: 3 },
        20: { items_sold: 1, net_revenue: 25, orders_count: 1 },
      });
      expect(r.body.map((p: { product_id: number }) => p.product_id)).toEqual([10, 20]);
      const later = await get('products', 'after=2024-03-20T10:00:01&before=2024-04-30T23:59:59');
      expect(pick(later.body, 'product_id', ['items_sold', 'net_revenue', 'orders_count'])).toEqual(
        {
          10: { items_sold: 0, net_revenue: 1, orders_count: 1 },
        },
      );
    });

    it('without dates counts every month and the orders never paid', async () => {
      const r = await get('products', '');
      expect(pick(r.body, 'product_id', ['items_sold', 'net_revenue', 'orders_count'])).toEqual({
        10: { items_sold: 6, net_revenue: 59, orders_count: 5 },
        20: { items_sold: 3, net_revenue: 72, orders_count: 3 },
      });
      const open = await get('products', 'after=2024-03-25T00:00:00');
      expect(pick(open.body, 'product_id', ['items_sold', 'net_revenue', 'orders_count'])).toEqual({
        10: { items_sold: 1, net_revenue: 11, orders_count: 3 },
        20: { items_sold: 2, net_revenue: 47, orders_count: 2 },
      });
      const variations = await get('variations', 'before=2024-03-20T09:59:59');
      expect(variations.body).toEqual([]);
      const coupons = await get('coupons', 'before=2024-03-31T23:59:59');
      expect(coupons.body).toEqual([
        expect.objectContaining({ coupon_id: 900, amount: 2, orders_count: 1 }),
      ]);
      const taxes = await get('taxes', MARCH);
      expect(taxes.body).toEqual([
        expect.objectContaining({ tax_rate_id: 1, total_tax: 1.6, orders_count: 1 }),
      ]);
    });

    it('answers a new/returning filter from the lookup rows, not the month tables', async () => {
      const { ctx: c, texts } = await recordingContext(ctx().db);
      const range = { after: '2024-03-01 00:00:00', before: '2024-05-31 23:59:59' };
      // Customer 1's first order is order 1: order 4 is a returning customer's.
      const returning = await productsList(
        c,
        params(range, {
          filters: { ...noFilters, customerType: 'returning' },
          orderby: 'items_sold',
        }),
      );
      expect(texts.join('\n')).not.toContain('product_month');
      expect(
        returning.rows.map((r) => [r.product_id, r.items_sold, r.net_revenue, r.orders_count]),
      ).toEqual([[10, 1, 10, 1]]);
      texts.length = 0;
      const all = await productsList(c, params(range, { orderby: 'items_sold' }));
      expect(texts.join('\n')).toContain('product_month');
      expect(all.rows.map((r) => [r.product_id, r.items_sold])).toEqual([
        [10, 3],
        [20, 1],
      ]);
    });

    it('counts an order with two coupons once in the discounted orders indicator', async () => {
      const AUGUST = 'after=2024-08-01T00:00:00&before=2024-08-31T23:59:59';
      const coupons = await get('coupons', `${AUGUST}&orderby=coupon_id&order=asc`);
      expect(pick(coupons.body, 'coupon_id', ['amount', 'orders_count'])).toEqual({
        900: { amount: 2, orders_count: 1 },
        901: { amount: 1, orders_count: 1 },
      });
      const res = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/performance-indicators?${AUGUST}&stats=coupons/orders_count,coupons/amount`,
      });
      expect(res.json().map((i: { value: number }) => i.value)).toEqual([1, 3]);
    });

    // The month rollups count the lookup rows they sum, so a record whose only rows in the
    // range's whole months sum to zero (a refund giving no tax back) keeps its month row.
    it('lists a tax rate whose only rows in a whole month are a refund with no tax', async () => {
      const JULY = 'after=2024-07-01T00:00:00&before=2024-07-31T23:59:59';
      const taxes = await get('taxes', JULY);
      expect(taxes.body).toEqual([
        expect.objectContaining({ tax_rate_id: 1, total_tax: 0, orders_count: 0 }),
      ]);
    });

    it('lists a product, its variation and category whose only line in a whole month gives back tax alone', async () => {
      const { ctx: c, texts } = await recordingContext(ctx().db);
      const october = params({ after: '2024-10-01 00:00:00', before: '2024-10-31 23:59:59' });
      for (const [name, list, [orderby]] of LISTS) {
        if (name === 'coupons') continue;
        texts.length = 0;
        const p = { ...october, orderby: orderby! };
        const r = await list(c, p);
        expect(texts.join('\n'), name).not.toMatch(/order_(product|tax)_lookup/);
        expect(r.total, name).toBe(1);
        expect(r, name).toEqual(await list(c, { ...p, lookupOnly: true }));
      }
      expect((await productsList(c, october)).rows).toEqual([
        expect.objectContaining({ product_id: 20, items_sold: 0, net_revenue: 0, orders_count: 0 }),
      ]);
    });

    it('migration 051 counts the lookup rows of the rollup rows a store already has', async () => {
      const db = ctx().db;
      const kept = await countedRollups(db);
      expect(kept.tax_month).toContainEqual(
        expect.objectContaining({ month: '2024-07', total_tax: 0, lookup_rows: 1 }),
      );
      await migrateTo(db, '050_cohort_days');
      await migrateToLatest(db);
      expect(await countedRollups(db)).toEqual(kept);
    });

    it('answers ranges starting or ending inside a month from day rows, as the lookups do', async () => {
      const { ctx: c, texts } = await recordingContext(ctx().db);
      // March 1–19 (19 of 31 days): order 1, the only order of March, is on the 20th.
      const early = params({ after: '2024-03-01 00:00:00', before: '2024-03-19 23:59:59' });
      expect((await productsList(c, early)).rows).toEqual([]);
      // April 3 – May 31: order 2's Mug (2 April) is outside, the refund of 5 April inside.
      texts.length = 0;
      const april = params({ after: '2024-04-03 00:00:00', before: '2024-05-31 23:59:59' });
      const rows = (await productsList(c, april)).rows;
      expect(texts.join('\n')).toContain('product_day');
      expect(texts.join('\n')).not.toContain('order_product_lookup');
      expect(rows.map((r) => [r.product_id, r.items_sold, r.net_revenue, r.orders_count])).toEqual([
        [10, 0, 1, 1],
      ]);
      for (const range of [
        { after: '2024-03-01 00:00:00', before: '2024-03-19 23:59:59' },
        { after: '2024-04-03 00:00:00', before: '2024-05-31 23:59:59' },
        { after: '2024-03-05 07:30:00', before: '2024-08-25 23:59:59' },
        { after: '2024-02-20 00:00:00', before: '2024-08-10 11:59:59' },
      ]) {
        for (const [name, list, orderbys] of LISTS) {
          const p = params(range, { orderby: orderbys[0]! });
          expect(await list(c, p), `${name} ${JSON.stringify(range)}`).toEqual(
            await list(c, { ...p, lookupOnly: true }),
          );
        }
      }
    });

    it('reads no edge lines for the categories list when the whole months sold every edge product', async () => {
      const { ctx: c, texts } = await recordingContext(ctx().db);
      // April whole (Mug), May 1–15 by day: May's only product is the Mug, sold in April.
      const may = params({ after: '2024-04-01 00:00:00', before: '2024-05-15 23:59:59' });
      const r = await categoriesList(c, { ...may, orderby: 'category_id' });
      expect(texts.join('\n')).not.toContain('order_product_lookup');
      expect(r).toEqual(
        await categoriesList(c, { ...may, orderby: 'category_id', lookupOnly: true }),
      );
      // March 20–31 by day: the Tee, not sold in April, is read from its lines.
      texts.length = 0;
      const march = params({ after: '2024-03-20 00:00:00', before: '2024-04-30 23:59:59' });
      const m = await categoriesList(c, { ...march, orderby: 'category_id' });
      expect(texts.join('\n')).toContain('order_product_lookup');
      expect(m).toEqual(
        await categoriesList(c, { ...march, orderby: 'category_id', lookupOnly: true }),
      );
    });

    it('equals the lookup-only lists on every date type, with and without dates', async () => {
      for (const dateType of ['date_paid', 'date_created', 'date_completed'] as const) {
        const { ctx: c } = await recordingContext(ctx().db, dateType);
        for (const range of [
          {},
          { after: '2024-03-01 00:00:00' },
          { before: '2024-04-30 23:59:59' },
          { after: '2024-03-20 10:00:00', before: '2024-05-01 00:00:00' },
          { after: '2024-04-01 00:00:00', before: '2024-04-30 23:59:59' },
        ]) {
          for (const [name, list, orderbys] of LISTS) {
            const p = params(range, { orderby: orderbys[0]! });
            expect(await list(c, p), `${name} ${dateType} ${JSON.stringify(range)}`).toEqual(
              await list(c, { ...p, lookupOnly: true }),
            );
          }
        }
      }
    });
  },
  seedRefundStore,
);
