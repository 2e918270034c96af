import { expect, it } from 'vitest';
import { generateDemoStore } from '../src/demo/generate';
import { ingestOrders } from '../src/ingest/ingest';
import { MONEY_SCALE } from '../src/money';
import { setOptions } from '../src/options';
import { order } from './fixtures';
import { describeEachEngine, signIn } from './harness';

/*
 * Saved segments through the real app on a demo store: a segment applied to the reports
 * against a naive recompute from the raw order rows, a new matching customer joining it,
 * who may see, share and change one, and bad input.
 */
const SEGMENTS = '/wp-json/storelens/v1/segments';
const REPORTS = '/wp-json/wc-analytics/reports';
const RANGE = 'after=2023-07-01T00:00:00&before=2024-06-30T23:59:59';
const EXCLUDED = new Set(['pending', 'failed', 'cancelled']);

interface Row {
  order_id: number;
  parent_id: number;
  status: string;
  customer_id: number;
  net_total: number;
  date_created: string;
}

describeEachEngine(
  'saved segments',
  (ctx) => {
    const inject = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: unknown,
      headers?: Record<string, string>,
    ) => ctx().app.inject({ method, url, ...(payload ? { payload } : {}), headers });
    const get = async <T>(url: string, headers?: Record<string, string>) => {
      const res = await inject('GET', url, undefined, headers);
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json() as T, total: Number(res.headers['x-wp-total'] ?? 0) };
    };
    const create = async (body: unknown, headers?: Record<string, string>) => {
      const res = await inject('POST', SEGMENTS, body, headers);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; shared: boolean; query: Record<string, unknown> };
    };
    const rows = async () =>
      (
        (await ctx()
          .db.kysely.selectFrom('order_stats')
          .select(['order_id', 'parent_id', 'status', 'customer_id', 'net_total', 'date_created'])
          .execute()) as Row[]
      ).filter(
        (r) =>
          !EXCLUDED.has(r.status) &&
          r.date_created >= '2023-07-01 00:00:00' &&
          r.date_created <= '2024-06-30 23:59:59',
      );
    const net = (list: Row[]) =>
      Math.round(list.reduce((a, r) => a + Number(r.net_total), 0) / (MONEY_SCALE / 100)) / 100;
    const revenue = async (extra: string) =>
      (
        await get<{ totals: { net_revenue: number; orders_count?: number } }>(
          `${REPORTS}/revenue/stats?${RANGE}&interval=month&${extra}`,
        )
      ).body.totals;
    const topCountry = async () => {
      const all = await ctx().db.kysely.selectFrom('customers').select(['country']).execute();
      const counts = new Map<string, number>();
      for (const c of all) counts.set(c.country, (counts.get(c.country) ?? 0) + 1);
      return [...counts].filter(([c]) => c !== '').sort((a, b) => b[1] - a[1])[0]![0];
    };
    const customersOf = async (country: string) =>
      new Set(
        (
          await ctx()
            .db.kysely.selectFrom('customers')
            .select('id')
            .where('country', '=', country)
            .execute()
        ).map((c) => Number(c.id)),
      );

    it('a customers segment narrows revenue, orders and the lists to its customers, live', async () => {
      const country = await topCountry();
      const segment = await create({
        name: `From ${country}`,
        source: 'customers',
        query: { country_includes: country.toLowerCase() },
      });
      expect(segment.query).toEqual({ country_includes: [country.toLowerCase()] });
      const members = await customersOf(country);
      const mine = (await rows()).filter((r) => members.has(Number(r.customer_id)));
      expect(mine.length).toBeGreaterThan(0);
      const totals = await revenue(`segment=${segment.id}`);
      expect(totals.net_revenue).toBeCloseTo(net(mine), 2);
      expect(totals.net_revenue).not.toBeCloseTo((await revenue('')).net_revenue, 2);
      const orders = await get<{ totals: { orders_count: number; net_revenue: number } }>(
        `${REPORTS}/orders/stats?${RANGE}&interval=month&segment=${segment.id}`,
      );
      expect(orders.body.totals.orders_count).toBe(mine.filter((r) => r.parent_id === 0).length);
      const list = await get<unknown[]>(
        `${REPORTS}/orders?${RANGE}&per_page=5&segment=${segment.id}`,
      );
      // The Orders list has a row for each order and each refund.
      expect(list.total).toBe(mine.length);
      const customers = await get<{ country: string }[]>(
        `${REPORTS}/customers?per_page=100&segment=${segment.id}`,
      );
      expect(customers.total).toBe(members.size);
      expect(customers.body.every((c) => c.country === country)).toBe(true);

      // A new customer of that country orders: the segment has them at once.
      const id = 900_001;
      await ctx()
        .db.kysely.insertInto('customers')
        .values({
          id,
          user_id: 0,
          username: '',
          first_name: 'New',
          last_name: 'Buyer',
          email: 'new.buyer@example.com',
          country,
          state: '',
          city: 'X',
          postcode: '1',
          date_registered: null,
          date_registered_gmt: null,
          date_last_active: null,
          date_last_active_gmt: null,
        })
        .execute();
      await ingestOrders(ctx().db, [
        order(9_000_001, {
          customerId: id,
          created: '2024-06-15 10:00:00',
          lines: [{ id: 90_000_011, productId: 10, qty: 1, price: '123.45' }],
        }),
      ]);
      const after = await revenue(`segment=${segment.id}`);
      expect(after.net_revenue).toBeCloseTo(totals.net_revenue + 123.45, 2);
      const customersAfter = await get<unknown[]>(
        `${REPORTS}/customers?per_page=1&segment=${segment.id}`,
      );
      expect(customersAfter.total).toBe(members.size + 1);
    });

    it('an orders segment narrows revenue to the orders its filters match', async () => {
      const lookup = await ctx()
        .db.kysely.selectFrom('order_product_lookup')
        .select(['order_id', 'product_id'])
        .execute();
      const product = Number(lookup[0]!.product_id);
      const withProduct = new Set(
        lookup.filter((l) => Number(l.product_id) === product).map((l) => Number(l.order_id)),
      );
      const segment = await create({
        name: 'Product buyers',
        source: 'orders',
        query: { product_includes: String(product), status_is_not: ['refunded'] },
      });
      const matched = (await rows()).filter(
        (r) => withProduct.has(Number(r.order_id)) && r.status !== 'refunded',
      );
      const totals = await revenue(`segment=${segment.id}`);
      expect(totals.net_revenue).toBeCloseTo(net(matched), 2);
      // The same filters on the Orders report itself.
      const direct = await get<{ totals: { net_revenue: number } }>(
        `${REPORTS}/orders/stats?${RANGE}&interval=month&product_includes=${product}&status_is_not=refunded`,
      );
      expect(totals.net_revenue).toBeCloseTo(direct.body.totals.net_revenue, 2);
      // Combined with the Orders report's own filters: both apply.
      const both = await get<{ totals: { orders_count: number } }>(
        `${REPORTS}/orders/stats?${RANGE}&interval=month&segment=${segment.id}&status_is=completed`,
      );
      expect(both.body.totals.orders_count).toBe(
        matched.filter((r) => r.parent_id === 0 && r.status === 'completed').length,
      );
    });

    it("every report that counts orders keeps only the segment's, as a naive recompute", async () => {
      const db = ctx().db.kysely;
      const country = await topCountry();
      const members = await customersOf(country);
      const bySegment = await create({
        name: 'Customers of one country',
        source: 'customers',
        query: { country_includes: country },
      });
      const byOrders = await create({
        name: 'Returning, completed',
        source: 'orders',
        query: { status_is: 'completed', customer_type: 'returning' },
      });
      const stats = (await db
        .selectFrom('order_stats')
        .select(['order_id', 'status', 'customer_id', 'returning_customer'])
        .execute()) as {
        order_id: number;
        status: string;
        customer_id: number;
        returning_customer: number;
      }[];
      const keptBy = {
        [bySegment.id]: new Set(
          stats.filter((r) => members.has(Number(r.customer_id))).map((r) => Number(r.order_id)),
        ),
        [byOrders.id]: new Set(
          stats
            .filter((r) => r.status === 'completed' && Number(r.returning_customer) === 1)
            .map((r) => Number(r.order_id)),
        ),
      };
      const inRange = (d: string | null) =>
        d !== null && d >= '2023-07-01 00:00:00' && d <= '2024-06-30 23:59:59';
      const money = (units: number) => Math.round(units / (MONEY_SCALE / 100)) / 100;
      const lines = (await db
        .selectFrom('order_product_lookup')
        .select(['order_id', 'parent_id', 'product_id', 'variation_id', 'status', 'date_created'])
        .select(['product_qty', 'product_net_revenue'])
        .execute()) as {
        order_id: number;
        parent_id: number;
        product_id: number;
        variation_id: number;
        status: string;
        date_created: string;
        product_qty: number;
        product_net_revenue: number;
      }[];
      const coupons = (await db.selectFrom('order_coupon_lookup').selectAll().execute()) as {
        order_id: number;
        coupon_id: number;
        status: string;
        date_created: string;
        discount_amount: number;
      }[];
      const taxes = (await db.selectFrom('order_tax_lookup').selectAll().execute()) as {
        order_id: number;
        parent_id: number;
        tax_rate_id: number;
        status: string;
        date_created: string;
        total_tax: number;
      }[];
      const downloads = (await db
        .selectFrom('download_log')
        .select(['order_id', 'timestamp'])
        .execute()) as { order_id: number; timestamp: string }[];
      const categoriesOf = new Map<number, number[]>();
      for (const pc of await db.selectFrom('product_categories').selectAll().execute()) {
        const list = categoriesOf.get(Number(pc.product_id)) ?? [];
        list.push(Number(pc.category_id));
        categoriesOf.set(Number(pc.product_id), list);
      }
      const counted = <R extends { status: string; date_created: string; order_id: number }>(
        rows: R[],
        kept: Set<number>,
      ) =>
        rows.filter(
          (r) => !EXCLUDED.has(r.status) && inRange(r.date_created) && kept.has(Number(r.order_id)),
        );
      const group = <R>(rows: R[], key: (r: R) => number[]) => {
        const m = new Map<number, R[]>();
        for (const r of rows) for (const k of key(r)) m.set(k, [...(m.get(k) ?? []), r]);
        return m;
      };
      const listOf = async <T>(path: string, id: number) => {
        const out: T[] = [];
        for (let page = 1; ; page++) {
          const res = await get<T[]>(
            `${REPORTS}/${path}?${RANGE}&per_page=100&page=${page}&segment=${id}`,
          );
          out.push(...res.body);
          if (out.length >= res.total || res.body.length === 0) return out;
        }
      };
      const totalsOf = async (path: string, id?: number) =>
        (
          await get<{ totals: { [k: string]: number; net_revenue: number; orders_count: number } }>(
            `${REPORTS}/${path}/stats?${RANGE}&interval=month${id ? `&segment=${id}` : ''}`,
          )
        ).body.totals;

      for (const id of [bySegment.id, byOrders.id]) {
        const kept = keptBy[id]!;
        const myLines = counted(lines, kept);
        expect(myLines.length).toBeGreaterThan(0);
        const lineSums = (rows: typeof myLines) => ({
          items_sold: rows.reduce((a, r) => a + Number(r.product_qty), 0),
          net_revenue: money(rows.reduce((a, r) => a + Number(r.product_net_revenue), 0)),
          orders_count: new Set(
            rows.filter((r) => Number(r.parent_id) === 0).map((r) => Number(r.order_id)),
          ).size,
        });
        const checkList = <T extends Record<string, number>>(
          got: T[],
          key: string,
          want: Map<number, typeof myLines>,
        ) => {
          const expected = [...want]
            .map(([k, rows]) => ({ k, ...lineSums(rows) }))
            .filter((e) => e.items_sold !== 0 || e.orders_count !== 0 || e.net_revenue !== 0);
          expect(got.length, key).toBe(expected.length);
          const byKey = new Map(got.map((r) => [Number(r[key]), r]));
          for (const e of expected) {
            const row = byKey.get(e.k);
            expect(row, `${key} ${e.k}`).toBeDefined();
            expect(row!.items_sold, `${key} ${e.k}`).toBe(e.items_sold);
            expect(row!.orders_count, `${key} ${e.k}`).toBe(e.orders_count);
            expect(row!.net_revenue).toBeCloseTo(e.net_revenue, 2);
          }
        };
        // Products, variations and categories: lists and stats.
        checkList(
          await listOf<Record<string, number>>('products', id),
          'product_id',
          group(myLines, (r) => [Number(r.product_id)]),
        );
        checkList(
          await listOf<Record<string, number>>('variations', id),
          'variation_id',
          group(
            myLines.filter((r) => Number(r.variation_id) > 0),
            (r) => [Number(r.variation_id)],
          ),
        );
        checkList(
          await listOf<Record<string, number>>('categories', id),
          'category_id',
          group(myLines, (r) => categoriesOf.get(Number(r.product_id)) ?? []),
        );
        const all = lineSums(myLines);
        for (const path of ['products', 'categories']) {
          const t = await totalsOf(path, id);
          expect(t.items_sold, path).toBe(all.items_sold);
          expect(t.orders_count, path).toBe(all.orders_count);
          expect(t.net_revenue).toBeCloseTo(all.net_revenue, 2);
          expect(t.net_revenue).not.toBeCloseTo((await totalsOf(path)).net_revenue, 2);
        }
        const variationLines = lineSums(myLines.filter((r) => Number(r.variation_id) > 0));
        const v = await totalsOf('variations', id);
        expect(v.items_sold).toBe(variationLines.items_sold);
        expect(v.net_revenue).toBeCloseTo(variationLines.net_revenue, 2);

        // Coupons: discount and orders per coupon.
        const myCoupons = counted(coupons, kept);
        expect(myCoupons.length).toBeGreaterThan(0);
        const couponRows = await listOf<Record<string, number>>('coupons', id);
        const wantCoupons = group(myCoupons, (r) => [Number(r.coupon_id)]);
        expect(couponRows.length).toBe(wantCoupons.size);
        for (const r of couponRows) {
          const rows = wantCoupons.get(Number(r.coupon_id)) ?? [];
          expect(r.amount).toBeCloseTo(
            money(rows.reduce((a, x) => a + Number(x.discount_amount), 0)),
            2,
          );
          expect(r.orders_count).toBe(new Set(rows.map((x) => Number(x.order_id))).size);
          // The profit of the coupon's orders in the segment, read from the order rows (a
          // segment forces the lookup path): orders/stats with the coupon and the segment.
          const stats = (
            await get<{ totals: Record<string, number | null> }>(
              `${REPORTS}/orders/stats?${RANGE}&interval=year&segment=${id}&coupon_includes=${r.coupon_id}`,
            )
          ).body.totals;
          for (const field of ['net_revenue', 'cost_of_goods', 'payment_fees', 'net_profit'])
            expect(r[field], `coupon ${r.coupon_id} ${field}`).toBe(stats[field]);
        }
        const c = await totalsOf('coupons', id);
        expect(c.amount).toBeCloseTo(
          money(myCoupons.reduce((a, x) => a + Number(x.discount_amount), 0)),
          2,
        );
        expect(c.orders_count).toBe(new Set(myCoupons.map((x) => Number(x.order_id))).size);

        // Taxes: tax and orders per rate.
        const myTaxes = counted(taxes, kept);
        expect(myTaxes.length).toBeGreaterThan(0);
        const taxRows = await listOf<Record<string, number>>('taxes', id);
        const wantTaxes = group(myTaxes, (r) => [Number(r.tax_rate_id)]);
        expect(taxRows.length).toBe(wantTaxes.size);
        for (const r of taxRows) {
          const rows = wantTaxes.get(Number(r.tax_rate_id)) ?? [];
          expect(r.total_tax).toBeCloseTo(
            money(rows.reduce((a, x) => a + Number(x.total_tax), 0)),
            2,
          );
          expect(r.orders_count).toBe(
            new Set(rows.filter((x) => Number(x.parent_id) === 0).map((x) => Number(x.order_id)))
              .size,
          );
        }
        const t = await totalsOf('taxes', id);
        expect(t.total_tax).toBeCloseTo(
          money(myTaxes.reduce((a, x) => a + Number(x.total_tax), 0)),
          2,
        );

        // Downloads: the log entries of the segment's orders.
        const myDownloads = downloads.filter(
          (d) => inRange(String(d.timestamp)) && kept.has(Number(d.order_id)),
        );
        expect(myDownloads.length).toBeGreaterThan(0);
        const d = await totalsOf('downloads', id);
        expect(d.download_count).toBe(myDownloads.length);
        const list = await get<unknown[]>(`${REPORTS}/downloads?${RANGE}&per_page=1&segment=${id}`);
        expect(list.total).toBe(myDownloads.length);
      }

      // Sources: as many orders as orders/stats with the segment.
      for (const id of [bySegment.id, byOrders.id]) {
        const sources = await totalsOf('sources', id);
        expect(sources.orders_count).toBe((await totalsOf('orders', id)).orders_count);
        expect(sources.orders_count).toBeLessThan((await totalsOf('sources')).orders_count);
      }

      // Customers stats: the segment's customers; cohorts: as the cohort country filter, which
      // keeps the same persons and all their orders.
      const customerTotals = (
        await get<{ totals: { customers_count: number } }>(
          `${REPORTS}/customers/stats?segment=${bySegment.id}`,
        )
      ).body.totals;
      expect(customerTotals.customers_count).toBe(members.size);
      const cohorts = async (extra: string) =>
        (await get<unknown[]>(`${REPORTS}/cohorts?${RANGE}&period=month&${extra}`)).body;
      const viaSegment = await cohorts(`segment=${bySegment.id}`);
      expect(viaSegment.length).toBeGreaterThan(0);
      expect(viaSegment).toEqual(await cohorts(`country=${country}`));
      expect(viaSegment).not.toEqual(await cohorts(''));

      // An unknown segment is a 400 naming it on every report.
      for (const path of ['products', 'coupons/stats', 'taxes', 'downloads/stats', 'cohorts']) {
        const res = await inject('GET', `${REPORTS}/${path}?${RANGE}&segment=999999`);
        expect(res.statusCode, path).toBe(400);
        expect(res.json().data.params, path).toHaveProperty('segment');
      }
    });

    it('an RFM group saved as a segment', async () => {
      const segment = await create({
        name: 'Champions',
        source: 'customers',
        query: { rfm_group: 'champions' },
      });
      const listed = await get<{ id: number }[]>(
        `${REPORTS}/customers?rfm_group=champions&per_page=100`,
      );
      const viaSegment = await get<{ id: number }[]>(
        `${REPORTS}/customers?segment=${segment.id}&per_page=100`,
      );
      expect(viaSegment.total).toBe(listed.total);
      const ids = new Set(listed.body.map((c) => c.id));
      const mine = (await rows()).filter((r) => ids.has(Number(r.customer_id)));
      if (listed.total <= 100)
        expect((await revenue(`segment=${segment.id}`)).net_revenue).toBeCloseTo(net(mine), 2);
    });

    it('who sees, shares, renames and deletes a segment', async () => {
      const analyst = await signIn(ctx().db, 'analyst');
      const manager = await signIn(ctx().db, 'shop_manager');
      const own = await create({ name: 'Mine', source: 'orders', query: {} }, analyst);
      expect(own.shared).toBe(false);
      const refused = await inject(
        'POST',
        SEGMENTS,
        { name: 'Everyone', source: 'orders', query: {}, shared: true },
        analyst,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('storelens_segment_share_forbidden');
      const shareOwn = await inject('PUT', `${SEGMENTS}/${own.id}`, { shared: true }, analyst);
      expect(shareOwn.statusCode).toBe(403);
      const shared = await create(
        { name: 'Team', source: 'orders', query: { status_is: 'completed' }, shared: true },
        manager,
      );
      const privateOfManager = await create(
        { name: 'Manager only', source: 'orders', query: {} },
        manager,
      );
      const seen = (await get<{ id: number; mine: boolean }[]>(SEGMENTS, analyst)).body;
      expect(seen.map((s) => s.id)).toContain(own.id);
      expect(seen.map((s) => s.id)).toContain(shared.id);
      expect(seen.map((s) => s.id)).not.toContain(privateOfManager.id);
      expect(seen.find((s) => s.id === shared.id)!.mine).toBe(false);
      // A shared segment is used by all, changed by its owner alone.
      await get(`${REPORTS}/revenue/stats?${RANGE}&segment=${shared.id}`, analyst);
      expect(
        (await inject('PUT', `${SEGMENTS}/${shared.id}`, { name: 'x' }, analyst)).statusCode,
      ).toBe(404);
      expect(
        (await inject('DELETE', `${SEGMENTS}/${shared.id}`, undefined, analyst)).statusCode,
      ).toBe(404);
      // Another user's private segment cannot be used.
      const hidden = await inject(
        'GET',
        `${REPORTS}/revenue/stats?${RANGE}&segment=${privateOfManager.id}`,
        undefined,
        analyst,
      );
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json().data.params).toHaveProperty('segment');
      const renamed = await inject('PUT', `${SEGMENTS}/${own.id}`, { name: 'Renamed' }, analyst);
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().name).toBe('Renamed');
      const unshared = await inject('PUT', `${SEGMENTS}/${shared.id}`, { shared: false }, manager);
      expect(unshared.json().shared).toBe(false);
      expect((await get<{ id: number }[]>(SEGMENTS, analyst)).body.map((s) => s.id)).not.toContain(
        shared.id,
      );
      const deleted = await inject('DELETE', `${SEGMENTS}/${own.id}`, undefined, analyst);
      expect(deleted.json()).toEqual({ deleted: true, id: own.id });
      const gone = await inject('GET', `${REPORTS}/orders?segment=${own.id}`, undefined, analyst);
      expect(gone.statusCode).toBe(400);
    });

    it('bad input is a 400 naming the parameter', async () => {
      const bad = async (body: unknown, param: string) => {
        const res = await inject('POST', SEGMENTS, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json().data.params ?? {}), res.body).toContain(param);
      };
      await bad(
        { name: 'x', source: 'orders', query: { product_includes: 'abc' } },
        'query.product_includes',
      );
      await bad(
        { name: 'x', source: 'orders', query: { no_such_filter: '1' } },
        'query.no_such_filter',
      );
      await bad({ name: 'x', source: 'orders', query: { segment: 1 } }, 'query.segment');
      await bad(
        { name: 'x', source: 'customers', query: { rfm_group: 'best' } },
        'query.rfm_group',
      );
      await bad(
        { name: 'x', source: 'customers', query: { cohort_period: 2 } },
        'query.cohort_period',
      );
      await bad(
        { name: 'x', source: 'customers', query: { registered_after: 'soon' } },
        'query.registered_after',
      );
      await bad({ name: 'x', source: 'products', query: {} }, 'source');
      await bad({ name: '  ', source: 'orders', query: {} }, 'name');
      for (const value of ['999999', 'abc', '0', '-1']) {
        const res = await inject('GET', `${REPORTS}/revenue/stats?${RANGE}&segment=${value}`);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().data.params).toHaveProperty('segment');
      }
      expect((await inject('PUT', `${SEGMENTS}/999999`, { name: 'x' })).statusCode).toBe(404);
      expect((await inject('DELETE', `${SEGMENTS}/abc`)).statusCode).toBe(400);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 600, years: 1, seed: 7, end: '2024-06-30' });
    await setOptions(db, { woocommerce_date_type: 'date_created' });
  },
);
