import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, seriousViolations, watchConsole } from './browser';
import { adminHref, LAST_YEAR, SLOW, tableLoaded } from './report-page';
import { type RunningServer, startServer } from './server';

const SEGMENT = 'Champions (e2e)';

/** The `data-cell` of the focused heat-table cell ("row-period"). */
const focusedCell = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);

describe('Cohorts, RFM groups and saved segments in the dashboard', () => {
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
    'moves through the cohorts heat table with the arrow keys',
    async () => {
      await page.goto(adminHref(server, '/analytics/cohorts', `${LAST_YEAR}&interval=month`));
      await page.getByRole('heading', { level: 1, name: 'Cohorts' }).waitFor({ timeout: 60_000 });
      const grid = page.getByRole('grid').first();
      await grid.waitFor({ timeout: 60_000 });
      await expect
        .poll(() => grid.locator('.sl-cohorts__cell').count(), { timeout: 60_000 })
        .toBeGreaterThan(3);
      await page.locator('.sl-cohorts__cell[tabindex="0"]').first().focus();
      await expect.poll(() => focusedCell(page)).toBe('0-0');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedCell(page)).toBe('0-1');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedCell(page)).toBe('1-1');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => focusedCell(page)).toBe('1-0');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => focusedCell(page)).toBe('0-0');
      // One cell of the table is in the tab order: the one last focused.
      expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'opens an RFM group in Customers and saves it as a shared segment',
    async () => {
      const group = page.getByRole('link', { name: /open these [\d,]+ customers/ }).first();
      await group.waitFor({ timeout: 60_000 });
      await group.click();
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      expect(page.url()).toContain('rfm_group=');
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'RFM group' }).count())
        .toBeGreaterThan(0);
      await tableLoaded(page);

      await page.getByRole('button', { name: 'Save as segment' }).click();
      await page.getByLabel('Segment name').fill(SEGMENT);
      await page.getByLabel('Share with every user').check();
      const saved = page.waitForResponse(
        (r) => r.url().includes('/storelens/v1/segments') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Save segment' }).click();
      expect((await saved).status()).toBe(201);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Saved the segment' }).count())
        .toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'narrows Revenue to the segment chosen in its Segment picker',
    async () => {
      await page.goto(adminHref(server, '/analytics/revenue', LAST_YEAR));
      await page.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor();
      await tableLoaded(page);
      const picker = page.getByRole('combobox', { name: 'Segment' });
      await expect.poll(() => picker.locator('option').count(), { timeout: 60_000 }).toBe(2);
      const narrowed = page.waitForResponse(
        (r) => r.url().includes('revenue/stats') && r.url().includes('segment='),
        { timeout: 60_000 },
      );
      await picker.focus();
      await picker.selectOption({ label: SEGMENT });
      expect((await narrowed).status()).toBe(200);
      expect(page.url()).toMatch(/segment=\d+/);
      await tableLoaded(page);
      expect(await picker.inputValue()).toMatch(/^\d+$/);
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
        await dark.goto(adminHref(server, '/customers'));
        await dark.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
        await tableLoaded(dark);
        await dark.getByRole('button', { name: 'Save as segment' }).click();
        await dark.getByLabel('Segment name').waitFor();
        expect(await seriousViolations(dark)).toEqual([]);
        await dark.goto(adminHref(server, '/analytics/revenue', LAST_YEAR));
        await dark.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor();
        await tableLoaded(dark);
        await dark.getByRole('combobox', { name: 'Segment' }).waitFor();
        expect(await seriousViolations(dark)).toEqual([]);
        await dark.goto(adminHref(server, '/analytics/cohorts', `${LAST_YEAR}&interval=month`));
        await dark.getByRole('grid').first().waitFor({ timeout: 60_000 });
        expect(await seriousViolations(dark)).toEqual([]);
      } finally {
        await dark.context().close();
      }
    },
    SLOW,
  );
});
