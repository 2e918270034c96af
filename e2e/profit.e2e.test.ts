import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, seriousViolations } from './browser';
import { type RunningServer, startServer } from './server';

/** The browser's steps here wait on report requests of a 6,000-order store: generous. */
const SLOW = 180_000;

const href = (server: RunningServer, path: string, query = '') =>
  `${server.url}/wp-admin/admin.php?page=wc-admin&path=${encodeURIComponent(path)}${query}`;

const RANGE = '&period=last_year&compare=previous_year';

/** The body rows of the report table (the card's table). */
const tableRows = (page: Page) => page.locator('.sl-table-card table tbody tr');

/** Waits until the report table shows rows of data, not its loading placeholder. */
async function tableLoaded(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        (await tableRows(page).count()) > 0 &&
        !(await page.locator('.sl-table-card').textContent())?.includes('data is loading'),
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** Console errors and page errors, collected from now on. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

describe('Profit in the dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let consoleMessages: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await openDashboard(browser, server);
    consoleMessages = watchConsole(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'opens the Profit report from the Analytics menu: profit over time, by product and category, losses and coverage',
    async () => {
      await page.goto(href(server, '/analytics/overview', RANGE));
      await page.getByRole('link', { name: 'Profit', exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Profit' }).waitFor();
      expect(page.url()).toContain('path=/analytics/profit');

      const profit = page.getByRole('list', { name: 'Performance' });
      await expect.poll(() => profit.textContent(), { timeout: 60_000 }).toMatch(/Gross profit/);
      await expect.poll(() => profit.textContent()).toMatch(/Gross margin\s*-?[\d.]+%/);
      await expect.poll(() => page.locator('.sl-chart svg path').count()).toBeGreaterThan(0);
      await tableLoaded(page);

      for (const name of ['Gross profit by product', 'Gross profit by category']) {
        const section = page.getByRole('region', { name });
        await expect
          .poll(() => section.getByRole('table').locator('tbody tr').count(), { timeout: 60_000 })
          .toBeGreaterThan(0);
        expect(await section.getByRole('table').textContent()).toMatch(/\d+(\.\d)?%/);
      }
      const losses = page.getByRole('region', { name: 'Products sold at a loss' });
      await expect
        .poll(() => losses.textContent(), { timeout: 60_000 })
        .toMatch(/No product with a known cost was sold at a loss|Gross margin/);
      if ((await losses.getByRole('table').count()) > 0) {
        const margins = await losses.locator('tbody tr td:last-child').allTextContents();
        for (const margin of margins) expect(margin).toMatch(/^-/);
      }
      const coverage = page.getByRole('region', { name: 'Cost coverage' });
      await expect
        .poll(() => coverage.textContent(), { timeout: 60_000 })
        .toMatch(/Costs are known for \d+% of the items sold, making \d+% of net sales/);
      expect(consoleMessages).toEqual([]);
    },
    SLOW,
  );

  it(
    'says for how many items sold the cost is known, linking to the products without a cost',
    async () => {
      await page.goto(href(server, '/analytics/revenue', RANGE));
      const sentence = page.locator('.sl-report .sl-profit__coverage').first();
      await expect
        .poll(() => sentence.textContent(), { timeout: 60_000 })
        .toMatch(/Costs known for \d+% of items sold\./);
      await expect
        .poll(() => page.getByRole('list', { name: 'Profit' }).textContent())
        .toMatch(/Cost of goods.*Payment fees.*Gross profit.*Gross margin/s);
      await sentence.getByRole('link', { name: 'Products without a cost' }).click();
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      expect(page.url()).toContain('orderby=cost_of_goods');
      expect(page.url()).toContain('order=asc');
      expect(page.url()).toContain('period=last_year');
      await tableLoaded(page);
      // Products without a cost come first, their cost unknown: a dash, named "unknown".
      const header = await page.locator('.sl-table-card thead th').allTextContents();
      const cost = header.findIndex((h) => h.startsWith('Cost'));
      expect(cost).toBeGreaterThan(0);
      const firstCost = tableRows(page).first().locator('td, th').nth(cost);
      expect(await firstCost.textContent()).toContain('unknown');
      expect(await firstCost.locator('[aria-hidden="true"]').textContent()).toBe('—');
    },
    SLOW,
  );

  it(
    'sorts the Products table by gross margin, lowest first, margins as percentages',
    async () => {
      await page.goto(href(server, '/analytics/products', RANGE));
      await tableLoaded(page);
      const header = page.getByRole('columnheader', { name: /Gross margin/ }).first();
      await header.getByRole('button').click();
      await page.waitForURL(/orderby=gross_margin/);
      await tableLoaded(page);
      const headers = await page.locator('.sl-table-card thead th').allTextContents();
      const column = headers.findIndex((h) => h.startsWith('Gross margin'));
      const read = async () =>
        (
          await tableRows(page)
            .locator(`:is(td, th):nth-child(${column + 1})`)
            .allTextContents()
        )
          .filter((text) => !text.includes('unknown'))
          .map((text) => Number(text.replace('%', '')));
      await expect.poll(async () => (await read()).length).toBeGreaterThan(1);
      const margins = await read();
      const sorted = [...margins].sort((a, b) =>
        page.url().includes('order=asc') ? a - b : b - a,
      );
      expect(margins).toEqual(sorted);
    },
    SLOW,
  );

  it(
    'shows the Orders table with its profit columns at 1400 px without scrolling sideways',
    async () => {
      const wide = await openDashboard(browser, server, { viewport: { width: 1400, height: 900 } });
      await wide.goto(href(server, '/analytics/orders', RANGE));
      await tableLoaded(wide);
      await expect
        .poll(() => wide.locator('.sl-table-card thead').textContent())
        .toMatch(/Gross profit/);
      await wide.waitForLoadState('networkidle');
      const widths = await wide.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        table: document.querySelector('.sl-table__scroll')?.scrollWidth ?? 0,
        tableBox: document.querySelector('.sl-table__scroll')?.clientWidth ?? 0,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      expect(widths.table).toBeLessThanOrEqual(widths.tableBox);
      await wide.context().close();
    },
    SLOW,
  );

  for (const colorScheme of ['light', 'dark'] as const) {
    it(
      `has no serious accessibility violations on Profit and Revenue, ${colorScheme}`,
      async () => {
        const themed = await openDashboard(browser, server, { colorScheme });
        for (const path of ['/analytics/profit', '/analytics/revenue']) {
          await themed.goto(href(server, path, RANGE));
          await tableLoaded(themed);
          await expect
            .poll(() => themed.locator('.sl-profit__coverage').count(), { timeout: 60_000 })
            .toBeGreaterThan(0);
          await themed.waitForLoadState('networkidle');
          expect(await seriousViolations(themed)).toEqual([]);
        }
        await themed.context().close();
      },
      SLOW,
    );
  }
});
