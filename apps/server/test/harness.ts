import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app';
import type { Db, Engine } from '../src/db/database';
import { scratchStore } from '../src/scratch-store';

/**
 * Every server test runs on SQLite, and on PostgreSQL when TEST_POSTGRES_URL is set (each
 * suite in a schema of its own). REQUIRE_POSTGRES=1 turns a missing or unreachable
 * PostgreSQL into a failure instead of a skip.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;
const requirePostgres = process.env.REQUIRE_POSTGRES === '1';

export const engines: Engine[] =
  postgresUrl || requirePostgres ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh, migrated, empty store on one engine, and how to drop it. */
export async function freshStore(engine: Engine): Promise<{ db: Db; drop(): Promise<void> }> {
  if (engine === 'postgres' && !postgresUrl)
    throw new Error('REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set');
  return scratchStore(engine, {
    prefix: engine === 'sqlite' ? 'storelens-test' : 't',
    postgresUrl,
  });
}

/** The context a suite gets: the open store and the app on it (built lazily). */
export interface StoreContext {
  engine: Engine;
  db: Db;
  app: FastifyInstance;
}

/**
 * Runs a suite once per engine against a fresh store. `seed` runs once before the tests
 * (e.g. ingest a fixture); the app is the real Fastify app, driven with `app.inject`.
 */
export function describeEachEngine(
  name: string,
  body: (ctx: () => StoreContext) => void,
  seed?: (db: Db) => Promise<void>,
) {
  for (const engine of engines) {
    describe(`${name} [${engine}]`, () => {
      let ctx: StoreContext | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const store = await freshStore(engine);
        drop = store.drop;
        if (seed) await seed(store.db);
        const app = await buildApp(store.db, { webRoot: '/nonexistent' });
        ctx = { engine, db: store.db, app };
      });
      afterAll(async () => {
        await ctx?.app.close();
        await drop?.();
      });
      body(() => {
        if (!ctx) throw new Error('store not ready');
        return ctx;
      });
    });
  }
}
