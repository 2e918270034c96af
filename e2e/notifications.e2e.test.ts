import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, seriousViolations } from './browser';
import { type RunningServer, startServer } from './server';

const PAGE = '/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings%2Fnotifications';

/** A slow UI step on a loaded machine: a page load, a form, a real server's send. */
const UI_TIMEOUT_MS = 180_000;

/** Whether the element a locator finds has the focus. */
const focused = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 3 }).evaluate((el) => el === document.activeElement);

describe('Settings › Notifications in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ STORELENS_DEMO_ORDERS: '300' });
    browser = await launchBrowser();
    page = await openDashboard(browser, server, { role: 'administrator' });
    page.on('pageerror', (e) => errors.push(e.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'creates a daily digest by e-mail from the keyboard; it is listed and focused',
    async () => {
      await page.goto(`${server.url}${PAGE}`);
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      // An administrator starts with Storelens's store-wide starter rules, marked as such.
      const starter = page.getByRole('heading', { name: /^The shop connection keeps failing/ });
      await starter.waitFor();
      expect(await starter.textContent()).toContain('Store-wide');
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      expect(await nav.getByRole('link', { name: 'Notifications', exact: true }).count()).toBe(1);
      await page.getByText('You have no digest yet.').waitFor();

      await page.getByRole('button', { name: 'Add a digest' }).focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: 'New digest' });
      const frequency = form.getByLabel('Frequency');
      await expect.poll(() => frequency.evaluate((el) => el === document.activeElement)).toBe(true);
      await frequency.selectOption('daily');
      await form.getByLabel('Send at').selectOption({ label: '07:00' });
      expect(await form.getByLabel('E-mail (your address)').isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Create' }).focus();
      await page.keyboard.press('Enter');

      await page.getByRole('heading', { name: 'Daily digest at 07:00', level: 3 }).waitFor();
      await expect.poll(() => focused(page, 'Daily digest at 07:00')).toBe(true);
      await page.getByText('Digest created: Daily digest at 07:00.').waitFor();
      // It is the server's: a reload lists it again.
      await page.reload();
      await page.getByRole('heading', { name: 'Daily digest at 07:00', level: 3 }).waitFor();
      expect(await page.getByText('Not sent yet').count()).toBe(1);
    },
    UI_TIMEOUT_MS,
  );

  it(
    'a bad Slack URL is explained under its field by the server',
    async () => {
      await page.getByRole('button', { name: 'Add a digest' }).click();
      const form = page.getByRole('form', { name: 'New digest' });
      await form.getByLabel('E-mail (your address)').uncheck();
      await form.getByLabel('Slack', { exact: true }).check();
      const url = form.getByLabel('Slack incoming-webhook URL');
      await url.fill('ftp://hooks.example/x');
      await form.getByRole('button', { name: 'Create' }).click();
      await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
      const described = await url.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(described).toMatch(/channels\[0\]\.url/);
      await expect.poll(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: 'Add a digest' })
            .evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
    },
    UI_TIMEOUT_MS,
  );

  it(
    'creates an alert rule; sending a test shows the outcome and the history',
    async () => {
      await page.getByRole('button', { name: 'Add an alert rule' }).click();
      const form = page.getByRole('form', { name: 'New alert rule' });
      await form.getByLabel('Alert me when').selectOption('above');
      await form.getByLabel('Metric').selectOption('orders/orders_count');
      const value = form.getByLabel('Value');
      await value.fill('50');
      await value.press('Enter');
      await page.getByRole('heading', { name: 'Orders above 50 per day', level: 3 }).waitFor();
      await expect.poll(() => focused(page, 'Orders above 50 per day')).toBe(true);

      // No SMTP server is configured here: the test's e-mail is reported as not sent.
      const digest = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: 'Daily digest at 07:00' }),
      });
      await digest.getByRole('button', { name: 'Send a test now' }).click();
      await expect
        .poll(() => digest.getByRole('status').textContent(), { timeout: 60_000 })
        .toMatch(/^Test for .+: E-mail (sent|failed|skipped)/);
      const history = page.getByRole('table', { name: 'Delivery history' });
      await expect
        .poll(() => history.getByRole('row').count(), { timeout: 60_000 })
        .toBeGreaterThan(1);

      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await seriousViolations(page)).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    },
    UI_TIMEOUT_MS,
  );

  it(
    'deletes the alert rule after confirming, by keyboard',
    async () => {
      const rule = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: 'Orders above 50 per day' }),
      });
      await rule.getByRole('button', { name: 'Delete' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('button', { name: 'Delete alert rule' });
      await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Orders above 50 per day' }).count())
        .toBe(0);
      await page.getByText('Alert rule deleted.').waitFor();
      await expect
        .poll(() =>
          page
            .getByRole('heading', { name: 'Alert rules', level: 2 })
            .evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
      expect(errors).toEqual([]);
    },
    UI_TIMEOUT_MS,
  );

  it(
    'an analyst manages their own: the page is offered, store-wide is not',
    async () => {
      const analyst = await openDashboard(browser, server, { role: 'analyst' });
      await analyst.goto(`${server.url}${PAGE}`);
      await analyst.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      // The administrator's own digest is not theirs to see.
      await analyst.getByText('You have no digest yet.').waitFor();
      await analyst.getByRole('button', { name: 'Add a digest' }).click();
      const form = analyst.getByRole('form', { name: 'New digest' });
      await form.getByLabel('Frequency').waitFor();
      expect(await form.getByLabel(/Store-wide/).count()).toBe(0);
      expect(await seriousViolations(analyst)).toEqual([]);
      await analyst.context().close();
    },
    UI_TIMEOUT_MS,
  );
});
