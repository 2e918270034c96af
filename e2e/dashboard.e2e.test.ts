import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDashboard, pageNonce, seriousViolations } from './browser';
import { apiLogin, type RunningServer, startServer } from './server';

const admin = (path?: string, query = '') =>
  `/wp-admin/admin.php?page=wc-admin${path ? `&path=${encodeURIComponent(path)}` : ''}${query}`;

/**
 * Console errors, uncaught exceptions and failed requests of a page, to assert there are none.
 * Requests a test fails on purpose (`page.route`) are left out: the browser logs those too.
 */
const mocked = new WeakSet<Request>();

/** Answers a request with a WordPress-style 500, as a failing server would. */
function fail(route: Route) {
  mocked.add(route.request());
  return route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ code: 'internal', message: 'down', data: { status: 500 } }),
  });
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !mocked.has(r.request()))
      errors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function h1(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('Dashboard shell, Home and Overview in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await openDashboard(browser, server);
    // Six engineers share two cores: allow waits longer than Playwright's 30 s default.
    page.context().setDefaultTimeout(60_000);
    page.context().setDefaultNavigationTimeout(60_000);
    errors = watchErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('/ opens Home within the JavaScript budget, with breadcrumbs and the document title', async () => {
    await page.goto(`${server.url}/`);
    await h1(page, 'Home');
    await page.waitForLoadState('networkidle');
    const scriptBytes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter(
          (e) =>
            (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'),
        )
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
    );
    expect(scriptBytes).toBeGreaterThan(0);
    expect(scriptBytes).toBeLessThanOrEqual(250 * 1024);
    expect(await page.title()).toBe('Home ‹ Storelens');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.textContent()).toContain('Home');
  });

  it('the menu lists the pages that exist and carries the report period', async () => {
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    // Every page of the navigation: Home, Analytics (Overview, the reports, Settings and its
    // Connections), Customers; each once (Customers' two paths are one page).
    for (const name of [
      'Home',
      'Overview',
      'Revenue',
      'Orders',
      'Products',
      'Variations',
      'Categories',
      'Coupons',
      'Taxes',
      'Downloads',
      'Stock',
      'Settings',
      'Connections',
      'Customers',
    ])
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    await page.goto(
      `${server.url}${admin('/analytics/revenue', '&period=last_year&compare=previous_period')}`,
    );
    await h1(page, 'Revenue');
    expect(await page.title()).toBe('Revenue ‹ Analytics ‹ Storelens');
    const overview = nav.getByRole('link', { name: 'Overview', exact: true });
    expect(await overview.getAttribute('href')).toContain('period=last_year');
    const settings = nav.getByRole('link', { name: 'Settings', exact: true });
    expect(await settings.getAttribute('href')).not.toContain('period=');
    await overview.click();
    await h1(page, 'Overview');
    expect(page.url()).toContain('period=last_year');
    expect(await page.title()).toBe('Overview ‹ Analytics ‹ Storelens');
  });

  it('an unknown page shows "Page not found"', async () => {
    await page.goto(`${server.url}${admin('/analytics/nope')}`);
    await h1(page, 'Page not found');
    expect(await page.getByRole('link', { name: 'Go to Home' }).count()).toBe(1);
  });

  it('a favorite is added, kept after reload, and removed; a failed add shows a snackbar', async () => {
    await page.goto(`${server.url}${admin('/analytics/overview')}`);
    await h1(page, 'Overview');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('button', { name: 'Favorite Revenue' }).click();
    const favorites = nav.getByRole('region', { name: 'Favorites' });
    await favorites.getByRole('link', { name: 'Revenue' }).waitFor();
    await page.reload();
    await favorites.getByRole('link', { name: 'Revenue' }).waitFor();
    expect(
      await nav
        .getByRole('button', { name: 'Favorite Revenue' })
        .first()
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await nav.getByRole('button', { name: 'Favorite Revenue' }).first().click();
    await expect.poll(() => favorites.count()).toBe(0);

    await page.route('**/wc-admin/navigation/favorites/me*', (route) =>
      route.request().method() === 'POST' ? fail(route) : route.continue(),
    );
    await nav.getByRole('button', { name: 'Favorite Overview' }).click();
    await page.getByText('Overview could not be added to favorites.').waitFor();
    expect(await favorites.count()).toBe(0);
    await page.unroute('**/wc-admin/navigation/favorites/me*');
    await page.getByRole('button', { name: 'Dismiss this notice' }).first().click();
  });

  it('Overview: a section moved down keeps its place after reload; removed and added back', async () => {
    await page.goto(`${server.url}${admin('/analytics/overview')}`);
    await h1(page, 'Overview');
    const order = () =>
      page.locator('.sl-overview__section h2').evaluateAll((els) => els.map((e) => e.textContent));
    await expect.poll(order).toEqual(['Performance', 'Charts', 'Leaderboards']);
    await page
      .getByRole('button', { name: 'Choose which analytics to display and the section name' })
      .click();
    await page.getByRole('menuitem', { name: 'Move down' }).click();
    await expect.poll(order).toEqual(['Charts', 'Performance', 'Leaderboards']);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect.poll(order).toEqual(['Charts', 'Performance', 'Leaderboards']);

    await page
      .getByRole('button', { name: 'Choose which leaderboards to display and other settings' })
      .click();
    await page.getByRole('menuitem', { name: 'Remove section' }).click();
    await expect.poll(order).toEqual(['Charts', 'Performance']);
    await page.getByRole('button', { name: 'Add Leaderboards section' }).click();
    await expect.poll(order).toEqual(['Charts', 'Performance', 'Leaderboards']);
    // The tiles and leaderboards are drawn from the server.
    await page
      .getByRole('link', { name: /^Total sales/ })
      .first()
      .waitFor();
    await page
      .getByRole('table', { name: 'Top Products - Items Sold' })
      .getByRole('row')
      .nth(1)
      .waitFor();
  });

  it('Home inbox: a note action, dismiss and Undo, dismiss all and Undo', async () => {
    await page.goto(`${server.url}/`);
    await h1(page, 'Home');
    const inbox = page.getByRole('region', { name: /^Inbox/ });
    const notes = inbox.locator('.sl-note');
    await notes.first().waitFor();
    const firstTitle = (await notes.first().locator('h3').textContent()) ?? '';
    await inbox.getByRole('button', { name: `Dismiss "${firstTitle}"` }).click();
    await page.getByText('Message dismissed').waitFor();
    await expect.poll(() => inbox.getByRole('heading', { name: firstTitle }).count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await inbox.getByRole('heading', { name: firstTitle }).waitFor();

    // Mark as read: the note loses its unread mark and the badge counts what the server
    // counts. Not "the badge minus one": the notifier's first check of the demo's alert rules
    // may raise a note between the page's read and the click.
    const unreadBadge = async () =>
      Number(
        /(\d+)/.exec(
          (await inbox
            .locator('h2 .sl-badge')
            .textContent()
            .catch(() => '0')) ?? '0',
        )?.[1] ?? 0,
      );
    const unreadOnServer = async () => {
      const headers = await apiLogin(server.url, server.accounts.administrator);
      const query = new URLSearchParams({
        status: 'unactioned',
        type: 'error,warning,update,info,marketing,survey',
        is_read: 'false',
        per_page: '1',
      });
      const r = await fetch(`${server.url}/wp-json/wc-analytics/admin/notes?${query}`, {
        headers,
      });
      return Number(r.headers.get('x-wp-total'));
    };
    const markRead = inbox.getByRole('button', { name: /^Mark ".*" as read$/ }).first();
    if ((await markRead.count()) > 0) {
      const label = (await markRead.getAttribute('aria-label')) ?? '';
      const before = await unreadBadge();
      await markRead.click();
      await expect.poll(() => inbox.getByRole('button', { name: label }).count()).toBe(0);
      const counted = async () => {
        const shown = await unreadBadge();
        return shown === (await unreadOnServer()) && shown <= before ? 'matches' : shown;
      };
      await expect.poll(counted).toBe('matches');
    }

    // An action marks its note actioned: it leaves the inbox of unactioned notes. Which of
    // the demo's notes with an action are on the first page depends on the day: the alerts
    // the notifier raised for the generated orders come first.
    const action =
      /^(Review analytics settings|Choose the date type|Set up a digest|View stock|Invite a user)$/;
    const note = inbox
      .locator('.sl-note')
      .filter({ has: page.getByRole('button', { name: action }) })
      .first();
    const title = (await note.locator('h3').textContent()) ?? '';
    await note.getByRole('button', { name: action }).first().click();
    await page
      .waitForURL((u) => !u.search.includes('path=') || u.search.includes('path=%2F&'), {
        timeout: 5000,
      })
      .catch(() => undefined);
    await page.goto(`${server.url}/`);
    await inbox.locator('.sl-note').first().waitFor();
    expect(await inbox.getByRole('heading', { name: title }).count()).toBe(0);

    const before = await inbox.locator('.sl-note').count();
    await page.getByRole('button', { name: 'Inbox Notes Options' }).click();
    await page.getByRole('menuitem', { name: 'Dismiss all' }).click();
    await page
      .getByRole('dialog', { name: 'Dismiss all messages' })
      .getByRole('button', { name: 'Yes, dismiss all' })
      .click();
    await page.getByText('All messages dismissed').waitFor();
    await inbox.getByText('Your inbox is empty').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => inbox.locator('.sl-note').count()).toBe(before);
  });

  it('Home activity: a review approved then Undone; stock edited, and a failed edit rolled back', async () => {
    const reviews = page.getByRole('region', { name: /^Reviews/ });
    const first = reviews.locator('[data-review-id]').first();
    await first.waitFor();
    const id = await first.getAttribute('data-review-id');
    const review = reviews.locator(`[data-review-id="${id}"]`);
    await review.getByRole('button', { name: /^Approve: / }).click();
    await page.getByText('Review approved').waitFor();
    await expect.poll(() => review.count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await review.waitFor();

    const stock = page.getByRole('region', { name: /^Stock/ });
    const quantityOf = async (row: ReturnType<Page['locator']>) =>
      Number(
        /(-?\d+) in stock/.exec((await row.getByTestId('stock-quantity').textContent()) ?? '')?.[1],
      );
    const pickRow = async () => {
      const row = stock.locator('.sl-activity__item').first();
      const update = row.getByRole('button', { name: /^Update stock of / });
      await update.waitFor();
      const name = ((await update.getAttribute('aria-label')) ?? '').replace(
        'Update stock of ',
        '',
      );
      return { name, row: stock.locator('.sl-activity__item', { hasText: name }).first() };
    };
    const serverQuantity = async (name: string) => {
      const headers = await apiLogin(server.url, server.accounts.administrator);
      const r = await fetch(
        `${server.url}/wp-json/wc-analytics/products/low-in-stock?per_page=100`,
        {
          headers,
        },
      );
      const list = (await r.json()) as { name: string; stock_quantity: number }[];
      return list.find((p) => p.name === name)?.stock_quantity;
    };

    // The PUT is held back a little so the optimistic value can be seen before the answer.
    let failNext = false;
    await page.route('**/wc-analytics/products/**', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await new Promise((r) => setTimeout(r, 500));
      return failNext ? fail(route) : route.continue();
    });

    const edited = await pickRow();
    const current = await quantityOf(edited.row);
    // Lower (or 1 from 0) keeps the product at or under its low-stock threshold.
    const next = current > 0 ? current - 1 : 1;
    await edited.row.getByRole('button', { name: `Update stock of ${edited.name}` }).click();
    await stock.getByLabel(`Stock of ${edited.name}`).fill(String(next));
    await stock.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => quantityOf(edited.row)).toBe(next);
    await page.getByText(`${edited.name} stock updated`).waitFor();
    expect(await serverQuantity(edited.name)).toBe(next);

    failNext = true;
    const failed = await pickRow();
    const kept = await quantityOf(failed.row);
    await failed.row.getByRole('button', { name: `Update stock of ${failed.name}` }).click();
    await stock.getByLabel(`Stock of ${failed.name}`).fill(String(kept + 7));
    await stock.getByRole('button', { name: 'Save' }).click();
    // Optimistic: the new value shows at once, then the failure puts the old one back.
    await expect.poll(() => quantityOf(failed.row)).toBe(kept + 7);
    await page
      .getByText(`The stock of ${failed.name} could not be updated:`, { exact: false })
      .waitFor();
    await expect.poll(() => quantityOf(failed.row)).toBe(kept);
    expect(await serverQuantity(failed.name)).toBe(kept);
    await page.unroute('**/wc-analytics/products/**');
  });

  it('Home first steps and the demo: marked on every page, each step leads to its screen and is ticked when done', async () => {
    await page.goto(`${server.url}/`);
    // The generated shop is said to be one, on Home and on a report, with the way to a real one.
    for (const url of [`${server.url}/`, `${server.url}${admin('/analytics/revenue')}`]) {
      await page.goto(url);
      const banner = page.getByRole('complementary', { name: 'Demo data' });
      await banner.getByText('These figures come from a generated shop, not yours.').waitFor();
      await banner.getByRole('link', { name: 'Connect your WooCommerce shop' }).waitFor();
    }
    await page.goto(`${server.url}/`);
    const steps = page.getByRole('region', { name: 'Get started with Storelens' });
    // The e2e server has a shop manager and an analyst: the team step is done.
    await steps.getByText('Your team is invited').waitFor();
    await steps.getByRole('link', { name: 'Connect your WooCommerce shop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
    await page.goBack();
    // The demo sells some products without a cost: the step opens them first.
    await steps.getByRole('link', { name: 'Fill in missing costs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    expect(new URL(page.url()).searchParams.get('orderby')).toBe('cost_of_goods');
    await page.goBack();
    await steps.getByRole('link', { name: 'Get your numbers by e-mail every morning' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    // A digest made (here through the REST API the page uses) ticks the step.
    const made = await page.request.post('/wp-json/storelens/v1/digests', {
      headers: { 'X-WP-Nonce': await pageNonce(page) },
      data: { frequency: 'daily', hour: 7, channels: [{ type: 'email' }] },
    });
    expect(made.status()).toBe(201);
    await page.goto(`${server.url}/`);
    await steps.getByText('You get a digest').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.request.delete(`/wp-json/storelens/v1/digests/${(await made.json()).id}`, {
      headers: { 'X-WP-Nonce': await pageNonce(page) },
    });
  });

  it('an analyst sees only the report pages: Home and Settings are not offered', async () => {
    const analyst = await openDashboard(browser, server, { role: 'analyst' });
    const analystErrors = watchErrors(analyst);
    await analyst.goto(`${server.url}/`);
    await analyst.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const nav = analyst.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.getByRole('link', { name: 'Revenue', exact: true }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Home', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    // Favorites are per user and open to every role: the analyst stars a report page.
    await nav.getByRole('button', { name: 'Favorite Orders' }).click();
    const favorites = nav.getByRole('region', { name: 'Favorites' });
    await favorites.getByRole('link', { name: 'Orders' }).waitFor();
    await nav.getByRole('button', { name: 'Favorite Orders' }).first().click();
    await expect.poll(() => favorites.count()).toBe(0);
    await analyst.goto(`${server.url}${admin('/analytics/settings')}`);
    await analyst.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    await analyst.waitForLoadState('networkidle');
    expect(analystErrors).toEqual([]);
    await analyst.context().close();
  });

  it('the theme choice is applied and remembered; axe is clean in light and dark', async () => {
    await page.goto(`${server.url}/`);
    await h1(page, 'Home');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Theme').selectOption('dark');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark');
    await page.waitForLoadState('networkidle');
    await page.reload();
    await h1(page, 'Home');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${server.url}${admin('/analytics/overview')}`);
    await h1(page, 'Overview');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Theme').selectOption('light');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('works at 360 px and at 1400 px: no page scrolls sideways, no number wraps, the header keeps to two lines, tables fit a wide screen', async () => {
    // Every page of the menu, reports included: a table scrolls inside its card, never the page.
    const paths = [
      '/',
      '/analytics/overview',
      '/analytics/revenue',
      '/analytics/orders',
      '/analytics/products',
      '/analytics/variations',
      '/analytics/categories',
      '/analytics/coupons',
      '/analytics/taxes',
      '/analytics/downloads',
      '/analytics/stock',
      '/analytics/sources',
      '/analytics/cohorts',
      '/customers',
      '/analytics/settings',
      '/analytics/settings/notifications',
      '/analytics/settings/connections',
    ];
    const wide = await openDashboard(browser, server, { viewport: { width: 1400, height: 900 } });
    for (const path of paths) {
      await wide.goto(`${server.url}${admin(path === '/' ? undefined : path)}`);
      await wide.getByRole('heading', { level: 1 }).first().waitFor();
      await wide.waitForLoadState('networkidle');
      const overflow = await wide.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at 1400 px`).toBeLessThanOrEqual(0);
      // At 1400 px a report's columns are all on screen: its table fits its card.
      const tables = await wide.evaluate(() =>
        Array.from(document.querySelectorAll('.sl-table__scroll')).map(
          (t) => t.scrollWidth - t.clientWidth,
        ),
      );
      for (const extra of tables) expect(extra, `${path}: table wider than its card`).toBe(0);
    }
    await wide.context().close();

    const narrow = await openDashboard(browser, server, { viewport: { width: 360, height: 740 } });
    const narrowErrors = watchErrors(narrow);
    for (const path of paths) {
      await narrow.goto(`${server.url}${admin(path === '/' ? undefined : path)}`);
      await narrow.getByRole('heading', { level: 1 }).first().waitFor();
      await narrow.waitForLoadState('networkidle');
      const wide = await narrow.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .filter((e) => getComputedStyle(e).position !== 'absolute')
          .slice(0, 5)
          .map(
            (e) =>
              `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`,
          ),
      );
      const overflow = await narrow.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path}: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
      // The header is the menu button and the brand, then the theme and account: two lines.
      const header = await narrow.locator('.sl-app__header').boundingBox();
      expect(header?.height ?? 0, `${path}: header height`).toBeLessThan(90);
      // No number (a tile's, a legend's, a leaderboard's) breaks across two lines: the text's
      // line boxes all sit on one line.
      const numbers = await narrow.locator('.sl-number').count();
      if (path === '/analytics/overview') expect(numbers).toBeGreaterThan(0);
      const wrapped = await narrow.evaluate(() =>
        Array.from(document.querySelectorAll('.sl-number'))
          .filter((e) => {
            const range = document.createRange();
            range.selectNodeContents(e);
            const tops = new Set(
              Array.from(range.getClientRects())
                .filter((r) => r.width > 0)
                .map((r) => Math.round(r.top)),
            );
            return tops.size > 1;
          })
          .map((e) => e.textContent),
      );
      expect(wrapped, `${path}: numbers on two lines`).toEqual([]);
    }
    const menu = narrow.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await narrow.getByRole('link', { name: 'Revenue', exact: true }).isVisible()).toBe(
      false,
    );
    await menu.click();
    await narrow.getByRole('link', { name: 'Revenue', exact: true }).click();
    await narrow.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor();
    expect(await seriousViolations(narrow)).toEqual([]);
    expect(narrowErrors).toEqual([]);
    await narrow.context().close();
  }, 480_000);

  it('logged no console errors', () => {
    expect(errors).toEqual([]);
  });
});
