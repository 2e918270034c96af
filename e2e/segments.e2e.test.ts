import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, seriousViolations, watchConsole } from './browser';
import { adminHref, LAST_YEAR, SLOW, tableLoaded } from './report-page';
import { apiLogin, type RunningServer, startServer } from './server';

const SEGMENT = 'Completed orders (e2e)';
const RENAMED = 'Completed and kept (e2e)';

/**
 * The year the page's primary range starts in, read from the date range picker's toggle
 * (its range label, e.g. "Last year (Jan 1 - Dec 31, 2025)": the first year named is the start's).
 */
async function primaryStartYear(page: Page): Promise<string> {
  const label = await page.locator('.sl-date-range-picker__primary').first().textContent();
  const year = /\b(\d{4})\b/.exec(label ?? '')?.[1];
  if (!year) throw new Error(`No year in the date range label "${label}"`);
  return year;
}

/**
 * The next report response whose URL has `part` and names the segment: for the page's own
 * range (the year its date picker shows it starting in), not its comparison range, whose
 * figures may both be empty; with `also` in its URL too (a page may ask the same report for
 * other fields).
 */
const segmentResponse = (page: Page, part: string, also = '') => {
  let year: Promise<string> | undefined;
  return page.waitForResponse(
    async (r) => {
      const url = r.url();
      if (!url.includes(part) || !url.includes(also) || !/[?&]segment=\d+/.test(url)) return false;
      year ??= primaryStartYear(page);
      return url.includes(`after=${await year}-`);
    },
    { timeout: 60_000 },
  );
};

describe('Saved segments in the dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let consoleMessages: string[];
  let headers: Record<string, string>;

  /** The same request over REST, as the administrator; `segment` dropped when asked. */
  const rest = async (response: Response, withSegment = true) => {
    const url = new URL(response.url());
    if (!withSegment) url.searchParams.delete('segment');
    const res = await fetch(`${server.url}${url.pathname}${url.search}`, { headers });
    expect(res.status).toBe(200);
    return res.json();
  };

  /** Chooses the segment named `name` in the report's Segment picker with the arrow keys. */
  const chooseByKeyboard = async (name: string) => {
    const picker = page.getByRole('combobox', { name: 'Segment' });
    await expect
      .poll(() => picker.locator('option').allTextContents(), { timeout: 60_000 })
      .toContain(name);
    await picker.focus();
    for (let i = 0; i < 10; i++) {
      const shown = await picker.evaluate(
        (el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '',
      );
      if (shown === name) break;
      await page.keyboard.press('ArrowDown');
    }
  };

  beforeAll(async () => {
    server = await startServer();
    headers = await apiLogin(server.url, server.accounts.administrator);
    browser = await launchBrowser();
    page = await openDashboard(browser, server);
    consoleMessages = watchConsole(page);
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    "saves the Orders report's advanced filters as a segment by keyboard",
    async () => {
      await page.goto(
        adminHref(server, '/analytics/orders', `${LAST_YEAR}&filter=advanced&status_is=completed`),
      );
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await tableLoaded(page);
      await page.getByRole('button', { name: 'Save as segment' }).focus();
      await page.keyboard.press('Enter');
      // The name field opens focused.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
        .toBe(await page.getByLabel('Segment name').getAttribute('id'));
      // Nothing typed: the error is said, and nothing is saved.
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'Give the segment a name' }).count())
        .toBe(1);
      await page.keyboard.type(SEGMENT);
      const saved = page.waitForResponse(
        (r) => r.url().includes('/storelens/v1/segments') && r.request().method() === 'POST',
      );
      await page.keyboard.press('Enter');
      const created = await saved;
      expect(created.status()).toBe(201);
      const body = (await created.json()) as { query: Record<string, unknown> };
      expect(body.query).toMatchObject({ status_is: ['completed'] });
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Saved the segment' }).count())
        .toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'narrows Revenue to the segment: other figures than unfiltered, those of REST',
    async () => {
      await page.goto(adminHref(server, '/analytics/revenue', LAST_YEAR));
      await page.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor();
      await tableLoaded(page);
      const narrowed = segmentResponse(page, 'reports/revenue/stats');
      await chooseByKeyboard(SEGMENT);
      const response = await narrowed;
      expect(response.status()).toBe(200);
      expect(page.url()).toMatch(/segment=\d+/);
      const shown = (await response.json()) as { totals: { net_revenue: number } };
      const viaRest = (await rest(response)) as { totals: { net_revenue: number } };
      const unfiltered = (await rest(response, false)) as { totals: { net_revenue: number } };
      expect(shown.totals.net_revenue).toBe(viaRest.totals.net_revenue);
      expect(shown.totals.net_revenue).not.toBe(unfiltered.totals.net_revenue);
      await tableLoaded(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
    },
    SLOW,
  );

  it(
    'narrows Products to the segment, its list and its stats',
    async () => {
      await page.goto(adminHref(server, '/analytics/products', LAST_YEAR));
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await tableLoaded(page);
      const stats = segmentResponse(page, 'reports/products/stats');
      const list = page.waitForResponse(
        (r) =>
          /reports\/products\?/.test(r.url()) &&
          /[?&]segment=\d+/.test(r.url()) &&
          r.request().method() === 'GET',
        { timeout: 60_000 },
      );
      await chooseByKeyboard(SEGMENT);
      const statsResponse = await stats;
      const shown = (await statsResponse.json()) as { totals: { items_sold: number } };
      const viaRest = (await rest(statsResponse)) as { totals: { items_sold: number } };
      const unfiltered = (await rest(statsResponse, false)) as { totals: { items_sold: number } };
      expect(shown.totals.items_sold).toBe(viaRest.totals.items_sold);
      expect(shown.totals.items_sold).toBeLessThan(unfiltered.totals.items_sold);
      const listResponse = await list;
      const rows = (await listResponse.json()) as { product_id: number; items_sold: number }[];
      expect(rows).toEqual(
        ((await rest(listResponse)) as typeof rows).map((r) => expect.objectContaining(r)),
      );
      await tableLoaded(page);
      expect(page.url()).toMatch(/segment=\d+/);
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'narrows the Profit page (chart and payment methods) and the Cohorts heat table to the segment',
    async () => {
      await page.goto(adminHref(server, '/analytics/profit', LAST_YEAR));
      await page.getByRole('heading', { level: 1, name: 'Profit' }).waitFor();
      // The chart's request (the coverage note under it asks for its own fields).
      const stats = segmentResponse(page, 'reports/profit/stats', 'net_revenue');
      const methods = page.waitForResponse(
        (r) =>
          /reports\/sources\?/.test(r.url()) &&
          r.url().includes('groupby=payment_method') &&
          /[?&]segment=\d+/.test(r.url()),
        { timeout: 60_000 },
      );
      await chooseByKeyboard(SEGMENT);
      const statsResponse = await stats;
      const shown = (await statsResponse.json()) as { totals: { net_revenue: number } };
      const viaRest = (await rest(statsResponse)) as { totals: { net_revenue: number } };
      const unfiltered = (await rest(statsResponse, false)) as { totals: { net_revenue: number } };
      expect(shown.totals.net_revenue).toBe(viaRest.totals.net_revenue);
      expect(shown.totals.net_revenue).not.toBe(unfiltered.totals.net_revenue);
      // The breakdowns under the chart follow the same segment: the payment methods add up to it.
      const methodRows = (await (await methods).json()) as { net_revenue: number }[];
      const sum = methodRows.reduce((total, r) => total + r.net_revenue, 0);
      expect(Math.round(sum * 100)).toBe(Math.round(shown.totals.net_revenue * 100));

      const id = new URL(page.url()).searchParams.get('segment');
      const cohorts = page.waitForResponse(
        (r) => r.url().includes('reports/cohorts') && r.url().includes(`segment=${id}`),
        { timeout: 60_000 },
      );
      await page.goto(adminHref(server, '/analytics/cohorts', `${LAST_YEAR}&segment=${id}`));
      await page.getByRole('heading', { level: 1, name: 'Cohorts' }).waitFor();
      const cohortsResponse = await cohorts;
      expect(cohortsResponse.status()).toBe(200);
      const narrowed = (await cohortsResponse.json()) as { customers: number }[];
      const all = (await rest(cohortsResponse, false)) as { customers: number }[];
      const count = (rows: { customers: number }[]) => rows.reduce((n, r) => n + r.customers, 0);
      expect(count(narrowed)).toBeLessThan(count(all));
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Segment' }).inputValue())
        .toBe(String(id));
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );
  it(
    'narrows the Overview’s indicators and the RFM groups of Cohorts to the segment, as REST answers them',
    async () => {
      await page.goto(adminHref(server, '/analytics/overview', LAST_YEAR));
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      const tile = page.locator('.sl-summary__item').filter({ hasText: 'Net sales' });
      const value = tile.locator('.sl-summary__value');
      await value.waitFor({ timeout: 60_000 });
      const indicators = segmentResponse(page, 'reports/performance-indicators?');
      const leaderboards = segmentResponse(page, 'wc-analytics/leaderboards?');
      await chooseByKeyboard(SEGMENT);
      const response = await indicators;
      expect(response.status()).toBe(200);
      expect((await leaderboards).status()).toBe(200);
      expect(page.url()).toMatch(/segment=\d+/);
      type Indicator = { stat: string; value: number | null };
      const netSales = (list: Indicator[]) =>
        list.find((i) => i.stat === 'revenue/net_revenue')?.value ?? null;
      const shown = netSales((await response.json()) as Indicator[]);
      const viaRest = netSales((await rest(response)) as Indicator[]);
      const unfiltered = netSales((await rest(response, false)) as Indicator[]);
      expect(shown).not.toBeNull();
      expect(shown).toBe(viaRest);
      expect(shown).not.toBe(unfiltered);
      // The tile shows the segment's figure, to the cent.
      const cents = (text: string | null) =>
        Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100);
      await expect
        .poll(async () => cents(await value.textContent()))
        .toBe(Math.round((viaRest as number) * 100));
      const id = new URL(page.url()).searchParams.get('segment');
      await expect
        .poll(() =>
          page.getByText(`The figures count only the orders of the segment “${SEGMENT}”.`).count(),
        )
        .toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      const rfm = page.waitForResponse(
        (r) => /reports\/rfm\?/.test(r.url()) && r.url().includes(`segment=${id}`),
        { timeout: 60_000 },
      );
      await page.goto(adminHref(server, '/analytics/cohorts', `${LAST_YEAR}&segment=${id}`));
      await page.getByRole('heading', { level: 1, name: 'Cohorts' }).waitFor();
      const rfmResponse = await rfm;
      expect(rfmResponse.status()).toBe(200);
      type Groups = { customers: number; groups: { group: string; customers: number }[] };
      const narrowed = (await rfmResponse.json()) as Groups;
      const again = (await rest(rfmResponse)) as Groups;
      const all = (await rest(rfmResponse, false)) as Groups;
      expect(narrowed.groups).toEqual(again.groups);
      expect(narrowed.customers).toBe(again.customers);
      expect(narrowed.customers).toBeLessThanOrEqual(all.customers);
      // The table shows each group's customers as answered.
      const table = page.locator('.sl-cohorts__groups');
      await table.waitFor({ timeout: 60_000 });
      const counts = await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
      expect(counts.map((t) => Number(t.replace(/,/g, '')))).toEqual(
        narrowed.groups.map((g) => g.customers),
      );
      await page
        .getByText(`The groups score only the orders of the segment “${SEGMENT}”`)
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      // A group opens the Customers report under the segment on exactly its customers.
      const opened = narrowed.groups.find((g) => g.customers > 0)!;
      const listed = page.waitForResponse(
        (r) =>
          /reports\/customers\?/.test(r.url()) &&
          r.url().includes(`rfm_group=${opened.group}`) &&
          r.url().includes(`segment=${id}`),
        { timeout: 60_000 },
      );
      await table
        .getByRole('link', { name: /open these [\d,]+ customers/ })
        .first()
        .waitFor();
      await table
        .locator('tbody tr')
        .nth(narrowed.groups.indexOf(opened))
        .getByRole('link')
        .click();
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      expect(Number((await listed).headers()['x-wp-total'])).toBe(opened.customers);
    },
    SLOW,
  );
  it(
    'renames and deletes the segment on the manage screen, by keyboard',
    async () => {
      await page.getByRole('link', { name: 'Manage segments' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: SEGMENT });
      await row.waitFor({ timeout: 60_000 });
      expect(await row.textContent()).toContain('status is: completed');
      expect(await seriousViolations(page)).toEqual([]);

      await row.getByRole('button', { name: `Rename “${SEGMENT}”` }).focus();
      await page.keyboard.press('Enter');
      const field = page.getByLabel(`New name of “${SEGMENT}”`);
      await field.waitFor();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Enter');
      // An empty name: the error under the field, which says it describes it.
      const error = page.getByRole('alert').filter({ hasText: 'Give the segment a name' });
      await error.waitFor();
      expect(await field.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.type(RENAMED);
      const renamed = page.waitForResponse(
        (r) => r.url().includes('/storelens/v1/segments/') && r.request().method() === 'PUT',
      );
      await page.keyboard.press('Enter');
      expect((await renamed).status()).toBe(200);
      const renamedRow = page.getByRole('row').filter({ hasText: RENAMED });
      await renamedRow.waitFor();
      // The administrator may share it.
      await renamedRow
        .getByRole('checkbox', { name: `Share “${RENAMED}” with every user` })
        .focus();
      const shared = page.waitForResponse(
        (r) => r.url().includes('/storelens/v1/segments/') && r.request().method() === 'PUT',
      );
      await page.keyboard.press('Space');
      expect(((await (await shared).json()) as { shared: boolean }).shared).toBe(true);

      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      await renamedRow.getByRole('button', { name: `Delete “${RENAMED}”` }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('group', { name: `Delete the segment “${RENAMED}”?` });
      await confirm.waitFor();
      // The confirmation takes the focus on its Delete button.
      const deleted = page.waitForResponse(
        (r) => r.url().includes('/storelens/v1/segments/') && r.request().method() === 'DELETE',
      );
      await page.keyboard.press('Enter');
      expect((await deleted).status()).toBe(200);
      await expect.poll(() => page.getByRole('row').filter({ hasText: RENAMED }).count()).toBe(0);
      const left = await fetch(`${server.url}/wp-json/storelens/v1/segments`, { headers });
      expect(((await left.json()) as { name: string }[]).map((s) => s.name)).not.toContain(RENAMED);
      expect(consoleMessages).toEqual([]);
    },
    SLOW,
  );

  it(
    'reaches the manage screen from Settings',
    async () => {
      await page.goto(adminHref(server, '/analytics/settings'));
      await page.getByRole('link', { name: 'Manage saved segments' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
      await page.getByText('No segments yet.').waitFor({ timeout: 60_000 });
      expect(await seriousViolations(page)).toEqual([]);
    },
    SLOW,
  );
});
