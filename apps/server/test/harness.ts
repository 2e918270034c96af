import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { scratchStore, storeAt } from '../bench/scratch-store';
import { buildApp } from '../src/app';
import { SESSION_COOKIE } from '../src/auth/plugin';
import type { Role } from '../src/auth/roles';
import { createUser, openSession, userByEmail } from '../src/auth/users';
import type { Db, Engine } from '../src/db/database';

/**
 * Every server test runs on SQLite, and on PostgreSQL when TEST_POSTGRES_URL is set (each
 * suite in a schema of its own). REQUIRE_POSTGRES=1 turns a missing or unreachable
 * PostgreSQL into a failure instead of a skip.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;
const requirePostgres = process.env.REQUIRE_POSTGRES === '1';

export const engines: Engine[] =
  postgresUrl || requirePostgres ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * This test process's empty SQLite store, migrated once: each fresh SQLite store starts as a
 * copy of its file, which opening then finds migrated. Running every migration took 0.3-0.5 s
 * a store on a loaded 2-core machine, and a property test makes dozens of stores.
 */
let sqliteTemplate: Promise<string> | undefined;

function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storelens-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'store.sqlite');
    // Closing the only connection checkpoints the write-ahead log into the file.
    const template = await storeAt(`file:${file}`, () => {});
    await template.drop();
    return file;
  })();
  return sqliteTemplate;
}

/** A fresh, migrated, empty store on one engine, and how to drop it. */
export async function freshStore(engine: Engine): Promise<{ db: Db; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const template = await sqliteTemplateFile();
    const dir = mkdtempSync(join(tmpdir(), 'storelens-test-'));
    copyFileSync(template, join(dir, 'store.sqlite'));
    return storeAt(`file:${join(dir, 'store.sqlite')}`, () =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }
  if (!postgresUrl) throw new Error('REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set');
  return scratchStore(engine, {
    prefix: 't',
    postgresUrl,
  });
}

/** The context a suite gets: the open store and the app on it (built lazily). */
export interface StoreContext {
  engine: Engine;
  db: Db;
  /** The app; its `inject` signs in as an administrator unless the request sends its own
   * `cookie` or `authorization` header (or `anonymous` is used). */
  app: FastifyInstance;
  /** `app.inject` with no credentials at all. */
  anonymous: FastifyInstance['inject'];
}

/** The e-mail of the seeded account of a role in server tests. */
export const testEmail = (role: Role) => `${role.replace('_', '-')}@storelens.test`;
export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Headers of a signed-in session (cookie and nonce) of the role's seeded account, creating it
 * the first time.
 */
export async function signIn(
  db: Db,
  role: Role,
): Promise<{ cookie: string; 'x-wp-nonce': string }> {
  const email = testEmail(role);
  const user =
    (await userByEmail(db, email))?.user ??
    (await createUser(db, { email, name: role, role, password: TEST_PASSWORD }));
  const session = await openSession(db, user.id);
  return { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-wp-nonce': session.nonce };
}

/** Makes `app.inject` send `headers` unless a request brings its own credentials. */
export function authenticateInjects(app: FastifyInstance, headers: Record<string, string>) {
  const raw = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const wrapped = (options?: unknown, callback?: unknown) => {
    if (options === undefined) return raw();
    const o = (typeof options === 'string' ? { url: options } : options) as {
      headers?: Record<string, unknown>;
    };
    const own = Object.keys(o.headers ?? {}).map((h) => h.toLowerCase());
    const withAuth =
      own.includes('cookie') || own.includes('authorization')
        ? o
        : { ...o, headers: { ...headers, ...o.headers } };
    return callback === undefined ? raw(withAuth) : raw(withAuth, callback);
  };
  const anonymous = raw as unknown as FastifyInstance['inject'];
  app.inject = wrapped as unknown as FastifyInstance['inject'];
  return anonymous;
}

/** The real app on `db`, its `inject` signed in as an administrator (see StoreContext). */
export async function buildTestApp(db: Db): Promise<FastifyInstance> {
  const app = await buildApp(db, { webRoot: '/nonexistent' });
  authenticateInjects(app, await signIn(db, 'administrator'));
  return app;
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
        const anonymous = authenticateInjects(app, await signIn(store.db, 'administrator'));
        ctx = { engine, db: store.db, app, anonymous };
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
