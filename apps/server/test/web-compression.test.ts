import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetCacheControl, buildApp } from '../src/app';
import { engines, freshStore, signIn } from './harness';

/** A built dashboard in a folder: a page and a hashed script with its .br and .gz. */
function builtDashboard(): { root: string; script: string } {
  const root = mkdtempSync(join(tmpdir(), 'storelens-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<html><head></head><body><div id="root"></div></body></html>',
  );
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const file = join(root, 'assets', 'index-AbCd12_-.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  return { root, script };
}

describe('assetCacheControl', () => {
  it('keeps hashed build assets a year and checks everything else each time', () => {
    expect(assetCacheControl('/srv/dist/assets/index-BwYtDTTu.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(assetCacheControl('/srv/dist/assets/orders-BJ9wpDL2.js.br')).toContain('immutable');
    expect(assetCacheControl('/srv/dist/index.html')).toBe('no-cache');
    expect(assetCacheControl('/srv/dist/favicon.svg')).toBe('no-cache');
  });
});

for (const engine of engines) {
  describe(`compressed responses [${engine}]`, () => {
    let app: FastifyInstance;
    let drop: () => Promise<void>;
    let session: Record<string, string>;
    const web = builtDashboard();

    beforeAll(async () => {
      const store = await freshStore(engine);
      drop = store.drop;
      app = await buildApp(store.db, { webRoot: web.root });
      // The reports need a signed-in user with the reports capability.
      session = await signIn(store.db, 'analyst');
    });
    afterAll(async () => {
      await app?.close();
      await drop?.();
    });

    it('sends the prebuilt brotli or gzip file of an asset, cached as immutable', async () => {
      const url = '/wp-admin/assets/index-AbCd12_-.js';
      const br = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(web.script);

      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(web.script);

      const plain = await app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(web.script);
    });

    it('compresses JSON answers for clients that accept it, and the page is never cached stale', async () => {
      const url = '/wp-json/wc-analytics/data/countries';
      const gz = await app.inject({ url, headers: { ...session, 'accept-encoding': 'gzip' } });
      expect(gz.statusCode).toBe(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(
        JSON.parse((await app.inject({ url, headers: session })).body),
      );
      const br = await app.inject({ url, headers: { ...session, 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');

      const page = await app.inject({ url: '/wp-admin/admin.php?page=wc-admin' });
      expect(page.headers['cache-control']).toMatch(/^no-(cache|store)/);
    });
  });
}
