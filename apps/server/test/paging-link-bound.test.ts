import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { MAX_LINK_HEADER_BYTES } from '../src/routes/paging';
import { seedCatalog } from './fixtures';
import { describeEachEngine, signIn } from './harness';

/** GETs a path with Node's http module: status, headers and the body as text. */
function httpGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The catalog, and a third simple product (30) beside the Mug (10) and the Tee (20). */
async function seed(db: Db) {
  await seedCatalog(db);
  const mug = await db.kysely
    .selectFrom('products')
    .selectAll()
    .where('id', '=', 10)
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('products')
    .values({ ...mug, id: 30, name: 'Bowl', slug: 'bowl', sku: 'SKU30' })
    .execute();
}

/**
 * The paging Link repeats the request's query, as WordPress's does: with a thousand ids in the
 * query the header passed 16 KiB, and Node's HTTP clients (fetch and http, through a real
 * server) refused the whole answer. A Link longer than MAX_LINK_HEADER_BYTES is left out.
 */
describeEachEngine(
  'the paging Link header is bounded',
  (ctx) => {
    let app: FastifyInstance;
    let base: string;
    let port: number;
    let session: Record<string, string>;

    beforeAll(async () => {
      app = await buildApp(ctx().db, { webRoot: '/nonexistent' });
      await app.listen({ host: '127.0.0.1', port: 0 });
      port = (app.server.address() as { port: number }).port;
      base = `http://127.0.0.1:${port}`;
      session = await signIn(ctx().db, 'administrator');
    });
    afterAll(async () => {
      await app?.close();
    });

    // Three products and 997 ids that match nothing: 1000, the most a list takes.
    const ids = [10, 20, 30, ...Array.from({ length: 997 }, (_, k) => 1_000_000 + k)];
    const huge = `/wp-json/wc-analytics/products?include=${ids.join(',')}&per_page=1&page=2&orderby=id&order=asc`;

    it('answers a query of a thousand ids readably, without the Link, through fetch', async () => {
      const res = await fetch(`${base}${huge}`, { headers: session });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-wp-total')).toBe('3');
      expect(res.headers.get('x-wp-totalpages')).toBe('3');
      expect(res.headers.get('link')).toBeNull();
      const rows = (await res.json()) as { id: number }[];
      expect(rows.map((r) => r.id)).toEqual([20]);
    });

    it('answers it readably through node:http too', async () => {
      const res = await httpGet(port, huge, session);
      expect(res.status).toBe(200);
      expect(res.headers.link).toBeUndefined();
      expect((JSON.parse(res.body) as { id: number }[]).map((r) => r.id)).toEqual([20]);
    });

    it('keeps the WordPress Link, whole query included, for a normal query', async () => {
      const path = '/wp-json/wc-analytics/products?include=10,20,30&per_page=1&page=2&orderby=id';
      const res = await fetch(`${base}${path}`, { headers: session });
      expect(res.status).toBe(200);
      const link = res.headers.get('link') ?? '';
      expect(link).toBe(
        [
          `<${base}/wp-json/wc-analytics/products?include=10%2C20%2C30&per_page=1&page=1&orderby=id>; rel="prev"`,
          `<${base}/wp-json/wc-analytics/products?include=10%2C20%2C30&per_page=1&page=3&orderby=id>; rel="next"`,
        ].join(', '),
      );
      expect(Buffer.byteLength(link)).toBeLessThanOrEqual(MAX_LINK_HEADER_BYTES);
    });
  },
  seed,
);
