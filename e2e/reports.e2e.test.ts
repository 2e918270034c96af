import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, seriousViolations } from './browser';
import { adminHref, tableLoaded, tableRows } from './report-page';
import { type RunningServer, startServer } from './server';

/** What each report's test needs to know: its path, heading and controls to try. */
interface ReportCase {
  readonly path: string;
  readonly title: string;
  /** A sortable column header (its visible label). */
  readonly sortBy: string;
  /** Whether the page has summary numbers and a chart. */
  readonly chart: boolean;
  /** Whether it takes a date range. */
  readonly dates: boolean;
}

const reports: readonly ReportCase[] = [
  { path: '/analytics/revenue', title: 'Revenue', sortBy: 'Net sales', chart: true, dates: true },
  { path: '/analytics/orders', title: 'Orders', sortBy: 'Net sales', chart: true, dates: true },
  { path: '/analytics/products', title: 'Products', sortBy: 'Net sales', chart: true, dates: true },
  {
    path: '/analytics/variations',
    title: 'Variations',
    sortBy: 'Net sales',
    chart: true,
    dates: true,
  },
  {
    path: '/analytics/categories',
    title: 'Categories',
    sortBy: 'Net sales',
    chart: true,
    dates: true,
  },
  {
    path: '/analytics/coupons',
    title: 'Coupons',
    sortBy: 'Amount discounted',
    chart: true,
    dates: true,
  },
  { path: '/analytics/taxes', title: 'Taxes', sortBy: 'Total tax', chart: true, dates: true },
  { path: '/analytics/downloads', title: 'Downloads', sortBy: 'Date', chart: true, dates: true },
  { path: '/analytics/stock', title: 'Stock', sortBy: 'SKU', chart: false, dates: false },
  { path: '/customers', title: 'Customers', sortBy: 'Total spend', chart: false, dates: false },
];

/**
 * Resolves once the page has had no request in flight for a moment: a table's rows come
 * first and the names in some of its cells (a download's product) from a lookup requested
 * after them, so a row read as soon as the rows show may still lack them.
 */
function requestsSettled(page: Page): () => Promise<void> {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return async () => {
    let quietSince = 0;
    await expect
      .poll(() => {
        if (inFlight > 0) quietSince = 0;
        else if (quietSince === 0) quietSince = Date.now();
        return quietSince > 0 && Date.now() - quietSince >= 300;
      })
      .toBe(true);
  };
}

/** Console errors and warnings of a page, collected from now on. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

describe('Every analytics report in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let consoleMessages: string[];
  let settled: () => Promise<void>;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await openDashboard(browser, server);
    consoleMessages = watchConsole(page);
    settled = requestsSettled(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const report of reports) {
    describe(report.title, () => {
      const range = report.dates ? '&period=last_year&compare=previous_year' : '';

      it('shows its data for last year: heading, rows, summary line and chart', async () => {
        await page.goto(adminHref(server, report.path, range));
        await expect
          .poll(() => page.getByRole('heading', { name: report.title, level: 1 }).count())
          .toBe(1);
        await tableLoaded(page, 30_000);
        expect(await page.locator('.sl-table-card tbody').textContent()).toMatch(/\d/);
        if (report.chart) {
          await expect.poll(() => page.locator('.sl-chart svg path').count()).toBeGreaterThan(0);
        } else {
          expect(await page.getByRole('button', { name: /Date range/ }).count()).toBe(0);
        }
        expect(consoleMessages).toEqual([]);
      });

      it('sorts by a column header and keeps the view on reload and back', async () => {
        const header = page.getByRole('columnheader', { name: new RegExp(report.sortBy) }).first();
        await header.getByRole('button').click();
        await page.waitForURL(/orderby=/);
        await tableLoaded(page, 30_000);
        await settled();
        const sortedUrl = page.url();
        const first = await tableRows(page).first().textContent();
        await page.reload();
        await tableLoaded(page, 30_000);
        await expect.poll(() => tableRows(page).first().textContent()).toBe(first);
        expect(page.url()).toBe(sortedUrl);
        await page.goBack();
        await expect.poll(() => page.url()).not.toBe(sortedUrl);
        await page.goForward();
        await expect.poll(() => page.url()).toBe(sortedUrl);
      });

      it('pages with the next-page button when there is more than one page', async () => {
        const next = page.getByRole('button', { name: 'Next page' });
        if ((await next.count()) === 0 || (await next.isDisabled())) return;
        const before = await tableRows(page).first().textContent();
        await next.click();
        await page.waitForURL(/paged=2/);
        await expect.poll(() => tableRows(page).first().textContent()).not.toBe(before);
      });

      it('downloads its CSV: at once when every row is on the page, else through the export job', async () => {
        await page.goto(adminHref(server, report.path, range));
        await tableLoaded(page, 30_000);
        // Pagination shows "Page x of y" only when there is more than one page.
        const pageCount = page.getByText(/Page \d+ of \d+/);
        const single =
          (await pageCount.count()) === 0 ||
          /Page 1 of 1$/.test((await pageCount.textContent()) ?? '');
        const button = page.locator('.sl-report__export').getByRole('button', { name: 'Download' });
        if (single) {
          const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
          expect(download.suggestedFilename()).toMatch(/\.csv$/);
          const text = readFileSync((await download.path()) as string, 'utf8');
          expect(text.split('\n').length).toBeGreaterThan(2);
        } else {
          await button.click();
          const link = page.getByRole('link', {
            name: new RegExp(`Download the ${report.title} CSV`),
          });
          await link.waitFor({ timeout: 60_000 });
          const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
          const text = readFileSync((await download.path()) as string, 'utf8');
          expect(text.split('\n').length).toBeGreaterThan(26);
        }
      });

      it('has no serious accessibility violations in light and dark themes', async () => {
        expect(await seriousViolations(page)).toEqual([]);
        await page.emulateMedia({ colorScheme: 'dark' });
        expect(await seriousViolations(page)).toEqual([]);
        await page.emulateMedia({ colorScheme: 'light' });
      });
    });
  }

  describe('filter flows', () => {
    it('Orders: an advanced filter on status narrows the orders', async () => {
      await page.goto(adminHref(server, '/analytics/orders', '&period=last_year'));
      await tableLoaded(page, 30_000);
      const all = await page
        .locator('.sl-table-card')
        .getByText(/Orders?$/)
        .first()
        .textContent();
      await page.goto(
        adminHref(
          server,
          '/analytics/orders',
          '&period=last_year&filter=advanced&status_is=refunded',
        ),
      );
      await expect
        .poll(async () => (await tableRows(page).allTextContents()).join('|'), { timeout: 30_000 })
        .toMatch(/Refunded/);
      const statuses = await page
        .locator('.sl-table-card tbody [data-status]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')));
      expect(new Set(statuses)).toEqual(new Set(['refunded']));
      expect(await page.getByText(/Orders match/).count()).toBeGreaterThan(0);
      expect(all).toBeTruthy();
    });

    it('Orders: a customer name opens that customer, an order number its day of orders', async () => {
      await page.goto(adminHref(server, '/analytics/orders', '&period=last_year'));
      await tableLoaded(page, 30_000);
      // The first row with a named (registered) customer: the Customer column's link.
      const customerCell = page
        .locator('.sl-table-card tbody tr')
        .locator('td:nth-child(4) a, th:nth-child(4) a')
        .first();
      const customer = (await customerCell.textContent()) ?? '';
      expect(customer).not.toBe('');
      await customerCell.click();
      await page.waitForURL(/filter=single_customer/);
      expect(new URL(page.url()).searchParams.get('path')).toBe('/customers');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Customers', level: 1 }).count())
        .toBe(1);
      await expect
        .poll(async () => (await tableRows(page).allTextContents()).join('|'), { timeout: 30_000 })
        .toContain(customer);
      expect(await tableRows(page).count()).toBe(1);

      await page.goto(adminHref(server, '/analytics/orders', '&period=last_year'));
      await tableLoaded(page, 30_000);
      const first = tableRows(page).first();
      const number = first.locator('td:nth-child(2) a, th:nth-child(2) a');
      const orderNumber = (await number.textContent()) ?? '';
      await number.click();
      await page.waitForURL(/period=custom/);
      const url = new URL(page.url()).searchParams;
      expect(url.get('path')).toBe('/analytics/orders');
      expect(url.get('after')).toBe(url.get('before'));
      await tableLoaded(page, 30_000);
      await expect
        .poll(async () =>
          page
            .locator('.sl-table-card tbody tr')
            .locator('td:nth-child(2), th:nth-child(2)')
            .allTextContents(),
        )
        .toContain(orderNumber);
    });

    it('a report’s first load brings at most 250 KB of JavaScript over the wire', async () => {
      // A fresh context: nothing cached, as a first visit.
      const fresh = await openDashboard(browser, server);
      try {
        await fresh.goto(adminHref(server, '/analytics/orders', '&period=last_year'));
        await expect.poll(() => tableRows(fresh).count(), { timeout: 30_000 }).toBeGreaterThan(0);
        const bytes = await fresh.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.endsWith('.js'))
            .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
        );
        expect(bytes).toBeGreaterThan(0);
        expect(bytes).toBeLessThanOrEqual(250 * 1024);
      } finally {
        await fresh.context().close();
      }
    });

    it('Products: checking two rows and Compare draws one line per product', async () => {
      await page.goto(adminHref(server, '/analytics/products', '&period=last_year'));
      await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBeGreaterThan(1);
      const boxes = page.locator('.sl-table-card tbody input[type="checkbox"]');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByRole('button', { name: 'Compare (2)' }).click();
      await page.waitForURL(/filter=compare-products/);
      expect(page.url()).toMatch(/products=\d+%2C\d+|products=\d+,\d+/);
      await expect
        .poll(() => page.locator('.sl-chart-legend li').count())
        .toBeGreaterThanOrEqual(2);
      expect(await page.getByText('Compare Products').count()).toBeGreaterThan(0);
    });

    it('Products: a variable product lists only its own variations', async () => {
      await page.goto(adminHref(server, '/analytics/variations', '&period=last_year'));
      await tableLoaded(page, 30_000);
      const link = tableRows(page).first().getByRole('link').first();
      const parent = (await link.textContent())?.split(' - ')[0] ?? '';
      await link.click();
      await page.waitForURL(/filter=single_product/);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Variations', level: 2 }).count(), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      await tableLoaded(page, 30_000);
      expect(parent).not.toBe('');
      for (const row of await tableRows(page).allTextContents()) expect(row).toContain(parent);
    });

    it('Customers: an advanced "between" filter is sent only once both ends are set', async () => {
      await page.goto(adminHref(server, '/customers', '&filter=advanced'));
      const filter = page.getByRole('button', { name: 'Filter', exact: true });
      await filter.waitFor({ timeout: 30_000 });
      expect(await filter.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Add a Filter' }).click();
      await page.getByRole('menuitem', { name: 'No. of Orders' }).click();
      const row = page.getByRole('group', { name: 'No. of Orders' });
      await row.getByRole('combobox').first().selectOption('between');
      await row.getByLabel('No. of Orders range start').fill('2');
      expect(await filter.isDisabled()).toBe(true);
      await row.getByLabel('No. of Orders range end').fill('3');
      await filter.click();
      await page.waitForURL(/orders_count_between/);
      await tableLoaded(page, 30_000);
      const orders = await page
        .locator('.sl-table-card tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => Number(r.querySelectorAll('td, th')[4]?.textContent ?? 'NaN')),
        );
      for (const n of orders) expect(n >= 2 && n <= 3).toBe(true);
    });

    it('Customers: both paths show the same page, and a search narrows it', async () => {
      await page.goto(adminHref(server, '/analytics/customers'));
      await expect
        .poll(() => page.getByRole('heading', { name: 'Customers', level: 1 }).count())
        .toBe(1);
      await tableLoaded(page, 30_000);
      const name = (await tableRows(page).first().locator('th, td').first().textContent()) ?? '';
      const last = name.split(' ').pop() ?? name;
      await page.goto(adminHref(server, '/customers', `&search=${encodeURIComponent(last)}`));
      await expect
        .poll(
          async () => (await tableRows(page).allTextContents()).every((t) => t.includes(last)),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);
    });

    it('Stock: an edited quantity is saved, and a refused one comes back with a message', async () => {
      await page.goto(adminHref(server, '/analytics/stock', '&type=instock'));
      const input = page.getByRole('textbox', { name: /^Stock quantity of / }).first();
      await input.waitFor({ timeout: 30_000 });
      const label = (await input.getAttribute('aria-label')) ?? '';
      await input.fill('77');
      await input.press('Enter');
      await expect.poll(() => input.inputValue()).toBe('77');
      // Confirmed in a notice, announced.
      await page
        .getByText(/^The stock of .+ is now 77\.$/)
        .first()
        .waitFor();
      await page.reload();
      await expect
        .poll(() => page.getByRole('textbox', { name: label }).first().inputValue(), {
          timeout: 30_000,
        })
        .toBe('77');

      await page.route('**/wp-json/wc-analytics/products/**', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({
                code: 'x',
                message: 'Database unavailable',
                data: { status: 500 },
              }),
            })
          : route.continue(),
      );
      const again = page.getByRole('textbox', { name: label }).first();
      await again.fill('5');
      await again.press('Enter');
      await expect.poll(() => page.getByText(/could not be updated/).count()).toBeGreaterThan(0);
      await expect.poll(() => again.inputValue()).toBe('77');
      await page.unroute('**/wp-json/wc-analytics/products/**');
    });
  });
});
