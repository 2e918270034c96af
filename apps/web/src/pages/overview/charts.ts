import { __ } from '@storelens/i18n';

/** One chart the Overview can show; its block key is `<endpoint>_<key>`. */
export interface OverviewChart {
  label: string;
  endpoint: string;
  key: string;
  type: 'currency' | 'number';
}

/** Every chart, in menu order. */
export const OVERVIEW_CHARTS: readonly OverviewChart[] = [
  { label: __('Total sales'), endpoint: 'revenue', key: 'total_sales', type: 'currency' },
  { label: __('Net sales'), endpoint: 'revenue', key: 'net_revenue', type: 'currency' },
  { label: __('Orders'), endpoint: 'orders', key: 'orders_count', type: 'number' },
  {
    label: __('Average order value'),
    endpoint: 'orders',
    key: 'avg_order_value',
    type: 'currency',
  },
  { label: __('Items sold'), endpoint: 'products', key: 'items_sold', type: 'number' },
  { label: __('Returns'), endpoint: 'revenue', key: 'refunds', type: 'currency' },
  { label: __('Discounted orders'), endpoint: 'coupons', key: 'orders_count', type: 'number' },
  { label: __('Gross discounted'), endpoint: 'coupons', key: 'amount', type: 'currency' },
  { label: __('Total tax'), endpoint: 'taxes', key: 'total_tax', type: 'currency' },
  { label: __('Order tax'), endpoint: 'taxes', key: 'order_tax', type: 'currency' },
  { label: __('Shipping tax'), endpoint: 'taxes', key: 'shipping_tax', type: 'currency' },
  { label: __('Shipping'), endpoint: 'revenue', key: 'shipping', type: 'currency' },
  { label: __('Downloads'), endpoint: 'downloads', key: 'download_count', type: 'number' },
];

/** A chart's block key in `hiddenBlocks`. */
export const chartBlock = (chart: OverviewChart) => `${chart.endpoint}_${chart.key}`;

/** The `fields` each endpoint is asked for: the keys of its visible charts (one request each). */
export function fieldsByEndpoint(charts: readonly OverviewChart[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of charts) out.set(c.endpoint, [...(out.get(c.endpoint) ?? []), c.key]);
  return out;
}

/** Text and link target of a leaderboard cell's HTML, read without rendering it as HTML. */
export function readCell(html: string): { text: string; href: string | null } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const anchor = doc.querySelector('a[href]');
  const href = anchor?.getAttribute('href') ?? null;
  // Only links into the dashboard are kept: the cell is server HTML, never trusted as markup.
  const safe = href && /^admin\.php\?page=wc-admin(&|$)/.test(href) ? href : null;
  return { text: (doc.body.textContent ?? '').trim(), href: safe };
}
