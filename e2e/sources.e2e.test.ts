import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openDashboard,
  pageNonce,
  seriousViolations,
  watchConsole,
} from './browser';
import { adminHref, LAST_YEAR, SLOW, tableLoaded, tableRows } from './report-page';
import { type RunningServer, startServer } from './server';

/** The summary line under the report table. */
const summary = (page: Page) => page.getByRole('list', { name: 'Table summary' });

/** A number as the dashboard writes it ("1,234"). */
const count = (text: string) => Number(text.replace(/,/g, ''));

/** A REST answer read with the page's session (its cookie and nonce). */
async function rest(page: Page, path: string) {
  const res = await page.request.get(path, { headers: { 'X-WP-Nonce': await pageNonce(page) } });
  expect(res.status(), path).toBe(200);
  return { body: (await res.json()) as unknown, total: Number(res.headers()['x-wp-total']) };
}

describe('Sources in the dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let consoleMessages: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await openDashboard(browser, server);
    consoleMessages = watchConsole(page);
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'loads the Sources report with rows and states the share of unknown sources',
    async () => {
      await page.goto(adminHref(server, '/analytics/sources', LAST_YEAR));
      await page.getByRole('heading', { level: 1, name: 'Sources' }).waitFor({ timeout: 60_000 });
      await tableLoaded(page);
      expect(await tableRows(page).count()).toBeGreaterThan(1);
      await expect
        .poll(() => summary(page).textContent(), { timeout: 60_000 })
        .toMatch(/\d+(\.\d)?%\s*unknown source/);
      await expect
        .poll(() => summary(page).textContent())
        .toMatch(/unknown: no record.*unknown: tracking blocked/s);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    "shows each source's first customers and repeat rate as the REST answer has them",
    async () => {
      const listed = page.waitForResponse(
        (r) => r.url().includes('/reports/sources?') && r.request().method() === 'GET',
        { timeout: 60_000 },
      );
      await page.goto(adminHref(server, '/analytics/sources', LAST_YEAR));
      const asked = new URL((await listed).url());
      await tableLoaded(page);
      const range = `after=${encodeURIComponent(asked.searchParams.get('after') ?? '')}&before=${encodeURIComponent(asked.searchParams.get('before') ?? '')}`;
      const { body } = await rest(
        page,
        `/wp-json/wc-analytics/reports/sources?${range}&groupby=source_type&per_page=100`,
      );
      const answer = body as {
        label: string;
        first_customers: number;
        repeat_customers: number;
        repeat_rate: number;
      }[];
      const table = page.locator('.sl-table-card table');
      const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
      const labelAt = headers.findIndex((h) => h.startsWith('Source type'));
      const firstAt = headers.findIndex((h) => h.startsWith('First customers'));
      const rateAt = headers.findIndex((h) => h.startsWith('Repeat rate'));
      expect(
        [labelAt, firstAt, rateAt].every((i) => i >= 0),
        headers.join('|'),
      ).toBe(true);
      // The value that won the most first customers, with some of them back since.
      const best = [...answer].sort((a, b) => b.first_customers - a.first_customers)[0]!;
      expect(best.first_customers).toBeGreaterThan(0);
      expect(best.repeat_customers).toBeGreaterThan(0);
      const row = tableRows(page).filter({
        has: page.locator('th, td').nth(labelAt).getByText(best.label, { exact: true }),
      });
      await expect.poll(() => row.count()).toBe(1);
      const cells = (await row.locator('th, td').allTextContents()).map((c) => c.trim());
      expect(count(cells[firstAt]!)).toBe(best.first_customers);
      expect(cells[rateAt]).toBe(`${Math.round(best.repeat_rate * 1000) / 10}%`);
      expect(await row.getByTitle(/first customers have ordered again/).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'drills down from utm source to medium to campaign with the keyboard',
    async () => {
      await page.goto(adminHref(server, '/analytics/sources', `${LAST_YEAR}&groupby=utm_source`));
      await tableLoaded(page);
      // A campaign's source (the demo's paid social) leads one level down, and on.
      const link = tableRows(page).getByRole('link', { name: 'facebook', exact: true });
      await link.waitFor({ timeout: 60_000 });
      const source = (await link.textContent()) ?? '';
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/groupby=utm_medium/, { timeout: 60_000 });
      expect(new URL(page.url()).searchParams.get('utm_source_is')).toBe(source);
      await tableLoaded(page);
      // The first row's label (its first link) leads to the campaigns.
      const medium = tableRows(page).first().getByRole('link').first();
      await medium.waitFor({ timeout: 60_000 });
      await medium.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/groupby=utm_campaign/, { timeout: 60_000 });
      const params = new URL(page.url()).searchParams;
      expect(params.get('utm_medium_is')).toBeTruthy();
      // The source chosen first stays in the filters.
      expect(params.get('utm_source_is')).toBe(source);
      await tableLoaded(page);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'lists only the orders of a source in Orders filtered by it, as many as the REST answer',
    async () => {
      const listed = page.waitForResponse(
        (r) => r.url().includes('/reports/orders?') && r.url().includes('utm_source_is='),
        { timeout: 60_000 },
      );
      await page.goto(
        adminHref(
          server,
          '/analytics/orders',
          `${LAST_YEAR}&filter=advanced&utm_source_is=facebook`,
        ),
      );
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor({ timeout: 60_000 });
      const response = await listed;
      expect(response.status()).toBe(200);
      await tableLoaded(page);
      const asked = new URL(response.url());
      expect(asked.searchParams.get('utm_source_is')).toBe('facebook');
      // Every row the page shows is an order (or refund) of that source.
      const rows = (await response.json()) as { attribution: { source: string } }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.attribution.source).toBe('facebook');
      const range = `after=${encodeURIComponent(asked.searchParams.get('after') ?? '')}&before=${encodeURIComponent(asked.searchParams.get('before') ?? '')}`;
      // The page's order count is the REST answer's for that source.
      const sources = await rest(
        page,
        `/wp-json/wc-analytics/reports/sources?${range}&groupby=utm_source&search=facebook`,
      );
      const facebook = (sources.body as { value: string; orders_count: number }[]).find(
        (r) => r.value === 'facebook',
      );
      expect(facebook?.orders_count ?? 0).toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const m = /([\d,]+)\s*Orders?/.exec((await summary(page).textContent()) ?? '');
          return m ? count(m[1]!) : -1;
        })
        .toBe(facebook!.orders_count);
      const list = await rest(
        page,
        `/wp-json/wc-analytics/reports/orders?${range}&utm_source_is=facebook&per_page=1`,
      );
      expect(Number(response.headers()['x-wp-total'])).toBe(list.total);
      expect(consoleMessages).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows the Top Sources leaderboard on the Overview, leading to the Sources report',
    async () => {
      await page.goto(adminHref(server, '/analytics/overview', LAST_YEAR));
      const board = page.locator('table').filter({
        has: page.locator('caption', { hasText: 'Top Sources - Net Sales' }),
      });
      await expect
        .poll(() => board.locator('tbody tr th a').count(), { timeout: 60_000 })
        .toBeGreaterThan(0);
      const first = board.locator('tbody tr th a').first();
      expect(decodeURIComponent((await first.getAttribute('href')) ?? '')).toContain(
        'path=/analytics/sources',
      );
      await first.click();
      await page.getByRole('heading', { level: 1, name: 'Sources' }).waitFor({ timeout: 60_000 });
      expect(page.url()).toContain('groupby=origin');
      expect(page.url()).toContain('origin_is=');
      await tableLoaded(page);
      expect(await tableRows(page).count()).toBe(1);
    },
    SLOW,
  );

  it(
    'shows profit by payment method on the Profit page',
    async () => {
      await page.goto(adminHref(server, '/analytics/profit', LAST_YEAR));
      const section = page.getByRole('region', { name: 'Profit by payment method' });
      const table = section.getByRole('table', { name: 'Profit by payment method' });
      await expect
        .poll(() => table.locator('tbody tr').count(), { timeout: 60_000 })
        .toBeGreaterThan(0);
      const headers = await table.getByRole('columnheader').allTextContents();
      expect(headers).toEqual([
        'Payment method',
        'Orders',
        'Net sales',
        'Payment fees',
        'Gross profit',
        'Net profit',
        'Net margin',
      ]);
      expect(await table.getByRole('rowheader').count()).toBe(
        await table.locator('tbody tr').count(),
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(consoleMessages).toEqual([]);
    },
    SLOW,
  );

  it(
    'has no serious accessibility violation in dark mode',
    async () => {
      const dark = await openDashboard(browser, server, { colorScheme: 'dark' });
      try {
        await dark.goto(
          adminHref(server, '/analytics/sources', `${LAST_YEAR}&groupby=payment_method`),
        );
        await dark.getByRole('heading', { level: 1, name: 'Sources' }).waitFor();
        await tableLoaded(dark);
        expect(await seriousViolations(dark)).toEqual([]);
        await dark.goto(adminHref(server, '/analytics/profit', LAST_YEAR));
        await expect
          .poll(
            () =>
              dark
                .getByRole('region', { name: 'Profit by payment method' })
                .locator('tbody tr')
                .count(),
            { timeout: 60_000 },
          )
          .toBeGreaterThan(0);
        expect(await seriousViolations(dark)).toEqual([]);
        await dark.goto(adminHref(server, '/analytics/overview', LAST_YEAR));
        await expect
          .poll(
            () =>
              dark
                .locator('caption', { hasText: 'Top Sources - Net Sales' })
                .locator('xpath=..')
                .locator('tbody tr th a')
                .count(),
            { timeout: 60_000 },
          )
          .toBeGreaterThan(0);
        expect(await seriousViolations(dark)).toEqual([]);
      } finally {
        await dark.context().close();
      }
    },
    SLOW,
  );
});
