import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside every built script, style and page, at the top compression
 * levels, once per build: the server sends them as they are (preCompressed in
 * apps/server/src/app.ts) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'storelens-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of [...Object.keys(bundle), 'index.html']) {
        if (!/\.(js|css|html|svg)$/.test(name)) continue;
        const file = join(outDir, name);
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

// The dashboard is served by the Storelens server under /wp-admin/ (admin.php is the page).
// `npm run dev` proxies the REST API to a server on 127.0.0.1:8080; its dev server maps every
// module to its source by itself. The production build writes no source maps: the server
// would hand every visitor the dashboard's whole source with its comments.
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: '/wp-admin/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: { '/wp-json': 'http://127.0.0.1:8080' },
  },
});
