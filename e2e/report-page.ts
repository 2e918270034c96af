import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

/*
 * What the report pages' browser tests share: the address of a dashboard page and the wait for
 * a report table's rows.
 */

/** The browser's steps wait on report requests of a 6,000-order store: generous. */
export const SLOW = 180_000;

/** Last year, compared with the year before it (a query string to append). */
export const LAST_YEAR = '&period=last_year&compare=previous_year';

/** The dashboard's address of `path` (e.g. `/analytics/revenue`), with `query` appended. */
export const adminHref = (server: RunningServer, path: string, query = '') =>
  `${server.url}/wp-admin/admin.php?page=wc-admin&path=${encodeURIComponent(path)}${query}`;

/** The body rows of the report table (the card's table, not the chart's). */
export const tableRows = (page: Page) => page.locator('.sl-table-card table tbody tr');

/** Waits until the report table shows rows of data, not its loading placeholder. */
export async function tableLoaded(page: Page, timeout = 60_000): Promise<void> {
  await expect
    .poll(
      async () =>
        (await tableRows(page).count()) > 0 &&
        !(await page.locator('.sl-table-card').textContent())?.includes('data is loading'),
      { timeout },
    )
    .toBe(true);
}
