import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db, Engine } from '../src/db/database';
import { setOptions } from '../src/options';
import { buildTestApp } from './harness';

/** Reads until `done` accepts the value (fails after `ms`, naming the last value read). */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 120_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Runs `file` with tsx (and `args`) in a child process, with `env` added to this process's;
 * `output()` is what it wrote to stdout and stderr so far, `exited` its exit code.
 */
export function spawnTsx(file: string, args: string[], env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += String(d);
  });
  child.stderr.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Runs `script` (a file beside this one, with tsx) in a child process on the test's store:
 * CHILD_DATABASE_URL and CHILD_SCHEMA name the store, `env` adds to them. The child keeps
 * running until `killWhen` kills it.
 */
export function startChild(
  script: string,
  db: Db,
  engine: Engine,
  env: Record<string, string> = {},
) {
  const { child, exited, output } = spawnTsx(
    fileURLToPath(new URL(`./${script}`, import.meta.url)),
    [],
    {
      CHILD_DATABASE_URL:
        engine === 'sqlite' ? `file:${db.sqlite!.name}` : process.env.TEST_POSTGRES_URL,
      CHILD_SCHEMA: db.schema ?? '',
      ...env,
    },
  );
  return {
    /**
     * Waits until `read` gives a value `done` accepts, then SIGKILLs the child and waits for
     * it to exit; returns that value. On a timeout it kills the child too, and fails with the
     * child's output.
     */
    async killWhen<T>(read: () => Promise<T>, done: (value: T) => boolean, ms?: number) {
      const value = await waitFor(read, done, ms).catch((e) => {
        child.kill('SIGKILL');
        throw new Error(`${e}\n${output()}`);
      });
      child.kill('SIGKILL');
      await exited;
      return value;
    },
  };
}

/** The import jobs, oldest first, with their progress. */
export async function importJobs(db: Db) {
  const rows = await db.kysely
    .selectFrom('admin_jobs')
    .select(['id', 'status', 'progress'])
    .where('kind', '=', 'import')
    .orderBy('created_gmt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    ...(JSON.parse(r.progress) as { orders: { imported: number; total: number } }),
  }));
}

/** Waits until `count` import jobs exist and none is queued or running; the last is done. */
export async function rebuilt(db: Db, count: number) {
  const jobs = await waitFor(
    () => importJobs(db),
    (j) => j.length >= count && j.every((x) => x.status !== 'queued' && x.status !== 'running'),
  );
  expect(jobs.at(-1)?.status).toBe('done');
}

/**
 * The shop's zone changes to `tz` and its rebuild runs in a child process, killed once it has
 * rewritten 200 orders: the job is left running, part done.
 */
export async function killRebuildMidway(db: Db, engine: Engine, tz: string) {
  await setOptions(db, { timezone_string: tz });
  await startChild('admin-import-child.ts', db, engine).killWhen(
    async () => (await importJobs(db))[0],
    (j) => (j?.orders.imported ?? 0) >= 200,
  );
  const [killed] = await importJobs(db);
  expect(killed?.status).toBe('running');
  expect(killed!.orders.imported).toBeLessThan(killed!.orders.total);
}

/**
 * Restart: an app on `db` resumes the rebuild when it is ready (SQLite builds its copy again);
 * once it is done, `check` runs on that app.
 */
export async function resumeRebuild(db: Db, check: (app: FastifyInstance) => Promise<void>) {
  const app = await buildTestApp(db);
  try {
    await app.ready();
    await rebuilt(db, 1);
    await check(app);
  } finally {
    await app.close();
  }
}

/** The GMT creation date of each customer's latest order (refunds left out), by customer id. */
export async function latestOrderGmt(db: Db): Promise<Map<number, string>> {
  const latest = await db.kysely
    .selectFrom('orders')
    .select(['customer_id', (eb) => eb.fn.max('date_created_gmt').as('gmt')])
    .where('type', '=', 'order')
    .where('customer_id', '>', 0)
    .groupBy('customer_id')
    .execute();
  return new Map(latest.map((l) => [Number(l.customer_id), String(l.gmt)]));
}
