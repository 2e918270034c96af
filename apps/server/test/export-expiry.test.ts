import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportStartResponseBody, ExportStatusBody } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import {
  EXPORT_LIFETIME_MS,
  type ExportParams,
  type ExportProgress,
  setExportClock,
  sweepExports,
} from '../src/admin/export';
import { SESSION_COOKIE } from '../src/auth/plugin';
import { createUser, deleteUser, openSession } from '../src/auth/users';
import type { Db } from '../src/db/database';
import { expectError } from './admin-helpers';
import { describeEachEngine, TEST_PASSWORD } from './harness';
import { seedReports } from './reports-fixture';
import { smtpPeer } from './smtp-peer';

const BASE = '/wp-json/wc-analytics/reports';
const MAY = { after: '2024-05-01T00:00:00', before: '2024-05-31T23:59:59', interval: 'day' };
process.env.STORELENS_DATA_DIR = mkdtempSync(join(tmpdir(), 'storelens-exports-'));

const received = smtpPeer();

/** The injected clock: a fixed instant far from the real one, moved by the tests. */
const T0 = Date.UTC(2031, 0, 1, 9, 30);

/** A new account (the highest id so far) and its signed-in headers. */
async function newAccount(db: Db, email: string, role: 'analyst' | 'administrator' = 'analyst') {
  const user = await createUser(db, { email, name: email, role, password: TEST_PASSWORD });
  const session = await openSession(db, user.id);
  const headers = { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-wp-nonce': session.nonce };
  return { user, headers };
}

/** Starts an export as `headers`' user and waits for its download link. */
async function finishedExport(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown> = { report_args: MAY },
): Promise<{ id: string; url: string }> {
  const start = await app.inject({
    method: 'POST',
    url: `${BASE}/revenue/export`,
    headers,
    payload: body,
  });
  expect(start.statusCode, start.body).toBe(200);
  const id = (start.json() as ExportStartResponseBody).export_id!;
  for (let i = 0; i < 2000; i++) {
    const status = await app.inject({
      method: 'GET',
      url: `${BASE}/revenue/export/${id}/status`,
      headers,
    });
    expect(status.statusCode, status.body).toBe(200);
    const url = (status.json() as ExportStatusBody).download_url;
    if (url) return { id, url };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('export did not finish');
}

/** The stored file of an export. */
async function fileOf(db: Db, id: string): Promise<string> {
  const row = await db.kysely
    .selectFrom('admin_jobs')
    .select('params')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.params) as ExportParams).file;
}

/** A plain browser tab following the link: no session, only the link's token. */
const follow = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url, headers: { cookie: 'none=1' } });

const answer = (res: { statusCode: number; headers: never; json(): unknown }) => ({
  status: res.statusCode,
  headers: res.headers,
  body: res.json(),
});

describeEachEngine(
  'export links expire and die with their owner',
  (ctx) => {
    afterEach(() => setExportClock(ctx().db, undefined));

    it('serves the file for 7 days after it was written, then answers 410 and removes it', async () => {
      const { app, db } = ctx();
      let now = T0;
      setExportClock(db, () => now);
      const { user, headers } = await newAccount(db, 'expiry@storelens.test');
      expect(user.id).toBeGreaterThan(0);
      const { id, url } = await finishedExport(app, headers);
      const file = await fileOf(db, id);

      now = T0 + EXPORT_LIFETIME_MS - 1;
      const last = await follow(app, url);
      expect(last.statusCode).toBe(200);
      expect(last.body.split('\n')[0]).toContain('Date,Orders');

      now = T0 + EXPORT_LIFETIME_MS;
      const gone = await follow(app, url);
      expectError(answer(gone as never), 410, 'woocommerce_admin_reports_export_expired');
      expect((gone.json() as { message: string }).message).toBe(
        'This report export is no longer available. Exports are kept for 7 days, so please request a new one.',
      );
      expect(existsSync(file)).toBe(false);
      // The owner's own session gets the same answer, and so does the status route.
      expect((await app.inject({ method: 'GET', url, headers })).statusCode).toBe(410);
      const status = await app.inject({
        method: 'GET',
        url: `${BASE}/revenue/export/${id}/status`,
        headers,
      });
      expectError(answer(status as never), 410, 'woocommerce_admin_reports_export_expired');
    });

    it('says in the e-mail how long the link works, and until when', async () => {
      const { app, db } = ctx();
      setExportClock(db, () => T0);
      const { headers } = await newAccount(db, 'mailed@storelens.test');
      received.length = 0;
      await finishedExport(app, headers, { report_args: MAY, email: true });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toBe('mailed@storelens.test');
      const text = received[0]!.text.replace(/=\r?\n/g, '');
      expect(text).toContain(
        'The link works for 7 days, until 2031-01-08 09:30 UTC, and only while your account may view reports',
      );
    });

    it('refuses the link once its owner is deleted, even when a new account takes the id', async () => {
      const { app, db } = ctx();
      const leaver = await newAccount(db, 'leaver@storelens.test');
      const { id, url } = await finishedExport(app, leaver.headers);
      const file = await fileOf(db, id);
      expect((await follow(app, url)).statusCode).toBe(200);

      await deleteUser(db, leaver.user.id);
      expectError(
        answer((await follow(app, url)) as never),
        404,
        'woocommerce_admin_reports_export_invalid_id',
      );
      expect(existsSync(file)).toBe(false);

      // Ids are the highest + 1: the next account gets the deleted one's id, not its exports.
      const newcomer = await newAccount(db, 'newcomer@storelens.test');
      expect(newcomer.user.id).toBe(leaver.user.id);
      const status = await app.inject({
        method: 'GET',
        url: `${BASE}/revenue/export/${id}/status`,
        headers: newcomer.headers,
      });
      expectError(answer(status as never), 404, 'woocommerce_admin_reports_export_invalid_id');
      const download = await app.inject({ method: 'GET', url, headers: newcomer.headers });
      expect(download.statusCode).toBe(404);
    });

    it('refuses the link of an owner who may no longer read reports', async () => {
      const { app, db } = ctx();
      const owner = await newAccount(db, 'suspended@storelens.test');
      const { url } = await finishedExport(app, owner.headers);
      expect((await follow(app, url)).statusCode).toBe(200);
      // A deactivated account (back to pending) or a role the matrix does not know.
      await db.kysely
        .updateTable('users')
        .set({ status: 'pending' })
        .where('id', '=', owner.user.id)
        .execute();
      expect((await follow(app, url)).statusCode).toBe(404);
    });

    it('refuses a link written before links expired (no finish time, no owner recorded)', async () => {
      const { app, db } = ctx();
      const owner = await newAccount(db, 'legacy@storelens.test');
      const { id, url } = await finishedExport(app, owner.headers);
      const row = await db.kysely
        .selectFrom('admin_jobs')
        .select(['params', 'progress'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { owner: _owner, ...params } = JSON.parse(row.params) as ExportParams;
      const { finishedAt: _finished, ...progress } = JSON.parse(row.progress) as ExportProgress;
      await db.kysely
        .updateTable('admin_jobs')
        .set({ params: JSON.stringify(params), progress: JSON.stringify(progress) })
        .where('id', '=', id)
        .execute();
      expect((await follow(app, url)).statusCode).toBe(410);
    });

    it('sweeps expired files and the exports of deleted owners, and nothing else', async () => {
      const { app, db } = ctx();
      let now = T0;
      setExportClock(db, () => now);
      const keeper = await newAccount(db, 'keeper@storelens.test');
      const old = await finishedExport(app, keeper.headers);
      now = T0 + 3 * 24 * 3600_000;
      const fresh = await finishedExport(app, keeper.headers);
      const leaver = await newAccount(db, 'sweep-leaver@storelens.test');
      const orphan = await finishedExport(app, leaver.headers);
      await deleteUser(db, leaver.user.id);
      // A file no export names (another store's, sharing the folder) is never touched.
      const exports = join(process.env.STORELENS_DATA_DIR!, 'exports');
      mkdirSync(exports, { recursive: true });
      const foreign = join(exports, 'wc-revenue-report-export-1.csv');
      writeFileSync(foreign, 'Date\n');

      await sweepExports(db, T0 + EXPORT_LIFETIME_MS);
      const ids = async () =>
        (await db.kysely.selectFrom('admin_jobs').select('id').execute()).map((r) => r.id);
      expect(existsSync(await fileOf(db, old.id))).toBe(false);
      expect(existsSync(await fileOf(db, fresh.id))).toBe(true);
      expect(await ids()).not.toContain(orphan.id);
      expect(existsSync(foreign)).toBe(true);
      // The expired export's record stays, so its link says it expired.
      now = T0 + EXPORT_LIFETIME_MS;
      expect((await follow(app, old.url)).statusCode).toBe(410);
      expect((await follow(app, fresh.url)).statusCode).toBe(200);

      // A lifetime later still, the expired record goes too.
      await sweepExports(db, T0 + 2 * EXPORT_LIFETIME_MS);
      expect(await ids()).not.toContain(old.id);
      expect(await ids()).toContain(fresh.id);
    });
  },
  seedReports,
);
