import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WooSimulator } from '../apps/server/test/woo-simulator';
import { launchBrowser, openDashboard, seriousViolations } from './browser';
import { type RunningServer, startServer } from './server';

const PAGE = '/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings%2Fconnections';

describe('Connections page in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let sim: WooSimulator;

  beforeAll(async () => {
    sim = await new WooSimulator({ seed: 4, name: 'Corner Shop' }).start();
    sim.generate(400);
    sim.slowMs = 20;
    server = await startServer({ STORELENS_DEMO_ORDERS: '500' });
    browser = await launchBrowser();
    page = await openDashboard(browser, server, { role: 'administrator' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
  });

  const fill = async (url: string, secret: string) => {
    await page.getByLabel('Shop URL').fill(url);
    await page.getByLabel('Consumer key').fill('ck_test');
    await page.getByLabel('Consumer secret').fill(secret);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
  };

  it('shows the form; a wrong secret is explained under it, by keyboard too', async () => {
    await page.goto(`${server.url}${PAGE}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Connections', level: 1 }).count())
      .toBe(1);
    // Before connecting, the page says how changes will arrive: this server has no public
    // address, so by checking the shop every few minutes, not by webhook.
    expect(await page.getByTestId('webhooks-before-connecting').textContent()).toMatch(
      /STORELENS_PUBLIC_URL is not set/,
    );
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect.poll(() => page.getByText('Enter the address of your shop.').count()).toBe(1);
    expect(await page.getByLabel('Shop URL').getAttribute('aria-invalid')).toBe('true');
    await fill(sim.url, 'wrong');
    await expect
      .poll(async () => (await page.getByRole('alert').textContent()) ?? '')
      .toMatch(/refused the consumer key/);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('asks before replacing the demo, then imports with progress bars to the end', async () => {
    await page.getByLabel('Consumer secret').fill('cs_test');
    await page.getByLabel('Consumer secret').press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Replace the demo store?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Replace the demo and connect' }).click();
    await page.getByRole('heading', { name: 'Corner Shop' }).waitFor();
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'Orders with their refunds' }).count())
      .toBe(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page)).toEqual([]);
    }
    await expect
      .poll(() => page.getByTestId('connection-status').textContent(), { timeout: 90_000 })
      .toBe('Corner Shop is in sync.');
    const orders = page.getByRole('progressbar', { name: 'Orders with their refunds' });
    expect(await orders.getAttribute('value')).toBe('400');
    expect(await orders.getAttribute('max')).toBe('400');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/Import finished/);
    // The end of the import says so and leads to the numbers.
    await page.getByText('The import is complete: 400 orders.').waitFor();
    expect(await page.getByRole('link', { name: 'See your numbers' }).count()).toBe(1);
    // The import is over: the button pauses the sync.
    expect(await page.getByRole('button', { name: 'Pause the sync' }).count()).toBe(1);
    expect(await page.getByText('USD', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Europe/Paris').count()).toBe(1);
  });

  it('the Downloads report says that the shop’s downloads are not imported', async () => {
    await page.goto(
      `${server.url}/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Fdownloads&period=last_year`,
    );
    const notice = page.getByRole('status').filter({ hasText: 'Downloads from Corner Shop' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('no download log');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${server.url}${PAGE}`);
    await page.getByRole('heading', { name: 'Corner Shop' }).waitFor();
  });

  it('pauses and resumes from the keyboard, and disconnects after confirming', async () => {
    const pause = page.getByRole('button', { name: 'Pause the sync' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect
      .poll(() => page.getByTestId('connection-status').textContent(), { timeout: 30_000 })
      .toBe('Corner Shop is in sync.');
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.getByRole('button', { name: 'Disconnect the shop' }).click();
    await page.getByRole('heading', { name: 'Connect your WooCommerce shop' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
