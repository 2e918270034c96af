import type { NoteBody, ReviewBody, SettingBody } from '@storelens/api';
import { noteTypes } from '@storelens/api';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { refreshCustomerDates } from '../src/customer-activity';
import type { Db } from '../src/db/database';
import { RawSql } from '../src/db/sql';
import { generateDemoStore } from '../src/demo/generate';
import { readStoreSettings } from '../src/options';
import { zone } from '../src/timezone';
import { call } from './admin-helpers';
import { describeEachEngine, freshStore } from './harness';

describeEachEngine(
  'demo store admin content',
  (ctx) => {
    it('gives customers the last active date an import would write, so filters find them', async () => {
      const { db, app } = ctx();
      const read = async () =>
        (
          await db.kysely
            .selectFrom('customers')
            .select(['id', 'date_last_active', 'date_last_active_gmt'])
            .orderBy('id')
            .execute()
        ).map((r) => [Number(r.id), r.date_last_active, r.date_last_active_gmt]);
      const generated = await read();
      expect(generated.length).toBeGreaterThan(50);
      expect(generated.every(([, local, gmt]) => local !== null && gmt !== null)).toBe(true);
      const sql = new RawSql(db.kysely, db.engine, db.sqlite);
      await refreshCustomerDates(
        sql,
        zone((await readStoreSettings(db)).timezone).toLocal,
        generated.map(([id]) => id as number),
      );
      expect(await read()).toEqual(generated);
      const active = await call<unknown[]>(
        app,
        'GET',
        '/wp-json/wc-analytics/reports/customers?last_active_after=2024-06-01T00:00:00&per_page=1',
      );
      expect(active.status).toBe(200);
      expect(Number(active.headers['x-wp-total'])).toBeGreaterThan(0);
    });

    it('vacuums the customers and products again after rewriting them at the end (PostgreSQL)', async ({
      skip,
    }) => {
      const { db } = ctx();
      if (db.engine !== 'postgres') skip();
      // Every customer's last activity and every product's popularity are written after the
      // bulk load's VACUUM; until another one, index-only scans of them fetch each row from
      // the table. (Whether a page is all-visible also depends on other sessions' snapshots,
      // so the test reads the count of VACUUMs, which PostgreSQL records as each one ends.)
      const counts = await sql<{ relname: string; vacuum_count: string }>`
        SELECT relname, vacuum_count FROM pg_stat_user_tables
        WHERE schemaname = current_schema() AND relname IN ('customers', 'products', 'orders')`.execute(
        db.kysely,
      );
      expect(
        Object.fromEntries(counts.rows.map((r) => [r.relname, Number(r.vacuum_count)])),
      ).toEqual({ customers: 2, products: 2, orders: 1 });
    });

    it('has inbox notes of every type, with valid actions', async () => {
      const { body } = await call<NoteBody[]>(
        ctx().app,
        'GET',
        '/wp-json/wc-analytics/admin/notes?per_page=100',
      );
      expect(new Set(body.map((n) => n.type))).toEqual(new Set(noteTypes));
      for (const note of body) {
        for (const action of note.actions) expect(action.url).toMatch(/^(\/wp-admin\/|https:\/\/)/);
      }
      const dates = body.map((n) => n.date_created_gmt);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('has reviews in several statuses and ratings, on real products', async () => {
      const app = ctx().app;
      const approved = await call<ReviewBody[]>(
        app,
        'GET',
        '/wp-json/wc-analytics/products/reviews?per_page=100',
      );
      expect(approved.body.length).toBeGreaterThan(40);
      expect(approved.body.every((r) => r.product_name !== '')).toBe(true);
      expect(new Set(approved.body.map((r) => r.rating)).size).toBeGreaterThanOrEqual(4);
      const held = await call<ReviewBody[]>(
        app,
        'GET',
        '/wp-json/wc-analytics/products/reviews?status=hold',
      );
      expect(held.body.length).toBeGreaterThan(0);
    });

    it('writes the settings defaults and keeps the generated zone', async () => {
      const { body } = await call<SettingBody[]>(
        ctx().app,
        'GET',
        '/wp-json/wc-analytics/settings/general',
      );
      const value = (id: string) => body.find((s) => s.id === id)!.value;
      expect(value('timezone_string')).toBe('America/New_York');
      expect(value('woocommerce_store_city')).toBe('New York');
      expect(value('woocommerce_currency')).toBe('USD');
    });

    it('gives each product its units sold (refunds netted) as popularity', async () => {
      const db = ctx().db;
      const sold = await db.kysely
        .selectFrom('order_product_lookup')
        .select(['product_id', (eb) => eb.fn.sum<number>('product_qty').as('qty')])
        .groupBy('product_id')
        .execute();
      const products = await db.kysely
        .selectFrom('products')
        .select(['id', 'total_sales'])
        .where('parent_id', '=', 0)
        .execute();
      const popularity = new Map(products.map((p) => [Number(p.id), Number(p.total_sales)]));
      expect(sold.length).toBeGreaterThan(10);
      for (const s of sold) expect(popularity.get(Number(s.product_id))).toBe(Number(s.qty));
    });

    it('is the same for the same seed', async () => {
      const reviews = (db: Db) =>
        db.kysely
          .selectFrom('product_reviews')
          .select(['id', 'product_id', 'rating', 'status', 'reviewer_email', 'date_created_gmt'])
          .orderBy('id')
          .execute();
      const other = await freshStore('sqlite');
      await generateDemoStore(other.db, { orders: 300, years: 1, seed: 5, end: '2024-06-30' });
      const mine = (await reviews(ctx().db)).map((r) =>
        JSON.stringify({
          ...r,
          id: Number(r.id),
          product_id: Number(r.product_id),
          rating: Number(r.rating),
        }),
      );
      const theirs = (await reviews(other.db)).map((r) =>
        JSON.stringify({
          ...r,
          id: Number(r.id),
          product_id: Number(r.product_id),
          rating: Number(r.rating),
        }),
      );
      await other.drop();
      expect(mine).toHaveLength(80);
      expect(mine).toEqual(theirs);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 300, years: 1, seed: 5, end: '2024-06-30' });
  },
);
