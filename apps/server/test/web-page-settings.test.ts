import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BootSettings } from '@storelens/api';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { setOptions } from '../src/options';
import { bootSettings, dashboardPage, SETTINGS_ELEMENT_ID } from '../src/web';
import { describeEachEngine, signIn } from './harness';

const HEAD = '<html><head><title>Storelens</title>';
const BODY = '</head><body><div id="root"></div></body></html>';

function builtPage(): string {
  const root = mkdtempSync(join(tmpdir(), 'storelens-page-'));
  writeFileSync(join(root, 'index.html'), `${HEAD}${BODY}`);
  return root;
}

/** The page's settings element and what surrounds it, or a failure when it is not whole. */
function parsePage(page: string): { settings: BootSettings; json: string } {
  const open = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">`;
  expect(page.startsWith(`${HEAD}${open}`)).toBe(true);
  expect(page.endsWith(`</script>\n${BODY}`)).toBe(true);
  const json = page.slice(HEAD.length + open.length, page.length - `</script>\n${BODY}`.length);
  return { settings: JSON.parse(json) as BootSettings, json };
}

/** Every pattern a replacement string reads: the match, before it, after it, a group, a $. */
const PATTERNS = ['$`', '$&', "$'", '$1', '$$', '$<x>'];

/**
 * The dashboard page's settings were put in with `String.replace` and a replacement string, so
 * a setting holding `` $` `` (the thousand separator, a shop's name) pasted the page's head in
 * its place, and the page broke for everyone. They are now put in as they are.
 */
it.each(PATTERNS)('puts settings holding %s in the page as they are', (pattern) => {
  const page = dashboardPage(builtPage());
  const base: BootSettings = {
    timezone: 'UTC',
    startOfWeek: 1,
    defaultDateRange: `period=month&x=${pattern}`,
    dateType: 'date_paid',
    currency: {
      code: 'USD',
      symbol: '$',
      symbolPosition: 'left',
      thousandSeparator: pattern,
      decimalSeparator: '.',
      precision: 2,
    },
    excludedStatuses: [],
    connectedShop: {
      name: `Shop ${pattern} </head>`,
      url: 'https://shop.example',
      downloadLog: false,
    },
  };
  const html = page(base);
  const { settings, json } = parsePage(html);
  expect(settings).toEqual(base);
  expect(json).toBe(JSON.stringify(base).replace(/</g, '\\u003c'));
});

describeEachEngine('the dashboard page with settings holding replacement patterns', (ctx) => {
  it('answers a well-formed page with the exact settings JSON', async () => {
    const { db } = ctx();
    const app = await buildApp(db, { webRoot: builtPage() });
    const session = await signIn(db, 'administrator');
    try {
      // (A separator has no digits: `$1` is in the shop's name.)
      const separators = ['$`', "$'", '$&', '$$'];
      for (const separator of separators) {
        const put = await app.inject({
          method: 'PUT',
          url: '/wp-json/wc-analytics/settings/general/woocommerce_price_thousand_sep',
          headers: session,
          payload: { value: separator },
        });
        expect(put.statusCode).toBe(200);
        await setOptions(db, {
          storelens_connected_shop: {
            name: `O$'Brien $\` $& $1 shop`,
            url: 'https://shop.example',
            download_log: false,
          },
        });
        const res = await app.inject({
          url: '/wp-admin/admin.php?page=wc-admin',
          headers: session,
        });
        expect(res.statusCode).toBe(200);
        const { settings, json } = parsePage(res.body);
        const { auth: _auth, ...store } = settings as BootSettings & { auth?: unknown };
        // The signed-in page adds whether the server has a public address (none here).
        expect(store).toEqual({ ...(await bootSettings(db)), publicAddress: false });
        expect(settings.currency.thousandSeparator).toBe(separator);
        expect(settings.connectedShop?.name).toBe(`O$'Brien $\` $& $1 shop`);
        expect(json).toContain(JSON.stringify(`O$'Brien $\` $& $1 shop`));
      }
    } finally {
      await app.close();
    }
  });
});
