import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, seriousViolations, watchConsole } from './browser';
import { adminHref, LAST_YEAR, SLOW, tableLoaded, tableRows } from './report-page';
import { apiLogin, type RunningServer, startServer } from './server';

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
      await page.goto(adminHref(server, '/analytics/overview', LAST_YEAR));
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
      await page.goto(adminHref(server, '/analytics/revenue', LAST_YEAR));
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
      await page.goto(adminHref(server, '/analytics/products', LAST_YEAR));
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
      await wide.goto(adminHref(server, '/analytics/orders', LAST_YEAR));
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

  it(
    'shows the Customers table with the Gross profit column chosen in the column picker, sorted by it',
    async () => {
      await page.goto(adminHref(server, '/analytics/customers'));
      await tableLoaded(page);
      const head = page.locator('.sl-table-card thead');
      // Left to the column picker: the default columns fit a 1400 px screen without it.
      expect(await head.textContent()).not.toMatch(/Gross profit/);
      await page.getByRole('button', { name: 'Choose which values to display' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Gross profit' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => head.textContent()).toMatch(/Gross profit/);
      await page
        .getByRole('columnheader', { name: /Gross profit/ })
        .first()
        .getByRole('button')
        .click();
      await page.waitForURL(/orderby=gross_profit/);
      await tableLoaded(page);
      const order = new URL(page.url()).searchParams.get('order') ?? 'desc';
      // The column's figures, top to bottom: an unknown one (a dash) sorts lowest.
      const column = await head
        .locator('th')
        .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.includes('Gross profit')));
      expect(column).toBeGreaterThan(0);
      const values = async () =>
        (
          await tableRows(page)
            .locator(`:is(td, th):nth-child(${column + 1})`)
            .allTextContents()
        ).map((text) => {
          const n = Number(text.replace(/[^\d.-]/g, ''));
          return /\d/.test(text) ? n : Number.NEGATIVE_INFINITY;
        });
      await expect
        .poll(async () => (await values()).length, { timeout: 60_000 })
        .toBeGreaterThan(5);
      const seen = await values();
      expect(seen.some((v) => v > 0)).toBe(true);
      const sorted = [...seen].sort((a, b) => (order === 'asc' ? a - b : b - a));
      expect(seen).toEqual(sorted);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    "shows the Coupons table's Gross profit column with the REST figures, sorted by it",
    async () => {
      // The table's own request: its range, to read the REST answer for the same one.
      const listed = page.waitForResponse(
        (res) => /\/reports\/coupons\?/.test(res.url()) && res.request().method() === 'GET',
        { timeout: 60_000 },
      );
      await page.goto(adminHref(server, '/analytics/coupons', LAST_YEAR));
      const range = new URL((await listed).url()).searchParams;
      await tableLoaded(page);
      const head = page.locator('.sl-table-card thead');
      // Of the orders that used each coupon; their net profit is in the column picker.
      await expect.poll(() => head.textContent()).toMatch(/Gross profit/);
      expect(await head.textContent()).not.toMatch(/Net profit/);
      await page
        .getByRole('columnheader', { name: /Gross profit/ })
        .first()
        .getByRole('button')
        .click();
      await page.waitForURL(/orderby=gross_profit/);
      await tableLoaded(page);
      const order = new URL(page.url()).searchParams.get('order') ?? 'desc';
      const columnOf = (label: string) =>
        head
          .locator('th')
          .evaluateAll((ths, l) => ths.findIndex((th) => th.textContent?.includes(l)), label);
      const [codeColumn, column] = [await columnOf('Coupon code'), await columnOf('Gross profit')];
      expect(column).toBeGreaterThan(codeColumn);
      const headers = await apiLogin(server.url, server.accounts.administrator);
      const rest = (await (
        await fetch(
          `${server.url}/wp-json/wc-analytics/reports/coupons?after=${range.get('after')}&before=${range.get('before')}&orderby=gross_profit&order=${order}&extended_info=true&per_page=100`,
          { headers },
        )
      ).json()) as { gross_profit: number | null; extended_info: { code: string } }[];
      expect(rest.length).toBeGreaterThan(1);
      expect(rest.some((r) => (r.gross_profit ?? 0) > 0)).toBe(true);
      // Each row's code and gross profit, top to bottom, as REST sorts and answers them (an
      // unknown one is a dash).
      const shown = async () => {
        const rows = tableRows(page);
        const codes = await rows
          .locator(`:is(td, th):nth-child(${codeColumn + 1})`)
          .allTextContents();
        const profits = await rows
          .locator(`:is(td, th):nth-child(${column + 1})`)
          .allTextContents();
        return codes.map((code, i) => {
          const text = profits[i] ?? '';
          return [code.trim(), /\d/.test(text) ? Number(text.replace(/[^\d.-]/g, '')) : null];
        });
      };
      await expect.poll(async () => (await shown()).length, { timeout: 60_000 }).toBeGreaterThan(1);
      const seen = await shown();
      expect(seen).toEqual(
        rest.slice(0, seen.length).map((r) => [r.extended_info.code, r.gross_profit]),
      );
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'enters a unit cost inline on the Products report by keyboard, from a chosen day',
    async () => {
      // The products without a known cost first: an entered cost is the one in force there (a
      // shop's own cost wins over an entered one unless the Costs page says otherwise).
      await page.goto(
        adminHref(server, '/analytics/products', `${LAST_YEAR}&orderby=cost_of_goods&order=asc`),
      );
      await tableLoaded(page);
      const unknown = page.locator('.sl-cost-edit', { hasText: 'unknown' }).first();
      const edit = unknown.getByRole('button', { name: /^Edit the unit cost of / });
      const name = ((await edit.getAttribute('aria-label')) ?? '').replace(
        'Edit the unit cost of ',
        '',
      );
      await edit.focus();
      await page.keyboard.press('Enter');
      const cost = page.getByRole('textbox', { name: 'Unit cost' });
      await expect.poll(() => cost.evaluate((el) => el === document.activeElement)).toBe(true);
      await cost.fill('');
      await page.keyboard.type('3.25');
      await page.getByLabel('From').fill('2025-06-01');
      await cost.focus();
      await page.keyboard.press('Enter');
      const row = page.locator('.sl-cost-edit', {
        has: page.getByRole('button', { name: `Edit the unit cost of ${name}` }),
      });
      // The row says so, or, once the list is read again, shows the entered cost in force.
      await expect.poll(() => row.textContent(), { timeout: 60_000 }).toContain('$3.25');
    },
    SLOW,
  );

  it(
    'takes a costs CSV: a bad line is named, a good file is checked, then applied',
    async () => {
      const headers = await apiLogin(server.url, server.accounts.administrator);
      // A product without a cost of the shop's: the entered one is the cost in force.
      const list = await fetch(
        `${server.url}/wp-json/wc-analytics/reports/products?per_page=100&extended_info=true&orderby=cost_of_goods&order=asc&after=2025-01-01T00:00:00&before=2025-12-31T23:59:59`,
        { headers },
      );
      const rows = (await list.json()) as {
        product_id: number;
        extended_info: { cost?: number | null; name?: string };
      }[];
      const first = rows.filter((r) => r.extended_info.cost === null).at(-1);
      expect(first).toBeDefined();
      await page.goto(adminHref(server, '/analytics/costs'));
      await page.getByRole('heading', { level: 1, name: 'Costs' }).waitFor();
      const upload = (text: string) =>
        page.getByLabel('CSV file').setInputFiles({
          name: 'costs.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(text),
        });
      await upload(
        `id,cost,from\n${first!.product_id},2.50,2025-02-01\n${first!.product_id},x,2025-03-01\n`,
      );
      await page.getByRole('button', { name: 'Check the file' }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent(), { timeout: 60_000 })
        .toMatch(/Line 3/);
      await upload(`id,cost,from\n${first!.product_id},2.50,2025-02-01\n`);
      await page.getByRole('button', { name: 'Check the file' }).click();
      const table = page.getByRole('table', { name: 'What the file would change' });
      await table.waitFor({ timeout: 60_000 });
      expect(await table.textContent()).toContain('$2.50');
      await page.getByRole('button', { name: /^Apply 1 changes$/ }).click();
      await expect
        .poll(() => page.locator('.sl-notice--success').textContent(), { timeout: 60_000 })
        .toMatch(/^1 costs saved/);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  for (const colorScheme of ['light', 'dark'] as const) {
    it(
      `has no serious accessibility violations on Profit and Revenue, ${colorScheme}`,
      async () => {
        const themed = await openDashboard(browser, server, { colorScheme });
        for (const path of ['/analytics/profit', '/analytics/revenue']) {
          await themed.goto(adminHref(server, path, LAST_YEAR));
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
