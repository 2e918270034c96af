/**
 * Dashboard figures in Chromium, on the store of DATABASE_URL (SQLite), served by the real
 * server with the built dashboard (`vite build apps/web` first; bench.ts does it):
 * - JavaScript transferred on the first load of Home and of Overview (budget 250 KB);
 * - Overview fully drawn (tiles, charts and leaderboards with data): the first, cold-cache
 *   load, and p50/p95 over BENCH_DASHBOARD_RUNS (default 9) later loads.
 * Run alone: `DATABASE_URL=file:/path.sqlite node --import tsx scripts/bench-dashboard.ts`.
 */
import { createUser, userByEmail } from '../apps/server/src/auth/users';
import { openStore } from '../apps/server/src/store';
import { launchBrowser, openDashboard } from '../e2e/browser';
import { E2E_ACCOUNTS, startServer } from '../e2e/server';

const runs = Number(process.env.BENCH_DASHBOARD_RUNS ?? 9);
const BUDGET = 250 * 1024;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const home = '/wp-admin/admin.php?page=wc-admin';
const overview = '/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Foverview';

/** True once every Overview section shows its data (nothing loading, tiles and rows drawn). */
function overviewDrawn(): boolean {
  if (document.querySelectorAll('.sl-overview__section').length < 3) return false;
  if (document.querySelectorAll('.sl-summary__value').length === 0) return false;
  if (document.querySelector('.sl-overview [aria-busy="true"]')) return false;
  for (const chart of document.querySelectorAll('.sl-overview__chart'))
    if (!chart.querySelector('svg path') && !chart.textContent?.includes('No data')) return false;
  const boards = document.querySelectorAll('.sl-overview__leaderboard tbody');
  if (boards.length === 0) return false;
  for (const body of boards) if (body.textContent?.includes('Loading')) return false;
  return true;
}

const url = process.env.DATABASE_URL;
if (!url?.startsWith('file:')) {
  console.log('  dashboard: skipped (needs a SQLite DATABASE_URL)');
} else {
  // The bench store already has accounts (the bench's analyst), so the first-run administrator
  // of STORELENS_ADMIN_EMAIL would not be created: the accounts the browser signs in with are
  // made here, and the server is told not to seed them again.
  const db = await openStore(url);
  for (const [role, account] of Object.entries(E2E_ACCOUNTS) as [
    keyof typeof E2E_ACCOUNTS,
    (typeof E2E_ACCOUNTS)[keyof typeof E2E_ACCOUNTS],
  ][]) {
    if (!(await userByEmail(db, account.email)))
      await createUser(db, { email: account.email, name: role, role, password: account.password });
  }
  await db.close();
  const server = await startServer({
    DATABASE_URL: url,
    STORELENS_DEMO: '0',
    STORELENS_ADMIN_EMAIL: E2E_ACCOUNTS.administrator.email,
  });
  const browser = await launchBrowser();
  try {
    const scriptBytes = async (path: string) => {
      // A fresh signed-in context: nothing cached yet.
      const page = await openDashboard(browser, server);
      const context = page.context();
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const bytes = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js'))
          .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
      );
      await context.close();
      return bytes;
    };
    for (const [label, path] of [
      ['Home', home],
      ['Overview', overview],
    ] as const) {
      const bytes = await scriptBytes(path);
      console.log(
        `  dashboard: first load of ${label.padEnd(8)} ${(bytes / 1024).toFixed(1)} KB of JavaScript on the wire (budget ${BUDGET / 1024} KB${bytes > BUDGET ? ', OVER' : ''})`,
      );
    }
    const page = await openDashboard(browser, server);
    const context = page.context();
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      await page.goto(overview);
      await page.waitForFunction(overviewDrawn, undefined, { timeout: 60_000, polling: 16 });
      times.push(performance.now() - started);
    }
    const [cold, ...warm] = times;
    warm.sort((a, b) => a - b);
    console.log(
      `  dashboard: Overview fully drawn: first load ${cold!.toFixed(0)} ms; then p50 ${percentile(warm, 50).toFixed(0)} ms, p95 ${percentile(warm, 95).toFixed(0)} ms over ${warm.length} loads (target p50 1000 ms)`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
