import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportStartResponseBody, ExportStatusBody } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { registerReportSource } from '../src/admin';
import { hit, LIMITS } from '../src/auth/throttle';
import { ingestOrders } from '../src/ingest/ingest';
import { setOptions } from '../src/options';
import { call, expectError } from './admin-helpers';
import { order, seedCatalog } from './fixtures';
import { buildTestApp, describeEachEngine, signIn } from './harness';
import { smtpPeer } from './smtp-peer';

const BASE = '/wp-json/wc-analytics/reports';
const MAY = { after: '2024-05-01T00:00:00', before: '2024-05-31T23:59:59', interval: 'day' };

process.env.STORELENS_DATA_DIR = mkdtempSync(join(tmpdir(), 'storelens-exports-'));

const received = smtpPeer();

async function waitDone(app: FastifyInstance, type: string, id: string): Promise<ExportStatusBody> {
  for (let i = 0; i < 2000; i++) {
    const status = await call<ExportStatusBody>(app, 'GET', `${BASE}/${type}/export/${id}/status`);
    expect(status.status).toBe(200);
    if (status.body.percent_complete === 100) return status.body;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('export did not finish');
}

async function download(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

describeEachEngine(
  'report export',
  (ctx) => {
    it('exports revenue by day to CSV, reports progress and serves the file', async () => {
      const app = ctx().app;
      const start = await call<ExportStartResponseBody>(app, 'POST', `${BASE}/revenue/export`, {
        report_args: { ...MAY, order: 'asc' },
      });
      expect(start.status).toBe(200);
      expect(start.body.message).toBe('Your report file is being generated.');
      expect(start.body.export_id).toMatch(/^\d+$/);
      const id = start.body.export_id!;
      const done = await waitDone(app, 'revenue', id);
      expect(done.download_url).toMatch(
        new RegExp(`^${BASE}/revenue/export/${id}/download\\?token=[\\w-]{43}$`),
      );
      const file = await download(app, done.download_url!);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toMatch(/^text\/csv/);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="wc-revenue-report-export-${id}.csv"`,
      );
      const lines = file.text.trimEnd().split('\n');
      expect(lines[0]).toBe(
        'Date,Orders,Gross sales,Total sales,Returns,Coupons,Taxes,Shipping,Net sales,' +
          'Cost of goods,Payment fees,Gross profit,Net profit,Gross margin,Net margin,Cost known (items)',
      );
      expect(lines).toHaveLength(32);
      expect(lines[1]).toMatch(/^2024-05-01 00:00:00,1,20,20,0,0,0,0,20,/);
      expect(lines[3]).toMatch(/^2024-05-03 00:00:00,1,25,25,0,0,0,0,25,/);
      expect(lines[2]).toMatch(/^2024-05-02 00:00:00,0,0,0,0,0,0,0,0,/);
    });

    it('e-mails the download link to the store admin address when asked', async () => {
      const app = ctx().app;
      received.length = 0;
      const start = await call<ExportStartResponseBody>(app, 'POST', `${BASE}/revenue/export`, {
        report_args: MAY,
        email: true,
      });
      const id = start.body.export_id!;
      await waitDone(app, 'revenue', id);
      expect(received).toHaveLength(1);
      // The requesting user's address (the harness's administrator), not the store's.
      expect(received[0]!.to).toBe('administrator@storelens.test');
      expect(received[0]!.text.replace(/=\r?\n/g, '')).toContain(
        `/wp-json/wc-analytics/reports/revenue/export/${id}/download`,
      );
    });

    it('says there is no data instead of starting an export', async () => {
      const start = await call<ExportStartResponseBody>(
        ctx().app,
        'POST',
        `${BASE}/revenue/export`,
        {
          report_args: { after: '2020-01-01T00:00:00', before: '2020-01-31T23:59:59' },
        },
      );
      expect(start.status).toBe(200);
      expect(start.body).toEqual({ message: 'There is no data to export for the given request.' });
    });

    it('writes every page of a multi-page report, and a resumed job cuts back a half-written page', async () => {
      const { app, db } = ctx();
      const args = {
        after: '2024-01-01T00:00:00',
        before: '2024-12-31T23:59:59',
        interval: 'day',
        order: 'asc',
      };
      const start = await call<ExportStartResponseBody>(app, 'POST', `${BASE}/revenue/export`, {
        report_args: args,
      });
      const id = start.body.export_id!;
      const done = await waitDone(app, 'revenue', id);
      const full = (await download(app, done.download_url!)).text;
      const lines = full.trimEnd().split('\n');
      expect(lines).toHaveLength(367); // header + 366 days of 2024, in 4 pages of 100

      // A crash after page 2 was committed and while page 3 was half written.
      const job = await db.kysely
        .selectFrom('admin_jobs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const params = JSON.parse(job.params) as { file: string };
      const crashedId = `${id}7`;
      const crashedFile = params.file.replace(id, crashedId);
      const twoPages = `${lines.slice(0, 201).join('\n')}\n`;
      writeFileSync(crashedFile, `${twoPages}2024-07-19 00:00:00,0,0,`);
      await db.kysely
        .insertInto('admin_jobs')
        .values({
          ...job,
          id: crashedId,
          status: 'running',
          params: JSON.stringify({ ...params, file: crashedFile }),
          progress: JSON.stringify({
            nextPage: 3,
            totalPages: 4,
            bytes: Buffer.byteLength(twoPages),
            rows: 200,
          }),
        })
        .execute();
      const restarted = await buildTestApp(db);
      await restarted.ready();
      await waitDone(restarted, 'revenue', crashedId);
      await restarted.close();
      expect(readFileSync(crashedFile, 'utf8')).toBe(full);
    });

    it('exports a list report (orders) through the same job', async () => {
      const app = ctx().app;
      const start = await call<ExportStartResponseBody>(app, 'POST', `${BASE}/orders/export`, {
        report_args: { after: MAY.after, before: MAY.before, orderby: 'date', order: 'asc' },
      });
      expect(start.status).toBe(200);
      const done = await waitDone(app, 'orders', start.body.export_id!);
      const lines = (await download(app, done.download_url!)).text.trimEnd().split('\n');
      expect(lines[0]).toBe(
        'Date,Order #,Status,Customer type,Product(s),Items sold,Coupon(s),Net sales,' +
          'Cost of goods,Payment fees,Gross profit,Net profit,Gross margin,Net margin,Cost known (items)',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^2024-05-01 10:00:00,1,completed,new,Mug,2,,20,/);
    });

    it('streams a plugged-in source page by page, asking for each page once', async () => {
      const asked: number[] = [];
      registerReportSource('downloads', {
        columns: [
          { key: 'n', header: 'Number' },
          { key: 'label', header: 'Label' },
        ],
        async page(_read, args, page) {
          asked.push(page);
          const rows = Array.from({ length: 100 }, (_, i) => ({
            n: (page - 1) * 100 + i + 1,
            label: `row "${args.prefix}" ${(page - 1) * 100 + i + 1}, quoted`,
          }));
          return { page, totalPages: 25, rows };
        },
        isEmpty: (first) => first.rows.length === 0,
      });
      const app = ctx().app;
      const start = await call<ExportStartResponseBody>(app, 'POST', `${BASE}/downloads/export`, {
        report_args: { prefix: 'p' },
      });
      const done = await waitDone(app, 'downloads', start.body.export_id!);
      const lines = (await download(app, done.download_url!)).text.trimEnd().split('\n');
      expect(lines).toHaveLength(2501);
      expect(lines[0]).toBe('Number,Label');
      expect(lines[2500]).toBe('2500,"row ""p"" 2500, quoted"');
      expect(asked).toEqual([1, ...Array.from({ length: 25 }, (_, i) => i + 1)]);
    });

    it('answers 404 for unknown report types and export ids', async () => {
      const app = ctx().app;
      expectError(
        await call(app, 'POST', `${BASE}/nothing/export`, {}),
        404,
        'woocommerce_admin_reports_export_invalid_type',
      );
      expectError(
        await call(app, 'GET', `${BASE}/revenue/export/123/status`),
        404,
        'woocommerce_admin_reports_export_invalid_id',
      );
      expectError(
        await call(app, 'GET', `${BASE}/revenue/export/123/download`),
        404,
        'woocommerce_admin_reports_export_invalid_id',
      );
    });

    it.each([
      [
        'a bad interval in report_args',
        `${BASE}/revenue/export`,
        { report_args: { interval: 'minute' } },
        'interval',
      ],
      [
        'a reversed range',
        `${BASE}/revenue/export`,
        { report_args: { after: '2024-05-02', before: '2024-05-01' } },
        'after',
      ],
      ['a non-boolean email', `${BASE}/revenue/export`, { email: 'maybe' }, 'email'],
      ['a type with digits', `${BASE}/rev3nue/export`, {}, 'type'],
    ])('rejects %s with a 400 naming it', async (_label, url, payload, param) => {
      expectError(await call(ctx().app, 'POST', url, payload), 400, 'rest_invalid_param', param);
    });

    it('reports a failed export as 422 instead of polling forever', async () => {
      const { app, db } = ctx();
      const now = '2024-06-01 00:00:00';
      await db.kysely
        .insertInto('admin_jobs')
        .values({
          id: '42',
          kind: 'export',
          status: 'failed',
          params: JSON.stringify({
            type: 'revenue',
            args: {},
            email: false,
            origin: '',
            file: '/nonexistent',
            userId: 1,
            token: 'secret',
          }),
          progress: JSON.stringify({ nextPage: 2, totalPages: 3, bytes: 10, rows: 100 }),
          error: 'disk full',
          created_gmt: now,
          updated_gmt: now,
        })
        .execute();
      const res = await call(app, 'GET', `${BASE}/revenue/export/42/status`);
      expectError(res, 422, 'woocommerce_admin_reports_export_failed');
      expect((res.body as { message: string }).message).toContain('disk full');
      expectError(
        await call(app, 'GET', `${BASE}/revenue/export/42/download?token=secret`),
        409,
        'woocommerce_admin_reports_export_not_ready',
      );
    });

    it('rejects a malformed export id with a 400', async () => {
      expectError(
        await call(ctx().app, 'GET', `${BASE}/revenue/export/abc/status`),
        400,
        'rest_invalid_param',
        'export_id',
      );
    });

    it('shows status and the download only to the user who asked, with the link token', async () => {
      const { app, db, anonymous } = ctx();
      const analyst = await signIn(db, 'analyst');
      const manager = await signIn(db, 'shop_manager');
      const start = await app.inject({
        method: 'POST',
        url: `${BASE}/revenue/export`,
        headers: analyst,
        payload: { report_args: MAY },
      });
      expect(start.statusCode).toBe(200);
      const id = (start.json() as ExportStartResponseBody).export_id!;
      let url = '';
      for (let i = 0; i < 2000 && !url; i++) {
        const status = await app.inject({
          method: 'GET',
          url: `${BASE}/revenue/export/${id}/status`,
          headers: analyst,
        });
        expect(status.statusCode).toBe(200);
        url = (status.json() as ExportStatusBody).download_url ?? '';
        if (!url) await new Promise((r) => setTimeout(r, 10));
      }
      // Another user (even one with more rights) does not see the export at all.
      for (const headers of [manager, {}]) {
        const other = await app.inject({
          method: 'GET',
          url: `${BASE}/revenue/export/${id}/status`,
          headers,
        });
        expect(other.statusCode).toBeGreaterThanOrEqual(400);
      }
      const managerDownload = await app.inject({ method: 'GET', url, headers: manager });
      expect(managerDownload.statusCode).toBe(403);
      // The link works in a plain browser tab: cookie, no nonce.
      const plain = await anonymous({ method: 'GET', url, headers: { cookie: analyst.cookie } });
      expect(plain.statusCode).toBe(200);
      expect(plain.body.split('\n')[0]).toContain('Date,Orders');
      // Without the token, or with another one, nothing is served.
      const bare = url.replace(/\?token=.*$/, '');
      for (const wrong of [bare, `${bare}?token=${'A'.repeat(43)}`]) {
        const res = await app.inject({ method: 'GET', url: wrong, headers: analyst });
        expect(res.statusCode).toBe(404);
      }
    });

    it('limits how many exports one user starts', async () => {
      const { app, db } = ctx();
      const analyst = await signIn(db, 'analyst');
      const me = await app.inject({
        method: 'GET',
        url: '/wp-json/wp/v2/users/me',
        headers: analyst,
      });
      const key = `export:${me.json().id}`;
      // The user has already started the most exports the window allows.
      for (let i = 0; i < LIMITS.exports.max; i++) await hit(db, key, LIMITS.exports);
      const res = await app.inject({
        method: 'POST',
        url: `${BASE}/revenue/export`,
        headers: analyst,
        payload: { report_args: MAY },
      });
      expectError(
        { status: res.statusCode, headers: res.headers, body: res.json() },
        429,
        'storelens_too_many_attempts',
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not slowed down by it.
      const other = await call(app, 'POST', `${BASE}/revenue/export`, { report_args: MAY });
      expect(other.status).toBe(200);
    });
  },
  async (db) => {
    await seedCatalog(db);
    await setOptions(db, { admin_email: 'owner@example.com' });
    await ingestOrders(db, [
      order(1, {
        created: '2024-05-01 10:00:00',
        lines: [{ id: 11, productId: 10, qty: 2, price: '10' }],
      }),
      order(2, {
        customerId: 2,
        created: '2024-05-03 10:00:00',
        lines: [{ id: 21, productId: 10, qty: 1, price: '25' }],
      }),
    ]);
  },
);
