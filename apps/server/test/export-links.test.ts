import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportStartResponseBody, ExportStatusBody } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, readConfig } from '../src/config';
import { setOptions } from '../src/options';
import { call } from './admin-helpers';
import { authenticateInjects, describeEachEngine, signIn } from './harness';
import { seedReports } from './reports-fixture';
import { smtpPeer } from './smtp-peer';

const BASE = '/wp-json/wc-analytics/reports';
process.env.STORELENS_DATA_DIR = mkdtempSync(join(tmpdir(), 'storelens-exports-'));

const received = smtpPeer();

async function exportCsv(
  app: FastifyInstance,
  type: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ id: string; lines: string[] }> {
  const start = await app.inject({
    method: 'POST',
    url: `${BASE}/${type}/export`,
    payload: body,
    headers,
  });
  expect(start.statusCode, `${type}: ${start.body}`).toBe(200);
  const id = (start.json() as ExportStartResponseBody).export_id;
  expect(id, `${type}: ${start.body}`).toMatch(/^\d+$/);
  for (let i = 0; i < 2000; i++) {
    const status = await call<ExportStatusBody>(app, 'GET', `${BASE}/${type}/export/${id}/status`);
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    if (status.body.percent_complete === 100) {
      const file = await app.inject({ method: 'GET', url: status.body.download_url! });
      return { id: id!, lines: file.body.trimEnd().split('\n') };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${type} export did not finish`);
}

const MAY = { after: '2024-05-01T00:00:00', before: '2024-05-31T23:59:59' };

async function activateJetpack(app: FastifyInstance) {
  const P = '/wp-json/wc-admin/plugins';
  expect((await call(app, 'POST', `${P}/install`, { plugins: 'jetpack' })).status).toBe(200);
  expect((await call(app, 'POST', `${P}/activate`, { plugins: 'jetpack' })).status).toBe(200);
}

describeEachEngine(
  'exports and absolute links',
  (ctx) => {
    it('exports the customers, taxes and stock reports (lists without extended_info)', async () => {
      const app = ctx().app;
      const customers = await exportCsv(app, 'customers', { report_args: {} });
      expect(customers.lines[0]).toBe(
        'Name,Username,Last active,Sign up,Email,Orders,Total spend,AOV,Cost of goods,Gross profit,Cost known (items),Country / Region,City,Region,Postal code',
      );
      expect(customers.lines.length).toBeGreaterThan(1);
      const taxes = await exportCsv(app, 'taxes', { report_args: MAY });
      expect(taxes.lines[0]).toBe('Tax code,Rate,Total tax,Order tax,Shipping tax,Orders');
      expect(taxes.lines[1]).toMatch(/^US-CA-TAX-1,/);
      const stock = await exportCsv(app, 'stock', { report_args: { type: 'all' } });
      expect(stock.lines[0]).toBe('Product / Variation,SKU,Status,Stock');
      expect(stock.lines.length).toBeGreaterThan(1);
    });

    it('e-mails a link on STORELENS_PUBLIC_URL, whatever Host the request named', async () => {
      await setOptions(ctx().db, { admin_email: 'owner@example.com' });
      const app = await buildApp(ctx().db, {
        webRoot: '/nonexistent',
        publicUrl: 'https://shop.example.com/analytics',
      });
      await app.ready();
      // This app is built here (for its public URL), so its requests sign in themselves.
      authenticateInjects(app, await signIn(ctx().db, 'administrator'));
      await activateJetpack(app);
      try {
        received.length = 0;
        const { id } = await exportCsv(
          app,
          'revenue',
          { report_args: { ...MAY, interval: 'day' }, email: true },
          { host: 'localhost:9' },
        );
        // The e-mail is sent when the job finishes, before the status says 100.
        expect(received).toHaveLength(1);
        expect(received[0]!.text.replace(/=\r?\n/g, '')).toContain(
          `https://shop.example.com/analytics/wp-json/wc-analytics/reports/revenue/export/${id}/download`,
        );
        expect(received[0]!.text.replace(/=\r?\n/g, '')).not.toContain('localhost');
        const jetpack = await app.inject({
          method: 'GET',
          url: '/wp-json/wc-admin/plugins/connect-jetpack',
          headers: { host: 'localhost:9' },
        });
        expect(jetpack.statusCode).toBe(200);
        const action = (jetpack.json() as { connectAction: string }).connectAction;
        expect(action).toMatch(
          /^https:\/\/shop\.example\.com\/analytics\/wp-json\/wc-admin\/plugins\/connect-jetpack\/complete\?/,
        );
      } finally {
        await app.close();
      }
    });

    it('without STORELENS_PUBLIC_URL the Host header never makes a link', async () => {
      const app = ctx().app;
      // A foreign Host is refused outright (DNS rebinding); an accepted alias still does not
      // become the link's host.
      const foreign = await app.inject({
        method: 'GET',
        url: '/wp-json/wc-admin/plugins/connect-jetpack',
        headers: { host: 'evil.example' },
      });
      expect(foreign.statusCode).toBe(421);
      expect(foreign.body).not.toContain('connectAction');
      const jetpack = await app.inject({
        method: 'GET',
        url: '/wp-json/wc-admin/plugins/connect-jetpack',
        headers: { host: 'localhost:9' },
      });
      const action = (jetpack.json() as { connectAction: string }).connectAction;
      expect(action).not.toContain('localhost');
      expect(new URL(action).hostname).toBe('127.0.0.1');
    });
  },
  seedReports,
);

describe('STORELENS_PUBLIC_URL', () => {
  it('is an http(s) URL, kept without its trailing slash', () => {
    expect(readConfig({}).publicUrl).toBeUndefined();
    expect(readConfig({ STORELENS_PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe(
      'https://shop.example.com',
    );
    expect(readConfig({ STORELENS_PUBLIC_URL: 'http://10.0.0.5:8080/stats//' }).publicUrl).toBe(
      'http://10.0.0.5:8080/stats',
    );
  });

  it.each([
    'shop.example.com',
    'ftp://shop.example.com',
    'javascript:alert(1)',
    'https://user:pw@shop.example.com',
    'https://shop.example.com/?a=1',
    'https://shop.example.com/#x',
    'not a url',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => readConfig({ STORELENS_PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => readConfig({ STORELENS_PUBLIC_URL: value })).toThrow(/STORELENS_PUBLIC_URL/);
  });
});
