import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TcpProxy } from './tcp-proxy';

/**
 * `npm start` while PostgreSQL cannot be reached (a proxy that refuses, then accepts): the
 * process does not exit; it listens and answers 503 `storelens_database_unavailable` with
 * Retry-After, and finishes its start-up (migrations, the demo store, the first
 * administrator) once the database answers.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;
const MAIN = join(import.meta.dirname, '../src/main.ts');
const REVENUE =
  '/wp-json/wc-analytics/reports/revenue/stats?after=2024-01-01T00:00:00&before=2024-06-30T23:59:59&interval=month';

describe.skipIf(!postgresUrl)('starting while the database is down [postgres]', () => {
  const database = `storelens_start_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'storelens-start-'));
  const proxy = new TcpProxy(
    new URL(postgresUrl ?? 'postgres://x').hostname,
    Number(new URL(postgresUrl ?? 'postgres://x').port || 5432),
  );
  let child: ChildProcess | undefined;
  let output = '';

  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };

  /** Waits until the server's output matches. */
  const printed = async (pattern: RegExp, ms = 120_000) => {
    const end = Date.now() + ms;
    for (;;) {
      const m = pattern.exec(output);
      if (m) return m;
      if (child?.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (Date.now() > end) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await proxy.down();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves 503 until the database answers, then finishes start-up by itself', async () => {
    await admin(`CREATE DATABASE ${database}`);
    // A port that refuses connections: the proxy's, while it is down.
    await proxy.up();
    await proxy.down();
    const url = new URL(postgresUrl!);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${database}`;
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        HOST: '127.0.0.1',
        PORT: '0',
        STORELENS_DATA_DIR: dataDir,
        STORELENS_WEB_ROOT: '/nonexistent',
        STORELENS_DEMO: '1',
        STORELENS_DEMO_ORDERS: '300',
        STORELENS_ADMIN_EMAIL: 'owner@storelens.test',
        STORELENS_ADMIN_PASSWORD: 'correct horse battery staple',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => {
      output += String(d);
    });
    child.stderr!.on('data', (d) => {
      output += String(d);
    });
    const port = Number((await printed(/Listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]);
    await printed(/The database is unavailable/);
    const base = `http://127.0.0.1:${port}`;

    for (const path of [REVENUE, '/wp-json/wc-admin/options?options=woocommerce_currency']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await res.json()) as { code: string; data: { status: number } };
      expect(body.code).toBe('storelens_database_unavailable');
      expect(body.data.status).toBe(503);
    }
    expect(child.exitCode).toBeNull();

    await proxy.up();
    await printed(/Storelens is running/);
    // The picker indexes are read before the store is served, not by the first search.
    expect(output.indexOf('Picker indexes loaded')).toBeGreaterThan(-1);
    expect(output.indexOf('Picker indexes loaded')).toBeLessThan(
      output.indexOf('Storelens is running'),
    );
    expect(output).toMatch(
      /Picker indexes loaded in [\d.]+ s: \d+ products, \d+ variations, [1-9]\d* customers/,
    );
    expect(output).toContain('Created the administrator owner@storelens.test');
    // Migrated and generated: the store answers (a login is now asked for), and the demo
    // store is there.
    const res = await fetch(`${base}${REVENUE}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('rest_not_logged_in');
    const store = new pg.Client({
      connectionString: postgresUrl!.replace(/\/[^/]*$/, `/${database}`),
    });
    await store.connect();
    try {
      const { rows } = await store.query(
        "SELECT COUNT(*)::int AS n FROM orders WHERE type = 'order'",
      );
      expect(rows[0].n).toBe(300);
    } finally {
      await store.end();
    }

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 240_000);
});
