import { type SourceDimension, sourceDimensions } from '@storelens/api';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { sourceDayReads } from '../src/analytics/sources';
import type { Db } from '../src/db/database';
import { RawSql } from '../src/db/sql';
import { ingestOrders } from '../src/ingest/ingest';
import { originLabel } from '../src/ingest/order-facts';
import { rebuildSourceDays } from '../src/ingest/source-day';
import type { OrderInput } from '../src/ingest/types';
import { order, seedCatalog, storeSettings } from './fixtures';
import { describeEachEngine } from './harness';

/*
 * The Sources report, its stats and the source filters, exact against a naive recompute: a
 * random store (fixed seed per run, printed on failure) of orders with random attribution in
 * mixed case, payment methods, channels, statuses, refunds, customers new and returning, and
 * some orders whose attribution row is missing (a store from before attribution was kept).
 * Lines have a cost of goods or none (cash on delivery's never do, so that value's profit is
 * unknown), orders a gateway fee or none, some of it given back.
 */
const SEED = Number(process.env.SOURCES_SEED ?? Date.now() % 100_000);

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = random(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const gmt = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const ORDERS: OrderInput[] = [];
/** Orders whose attribution row is deleted after ingestion. */
const NO_ROW = new Set<number>();
for (let i = 0; i < 260; i++) {
  const id = 1000 + i;
  const created = START + Math.floor(rand() * 60 * DAY);
  const status = pick(['completed', 'completed', 'processing', 'refunded', 'pending', 'on-hold']);
  const o = order(id, {
    status: status as OrderInput['status'],
    customerId: pick([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    created: gmt(created),
    paid: rand() < 0.1 ? null : gmt(created + 3_600_000),
    lines: [
      {
        id: id * 10,
        productId: 10,
        qty: 1 + Math.floor(rand() * 3),
        price: pick(['5', '12.5', '30']),
      },
    ],
    refunds:
      rand() < 0.15
        ? [
            {
              id: 90_000 + i,
              dateCreatedGmt: gmt(created + Math.floor(rand() * 10 * DAY)),
              lines: [
                { id: 900_000 + i, orderItemId: id * 10, quantity: 1, total: 20_000, tax: 0 },
              ],
              shipping: 0,
              shippingTax: 0,
            },
          ]
        : [],
  });
  const type = pick(['utm', 'organic', 'referral', 'typein', 'admin', '', 'mobile_app']);
  const attribution: Record<string, string> =
    type === ''
      ? {}
      : {
          source_type: rand() < 0.2 ? type.toUpperCase() : type,
          utm_source: pick(['Google', 'google', ' facebook.com', 'Instagram', '(direct)', '']),
          utm_medium: pick(['cpc', 'CPC', 'social', 'email', '']),
          utm_campaign: pick(['Spring', 'spring', 'Black Friday', '']),
          device_type: pick(['Mobile', 'Desktop', 'tablet', '']),
        };
  const paymentMethod = pick(['stripe', 'Stripe', 'ppcp-gateway', 'cod', '']);
  const costed = paymentMethod !== 'cod' && rand() < 0.7;
  const fee = paymentMethod === 'cod' || rand() < 0.2 ? 0 : 3000 + Math.floor(rand() * 9000);
  ORDERS.push({
    ...o,
    lines: o.lines.map((l) => (costed ? { ...l, cost: l.quantity * pick([20_000, 45_000]) } : l)),
    ...(fee > 0
      ? { paymentFee: { fee, refunded: rand() < 0.2 ? Math.floor(fee / 3) : 0, currency: '' } }
      : {}),
    paymentMethod,
    paymentMethodTitle: 'Card',
    createdVia: pick(['checkout', 'checkout', 'admin', 'rest-api', 'pos', '']),
    attribution,
  });
  if (rand() < 0.08) NO_ROW.add(id);
}

/** The value of an order for a dimension, from its input, by the documented rules. */
function sourceValueOf(o: OrderInput, d: SourceDimension): string {
  const a = o.attribution ?? {};
  const fold = (v: string | undefined) => (v ?? '').trim().toLowerCase();
  if (d === 'payment_method' || d === 'created_via') {
    const v = fold(d === 'payment_method' ? o.paymentMethod : o.createdVia);
    return v || 'unknown';
  }
  if (NO_ROW.has(o.id)) return 'unknown';
  const type = fold(a.source_type) || 'unknown';
  if (d === 'source_type') return type;
  if (d === 'origin') {
    const label = originLabel(type, fold(a.utm_source));
    return label === 'Unknown' ? 'unknown' : label;
  }
  return fold(a[d]) || 'unknown';
}

const EXCLUDED = new Set(['pending', 'failed', 'cancelled']);
const AFTER = '2024-01-10 00:00:00';
const BEFORE = '2024-02-20 23:59:59';

interface Row {
  order_id: number;
  parent_id: number;
  status: string;
  customer_id: number;
  returning_customer: number;
  net_total: number;
  date_paid: string | null;
  num_items_sold: number;
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
  payment_fees: number;
}

/** The naive sums of one value (money in units). */
interface Sums {
  orders: number;
  net: number;
  fresh: number;
  items: number;
  cost: number;
  costedItems: number;
  costedNet: number;
  fees: number;
}

const noSums = (): Sums => ({
  orders: 0,
  net: 0,
  fresh: 0,
  items: 0,
  cost: 0,
  costedItems: 0,
  costedNet: 0,
  fees: 0,
});

/** A fraction to four decimals (JSON has no negative zero). */
const fraction = (n: number, d: number) => Math.round((n / d) * 10_000) / 10_000 + 0;
/** Units to the currency's cents, halves away from zero, as every report's money. */
const money = (units: number) => (Math.sign(units) * Math.round(Math.abs(units) / 100)) / 100 + 0;

/**
 * The profit figures of some sums, by docs/metrics.md ("Profit"): cost of goods the known
 * costs, gross profit net sales less it, net profit that less the fees; all null when items
 * were sold and none had a known cost; margins null when net sales are 0.
 */
function naiveProfit(g: Sums) {
  const unknown = g.items !== 0 && g.costedItems === 0;
  return {
    cost_of_goods: unknown ? null : money(g.cost),
    payment_fees: money(g.fees),
    gross_profit: unknown ? null : money(g.net - g.cost),
    net_profit: unknown ? null : money(g.net - g.cost - g.fees),
    gross_margin: unknown || g.net === 0 ? null : fraction(g.net - g.cost, g.net),
    net_margin: unknown || g.net === 0 ? null : fraction(g.net - g.cost - g.fees, g.net),
    cost_coverage: g.items === 0 ? null : fraction(g.costedItems, g.items),
    cost_coverage_net_sales: g.net === 0 ? null : fraction(g.costedNet, g.net),
  };
}

const PROFIT_FIELDS = Object.keys(naiveProfit({} as Sums)) as (keyof ReturnType<
  typeof naiveProfit
>)[];

async function seed(db: Db) {
  await seedCatalog(db);
  await db.kysely
    .insertInto('customers')
    .values(
      [4, 5, 6, 7, 8, 9, 10, 11].map((id) => ({
        id,
        user_id: 0,
        username: '',
        first_name: 'G',
        last_name: String(id),
        email: `g${id}@example.com`,
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
  await storeSettings(db, 'Europe/Berlin');
  await ingestOrders(db, ORDERS);
  await db.kysely
    .deleteFrom('order_attribution')
    .where('order_id', 'in', [...NO_ROW])
    .execute();
  // Rows changed behind ingestion's back: the day sums are rolled up again from the rows.
  await rebuildSourceDays(new RawSql(db.kysely, db.engine, db.sqlite));
}

describeEachEngine(
  `sources report (seed ${SEED})`,
  (ctx) => {
    const get = async (url: string) => {
      const res = await ctx().app.inject({ method: 'GET', url: `/wp-json/wc-analytics/${url}` });
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json(), headers: res.headers };
    };
    let rows: Row[] = [];
    const byId = new Map(ORDERS.map((o) => [o.id, o]));
    const orderOf = (r: Row) => byId.get(r.parent_id || r.order_id)!;
    const inRange = (r: Row) =>
      r.date_paid !== null &&
      r.date_paid >= AFTER &&
      r.date_paid <= BEFORE &&
      !EXCLUDED.has(r.status);

    /** The naive sums of the rows kept, per value. */
    const naive = (d: SourceDimension, keep: (r: Row) => boolean = () => true) => {
      const out = new Map<string, Sums>();
      for (const r of rows.filter((r) => inRange(r) && keep(r))) {
        const v = sourceValueOf(orderOf(r), d);
        const g = out.get(v) ?? noSums();
        if (r.parent_id === 0) g.orders += 1;
        g.net += r.net_total;
        g.items += r.num_items_sold;
        g.cost += r.cost_of_goods;
        g.costedItems += r.costed_items;
        g.costedNet += r.costed_net;
        g.fees += r.payment_fees;
        if (r.parent_id === 0 && r.returning_customer === 0 && r.customer_id > 0) g.fresh += 1;
        out.set(v, g);
      }
      return out;
    };
    const range = 'after=2024-01-10T00:00:00&before=2024-02-20T23:59:59';

    it('reads the stored rows', async () => {
      rows = (
        await sql<Row>`SELECT order_id, parent_id, status, customer_id, returning_customer,
          net_total, date_paid, num_items_sold, cost_of_goods, costed_items, costed_net,
          payment_fees FROM order_stats`.execute(ctx().db.kysely)
      ).rows.map((r) => ({
        ...r,
        order_id: Number(r.order_id),
        parent_id: Number(r.parent_id),
        customer_id: Number(r.customer_id),
        returning_customer: Number(r.returning_customer),
        net_total: Number(r.net_total),
        num_items_sold: Number(r.num_items_sold),
        cost_of_goods: Number(r.cost_of_goods),
        costed_items: Number(r.costed_items),
        costed_net: Number(r.costed_net),
        payment_fees: Number(r.payment_fees),
      }));
      expect(rows.length).toBeGreaterThan(260);
      // The stored fee facts are the inputs': an order's fee less what was given back.
      for (const r of rows) {
        const f = r.parent_id === 0 ? byId.get(r.order_id)?.paymentFee : undefined;
        expect(r.payment_fees, String(r.order_id)).toBe(f ? f.fee - f.refunded : 0);
      }
    });

    for (const d of sourceDimensions) {
      it(`groups by ${d} exactly as a recompute does`, async () => {
        const want = naive(d);
        const taken = sourceDayReads.taken;
        const { body, headers } = await get(
          `reports/sources?${range}&groupby=${d}&per_page=100&orderby=value&order=asc`,
        );
        // Whole days: answered from source_day.
        expect(sourceDayReads.taken).toBe(taken + 1);
        expect(Number(headers['x-wp-total'])).toBe(want.size);
        const all = [...want.values()].reduce((a, g) => a + g.orders, 0);
        const got = new Map(
          (body as Record<string, number | string>[]).map((r) => [String(r.value), r]),
        );
        expect([...got.keys()]).toEqual([...want.keys()].sort());
        for (const [v, g] of want) {
          const r = got.get(v)!;
          expect(r.orders_count, v).toBe(g.orders);
          expect(Math.round(Number(r.net_revenue) * 10_000)).toBe(g.net);
          expect(r.new_customers, v).toBe(g.fresh);
          // Units to the currency's cents, halves away from zero, as every report's money.
          const average = g.orders === 0 ? 0 : Math.round(g.net / g.orders);
          expect(r.avg_order_value).toBe(
            (Math.sign(average) * Math.round(Math.abs(average) / 100)) / 100 + 0,
          );
          expect(r.orders_share).toBeCloseTo(all === 0 ? 0 : (g.orders / all) * 100, 1);
          const profit = naiveProfit(g);
          for (const f of PROFIT_FIELDS) expect(r[f], `${v} ${f}`).toBe(profit[f]);
        }
      });
    }

    it('knows no profit for a value whose lines have no cost, and sorts it last', async () => {
      const want = naive('payment_method');
      expect(want.get('cod')?.orders ?? 0).toBeGreaterThan(0);
      expect(naiveProfit(want.get('cod')!).gross_profit).toBeNull();
      const { body } = await get(
        `reports/sources?${range}&groupby=payment_method&orderby=gross_profit&order=desc`,
      );
      const got = body as { value: string; gross_profit: number | null }[];
      expect(got.at(-1)?.value).toBe('cod');
      expect(got.at(-1)?.gross_profit).toBeNull();
      const known = got.filter((r) => r.gross_profit !== null).map((r) => r.gross_profit!);
      expect(known).toEqual([...known].sort((a, b) => b - a));
      const asc = await get(
        `reports/sources?${range}&groupby=payment_method&orderby=gross_profit&order=asc`,
      );
      expect((asc.body as { value: string }[])[0]?.value).toBe('cod');
    });

    it('filters by source on orders/stats, the orders list and its own stats', async () => {
      for (const [d, v, negate] of [
        ['utm_source', 'google', false],
        ['origin', 'Source: Google', true],
        ['source_type', 'unknown', false],
        ['payment_method', 'stripe', false],
        ['created_via', 'unknown', true],
        ['device_type', 'mobile', false],
      ] as const) {
        const keep = (r: Row) => (sourceValueOf(orderOf(r), d) === v) !== negate;
        const want = [...naive('source_type', keep).values()];
        const orders = want.reduce((a, g) => a + g.orders, 0);
        const net = want.reduce((a, g) => a + g.net, 0);
        const param = `${d}_is${negate ? '_not' : ''}=${encodeURIComponent(v)}`;
        const stats = await get(
          `reports/orders/stats?${range}&interval=week&${param}&fields=orders_count,net_revenue`,
        );
        expect(stats.body.totals.orders_count, param).toBe(orders);
        expect(Math.round(stats.body.totals.net_revenue * 10_000)).toBe(net);
        const own = await get(`reports/sources/stats?${range}&interval=day&${param}`);
        expect(own.body.totals.orders_count, param).toBe(orders);
        expect(Math.round(own.body.totals.net_revenue * 10_000)).toBe(net);
        const sums = want.reduce((a, g) => {
          for (const k of Object.keys(a) as (keyof Sums)[]) a[k] += g[k];
          return a;
        }, noSums());
        const profit = naiveProfit(sums);
        // The orders report's figures for the same orders are the same.
        const theirs = await get(`reports/orders/stats?${range}&interval=week&${param}`);
        for (const f of PROFIT_FIELDS) {
          expect(own.body.totals[f], `${param} ${f}`).toBe(profit[f]);
          expect(theirs.body.totals[f], `${param} ${f} orders/stats`).toBe(profit[f]);
        }
        const list = await get(`reports/orders?${range}&${param}&per_page=100`);
        const listed = rows.filter((r) => inRange(r) && keep(r));
        expect(Number(list.headers['x-wp-total']), param).toBe(listed.length);
      }
    });

    it('splits the stats by interval and segments, and says why orders are unknown', async () => {
      const taken = sourceDayReads.taken;
      const { body } = await get(
        `reports/sources/stats?${range}&interval=week&segmentby=utm_source&values=google,instagram&per_page=100`,
      );
      expect(sourceDayReads.taken).toBe(taken + 1);
      const want = naive('utm_source');
      expect(body.totals.segments.map((s: { segment_label: string }) => s.segment_label)).toEqual([
        'google',
        'instagram',
      ]);
      expect(body.totals.segments[0].subtotals.orders_count).toBe(want.get('google')?.orders ?? 0);
      expect(body.totals.segments[1].subtotals.orders_count).toBe(
        want.get('instagram')?.orders ?? 0,
      );
      const sum = (body.intervals as { subtotals: { orders_count: number } }[]).reduce(
        (a, i) => a + i.subtotals.orders_count,
        0,
      );
      expect(sum).toBe(body.totals.orders_count);
      // Each interval's and segment's profit figures, against the rows they hold.
      const google = (r: Row) => sourceValueOf(orderOf(r), 'utm_source') === 'google';
      const weekOf = (r: Row) =>
        body.intervals.find(
          (i: { date_start: string; date_end: string }) =>
            // Paid dates are stored in the store's time zone, as the intervals are.
            r.date_paid! >= i.date_start.replace('T', ' ') &&
            r.date_paid! <= i.date_end.replace('T', ' '),
        );
      for (const i of body.intervals) {
        const inWeek = (r: Row) => weekOf(r) === i;
        const all = naive('source_type', inWeek);
        const sums = [...all.values()].reduce((a, g) => {
          for (const k of Object.keys(a) as (keyof Sums)[]) a[k] += g[k];
          return a;
        }, noSums());
        const profit = naiveProfit(sums);
        for (const f of PROFIT_FIELDS) expect(i.subtotals[f], `${i.interval} ${f}`).toBe(profit[f]);
        const g = naive('utm_source', (r) => inWeek(r) && google(r)).get('google');
        const seg = i.subtotals.segments[0].subtotals;
        const want = naiveProfit(g ?? noSums());
        for (const f of PROFIT_FIELDS) expect(seg[f], `${i.interval} google ${f}`).toBe(want[f]);
      }
      const unknown = naive('source_type').get('unknown')?.orders ?? 0;
      expect(body.totals.unknown_orders_count).toBe(unknown);
      const t = body.totals;
      expect(
        t.unknown_no_record +
          t.unknown_not_checkout +
          t.unknown_before_attribution +
          t.unknown_blocked,
      ).toBe(unknown);
      const noRecord = rows.filter(
        (r) => inRange(r) && r.parent_id === 0 && NO_ROW.has(r.order_id),
      ).length;
      expect(t.unknown_no_record).toBe(noRecord);
      const top = await get(`reports/sources/stats?${range}&interval=month&segmentby=source_type`);
      expect(top.body.totals.segments.length).toBe(naive('source_type').size);
    });

    it('answers from source_day exactly as from the order rows, whole days or not', async () => {
      const ranges = [
        range,
        'after=2024-01-10T05:30:00&before=2024-02-20T13:15:59',
        'after=2024-01-01T00:00:00&before=2024-02-29T23:59:59',
        'after=2024-01-03T23:00:00&before=2024-01-05T00:59:59',
        'after=2024-01-10T05:30:00',
        'before=2024-02-03T10:00:00',
        '',
      ];
      const asked = [
        (r: string) => `reports/sources?${r}&groupby=source_type&per_page=100&orderby=value`,
        (r: string) => `reports/sources?${r}&groupby=payment_method&per_page=100&orderby=value`,
        (r: string) => `reports/sources?${r}&groupby=utm_campaign&orderby=gross_profit&search=s`,
        (r: string) =>
          `reports/sources?${r}&groupby=origin&status_is=completed,refunded&orderby=net_revenue`,
        // Drill-downs: read from the paths' rows under the parents' prefix.
        (r: string) => `reports/sources?${r}&groupby=utm_medium&utm_source_is[]=google`,
        (r: string) =>
          `reports/sources?${r}&groupby=utm_campaign&utm_source_is[]=google&utm_medium_is[]=cpc&orderby=gross_profit`,
        (r: string) =>
          `reports/sources?${r}&groupby=origin&source_type_is[]=utm&status_is_not=processing`,
        (r: string) => `reports/sources?${r}&groupby=utm_campaign&utm_medium_is[]=unknown`,
      ];
      const stats = [
        (r: string) => `reports/sources/stats?${r}&interval=day&per_page=100`,
        (r: string) => `reports/sources/stats?${r}&interval=week&segmentby=payment_method`,
        (r: string) =>
          `reports/sources/stats?${r}&interval=month&segmentby=device_type&status_is_not=processing`,
        (r: string) => `reports/sources/stats?${r}&interval=day&utm_source_is[]=google`,
        (r: string) =>
          `reports/sources/stats?${r}&interval=week&segmentby=utm_medium&utm_source_is[]=google`,
        (r: string) =>
          `reports/sources/stats?${r}&interval=day&segmentby=origin&source_type_is[]=unknown`,
      ];
      const urls = [
        ...ranges.flatMap((r) => asked.map((u) => u(r))),
        ...ranges
          .filter((r) => r.includes('after') && r.includes('before'))
          .flatMap((r) => stats.map((u) => u(r))),
      ];
      let taken = 0;
      let drilled = 0;
      for (const url of urls) {
        const before = sourceDayReads.taken;
        const drilledBefore = sourceDayReads.drilled;
        const fromDays = await get(url);
        taken += sourceDayReads.taken - before;
        drilled += sourceDayReads.drilled - drilledBefore;
        sourceDayReads.enabled = false;
        try {
          const fromRows = await get(url);
          expect(fromDays.body, url).toEqual(fromRows.body);
          expect(fromDays.headers['x-wp-total'], url).toBe(fromRows.headers['x-wp-total']);
        } finally {
          sourceDayReads.enabled = true;
        }
      }
      expect(taken).toBeGreaterThanOrEqual(urls.length - 4);
      // Every drill-down of a range with a whole day read the paths' rows.
      expect(drilled).toBeGreaterThanOrEqual(6 * 4 + 4 * 3);
    });

    it('filters customers by the source of their first order', async () => {
      const firsts = (
        await sql<{ customer_id: number; order_id: number }>`
          SELECT customer_id, order_id FROM customer_first_order`.execute(ctx().db.kysely)
      ).rows;
      const came = firsts
        .filter((f) => sourceValueOf(byId.get(Number(f.order_id))!, 'utm_source') === 'instagram')
        .map((f) => Number(f.customer_id))
        .sort((a, b) => a - b);
      const { body } = await get('reports/customers?utm_source_is=Instagram&per_page=100');
      expect((body as { id: number }[]).map((c) => c.id).sort((a, b) => a - b)).toEqual(came);
      const not = await get('reports/customers?utm_source_is_not=instagram&per_page=100');
      expect(not.body.length + came.length).toBe(11);
    });

    it('lists and searches the distinct values of a dimension, paged', async () => {
      const { body, headers } = await get('reports/sources/values?dimension=utm_campaign');
      const values = (body as { value: string }[]).map((r) => r.value).sort();
      expect(values).toEqual(['black friday', 'spring', 'unknown']);
      expect(headers['x-wp-total']).toBe('3');
      const found = await get('reports/sources/values?dimension=origin&search=goo');
      const origins = (found.body as { value: string }[]).map((r) => r.value);
      expect(origins.length).toBeGreaterThan(0);
      for (const v of origins) expect(v.toLowerCase()).toContain('goo');
      const paged = await get('reports/sources/values?dimension=utm_source&per_page=2&page=2');
      expect(paged.body.length).toBe(2);
      expect(Number(paged.headers['x-wp-totalpages'])).toBe(3);
    });

    it('refuses bad input with a 400 naming the parameter', async () => {
      for (const [url, param] of [
        ['reports/sources?groupby=nope', 'groupby'],
        ['reports/sources/values', 'dimension'],
        ['reports/sources/stats?segmentby=x', 'segmentby'],
        [`reports/orders?utm_source_is=${'x'.repeat(201)}`, 'utm_source_is'],
        [`reports/customers?origin_is_not=${'x,'.repeat(101)}`, 'origin_is_not'],
      ] as const) {
        const res = await ctx().app.inject({ method: 'GET', url: `/wp-json/wc-analytics/${url}` });
        expect(res.statusCode, url).toBe(400);
        expect(res.body).toContain(param);
      }
    });
  },
  seed,
);
