import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { call } from './admin-helpers';
import {
  CONNECTIONS,
  connectShop,
  delivered,
  listeningApp,
  settle,
  type View,
} from './connect-helpers';
import { describeEachEngine } from './harness';
import { WooSimulator } from './woo-simulator';

const CATALOG = 20_000;
const REPORT =
  '/wp-json/wc-analytics/reports/revenue/stats?interval=week&after=2024-01-01T00:00:00&before=2024-06-30T23:59:59&force_cache_refresh=true';

/**
 * Which connections wrote the products. SQLite: how many rows the request thread's own
 * connection changed (`total_changes()` counts per connection). PostgreSQL: the server
 * processes (backend pids) a trigger saw insert into `products`, against the request
 * thread's pool.
 */
async function writesProbe(db: Db) {
  if (db.engine === 'sqlite') {
    const changes = () =>
      Number((db.sqlite!.prepare('SELECT total_changes() AS n').get() as { n: number }).n);
    const before = changes();
    return { mainRows: async () => changes() - before, writers: async () => [] as number[] };
  }
  await sql`CREATE TABLE product_writers (pid integer NOT NULL)`.execute(db.kysely);
  await sql`CREATE FUNCTION note_product_writer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO product_writers VALUES (pg_backend_pid()); RETURN NULL; END $$`.execute(
    db.kysely,
  );
  await sql`CREATE TRIGGER note_product_writer AFTER INSERT ON products
    FOR EACH STATEMENT EXECUTE FUNCTION note_product_writer()`.execute(db.kysely);
  return {
    mainRows: async () => 0,
    writers: async () =>
      (
        await sql<{ pid: number }>`SELECT DISTINCT pid FROM product_writers`.execute(db.kysely)
      ).rows.map((r) => Number(r.pid)),
  };
}

/**
 * A shop's sync writes on the worker thread, never on the thread that answers requests: a
 * catalog of 20,000 products read in one step (200 pages) is written by the worker's
 * connection, and reports are answered while the catalog is imported. Before, the catalog
 * upserts and webhook deliveries ran on the request thread (SQLite's calls block it for the
 * whole page).
 */
describeEachEngine('a shop sync writes on the worker thread', (ctx) => {
  it('imports a 20,000-product catalog and applies webhooks off the request thread', async () => {
    const { db } = ctx();
    const sim = await new WooSimulator({ seed: 21 }).start();
    sim.generate(40);
    sim.addProducts(CATALOG);
    const app = await listeningApp(db, { pagesPerStep: CATALOG / 100 });
    try {
      const probe = await writesProbe(db);
      const res = await connectShop(app, sim);
      expect(res.status).toBe(201);
      const id = res.body.id;
      // Reports answered while the catalog is being imported (the products step under way).
      let answeredDuring = 0;
      for (;;) {
        const before = (await call<View>(app, 'GET', `${CONNECTIONS}/${id}`)).body;
        const report = await call(app, 'GET', REPORT);
        expect(report.status).toBe(200);
        const after = (await call<View>(app, 'GET', `${CONNECTIONS}/${id}`)).body;
        const inProducts = (v: View) =>
          v.status === 'importing' &&
          v.progress.customers!.done > 0 &&
          v.progress.products!.done < CATALOG;
        if (inProducts(before) && inProducts(after)) answeredDuring++;
        if (after.status === 'idle') break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const view = await settle(app, id);
      expect(view.progress.products).toEqual({ done: CATALOG + 12, total: CATALOG + 12 });
      expect(answeredDuring).toBeGreaterThan(0);

      // A webhook's product and order are applied by the worker too.
      const product = [...sim.products.values()].find((p) => p.id >= 100_000)!;
      product.name = 'Renamed by a webhook';
      product.modified = Date.UTC(2024, 6, 1);
      sim.emit('product.updated', sim.productJson(product));
      const order = sim.find((o) => o.status === 'processing');
      sim.setStatus(order.id, 'completed');
      await delivered(app, sim);
      const stored = await db.kysely
        .selectFrom('products')
        .select('name')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(stored.name).toBe('Renamed by a webhook');
      const status = await db.kysely
        .selectFrom('order_stats')
        .select('status')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('completed');

      // The request thread's connection wrote a few bookkeeping rows (job progress, the
      // connection's state), not the catalog: 20,000 products, their categories and marks.
      expect(await probe.mainRows()).toBeLessThan(2_000);
      const writers = await probe.writers();
      if (db.engine === 'postgres') {
        expect(writers.length).toBeGreaterThan(0);
        for (const pid of writers) expect(db.backends!.has(pid)).toBe(false);
      }
    } finally {
      await app.close();
      await sim.close();
    }
  }, 180_000);
});
