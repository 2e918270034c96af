import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

const BASE = '/wp-json/wc-analytics/reports';
const MAY = 'after=2024-05-01T00:00:00&before=2024-05-31T23:59:59';

/**
 * Files: f-mug-a and f-mug-b on the Mug 10, f-tee on the variation Tee - Red 21, f-unused on
 * the Tee 20 (never downloaded). Log (store time zone UTC):
 *   1 f-mug-a  order 1 user 1 10.0.0.1     2024-05-01 10:00
 *   2 f-mug-a  order 1 user 1 10.0.0.1     2024-05-02 10:00
 *   3 f-mug-a  order 4 user 2 10.0.0.2     2024-05-20 10:00
 *   4 f-mug-b  order 1 user 1 10.0.0.1     2024-05-03 10:00
 *   5 f-tee    order 2 user 2 192.168.1.9  2024-05-04 10:00
 *   6 f-tee    order 2 user 2 192.168.1.9  2024-05-31 23:59:59 (last second of May)
 *   7 f-mug-b  order 1 user 1 10.0.0.1     2024-04-30 23:59:59 (before May)
 *   8 f-mug-b  order 1 user 1 10.0.0.1     2024-06-01 00:00:00 (after May)
 *   9 f-gone   order 1 user 1 10.0.0.1     2024-05-10 10:00 (file deleted: no product_downloads row)
 * May: f-mug-a 3, f-tee 2, f-mug-b 1. All time: f-mug-a 3, f-mug-b 3, f-tee 2.
 */
async function seedFiles(db: Db) {
  await seedCatalog(db);
  await db.kysely
    .insertInto('product_downloads')
    .values([
      {
        id: 'f-mug-a',
        product_id: 10,
        name: 'Mug manual.pdf',
        file: 'https://files.example/mug-manual.pdf',
      },
      {
        id: 'f-mug-b',
        product_id: 10,
        name: "chef's recipes.pdf",
        file: 'https://files.example/recipes.pdf',
      },
      {
        id: 'f-tee',
        product_id: 21,
        name: 'Tee size_chart 100%.pdf',
        file: 'https://files.example/tee.pdf',
      },
      {
        id: 'f-unused',
        product_id: 20,
        name: 'Never downloaded.pdf',
        file: 'https://files.example/unused.pdf',
      },
    ])
    .execute();
  const log: [string, number, number, number, string, string][] = [
    ['f-mug-a', 10, 1, 1, '10.0.0.1', '2024-05-01 10:00:00'],
    ['f-mug-a', 10, 1, 1, '10.0.0.1', '2024-05-02 10:00:00'],
    ['f-mug-a', 10, 4, 2, '10.0.0.2', '2024-05-20 10:00:00'],
    ['f-mug-b', 10, 1, 1, '10.0.0.1', '2024-05-03 10:00:00'],
    ['f-tee', 21, 2, 2, '192.168.1.9', '2024-05-04 10:00:00'],
    ['f-tee', 21, 2, 2, '192.168.1.9', '2024-05-31 23:59:59'],
    ['f-mug-b', 10, 1, 1, '10.0.0.1', '2024-04-30 23:59:59'],
    ['f-mug-b', 10, 1, 1, '10.0.0.1', '2024-06-01 00:00:00'],
    ['f-gone', 10, 1, 1, '10.0.0.1', '2024-05-10 10:00:00'],
  ];
  await db.kysely
    .insertInto('download_log')
    .values(
      log.map(([download_id, product_id, order_id, user_id, ip, time], i) => ({
        id: i + 1,
        download_id,
        product_id,
        order_id,
        user_id,
        user_ip_address: ip,
        timestamp: time,
        timestamp_gmt: time,
      })),
    )
    .execute();
}

interface IndexEntry {
  slug: string;
  path: string;
  _links: { self: { href: string }[] };
}

interface FileRow {
  download_id: string;
  download_count: number;
}

describeEachEngine(
  'download files report',
  (ctx) => {
    const get = async (query = '', path = 'downloads/files') => {
      const res = await ctx().app.inject({ method: 'GET', url: `${BASE}/${path}?${query}` });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    };
    /** `[file id, downloads]` of each row, in order. */
    const counts = async (query: string) => {
      const r = await get(query);
      expect(r.status, `${query}: ${JSON.stringify(r.body)}`).toBe(200);
      return (r.body as FileRow[]).map((f) => [f.download_id, f.download_count]);
    };
    const ids = async (query: string) => (await counts(query)).map(([id]) => id);
    const expect400 = async (query: string, param: string) => {
      const r = await get(query);
      expect(r.status, query).toBe(400);
      expect(r.body.code).toBe('rest_invalid_param');
      expect(Object.keys(r.body.data.params ?? {})).toContain(param);
    };

    it('counts the downloads of each file in the range, one row per file', async () => {
      const r = await get(MAY);
      expect(r.status).toBe(200);
      expect(r.headers['x-wp-total']).toBe('3');
      expect(r.headers['x-wp-totalpages']).toBe('1');
      expect(r.headers.link).toBeUndefined();
      expect(r.body).toEqual([
        {
          download_id: 'f-mug-a',
          file_name: 'Mug manual.pdf',
          file_path: 'https://files.example/mug-manual.pdf',
          product_id: 10,
          product_name: 'Mug',
          download_count: 3,
          _links: {
            product: [{ href: '/wp-json/wc-analytics/products/10', embeddable: true }],
          },
        },
        {
          download_id: 'f-tee',
          file_name: 'Tee size_chart 100%.pdf',
          file_path: 'https://files.example/tee.pdf',
          product_id: 21,
          product_name: 'Tee - Red',
          download_count: 2,
          _links: {
            product: [{ href: '/wp-json/wc-analytics/products/21', embeddable: true }],
          },
        },
        expect.objectContaining({ download_id: 'f-mug-b', download_count: 1 }),
      ]);
    });

    it('leaves out files never downloaded and log entries of deleted files', async () => {
      expect(await ids('')).not.toContain('f-unused');
      expect(await ids('')).not.toContain('f-gone');
      // downloads/stats counts every log entry of May (7); the files report the 6 of live files.
      const stats = await get(`${MAY}&interval=month`, 'downloads/stats');
      expect(stats.body.totals.download_count).toBe(7);
      const files = (await get(MAY)).body as FileRow[];
      expect(files.reduce((a, f) => a + f.download_count, 0)).toBe(6);
    });

    it('bounds the range inclusively on both ends', async () => {
      expect(await counts('after=2024-05-31T23:59:59&before=2024-06-01T00:00:00')).toEqual([
        ['f-tee', 1],
        ['f-mug-b', 1],
      ]);
      expect(await counts('before=2024-04-30T23:59:59')).toEqual([['f-mug-b', 1]]);
      expect(await counts('after=2024-06-01T00:00:01')).toEqual([]);
    });

    it('orders by download count (default, desc), ties by file id in the same direction', async () => {
      expect(await counts('')).toEqual([
        ['f-mug-b', 3],
        ['f-mug-a', 3],
        ['f-tee', 2],
      ]);
      expect(await counts('order=asc')).toEqual([
        ['f-tee', 2],
        ['f-mug-a', 3],
        ['f-mug-b', 3],
      ]);
      expect(await ids('orderby=download_count&order=desc')).toEqual(await ids(''));
    });

    it('orders by file name and product name case-insensitively, and by ids', async () => {
      // Byte order would put "Mug", "Tee" before "chef's".
      expect(await ids('orderby=file_name&order=asc')).toEqual(['f-mug-b', 'f-mug-a', 'f-tee']);
      expect(await ids('orderby=file_name&order=desc')).toEqual(['f-tee', 'f-mug-a', 'f-mug-b']);
      expect(await ids('orderby=product_name&order=asc')).toEqual(['f-mug-a', 'f-mug-b', 'f-tee']);
      expect(await ids('orderby=product_name&order=desc')).toEqual(['f-tee', 'f-mug-b', 'f-mug-a']);
      expect(await ids('orderby=product_id&order=desc')).toEqual(['f-tee', 'f-mug-b', 'f-mug-a']);
      expect(await ids('orderby=download_id&order=asc')).toEqual(['f-mug-a', 'f-mug-b', 'f-tee']);
    });

    it('pages with X-WP-Total, X-WP-TotalPages and Link headers', async () => {
      const first = await get('per_page=2');
      expect(first.body.map((f: FileRow) => f.download_id)).toEqual(['f-mug-b', 'f-mug-a']);
      expect(first.headers['x-wp-total']).toBe('3');
      expect(first.headers['x-wp-totalpages']).toBe('2');
      expect(first.headers.link).toBe(
        '<http://localhost/wp-json/wc-analytics/reports/downloads/files?per_page=2&page=2>; rel="next"',
      );
      const second = await get('per_page=2&page=2');
      expect(second.body.map((f: FileRow) => f.download_id)).toEqual(['f-tee']);
      expect(second.headers['x-wp-total']).toBe('3');
      expect(second.headers.link).toBe(
        '<http://localhost/wp-json/wc-analytics/reports/downloads/files?per_page=2&page=1>; rel="prev"',
      );
      const beyond = await get('per_page=2&page=3');
      expect(beyond.body).toEqual([]);
      expect(beyond.headers['x-wp-total']).toBe('3');
      expect(beyond.headers['x-wp-totalpages']).toBe('2');
    });

    it('pages partition the full list for every sort and page size', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            'download_count',
            'file_name',
            'product_name',
            'product_id',
            'download_id',
          ),
          fc.constantFrom('asc', 'desc'),
          fc.integer({ min: 1, max: 4 }),
          fc.boolean(),
          async (orderby, order, perPage, may) => {
            const q = `orderby=${orderby}&order=${order}${may ? `&${MAY}` : ''}`;
            const all = await ids(`${q}&per_page=100`);
            const pages: unknown[] = [];
            for (let page = 1; page <= Math.ceil(all.length / perPage); page++) {
              const r = await get(`${q}&per_page=${perPage}&page=${page}`);
              expect(r.headers['x-wp-total']).toBe(String(all.length));
              pages.push(...r.body.map((f: FileRow) => f.download_id));
            }
            expect(pages).toEqual(all);
          },
        ),
        { numRuns: 40 },
      );
    });

    it('searches file names case-insensitively, with quotes and wildcards taken literally', async () => {
      expect(await ids('search=manual')).toEqual(['f-mug-a']);
      expect(await ids('search=MUG%20MANUAL')).toEqual(['f-mug-a']);
      expect(await ids('search=CHEF')).toEqual(['f-mug-b']);
      expect(await ids("search=chef's")).toEqual(['f-mug-b']);
      expect(await ids('search=%27')).toEqual(['f-mug-b']);
      // % and _ are characters of the name, not LIKE wildcards.
      expect(await ids('search=%25')).toEqual(['f-tee']);
      expect(await ids('search=e_c')).toEqual(['f-tee']);
      expect(await ids('search=e%5Fc')).toEqual(['f-tee']);
      expect(await ids('search=%5C')).toEqual([]);
      expect(await ids('search=%27%22%3B%20DROP%20TABLE%20download_log%3B--')).toEqual([]);
      expect(await ids('search=pdf&orderby=download_id&order=asc')).toEqual([
        'f-mug-a',
        'f-mug-b',
        'f-tee',
      ]);
      // An empty search is no search; the log is intact after the attempts above.
      expect(await counts(`search=&${MAY}`)).toEqual([
        ['f-mug-a', 3],
        ['f-tee', 2],
        ['f-mug-b', 1],
      ]);
      const r = await get(`search=manual&${MAY}`);
      expect(r.headers['x-wp-total']).toBe('1');
    });

    it('filters by the products the files belong to', async () => {
      expect(await counts(`products=10&${MAY}`)).toEqual([
        ['f-mug-a', 3],
        ['f-mug-b', 1],
      ]);
      expect(await counts('products[]=21')).toEqual([['f-tee', 2]]);
      expect(await counts('products=20')).toEqual([]);
      expect(await ids('products=10,21&orderby=download_id&order=asc')).toEqual([
        'f-mug-a',
        'f-mug-b',
        'f-tee',
      ]);
      expect(await counts('products=10&search=chef')).toEqual([['f-mug-b', 3]]);
    });

    it('takes the download-log filters of the downloads list, match all or any', async () => {
      expect(await counts(`customer_includes=2&${MAY}`)).toEqual([
        ['f-tee', 2],
        ['f-mug-a', 1],
      ]);
      expect(await counts(`ip_address_excludes=10.0.0.1&${MAY}`)).toEqual([
        ['f-tee', 2],
        ['f-mug-a', 1],
      ]);
      expect(await counts('order_includes=4')).toEqual([['f-mug-a', 1]]);
      expect(await counts(`product_excludes=10&${MAY}`)).toEqual([['f-tee', 2]]);
      // all: product 10 and user 2 → entry 3; any: product 21 or user 1 → 1, 2, 4, 5, 6.
      expect(await counts(`product_includes=10&customer_includes=2&${MAY}`)).toEqual([
        ['f-mug-a', 1],
      ]);
      expect(await counts(`match=any&product_includes=21&customer_includes=1&${MAY}`)).toEqual([
        ['f-tee', 2],
        ['f-mug-a', 2],
        ['f-mug-b', 1],
      ]);
      // `products` and `search` narrow the `any` match further.
      expect(
        await counts(`match=any&product_includes=21&customer_includes=2&products=10&${MAY}`),
      ).toEqual([['f-mug-a', 1]]);
    });

    it('answers bad parameters with a 400 naming each one', async () => {
      await expect400('page=0', 'page');
      await expect400('per_page=101', 'per_page');
      await expect400('per_page=0', 'per_page');
      await expect400('orderby=date', 'orderby');
      await expect400('orderby=file_path', 'orderby');
      await expect400('order=up', 'order');
      await expect400('after=2024-06-01T00:00:00&before=2024-05-01T00:00:00', 'after');
      await expect400('before=yesterday', 'before');
      await expect400(`search=${'x'.repeat(201)}`, 'search');
      await expect400('products=10,abc', 'products');
      await expect400('match=most', 'match');
      await expect400("ip_address_includes=1.2.3.4'%20OR%201=1", 'ip_address_includes');
      const both = await get('page=0&per_page=101');
      expect(Object.keys(both.body.data.params)).toEqual(
        expect.arrayContaining(['page', 'per_page']),
      );
    });

    it('is listed in the reports index, with a self link that answers', async () => {
      const index = await ctx().app.inject({ method: 'GET', url: BASE });
      expect(index.statusCode).toBe(200);
      const entries = index.json() as IndexEntry[];
      const entry = entries.find((e) => e.slug === 'downloads/files');
      expect(entry?.path).toBe('/wc-analytics/reports/downloads/files');
      const res = await ctx().app.inject({ method: 'GET', url: entry!._links.self[0]!.href });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-wp-total']).toBe('3');
    });
  },
  seedFiles,
);
