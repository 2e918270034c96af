/**
 * Report page figures in Chromium (the reports issue, "Speed"): for each analytics report on
 * a generated store, the time from navigation to the table's rows and the chart being drawn
 * (p50/p95 over BENCH_PAGE_RUNS fresh browser contexts, default 5, target ≤ 1 s), and the
 * JavaScript the first load of the report brings over the wire (target ≤ 250 KB). Prints
 * figures only; a missed target never fails.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openDashboard } from '../e2e/browser';
import { buildDashboard, E2E_ACCOUNTS, type RunningServer, startServer } from '../e2e/server';
import { formatFigure, summarize } from './bench-widgets/stats';

/** Each report's path and whether it draws a chart. */
const PAGES: readonly { title: string; path: string; chart: boolean }[] = [
  { title: 'Revenue', path: '/analytics/revenue', chart: true },
  { title: 'Orders', path: '/analytics/orders', chart: true },
  { title: 'Products', path: '/analytics/products', chart: true },
  { title: 'Variations', path: '/analytics/variations', chart: true },
  { title: 'Categories', path: '/analytics/categories', chart: true },
  { title: 'Coupons', path: '/analytics/coupons', chart: true },
  { title: 'Taxes', path: '/analytics/taxes', chart: true },
  { title: 'Downloads', path: '/analytics/downloads', chart: true },
  { title: 'Stock', path: '/analytics/stock', chart: false },
  { title: 'Customers', path: '/customers', chart: false },
];

/** The account the bench reads reports as (created on the bench's store by scripts/bench.ts). */
export const BENCH_ANALYST = {
  email: 'bench-analyst@storelens.test',
  password: 'bench analyst pw',
};

const TARGET_MS = 1000;
const FIRST_LOAD_TARGET_KB = 250;

/** The year up to `end` (YYYY-MM-DD) as a custom range compared with the year before. */
export function yearTo(end: string): string {
  const last = new Date(`${end}T00:00:00Z`);
  const first = new Date(last);
  first.setUTCFullYear(first.getUTCFullYear() - 1);
  first.setUTCDate(first.getUTCDate() + 1);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `&period=custom&compare=previous_year&after=${day(first)}&before=${day(last)}`;
}

/** Loads a report in a fresh context: ms to rows (and chart) visible, and JS bytes received. */
async function loadOnce(
  browser: Browser,
  server: RunningServer,
  url: string,
  chart: boolean,
): Promise<{ ms: number; jsBytes: number }> {
  // A fresh context signed in as an analyst (who reads reports), with an empty cache.
  const page: Page = await openDashboard(browser, server, {
    role: 'analyst',
    viewport: { width: 1440, height: 900 },
  });
  const context = page.context();
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      scripts.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      (withChart) =>
        document.querySelectorAll('.sl-table-card table tbody tr').length > 0 &&
        // Data rows, not the loading placeholder's.
        !document.querySelector('.sl-table-card')?.textContent?.includes('data is loading') &&
        (!withChart || document.querySelectorAll('.sl-chart svg path').length > 0),
      chart,
      { timeout: 120_000, polling: 'raf' },
    );
    const ms = await page.evaluate(() => performance.now());
    const jsBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    return { ms, jsBytes };
  } finally {
    await context.close();
  }
}

/** Serves the store at `databaseUrl` and prints each report's figures. */
export async function runPageBench(databaseUrl: string, end: string, label: string): Promise<void> {
  const runs = Number(process.env.BENCH_PAGE_RUNS ?? 5);
  buildDashboard();
  // The store already has its accounts (the bench's analyst): no first-run seeding.
  const started = await startServer({
    DATABASE_URL: databaseUrl,
    STORELENS_DEMO: '0',
    // Named, so startServer seeds nobody (the administrator exists only on an empty store).
    STORELENS_ADMIN_EMAIL: E2E_ACCOUNTS.administrator.email,
  });
  const server = {
    ...started,
    accounts: { ...started.accounts, analyst: BENCH_ANALYST },
  };
  const browser = await launchBrowser();
  try {
    console.log(
      `  report pages in Chromium ${browser.version()} [${label}], ${runs} fresh loads each (the first also warms the server):`,
    );
    for (const report of PAGES) {
      const query = report.chart ? yearTo(end) : '';
      const url = `${server.url}/wp-admin/admin.php?page=wc-admin&path=${encodeURIComponent(report.path)}${query}`;
      const samples: number[] = [];
      let jsBytes = 0;
      for (let i = 0; i < runs; i += 1) {
        const result = await loadOnce(browser, server, url, report.chart);
        samples.push(result.ms);
        jsBytes = result.jsBytes;
      }
      const kb = (jsBytes / 1024).toFixed(0);
      console.log(
        `    ${formatFigure(`${report.title.padEnd(10)} rows${report.chart ? ' + chart' : ''} visible`, summarize(samples), TARGET_MS)}; ` +
          `first-load JS ${kb} KB on the wire (target ≤ ${FIRST_LOAD_TARGET_KB} KB)`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
