import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  DownloadsListRow,
  ExportStartResponseBody,
  ExportStatusBody,
  ProductBody,
} from '@storelens/api';
import { csvRow } from '@storelens/csv';
import { parseCsv } from '@storelens/csv/testing';
import { expect, it } from 'vitest';
import { directReader } from '../src/admin/export-sources';
import { generateDemoStore } from '../src/demo/generate';
import { toQueryString } from '../src/routes/query-validation';
import { reportDefinition } from '../src/routes/reports';
import { call } from './admin-helpers';
import { describeEachEngine } from './harness';

/*
 * The export reads reports directly (admin/export-sources.ts, directReader): each read must
 * answer what the report's route answers for the same arguments, refusals included.
 */

const REPORTS = '/wp-json/wc-analytics/reports';
const RANGE = { after: '2023-07-01T00:00:00', before: '2024-06-30T23:59:59' };

process.env.STORELENS_DATA_DIR = mkdtempSync(join(tmpdir(), 'storelens-direct-reader-'));

const cases: [string, Record<string, unknown>][] = [
  ['revenue/stats', { ...RANGE, interval: 'day', page: '2', per_page: '100' }],
  ['revenue/stats', { ...RANGE, interval: 'month', fields: 'net_revenue,orders_count' }],
  ['orders', { ...RANGE, extended_info: 'true', per_page: '100', orderby: 'net_total' }],
  ['orders', { ...RANGE, status_is: ['completed', 'processing'], page: '3' }],
  ['products', { ...RANGE, extended_info: true, orderby: 'net_revenue', order: 'asc' }],
  ['products', { ...RANGE, products: '1,2,3', unknown_parameter: 'dropped' }],
  ['variations', { ...RANGE, extended_info: 'true' }],
  ['categories', { ...RANGE, extended_info: 'true', per_page: 100 }],
  ['coupons', { ...RANGE, extended_info: 'true' }],
  ['taxes', { ...RANGE }],
  ['downloads', { ...RANGE }],
  ['stock', { type: 'lowstock', per_page: '100' }],
  ['customers', { ...RANGE, orderby: 'total_spend', per_page: '100' }],
  ['sources', { ...RANGE, groupby: 'payment_method' }],
];

const refusals: [string, Record<string, unknown>][] = [
  ['revenue/stats', { interval: 'minute' }],
  ['revenue/stats', { ...RANGE, interval: 'hour', after: '2000-01-01T00:00:00' }],
  ['orders', { per_page: 'many' }],
  ['orders', { after: '2024-13-45' }],
  ['products', { orderby: 'nothing', order: 'sideways' }],
  ['products', { products: '1e309' }],
  ['orders', { product_includes: ['1', '1e309'] }],
  ['customers', { after: '2024-06-01T00:00:00', before: '2024-05-01T00:00:00' }],
  ['sources', { groupby: 'weather' }],
  ['customers', { segment: 9999 }],
];

describeEachEngine(
  'the export reads reports directly',
  (ctx) => {
    const viaRoute = async (path: string, args: Record<string, unknown>) => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: `${REPORTS}/${path}?${toQueryString(args)}`,
      });
      return {
        status: res.statusCode,
        body: res.json() as unknown,
        total: Number(res.headers['x-wp-total'] ?? 0),
        totalPages: Number(res.headers['x-wp-totalpages'] ?? 1),
      };
    };

    it('finds every report the export reads by its path', () => {
      for (const path of new Set(cases.map(([p]) => p)))
        expect(reportDefinition(`${REPORTS}/${path}`), path).toBeDefined();
      expect(reportDefinition(`${REPORTS}/nothing`)).toBeUndefined();
    });

    it.each(cases)('answers %s %j as its route does', async (path, args) => {
      const read = directReader(ctx().db);
      const direct = await read(`${REPORTS}/${path}`, args);
      const route = await viaRoute(path, args);
      expect(route.status, JSON.stringify(route.body)).toBe(200);
      expect(direct.status).toBe(200);
      expect(JSON.parse(JSON.stringify(direct.body))).toEqual(route.body);
      expect(direct.total).toBe(route.total);
      expect(direct.totalPages).toBe(route.totalPages);
    });

    it.each(refusals)('refuses %s %j with the 400 its route answers', async (path, args) => {
      const direct = await directReader(ctx().db)(`${REPORTS}/${path}`, args);
      const route = await viaRoute(path, args);
      expect(route.status).toBe(400);
      expect(direct.status).toBe(400);
      expect(direct.body).toEqual(route.body);
    });

    it("exports with the asking account's private saved segment", async () => {
      const app = ctx().app;
      const segment = await call<{ id: number; shared: boolean }>(
        app,
        'POST',
        '/wp-json/storelens/v1/segments',
        { name: 'Completed', source: 'orders', query: { status_is: ['completed'] } },
      );
      expect(segment.status).toBe(201);
      expect(segment.body.shared).toBe(false);
      const start = await call<ExportStartResponseBody>(app, 'POST', `${REPORTS}/orders/export`, {
        report_args: { ...RANGE, segment: segment.body.id },
      });
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      expect(start.body.export_id).toMatch(/^\d+$/);
    });

    it('exports each download with the name of the product its row links to', async () => {
      const app = ctx().app;
      const listed: DownloadsListRow[] = [];
      for (let page = 1; ; page++) {
        const route = await viaRoute('downloads', { ...RANGE, _embed: '1', page, per_page: 100 });
        expect(route.status).toBe(200);
        listed.push(...(route.body as DownloadsListRow[]));
        if (page >= route.totalPages) break;
      }
      // More than one page of the export, so the names are read for every page.
      expect(listed.length).toBeGreaterThan(100);
      const names = new Map<string, string>();
      for (const href of new Set(listed.map((row) => row._links.product[0]!.href))) {
        const res = await app.inject({ method: 'GET', url: href });
        expect([200, 404], href).toContain(res.statusCode);
        // What `_embed` would put at `_embedded.product.0.name`: nothing for a 404.
        names.set(href, res.statusCode === 200 ? (res.json() as ProductBody).name : '');
      }
      expect([...names.values()].filter((name) => name !== '').length).toBeGreaterThan(1);

      const start = await call<ExportStartResponseBody>(
        app,
        'POST',
        `${REPORTS}/downloads/export`,
        {
          report_args: RANGE,
        },
      );
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      let url: string | undefined;
      for (let i = 0; i < 2000 && !url; i++) {
        const status = await call<ExportStatusBody>(
          app,
          'GET',
          `${REPORTS}/downloads/export/${start.body.export_id}/status`,
        );
        expect(status.status, JSON.stringify(status.body)).toBe(200);
        url = status.body.download_url;
        if (!url) await new Promise((r) => setTimeout(r, 10));
      }
      const file = await app.inject({ method: 'GET', url: url! });
      expect(file.statusCode).toBe(200);
      const [header, ...rows] = parseCsv(file.body);
      const title = header!.indexOf('Product title');
      expect(title).toBeGreaterThanOrEqual(0);
      // Each cell as the CSV writer writes that name (a formula-looking one gets its quote).
      const expected = listed.map(
        (row) => parseCsv(csvRow([names.get(row._links.product[0]!.href)]))[0]![0],
      );
      expect(rows.map((row) => row[title])).toEqual(expected);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 300, years: 1, seed: 5, end: '2024-06-30' });
  },
);
