import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, seriousViolations } from './browser';
import { type RunningServer, startServer } from './server';

/** The summary number of a metric: its value text, read by the item's accessible label. */
async function summaryValue(page: Page, label: string): Promise<string> {
  const item = page.getByRole('link', { name: new RegExp(`^${label}`) }).first();
  await item.waitFor();
  return (await item.textContent()) ?? '';
}

describe('Revenue report in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await openDashboard(browser, server);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the Revenue page with numbers, a chart and a table', async () => {
    await page.goto(`${server.url}/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Frevenue`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Revenue', level: 1 }).count())
      .toBe(1);
    await expect
      .poll(async () => /\$[\d,]+\.\d\d/.test(await summaryValue(page, 'Gross sales')))
      .toBe(true);
    await expect.poll(() => page.getByRole('table').count()).toBeGreaterThan(0);
    expect(await page.locator('svg path').count()).toBeGreaterThan(0);
  });

  it('has no serious or critical accessibility violations', async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('picking "Last year" updates the URL, the numbers and the chart; reload and back keep the state', async () => {
    const before = await summaryValue(page, 'Gross sales');
    const legendBefore = await page.locator('body').textContent();
    await page
      .getByRole('button', { name: /Month to date/ })
      .first()
      .click();
    await page.getByRole('radio', { name: 'Last year' }).check();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(/period=last_year/);
    await expect.poll(() => summaryValue(page, 'Gross sales')).not.toBe(before);
    // Both ranges answered (the comparison may come after the primary one).
    await page.waitForLoadState('networkidle');
    const lastYear = await summaryValue(page, 'Gross sales');
    expect(lastYear).toMatch(/\$[\d,]+\.\d\d/);
    expect(await page.locator('body').textContent()).not.toBe(legendBefore);
    await expect
      .poll(() => page.getByRole('button', { name: /Last year/ }).count())
      .toBeGreaterThan(0);

    await page.reload();
    await expect.poll(() => summaryValue(page, 'Gross sales')).toBe(lastYear);

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('period=last_year'));
    await expect.poll(() => summaryValue(page, 'Gross sales')).toBe(before);
    await page.goForward();
    await expect.poll(() => summaryValue(page, 'Gross sales')).toBe(lastYear);
  });

  it('shows the summary once the comparison answered too, never "N/A" for one still loading', async () => {
    // The comparison (the year before last) is held until the primary year has answered.
    const yearOf = (url: URL) => url.searchParams.get('after')?.slice(0, 4);
    const compared = (url: URL) =>
      url.pathname.endsWith('/reports/revenue/stats') &&
      yearOf(url) === String(new Date().getFullYear() - 2);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(compared, async (route) => {
      await released;
      await route.continue();
    });
    const primaryAnswered = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.endsWith('/reports/revenue/stats') &&
        yearOf(new URL(r.url())) === String(new Date().getFullYear() - 1),
    );
    await page.goto(
      `${server.url}/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Frevenue&period=last_year&compare=previous_year`,
    );
    await primaryAnswered;
    // The table (the primary year's days) is drawn while the summary still waits.
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await page.locator('.sl-summary.is-loading').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /^Gross sales/ }).count()).toBe(0);
    release();
    const figure = await summaryValue(page, 'Gross sales');
    expect(figure).toMatch(/^Gross sales \$[\d,]+\.\d\d .*Previous year \$[\d,]+\.\d\d$/);
    await page.unroute(compared);
  });

  it('charts another metric when its summary number is chosen, by keyboard', async () => {
    const net = page.getByRole('link', { name: /^Net sales/ }).first();
    await net.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/chart=net_revenue/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Net sales' }).count())
      .toBeGreaterThan(0);
  });

  it('switches to a bar chart that the URL (chartType) keeps across a reload', async () => {
    await page.getByRole('button', { name: 'Bar chart' }).first().click();
    await page.waitForURL(/chartType=bar/);
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Bar chart' }).first().getAttribute('aria-pressed'),
      )
      .toBe('true');
    await page.reload();
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Bar chart' }).first().getAttribute('aria-pressed'),
      )
      .toBe('true');
    await expect.poll(() => page.locator('.sl-chart__bar').count()).toBeGreaterThan(0);
  });

  it('keeps the view accessible after changes', async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });
});
