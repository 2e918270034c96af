/*
 * Performance indicators, leaderboards and the reports index (docs/api.md, "Analytics: indicators,
 * leaderboards, index"). Indicator values are the totals of the stats reports over
 * `after`/`before`, summed once per source over the whole range (indicator-totals.ts; the stats
 * report itself for a field those sums do not give); leaderboards reuse the list reports and their
 * month rollups.
 */
import {
  type Leaderboard,
  type PerformanceIndicator,
  type PerformanceIndicatorStat,
  performanceIndicators,
} from '@storelens/api';
import { categoriesList } from './categories-list';
import type { ReportContext } from './context';
import { couponsList } from './coupons-list';
import {
  customersList,
  rangeOnlyFilters,
  segmentCustomerIds,
  topCustomersBySpend,
} from './customers';
import { noFilters } from './filters';
import {
  couponTotals,
  downloadTotal,
  orderTotals,
  taxTotals,
  variationItemsSold,
} from './indicator-totals';
import { type OrderAcc, ordersMetrics, revenueMetrics } from './metrics';
import { escapeHtml } from './paging';
import { productsList } from './products-list';
import { couponStats, downloadStats, productStats, taxStats } from './report-stats';
import { orderStats } from './revenue';
import { sourcesList } from './sources';
import type { StatsRequest } from './stats';

/** The `/allowed` list: stat, chart field and label, in display order. */
export const allowedIndicators = () =>
  performanceIndicators.map((p) => ({
    stat: p.stat,
    chart: p.stat.split('/')[1]!,
    label: p.label,
  }));

/** Fields each fast total answers (no distinct coupons, tax codes or customers). */
const FAST_FIELDS: Record<string, readonly string[]> = {
  revenue: [
    'total_sales',
    'net_revenue',
    'gross_sales',
    'refunds',
    'shipping',
    'taxes',
    'coupons',
    'orders_count',
    'num_items_sold',
    // The profit measures are summed with the rest (revenueMetrics).
    'net_profit',
    'net_margin',
  ],
  orders: [
    'net_revenue',
    'orders_count',
    'avg_order_value',
    'avg_items_per_order',
    'num_items_sold',
    'coupons',
  ],
  products: ['items_sold'],
  variations: ['items_sold'],
  coupons: ['amount', 'orders_count'],
  taxes: ['total_tax', 'order_tax', 'shipping_tax'],
  downloads: ['download_count'],
};

/**
 * Totals of one report over the whole range, read once per source (indicator-totals.ts);
 * undefined when a field needs the stats report itself. `orders` reuses the revenue sums.
 */
async function fastTotals(
  ctx: ReportContext,
  report: string,
  range: { after: string; before: string },
  fields: string[],
  orderAcc: () => Promise<OrderAcc>,
): Promise<Record<string, unknown> | undefined> {
  const fast = FAST_FIELDS[report];
  if (!fast || !fields.every((f) => fast.includes(f))) return undefined;
  const money = ctx.money;
  switch (report) {
    case 'revenue':
      return revenueMetrics(await orderAcc(), money);
    case 'orders':
      return ordersMetrics(await orderAcc(), money);
    case 'products':
      // Items sold is additive: the order rows' items are the sum of their lines' quantities
      // (refunds negative), as products/stats itself relies on for whole days.
      return { items_sold: (await orderAcc()).num_items_sold };
    case 'variations':
      return { items_sold: await variationItemsSold(ctx, range) };
    case 'coupons': {
      const t = await couponTotals(ctx, range);
      return { amount: money(t.amount), orders_count: t.orders_count };
    }
    case 'taxes': {
      const t = await taxTotals(ctx, range);
      return {
        total_tax: money(t.total_tax),
        order_tax: money(t.order_tax),
        shipping_tax: money(t.shipping_tax),
      };
    }
    default:
      return { download_count: await downloadTotal(ctx, range) };
  }
}

/** Totals of one stats report over the range, limited to the asked fields. */
async function reportTotals(
  ctx: ReportContext,
  report: string,
  range: { after: string; before: string },
  fields: string[],
): Promise<Record<string, unknown>> {
  const req: StatsRequest = {
    ...range,
    interval: 'year',
    page: 1,
    perPage: 100,
    order: 'asc',
    orderby: 'date',
    fields,
  };
  // A saved segment (`segment=`) narrows each report as it narrows that report's own request.
  const filters = ctx.segment ? { ...noFilters, segment: ctx.segment } : noFilters;
  const filtered = { ...req, filters, segmentby: undefined };
  switch (report) {
    case 'revenue':
      return (await orderStats(ctx, 'revenue', filtered)).body.totals;
    case 'orders':
      return (await orderStats(ctx, 'orders', filtered)).body.totals;
    case 'products':
      return (await productStats(ctx, 'products', filtered)).body.totals;
    case 'variations':
      return (await productStats(ctx, 'variations', filtered)).body.totals;
    case 'coupons':
      return (await couponStats(ctx, filtered)).body.totals;
    case 'taxes':
      return (await taxStats(ctx, filtered)).body.totals;
    case 'downloads':
      return (
        await downloadStats(ctx, {
          ...req,
          downloads: {
            match: 'all',
            productIncludes: [],
            productExcludes: [],
            orderIncludes: [],
            orderExcludes: [],
            customerIncludes: [],
            customerExcludes: [],
            ipIncludes: [],
            ipExcludes: [],
            segment: ctx.segment,
          },
        })
      ).body.totals;
    default:
      return {};
  }
}

/**
 * The customers leaderboard under a saved segment: the Customers report's list of the
 * segment's customers by total spend (as `reports/customers?segment=` lists them).
 */
async function segmentTopCustomers(
  ctx: ReportContext,
  range: Parameters<typeof rangeOnlyFilters>[0],
  perPage: number,
) {
  const only = await segmentCustomerIds(ctx, ctx.segment!);
  return (
    await customersList(
      ctx,
      { ...rangeOnlyFilters(range), only },
      { page: 1, perPage, order: 'desc', orderby: 'total_spend' },
    )
  ).rows;
}

/** GET /reports/performance-indicators: the asked stats (all allowed by default). */
export async function indicatorValues(
  ctx: ReportContext,
  range: { after: string; before: string },
  stats: readonly PerformanceIndicatorStat[] | undefined,
): Promise<(PerformanceIndicator & { _links: Record<string, { href: string }[]> })[]> {
  const wanted = new Set(stats ?? performanceIndicators.map((p) => p.stat));
  const chosen = performanceIndicators.filter((p) => wanted.has(p.stat));
  const byReport = new Map<string, string[]>();
  for (const p of chosen) {
    const [report, field] = p.stat.split('/') as [string, string];
    byReport.set(report, [...(byReport.get(report) ?? []), field]);
  }
  let orderAcc: Promise<OrderAcc> | undefined;
  const orderSums = () => {
    orderAcc ??= orderTotals(ctx, range);
    return orderAcc;
  };
  // The reports are asked all at once: on PostgreSQL their queries run side by side on the
  // pool's connections (and backends, one per core); SQLite answers them in turn either way.
  const totals = new Map(
    await Promise.all(
      [...byReport].map(
        async ([report, fields]) =>
          [
            report,
            (ctx.segment ? undefined : await fastTotals(ctx, report, range, fields, orderSums)) ??
              (await reportTotals(ctx, report, range, fields)),
          ] as const,
      ),
    ),
  );
  return chosen.map((p) => {
    const [report, field] = p.stat.split('/') as [string, string];
    const value = totals.get(report)?.[field];
    return {
      stat: p.stat,
      chart: field,
      label: p.label,
      format: p.format,
      value: typeof value === 'number' ? value : null,
      _links: {
        api: [{ href: `/wp-json/wc-analytics/reports/${report}/stats` }],
        report: [{ href: `/analytics/${report}` }],
      },
    };
  });
}

/** Formats money for leaderboard cells in the store currency. */
function moneyText(ctx: ReportContext, value: number): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: ctx.settings.currency,
      minimumFractionDigits: ctx.settings.currencyPrecision,
      maximumFractionDigits: ctx.settings.currencyPrecision,
    }).format(value);
  } catch {
    return value.toFixed(ctx.settings.currencyPrecision);
  }
}

const numberText = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** A margin (a fraction of net sales) as "31.3%". */
const percentText = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(n);

/** The persisted query as URL parameters (only string/number values are kept). */
export function persistedParams(json: string | undefined): URLSearchParams {
  const out = new URLSearchParams();
  if (!json) return out;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
        if (typeof v === 'string' || typeof v === 'number') out.set(k, String(v));
      }
    }
  } catch {
    // An unreadable persisted query keeps no parameters.
  }
  return out;
}

/**
 * The leaderboards: WooCommerce's four in its fixed order, then Storelens's most profitable
 * products (by gross profit; only products with a known cost, docs/metrics.md "Profit") and
 * top sources (origins by net sales, docs/metrics.md "Sources"; unknown included, as the
 * report lists it).
 */
export async function leaderboards(
  ctx: ReportContext,
  range: { after: string | undefined; before: string | undefined },
  perPage: number,
  persisted: string | undefined,
  /** The boards without their rows (the `/allowed` list): no report is read. */
  headsOnly = false,
): Promise<Leaderboard[]> {
  const kept = persistedParams(persisted);
  /**
   * A link to a report with its own parameters and the persisted ones: `page` and `path` lead
   * (the dashboard keeps only links that start `admin.php?page=wc-admin`; a persisted query
   * first in the address made it drop every leaderboard link).
   */
  const reportAnchor = (path: string, params: Record<string, string>, text: string) => {
    const q = new URLSearchParams({ page: 'wc-admin', path });
    for (const [k, v] of kept) if (k !== 'page' && k !== 'path') q.set(k, v);
    for (const [k, v] of Object.entries(params)) q.set(k, v);
    return `<a href="admin.php?${escapeHtml(q.toString())}">${escapeHtml(text)}</a>`;
  };
  const anchor = (path: string, filter: string, key: string, id: number, text: string) =>
    reportAnchor(path, { filter, [key]: String(id) }, text);
  const paging = { page: 1, perPage, order: 'desc' as const };
  // A saved segment narrows each list as it narrows that report (the customers: its customers).
  const filters = ctx.segment ? { ...noFilters, segment: ctx.segment } : noFilters;
  const listParams = { ...paging, range, filters, extendedInfo: true };

  // Asked at once, like the indicators: side by side on PostgreSQL's connections.
  const none = { rows: [], total: 0, totalPages: 0 };
  const [customers, coupons, categories, products, profitable, sources] = headsOnly
    ? ([[], none, none, none, none, none] as const)
    : await Promise.all([
        ctx.segment
          ? segmentTopCustomers(ctx, range, perPage)
          : topCustomersBySpend(ctx, range, perPage),
        couponsList(ctx, { ...listParams, orderby: 'orders_count' }),
        categoriesList(ctx, { ...listParams, orderby: 'items_sold' }),
        productsList(ctx, { ...listParams, orderby: 'items_sold' }),
        // A profit sort lists the unknown ones last: they are left out, never ranked as 0.
        productsList(ctx, { ...listParams, orderby: 'gross_profit' }),
        sourcesList(ctx, {
          ...paging,
          groupby: 'origin',
          range,
          filters,
          orderby: 'net_revenue',
          search: undefined,
          // The board shows orders and net sales: no first-touch customers to count.
          firstCustomers: false,
        }),
      ]);
  const n = (v: unknown) => Number(v);
  const info = (r: Record<string, unknown>) => (r.extended_info ?? {}) as Record<string, unknown>;
  return [
    {
      id: 'customers',
      label: 'Top Customers - Total Spend',
      headers: [{ label: 'Customer Name' }, { label: 'Orders' }, { label: 'Total Spend' }],
      rows: customers.map((r) => [
        {
          display: anchor(
            '/analytics/customers',
            'single_customer',
            'customers',
            n(r.id),
            String(r.name),
          ),
          value: String(r.name),
        },
        { display: numberText(n(r.orders_count)), value: n(r.orders_count) },
        { display: moneyText(ctx, n(r.total_spend)), value: n(r.total_spend) },
      ]),
    },
    {
      id: 'coupons',
      label: 'Top Coupons - Number of Orders',
      headers: [{ label: 'Coupon Code' }, { label: 'Orders' }, { label: 'Amount Discounted' }],
      rows: coupons.rows.map((r) => [
        {
          display: anchor(
            '/analytics/coupons',
            'single_coupon',
            'coupons',
            n(r.coupon_id),
            String(info(r).code ?? ''),
          ),
          value: String(info(r).code ?? ''),
        },
        { display: numberText(n(r.orders_count)), value: n(r.orders_count) },
        { display: moneyText(ctx, n(r.amount)), value: n(r.amount) },
      ]),
    },
    {
      id: 'categories',
      label: 'Top Categories - Items Sold',
      headers: [{ label: 'Category' }, { label: 'Items Sold' }, { label: 'Net Sales' }],
      rows: categories.rows.map((r) => [
        {
          display: anchor(
            '/analytics/categories',
            'single_category',
            'categories',
            n(r.category_id),
            String(info(r).name ?? ''),
          ),
          value: String(info(r).name ?? ''),
        },
        { display: numberText(n(r.items_sold)), value: n(r.items_sold) },
        { display: moneyText(ctx, n(r.net_revenue)), value: n(r.net_revenue) },
      ]),
    },
    {
      id: 'products',
      label: 'Top Products - Items Sold',
      headers: [{ label: 'Product' }, { label: 'Items Sold' }, { label: 'Net Sales' }],
      rows: products.rows.map((r) => [
        {
          display: anchor(
            '/analytics/products',
            'single_product',
            'products',
            n(r.product_id),
            String(info(r).name ?? ''),
          ),
          value: String(info(r).name ?? ''),
        },
        { display: numberText(n(r.items_sold)), value: n(r.items_sold) },
        { display: moneyText(ctx, n(r.net_revenue)), value: n(r.net_revenue) },
      ]),
    },
    {
      id: 'profitable_products',
      label: 'Most Profitable Products - Gross Profit',
      headers: [{ label: 'Product' }, { label: 'Gross Profit' }, { label: 'Gross Margin' }],
      rows: profitable.rows
        .filter((r) => r.gross_profit !== null && r.gross_profit !== undefined)
        .map((r) => {
          const margin =
            r.gross_margin === null || r.gross_margin === undefined ? null : n(r.gross_margin);
          return [
            {
              display: anchor(
                '/analytics/products',
                'single_product',
                'products',
                n(r.product_id),
                String(info(r).name ?? ''),
              ),
              value: String(info(r).name ?? ''),
            },
            { display: moneyText(ctx, n(r.gross_profit)), value: n(r.gross_profit) },
            // An unknown margin (no net sales) is a dash, as the dashboard shows it.
            { display: margin === null ? '—' : percentText(margin), value: margin ?? '' },
          ];
        }),
    },
    {
      id: 'sources',
      label: 'Top Sources - Net Sales',
      headers: [{ label: 'Source' }, { label: 'Orders' }, { label: 'Net Sales' }],
      rows: sources.rows.map((r) => [
        {
          display: reportAnchor(
            '/analytics/sources',
            { groupby: 'origin', filter: 'advanced', origin_is: r.value },
            r.label,
          ),
          value: r.label,
        },
        { display: numberText(r.orders_count), value: r.orders_count },
        { display: moneyText(ctx, r.net_revenue), value: r.net_revenue },
      ]),
    },
  ];
}

/** The reports index. */
export function reportsIndex() {
  const slugs: [string, string][] = [
    [
      'performance-indicators',
      'Batch endpoint for getting specific performance indicators from `stats` endpoints.',
    ],
    ['revenue/stats', 'Stats about revenue.'],
    ['orders/stats', 'Stats about orders.'],
    ['products', 'Products detailed reports.'],
    ['products/stats', 'Stats about products.'],
    ['categories', 'Product categories detailed reports.'],
    ['categories/stats', 'Stats about product categories.'],
    ['coupons', 'Coupons detailed reports.'],
    ['coupons/stats', 'Stats about coupons.'],
    ['taxes', 'Taxes detailed reports.'],
    ['taxes/stats', 'Stats about taxes.'],
    ['downloads', 'Product downloads detailed reports.'],
    ['downloads/files', 'Product download files detailed reports.'],
    ['downloads/stats', 'Stats about product downloads.'],
    ['customers', 'Customers detailed reports.'],
  ];
  return slugs.map(([slug, description]) => {
    const path = `/wc-analytics/reports/${slug}`;
    return {
      slug,
      description,
      path,
      _links: {
        self: [{ href: `/wp-json${path}` }],
        report: [{ href: `/analytics/${slug.replace(/\/stats$/, '')}` }],
        collection: [{ href: '/wp-json/wc-analytics/reports' }],
      },
    };
  });
}
