/**
 * Widget benchmarks in Chromium: builds the bench page (index.html +
 * main.tsx) with Vite in production mode into a temp dir, serves it on an ephemeral port,
 * drives it with playwright-core and Debian's chromium, and prints p50/p95 per figure with its
 * target. Prints figures only: a missed target never fails; a broken bench throws.
 * BENCH_WIDGET_RUNS (default 20) and BENCH_WIDGET_WARMUP (default 5) change the run counts.
 */
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../../e2e/browser';
import type { WidgetResult } from './protocol';
import { formatFigure, summarize } from './stats';

/** The widgets' speed targets. */
const CHART_TARGET_MS = 50;
const TABLE_TARGET_MS = 16;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

/** Serves the files under `dir` (GET only) on 127.0.0.1 at an ephemeral port. */
async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(dir, pathname === '/' ? 'index.html' : pathname));
    const servable = req.method === 'GET' && file.startsWith(dir + sep);
    if (!servable || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** Builds, serves and measures the widget bench page; prints one line per figure. */
export async function runWidgetBench(): Promise<void> {
  const runs = count('BENCH_WIDGET_RUNS', 20);
  const warmup = count('BENCH_WIDGET_WARMUP', 5);
  if (runs === 0) throw new Error('BENCH_WIDGET_RUNS must be at least 1');
  const outDir = mkdtempSync(join(tmpdir(), 'storelens-bench-widgets-'));
  try {
    const built = performance.now();
    await build({
      root: fileURLToPath(new URL('.', import.meta.url)),
      configFile: false,
      base: './',
      mode: 'production',
      plugins: [react()],
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    const buildSeconds = (performance.now() - built) / 1000;
    const server = await serveStatic(outDir);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(server.url);
      await page.waitForFunction(() => window.storelensBench !== undefined, undefined, {
        timeout: 30_000,
      });
      console.log(
        `Widget bench: Chromium ${browser.version()}, production build (${buildSeconds.toFixed(1)} s), ` +
          `${warmup} warm-up + ${runs} measured runs each`,
      );
      console.log(`  conditions: ${cpus().length} CPUs, load average ${load()} (1/5/15 min)`);

      const measure = async (
        label: string,
        target: number,
        task: () => Promise<WidgetResult>,
      ): Promise<void> => {
        const result = await task();
        if (pageErrors.length > 0) throw new Error(`bench page error: ${pageErrors.join('; ')}`);
        const commit = summarize(result.samples.map((sample) => sample.commitMs));
        const frame = summarize(result.samples.map((sample) => sample.frameMs));
        console.log(`  ${formatFigure(label, commit, target)}`);
        console.log(`    ${formatFigure('to the next frame', frame)}; ${result.facts.join('; ')}`);
      };
      await measure('chart 8,760 h + compare, line', CHART_TARGET_MS, () =>
        page.evaluate((n) => window.storelensBench!.chart('line', n.warmup, n.runs), {
          warmup,
          runs,
        }),
      );
      await measure('chart 8,760 h + compare, bar', CHART_TARGET_MS, () =>
        page.evaluate((n) => window.storelensBench!.chart('bar', n.warmup, n.runs), {
          warmup,
          runs,
        }),
      );
      await measure('table 100 rows × 9 columns, re-sort on header click', TABLE_TARGET_MS, () =>
        page.evaluate((n) => window.storelensBench!.table(n.warmup, n.runs), { warmup, runs }),
      );
      console.log(`  load average after: ${load()}`);
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
