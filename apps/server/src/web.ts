import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BootSettings } from '@storelens/api';
import { currencySymbols } from '@storelens/currency';
import { listConnections } from './connect/tables';
import type { Db } from './db/database';
import { getOptions, readStoreSettings } from './options';
import { dataOnlyStatuses, statusLabel } from './order-statuses';

/** The store settings the dashboard boots with. */
export async function bootSettings(db: Db): Promise<BootSettings> {
  const settings = await readStoreSettings(db);
  const o = await getOptions(db, [
    'woocommerce_currency_pos',
    'woocommerce_price_thousand_sep',
    'woocommerce_price_decimal_sep',
    'woocommerce_default_date_range',
    'storelens_connected_shop',
    'woocommerce_demo_seed',
  ]);
  const shop = o.get('storelens_connected_shop') as
    | { name?: unknown; url?: unknown; download_log?: unknown }
    | undefined;
  const position = o.get('woocommerce_currency_pos');
  const custom = await dataOnlyStatuses(db);
  const [connection] = shop ? await listConnections(db) : [];
  return {
    timezone: settings.timezone,
    startOfWeek: settings.startOfWeek,
    defaultDateRange:
      (o.get('woocommerce_default_date_range') as string) || 'period=month&compare=previous_year',
    dateType: settings.dateType,
    currency: {
      code: settings.currency,
      symbol: (currencySymbols as Record<string, string>)[settings.currency] ?? settings.currency,
      symbolPosition:
        position === 'right' || position === 'left_space' || position === 'right_space'
          ? position
          : 'left',
      thousandSeparator: (o.get('woocommerce_price_thousand_sep') as string | undefined) ?? ',',
      decimalSeparator: (o.get('woocommerce_price_decimal_sep') as string | undefined) ?? '.',
      precision: settings.currencyPrecision,
    },
    excludedStatuses: settings.excludedStatuses,
    ...(!shop && o.get('woocommerce_demo_seed') != null ? { demoStore: true } : {}),
    ...(custom.length
      ? { customStatuses: custom.map((status) => ({ value: status, label: statusLabel(status) })) }
      : {}),
    ...(shop && typeof shop.url === 'string'
      ? {
          connectedShop: {
            name: typeof shop.name === 'string' ? shop.name : '',
            url: shop.url,
            downloadLog: shop.download_log === true,
            canWrite: connection?.can_write === 1,
          },
        }
      : {}),
  };
}

/** What the page tells a visitor who is not signed in: neutral defaults, no store data. */
export const anonymousSettings: BootSettings = {
  timezone: 'UTC',
  startOfWeek: 1,
  defaultDateRange: 'period=month&compare=previous_year',
  dateType: 'date_paid',
  currency: {
    code: 'USD',
    symbol: '$',
    symbolPosition: 'left',
    thousandSeparator: ',',
    decimalSeparator: '.',
    precision: 2,
  },
  excludedStatuses: [],
};

/** The id of the JSON element the dashboard reads its settings from (apps/web/src/boot.ts). */
export const SETTINGS_ELEMENT_ID = 'storelens-settings';

/**
 * The built dashboard page with the settings in its head, as a JSON data block rather than a
 * script, so the Content-Security-Policy can forbid every inline script.
 */
export function dashboardPage(webRoot: string): (settings: BootSettings) => string {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  // The page is cut once at its `</head>`: the settings go between the two parts as they are.
  // (A replacement string would read `$&`, `$'`, `` $` `` or `$1` in a setting, a shop's name
  // or a separator, as patterns, and break the page for everyone.)
  const at = template.indexOf('</head>');
  const head = template.slice(0, at);
  const rest = template.slice(at);
  return (settings) => {
    if (at < 0) return template;
    // `<` is escaped so no setting value can close the element.
    const json = JSON.stringify(settings).replace(/</g, '\\u003c');
    const element = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${json}</script>\n`;
    return `${head}${element}${rest}`;
  };
}
