import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { authenticateInjects, freshStore, signIn } from './harness';

/** Tables a from-scratch store copies as they are (the source of every figure but the orders). */
const COPIED = [
  'customers',
  'products',
  'categories',
  'product_categories',
  'product_costs',
  'entered_costs',
  'options',
] as const;

/** Waits until no cost recompute job of the app is queued or running. */
export async function recomputed(app: FastifyInstance, db: Db): Promise<void> {
  const runner = app.jobRunner;
  for (let i = 0; i < 600; i++) {
    const open = await db.kysely
      .selectFrom('admin_jobs')
      .select(['id', 'status', 'error'])
      .where('kind', '=', 'cost_recompute')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    if (open.length === 0) break;
    for (const job of open) await runner.settled(job.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const failed = await db.kysely
    .selectFrom('admin_jobs')
    .select(['id', 'error'])
    .where('kind', '=', 'cost_recompute')
    .where('status', '=', 'failed')
    .execute();
  expect(failed).toEqual([]);
}

/** The report answers every profit figure is read from (money, profits, margins, coverage). */
export const PROFIT_URLS = (range: string) => [
  `reports/revenue/stats?${range}&interval=day&per_page=100`,
  `reports/profit/stats?${range}&interval=month`,
  `reports/orders/stats?${range}&interval=week`,
  `reports/products?${range}&per_page=100&extended_info=true`,
  `reports/variations?${range}&per_page=100&extended_info=true`,
  `reports/categories?${range}&per_page=100`,
  `reports/orders?${range}&per_page=100&orderby=date`,
  `reports/products/stats?${range}&interval=month`,
];

/**
 * A store built from scratch beside `db`: the same catalog, cost histories and options, and
 * `orders` ingested once, on the same engine. Its app answers with figures nothing was ever
 * recomputed in.
 */
export async function fromScratch(
  db: Db,
  orders: readonly OrderInput[],
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const store = await freshStore(db.engine);
  for (const table of COPIED) {
    const rows = await db.kysely.selectFrom(table).selectAll().execute();
    await store.db.kysely.deleteFrom(table).execute();
    for (let i = 0; i < rows.length; i += 200)
      await store.db.kysely
        .insertInto(table)
        .values(rows.slice(i, i + 200) as never)
        .execute();
  }
  await ingestOrders(store.db, orders);
  const app = await buildApp(store.db, { webRoot: '/nonexistent' });
  authenticateInjects(app, await signIn(store.db, 'administrator'));
  return {
    app,
    close: async () => {
      await app.close();
      await store.drop();
    },
  };
}

/** Asks both apps the same report questions and expects the same answers. */
export async function sameFigures(
  app: FastifyInstance,
  scratch: FastifyInstance,
  urls: readonly string[],
): Promise<void> {
  for (const url of urls) {
    const get = async (a: FastifyInstance) => {
      const res = await a.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/${url}&force_cache_refresh=true`,
      });
      expect(res.statusCode, url).toBe(200);
      return res.json() as unknown;
    };
    expect(await get(app), url).toEqual(await get(scratch));
  }
}
