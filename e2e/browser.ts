import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { Account } from './server';

/** Debian's chromium; `CHROMIUM_PATH` overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless chromium with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Runs axe-core on the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Who a dashboard page acts as: a seeded account of e2e/server.ts, or nobody. */
export type DashboardRole = 'administrator' | 'shop_manager' | 'analyst';

/**
 * A new browser page on the dashboard of a running server, ready to navigate: every e2e test
 * opens its pages through this one helper, so signing in is done in one place.
 */
export async function openDashboard(
  browser: Browser,
  server: { url: string; accounts?: Readonly<Record<DashboardRole, Account>> },
  options: {
    /** The account to sign in as (administrator by default); `null` stays signed out. */
    role?: DashboardRole | null;
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    baseURL: server.url,
  });
  const role = options.role === undefined ? 'administrator' : options.role;
  const account = role ? server.accounts?.[role] : undefined;
  if (account) {
    // The context's request API shares its cookie jar: the page opens signed in.
    const res = await context.request.post('/wp-json/storelens/v1/login', { data: account });
    if (!res.ok())
      throw new Error(`sign-in as ${role} failed: ${res.status()} ${await res.text()}`);
  }
  return context.newPage();
}

/** The nonce the page was served with (its JSON settings block). */
export const pageNonce = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(document.getElementById('storelens-settings')?.textContent ?? '{}') as {
          auth?: { nonce: string };
        }
      ).auth?.nonce ?? '',
  );

/** Console errors and page errors, collected from now on. */
export function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}
