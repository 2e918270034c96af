import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, seriousViolations } from './browser';
import { apiLogin, type RunningServer, startServer } from './server';

const SETTINGS = '/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings';
const REVENUE =
  '/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Frevenue&period=last_year&compare=previous_year';

/** The Gross sales summary number of the Revenue report for last year. */
async function grossSales(page: Page): Promise<string> {
  await page.goto(REVENUE);
  const item = page.getByRole('link', { name: /^Gross sales/ }).first();
  await item.waitFor();
  await expect.poll(async () => /\$[\d,]+\.\d\d/.test((await item.textContent()) ?? '')).toBe(true);
  return (await item.textContent()) ?? '';
}

/** Waits until no import or rebuild runs (the status line shows no Stop button). */
async function importIdle(page: Page) {
  await expect
    .poll(() => page.getByRole('button', { name: 'Stop Import' }).count(), { timeout: 120_000 })
    .toBe(0);
}

describe('Analytics settings and the historical import in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await openDashboard(browser, server);
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the settings; Save with nothing changed sends nothing', async () => {
    await page.goto(SETTINGS);
    await page.getByRole('heading', { level: 1, name: 'Analytics settings' }).waitFor();
    const excluded = page.getByRole('group', { name: 'Excluded statuses:' });
    await excluded.getByRole('checkbox', { name: 'Pending' }).waitFor();
    expect(await excluded.getByRole('checkbox', { name: 'Refunded' }).count()).toBe(0);
    expect(await excluded.getByRole('checkbox', { name: 'Pending' }).isChecked()).toBe(true);
    let batches = 0;
    page.on('request', (r) => {
      if (r.url().includes('/settings/wc_admin/batch')) batches += 1;
    });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('There are no changes to save.').waitFor();
    expect(batches).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('warns before leaving with unsaved changes', async () => {
    const excluded = page.getByRole('group', { name: 'Excluded statuses:' });
    await excluded.getByRole('checkbox', { name: 'On hold' }).check();
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Overview', exact: true })
      .click();
    expect(asked).toEqual(['You have unsaved changes. If you proceed, they will be lost.']);
    expect(page.url()).toContain('analytics%2Fsettings');
    await excluded.getByRole('checkbox', { name: 'On hold' }).uncheck();
  });

  it('an import started is watched to completion and leaves the totals as they were', async () => {
    const before = await grossSales(page);
    await page.goto(SETTINGS);
    const section = page.getByRole('region', { name: 'Import historical data' });
    await section.getByLabel('Import historical data:').selectOption('all');
    await section.getByLabel('Skip previously imported customers and orders').uncheck();
    const start = section.getByRole('button', { name: 'Start' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await section
      .getByText(
        /Status: (Initializing|Importing Customers|Importing Orders|Finalizing|All historical data imported)/,
      )
      .waitFor();
    await importIdle(page);
    await section.getByText('Status: All historical data imported').waitFor();
    const orders = section.locator('.sl-import__progress', {
      hasText: 'Imported Orders and Refunds',
    });
    const text = (await orders.textContent()) ?? '';
    const [, done, total] = /([\d,]+) of ([\d,]+)/.exec(text) ?? [];
    expect(Number(total?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(done).toBe(total);
    await page.reload();
    await section.getByText('Status: All historical data imported').waitFor();
    expect(await grossSales(page)).toBe(before);
  });

  it('Delete previously imported data empties the reports; a new import brings them back', async () => {
    const before = await grossSales(page);
    await page.goto(SETTINGS);
    const section = page.getByRole('region', { name: 'Import historical data' });
    await section.getByText('Status: All historical data imported').waitFor();
    await section.getByRole('button', { name: 'Delete Previously Imported Data' }).click();
    await page.getByText('Report table data is being deleted.').waitFor();
    // The reports are empty now (read over the API, so this page keeps its state).
    const headers = await apiLogin(server.url, server.accounts.administrator);
    const totals = async () => {
      const r = await fetch(
        `${server.url}/wp-json/wc-analytics/reports/revenue/stats?period=last_year&compare=previous_year&after=2025-01-01T00:00:00&before=2025-12-31T23:59:59&interval=year&force_cache_refresh=true`,
        { headers },
      );
      return ((await r.json()) as { totals: { gross_sales: number } }).totals.gross_sales;
    };
    await expect.poll(totals).toBe(0);
    // A reload shows nothing imported, not the deleted import's finished progress.
    await page.reload();
    await section.getByText('Status: Ready To Import').waitFor();
    expect(await section.getByText('All historical data imported').count()).toBe(0);
    expect(
      await section.getByRole('button', { name: 'Delete Previously Imported Data' }).count(),
    ).toBe(0);

    // The form is offered again.
    await section.getByLabel('Import historical data:').selectOption('all');
    await section.getByLabel('Skip previously imported customers and orders').uncheck();
    const start = section.getByRole('button', { name: 'Start' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await expect.poll(totals, { timeout: 120_000 }).toBeGreaterThan(0);
    await importIdle(page);
    await section.getByText('Status: All historical data imported').waitFor();
    await expect.poll(() => grossSales(page), { timeout: 60_000 }).toBe(before);
  });

  it('saved excluded statuses change the reports (after the rebuild shown in the import section)', async () => {
    const before = await grossSales(page);
    await page.goto(SETTINGS);
    const excluded = page.getByRole('group', { name: 'Excluded statuses:' });
    await excluded.getByRole('checkbox', { name: 'Completed' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Your settings have been successfully saved.').waitFor();
    await importIdle(page);
    await expect.poll(() => grossSales(page), { timeout: 60_000 }).not.toBe(before);

    // Reset defaults asks first, then saves at once; the numbers come back.
    await page.goto(SETTINGS);
    await excluded.getByRole('checkbox', { name: 'Completed' }).waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Reset defaults' }).click();
    await page.getByText('Your settings have been successfully saved.').waitFor();
    expect(await excluded.getByRole('checkbox', { name: 'Completed' }).isChecked()).toBe(false);
    await importIdle(page);
    await expect.poll(() => grossSales(page), { timeout: 60_000 }).toBe(before);
  });

  it('is clean in the dark theme and logged no console errors', async () => {
    const dark = await openDashboard(browser, server, { colorScheme: 'dark' });
    await dark.goto(SETTINGS);
    await dark.getByRole('heading', { level: 1, name: 'Analytics settings' }).waitFor();
    await dark
      .getByRole('group', { name: 'Excluded statuses:' })
      .getByRole('checkbox')
      .first()
      .waitFor();
    expect(await dark.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await seriousViolations(dark)).toEqual([]);
    await dark.context().close();
    expect(errors).toEqual([]);
  });
});
