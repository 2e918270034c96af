import { performanceIndicators } from '@storelens/api';
import { storeReportContext } from '../analytics/context';
import { noFilters } from '../analytics/filters';
import { indicatorValues } from '../analytics/indicators';
import { escapeHtml } from '../analytics/paging';
import { productsList } from '../analytics/products-list';
import { orderStats } from '../analytics/revenue';
import { sourcesList } from '../analytics/sources';
import type { Db } from '../db/database';
import { getOptions } from '../options';
import type { Period } from './periods';

/** The indicators a digest shows (the Overview's first ones), in its order. */
export const DIGEST_INDICATORS = performanceIndicators.slice(0, 8).map((p) => p.stat);

/** What a digest says, before it is written for a channel. */
export interface DigestContent {
  shop: string;
  frequency: Period['frequency'];
  period: { first: string; last: string };
  previous: { first: string; last: string };
  currency: string;
  precision: number;
  indicators: {
    stat: string;
    label: string;
    format: 'currency' | 'number' | 'percent';
    value: number | null;
    previous: number | null;
    /** Percent change against the previous period; null when it had none. */
    change: number | null;
  }[];
  top_products: { id: number; name: string; items_sold: number; net_revenue: number }[];
  /** The origins that brought the most net sales (the Sources report by origin). */
  top_sources: { value: string; label: string; orders_count: number; net_revenue: number }[];
  /** Net sales per hour (daily) or per day (weekly, monthly): the small chart. */
  chart: { label: string; value: number }[];
  /** Links to the reports with the same range; absent without STORELENS_PUBLIC_URL. */
  links: {
    overview?: string;
    revenue?: string;
    orders?: string;
    products?: string;
    sources?: string;
  };
}

/** The shop's name: the `blogname` option, else the connected shop's, else "your store". */
async function shopName(db: Db): Promise<string> {
  const name = (await getOptions(db, ['blogname'])).get('blogname');
  if (typeof name === 'string' && name.trim() !== '') return name;
  const shop = await db.kysely
    .selectFrom('connections')
    .select('store')
    .orderBy('id')
    .executeTakeFirst()
    .catch(() => undefined);
  try {
    const store = JSON.parse(shop?.store ?? '{}') as { name?: unknown };
    if (typeof store.name === 'string' && store.name.trim() !== '') return store.name;
  } catch {
    // An unreadable store record has no name.
  }
  return 'your store';
}

/** The dashboard URL of a report on the period's dates, compared with the period before. */
export function reportLink(publicUrl: string, path: string, first: string, last: string): string {
  const q = new URLSearchParams({
    page: 'wc-admin',
    path,
    period: 'custom',
    compare: 'previous_period',
    after: first,
    before: last,
  });
  return `${publicUrl.replace(/\/+$/, '')}/wp-admin/admin.php?${q.toString()}`;
}

/** Reads a digest's figures for a period from the same functions the Overview's routes use. */
export async function digestContent(
  db: Db,
  period: Period,
  publicUrl: string | undefined,
): Promise<DigestContent> {
  const ctx = await storeReportContext(db);
  const [now, before] = await Promise.all([
    indicatorValues(ctx, period, DIGEST_INDICATORS),
    indicatorValues(ctx, period.previous, DIGEST_INDICATORS),
  ]);
  const products = await productsList(ctx, {
    page: 1,
    perPage: 5,
    order: 'desc',
    orderby: 'net_revenue',
    range: { after: period.after, before: period.before },
    filters: noFilters,
    extendedInfo: true,
  });
  const sources = await sourcesList(ctx, {
    page: 1,
    perPage: 5,
    order: 'desc',
    orderby: 'net_revenue',
    groupby: 'origin',
    range: { after: period.after, before: period.before },
    filters: noFilters,
    search: undefined,
    // The digest names sources by net sales: no first-touch customers to count.
    firstCustomers: false,
  });
  const stats = await orderStats(ctx, 'revenue', {
    after: period.after,
    before: period.before,
    interval: period.frequency === 'daily' ? 'hour' : 'day',
    page: 1,
    perPage: 1000,
    order: 'asc',
    orderby: 'date',
    fields: ['net_revenue'],
    filters: noFilters,
    segmentby: undefined,
  });
  const intervals = stats.body.intervals as {
    date_start: string;
    subtotals: Record<string, unknown>;
  }[];
  const links = publicUrl
    ? {
        overview: reportLink(publicUrl, '/analytics/overview', period.first, period.last),
        revenue: reportLink(publicUrl, '/analytics/revenue', period.first, period.last),
        orders: reportLink(publicUrl, '/analytics/orders', period.first, period.last),
        products: reportLink(publicUrl, '/analytics/products', period.first, period.last),
        sources: reportLink(publicUrl, '/analytics/sources', period.first, period.last),
      }
    : {};
  return {
    shop: await shopName(db),
    frequency: period.frequency,
    period: { first: period.first, last: period.last },
    previous: { first: period.previous.first, last: period.previous.last },
    currency: ctx.settings.currency,
    precision: ctx.settings.currencyPrecision,
    indicators: now.map((item, i) => {
      const prev = before[i]?.value ?? null;
      return {
        stat: item.stat,
        label: item.label,
        format: item.format,
        value: item.value,
        previous: prev,
        change:
          item.value === null || prev === null || prev === 0
            ? null
            : Math.round(((item.value - prev) / Math.abs(prev)) * 1000) / 10,
      };
    }),
    top_products: products.rows.map((r) => {
      const row = r as unknown as Record<string, unknown>;
      const info = (row.extended_info ?? {}) as { name?: unknown };
      return {
        id: Number(row.product_id),
        name: String(info.name ?? `#${String(row.product_id)}`),
        items_sold: Number(row.items_sold),
        net_revenue: Number(row.net_revenue),
      };
    }),
    top_sources: sources.rows.map((r) => ({
      value: r.value,
      label: r.label,
      orders_count: r.orders_count,
      net_revenue: r.net_revenue,
    })),
    chart: intervals.map((b) => ({
      label: period.frequency === 'daily' ? b.date_start.slice(11, 13) : b.date_start.slice(5, 10),
      value: Number(b.subtotals.net_revenue ?? 0),
    })),
    links,
  };
}

/** A value as the digest writes it (money in the store's currency). */
export function formatValue(
  value: number | null,
  format: 'currency' | 'number' | 'percent',
  currency: string,
  precision: number,
): string {
  if (value === null) return '–';
  if (format === 'percent')
    return new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(
      value,
    );
  if (format === 'number') return new Intl.NumberFormat('en-US').format(value);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
    }).format(value);
  } catch {
    return value.toFixed(precision);
  }
}

const changeText = (change: number | null) =>
  change === null ? 'no comparison' : `${change > 0 ? '+' : ''}${change}%`;

const periodText = (c: { first: string; last: string }) =>
  c.first === c.last ? c.first : `${c.first} – ${c.last}`;

const TITLES = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;

/** A digest written for every channel: e-mail (HTML and text), Slack and the JSON body. */
export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  slack: { text: string; blocks: unknown[] };
  json: unknown;
}

/**
 * Writes the digest. Every value from the shop (its name, product names) is HTML-escaped in
 * the HTML part and has Slack's control characters escaped in the Slack text; the chart is a
 * table of cells (no image, nothing loaded from elsewhere), readable in dark mode.
 */
export function renderDigest(
  c: DigestContent,
  digestId: number,
  unsubscribeUrl?: string,
): RenderedMessage {
  const fmt = (v: number | null, f: 'currency' | 'number' | 'percent') =>
    formatValue(v, f, c.currency, c.precision);
  const subject = `${TITLES[c.frequency]} digest for ${c.shop}: ${periodText(c.period)}`;
  const lines = [
    subject,
    `Compared with ${periodText(c.previous)}.`,
    '',
    ...c.indicators.map(
      (i) =>
        `${i.label}: ${fmt(i.value, i.format)} (${changeText(i.change)}; before ${fmt(i.previous, i.format)})`,
    ),
    '',
    'Top products by net sales:',
    ...(c.top_products.length
      ? c.top_products.map(
          (p, n) => `${n + 1}. ${p.name}: ${fmt(p.net_revenue, 'currency')} (${p.items_sold} sold)`,
        )
      : ['(no sales)']),
    '',
    'Top sources by net sales:',
    ...(c.top_sources.length
      ? c.top_sources.map(
          (s, n) =>
            `${n + 1}. ${s.label}: ${fmt(s.net_revenue, 'currency')} (${s.orders_count} orders)`,
        )
      : ['(no orders)']),
    '',
    ...(c.links.overview
      ? Object.entries(c.links).map(([name, url]) => `${name}: ${url}`)
      : ['(Set STORELENS_PUBLIC_URL to get links to the reports.)']),
    ...(unsubscribeUrl ? ['', `Unsubscribe from this digest: ${unsubscribeUrl}`] : []),
  ];
  const e = escapeHtml;
  const max = Math.max(0, ...c.chart.map((p) => p.value));
  const bars = c.chart
    .map((p) => {
      const pct = max > 0 ? Math.max(0, Math.round((p.value / max) * 100)) : 0;
      return `<td style="vertical-align:bottom;padding:0 1px;" title="${e(p.label)}: ${e(fmt(p.value, 'currency'))}"><table role="presentation" cellpadding="0" cellspacing="0" width="100%"><tr><td style="height:${100 - pct}px;font-size:0;line-height:0;">&nbsp;</td></tr><tr><td style="height:${pct}px;background:#7f54b3;font-size:0;line-height:0;">&nbsp;</td></tr></table></td>`;
    })
    .join('');
  const rows = c.indicators
    .map(
      (i) =>
        `<tr><td style="padding:4px 8px;">${e(i.label)}</td><td style="padding:4px 8px;text-align:right;font-weight:bold;">${e(fmt(i.value, i.format))}</td><td style="padding:4px 8px;text-align:right;">${e(changeText(i.change))}</td></tr>`,
    )
    .join('');
  const products = c.top_products
    .map(
      (p) =>
        `<tr><td style="padding:4px 8px;">${e(p.name)}</td><td style="padding:4px 8px;text-align:right;">${e(String(p.items_sold))}</td><td style="padding:4px 8px;text-align:right;">${e(fmt(p.net_revenue, 'currency'))}</td></tr>`,
    )
    .join('');
  const sourceRows = c.top_sources
    .map(
      (s) =>
        `<tr><td style="padding:4px 8px;">${e(s.label)}</td><td style="padding:4px 8px;text-align:right;">${e(String(s.orders_count))}</td><td style="padding:4px 8px;text-align:right;">${e(fmt(s.net_revenue, 'currency'))}</td></tr>`,
    )
    .join('');
  const links = c.links.overview
    ? `<p>${Object.entries(c.links)
        .map(
          ([name, url]) => `<a href="${e(url)}">${e(name[0]!.toUpperCase() + name.slice(1))}</a>`,
        )
        .join(' · ')}</p>`
    : '<p>Set STORELENS_PUBLIC_URL to get links to the reports.</p>';
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${e(subject)}</title></head><body style="margin:0;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;">
<h1 style="font-size:20px;">${e(subject)}</h1>
<p>Compared with ${e(periodText(c.previous))}.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">${rows}</table>
<h2 style="font-size:16px;">Net sales</h2>
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="max-width:560px;height:100px;border-bottom:1px solid #888;"><tr>${bars}</tr></table>
<h2 style="font-size:16px;">Top products</h2>
${products ? `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"><tr><th style="padding:4px 8px;text-align:left;">Product</th><th style="padding:4px 8px;">Sold</th><th style="padding:4px 8px;">Net sales</th></tr>${products}</table>` : '<p>No sales.</p>'}
<h2 style="font-size:16px;">Top sources</h2>
${sourceRows ? `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"><tr><th style="padding:4px 8px;text-align:left;">Source</th><th style="padding:4px 8px;">Orders</th><th style="padding:4px 8px;">Net sales</th></tr>${sourceRows}</table>` : '<p>No orders.</p>'}
${links}
${unsubscribeUrl ? `<p style="font-size:12px;"><a href="${e(unsubscribeUrl)}">Unsubscribe from this digest</a></p>` : ''}
</body></html>`;
  const slackEscape = (s: string) =>
    s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const fields = c.indicators.slice(0, 6).map((i) => ({
    type: 'mrkdwn',
    text: `*${slackEscape(i.label)}*\n${slackEscape(fmt(i.value, i.format))} (${changeText(i.change)})`,
  }));
  const slack = {
    text: slackEscape(subject),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: subject.slice(0, 150) } },
      { type: 'section', fields },
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*Top products*\n${
            c.top_products
              .map(
                (p) => `• ${slackEscape(p.name)}: ${slackEscape(fmt(p.net_revenue, 'currency'))}`,
              )
              .join('\n') || 'No sales.'
          }`,
        },
      },
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*Top sources*\n${
            c.top_sources
              .map(
                (s) => `• ${slackEscape(s.label)}: ${slackEscape(fmt(s.net_revenue, 'currency'))}`,
              )
              .join('\n') || 'No orders.'
          }`,
        },
      },
      ...(c.links.overview
        ? [
            {
              type: 'section',
              text: { type: 'mrkdwn', text: `<${c.links.overview}|Open the Overview>` },
            },
          ]
        : []),
    ],
  };
  return {
    subject,
    text: lines.join('\n'),
    html,
    slack,
    json: { type: 'digest', digest_id: digestId, ...c },
  };
}
