import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, pageNonce, seriousViolations } from './browser';
import { type RunningServer, startServer } from './server';

const REVENUE = '/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Frevenue&period=year';
const PROFILE = '/wp-admin/admin.php?page=wc-admin&path=%2Fprofile';
const USERS = '/wp-admin/admin.php?page=wc-admin&path=%2Fusers';

describe('Accounts in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signed out, a dashboard URL shows the login page; errors show under the form; logging in returns to the URL', async () => {
    const page = await openDashboard(browser, server, { role: null });
    await page.goto(REVENUE);
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    // The page itself carries no store data and no inline script.
    const csp = (await page.request.get(REVENUE)).headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard only: the e-mail field has focus, Tab moves to the password, Enter submits.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('email');
    await page.keyboard.type(server.accounts.administrator.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('incorrect');
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Password').fill(server.accounts.administrator.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Revenue', level: 1 }).waitFor();
    expect(page.url()).toContain('path=%2Fanalytics%2Frevenue&period=year');
    await page.getByText(/Logged in as/).waitFor();
    await page.context().close();
  });

  it('is axe-clean in the dark theme too (login, profile, users)', async () => {
    const anonymous = await openDashboard(browser, server, { role: null, colorScheme: 'dark' });
    await anonymous.goto(REVENUE);
    await anonymous.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await seriousViolations(anonymous)).toEqual([]);
    await anonymous.context().close();
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openDashboard(browser, server, { colorScheme });
      for (const [url, heading] of [
        [PROFILE, 'Profile'],
        [USERS, 'Users'],
      ] as const) {
        await page.goto(url);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      }
      await page.context().close();
    }
  });

  it('logs out from the header and lands on the login page at the same URL', async () => {
    const page = await openDashboard(browser, server, { role: 'analyst' });
    await page.goto(REVENUE);
    await page.getByText('Logged in as analyst').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(page.url()).toContain('period=year');
    // The old session is gone on the server too.
    expect((await page.request.get('/wp-json/wp/v2/users/me')).status()).toBe(401);
    await page.context().close();
  });

  it('an expired session shows the login page in place and logging in goes back there', async () => {
    const page = await openDashboard(browser, server, { role: 'shop_manager' });
    await page.goto(PROFILE);
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    // The session ends behind the page's back (as when it expires).
    const nonce = await pageNonce(page);
    const out = await page.request.post('/wp-json/storelens/v1/logout', {
      headers: { 'X-WP-Nonce': nonce },
    });
    expect(out.status()).toBe(200);
    // The next request the page makes is answered 401.
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your session has expired').waitFor();
    expect(page.url()).toContain('path=%2Fprofile');
    await page.getByLabel('E-mail address').fill(server.accounts.shop_manager.email);
    await page.getByLabel('Password').fill(server.accounts.shop_manager.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(page.url()).toContain('path=%2Fprofile');
    await page.context().close();
  });

  it('a shop manager cannot open the Users or Settings screens, nor change store settings', async () => {
    const page = await openDashboard(browser, server, { role: 'shop_manager' });
    await page.goto(REVENUE);
    await page.getByText('Logged in as').waitFor();
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.goto(USERS);
    await page.getByText('Only administrators can manage users.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const nonce = await pageNonce(page);
    const users = await page.request.get('/wp-json/wp/v2/users', {
      headers: { 'X-WP-Nonce': nonce },
    });
    expect(users.status()).toBe(403);
    const settings = await page.request.put(
      '/wp-json/wc-analytics/settings/general/woocommerce_currency',
      {
        headers: { 'X-WP-Nonce': nonce },
        data: { value: 'EUR' },
      },
    );
    expect(settings.status()).toBe(403);
    // The Analytics settings screen is for administrators: neither in the menu nor drawn.
    await page.goto('/wp-admin/admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings');
    await page.getByRole('heading', { name: 'Not allowed', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).count()).toBe(
      0,
    );
    await page.context().close();
  });

  it('an administrator invites a user, who follows the link, sets a password and is in', async () => {
    const admin = await openDashboard(browser, server);
    await admin.goto(USERS);
    await admin.getByRole('heading', { name: 'Invite a user' }).waitFor();
    await admin.getByLabel('E-mail address').fill('new.analyst@e2e.test');
    await admin.getByLabel('Role', { exact: true }).selectOption('analyst');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const link = admin.getByLabel(/One-time link for new.analyst@e2e.test/);
    await link.waitFor();
    const url = await link.inputValue();
    await admin.getByRole('cell', { name: 'new.analyst@e2e.test', exact: true }).waitFor();
    await admin.context().close();

    const invitee = await openDashboard(browser, server, { role: null });
    await invitee.goto(url);
    await invitee.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(await seriousViolations(invitee)).toEqual([]);
    await invitee.getByLabel('Your name').fill('Ana Lyst');
    await invitee.getByLabel('Password', { exact: true }).fill('a long enough password');
    await invitee.getByRole('button', { name: /Save and go/ }).click();
    await invitee.getByText('Logged in as Ana Lyst').waitFor();
    await invitee.context().close();
  });
});

/** A port nobody listens on now, so the server's public address is known before it starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('First run in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The raw messages a real SMTP server on loopback received from Storelens. */
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push(text);
        callback();
      });
    },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const smtpAddress = smtp.server.address();
    if (!smtpAddress || typeof smtpAddress === 'string') throw new Error('no smtp port');
    const port = await freePort();
    server = await startServer({
      STORELENS_ADMIN_EMAIL: '',
      STORELENS_ADMIN_PASSWORD: '',
      STORELENS_DEMO: '0',
      // The server can e-mail reset links: mail goes to the loopback SMTP server, and links
      // point at the public address (here the server's own).
      PORT: String(port),
      STORELENS_PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpAddress.port}`,
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('npm start prints a setup link that creates the administrator and opens the dashboard', async () => {
    const link = /Create the administrator[^\n]*\n\s+(http\S+)/.exec(server.output())?.[1];
    expect(link).toBeDefined();
    const page = await openDashboard(browser, server, { role: null });
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Create the administrator', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Owner');
    await page.getByLabel('E-mail address').fill('owner@e2e.test');
    await page.getByLabel('Password').fill('owner password 1');
    await page.getByRole('button', { name: 'Create the administrator' }).click();
    await page.getByText('Logged in as Owner').waitFor();
    // The owner lands on Home, whose first step is their own shop.
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const steps = page.getByRole('region', { name: 'Get started with Storelens' });
    await steps.getByRole('link', { name: 'Connect your WooCommerce shop' }).waitFor();
    await page.context().close();
  });

  it('"Forgot password?" e-mails a one-time link that sets a new password, by keyboard, axe-clean light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const look = await openDashboard(browser, server, { role: null, colorScheme });
      await look.goto('/wp-admin/admin.php?page=wc-admin&path=%2Fforgot-password');
      await look.getByRole('heading', { name: 'Forgot password', level: 1 }).waitFor();
      expect(await seriousViolations(look)).toEqual([]);
      await look.context().close();
    }
    const page = await openDashboard(browser, server, { role: null });
    await page.goto(REVENUE);
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Forgot password', level: 1 }).waitFor();
    // The e-mail field has focus; Enter sends.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('email');
    await page.keyboard.type('owner@e2e.test');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'is on its way' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => mails.length).toBe(1);
    const body = mails[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /http:\/\/127\.0\.0\.1:\d+\/wp-admin\/admin\.php\?[^\s"<]+/.exec(body)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!.replace(/&amp;/g, '&'));
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('owner password 2');
    await page.getByRole('button', { name: /Save and go/ }).click();
    await page.getByText('Logged in as Owner').waitFor();
    await page.context().close();
    // The old password no longer works, the new one does.
    const login = (password: string) =>
      fetch(`${server.url}/wp-json/storelens/v1/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'owner@e2e.test', password }),
      });
    expect((await login('owner password 1')).status).toBe(401);
    expect((await login('owner password 2')).status).toBe(200);
  });
});
