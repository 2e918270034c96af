import { __ } from '@storelens/i18n';

/** A revenue metric: its stats field, label, and whether a rise is bad news. */
export interface RevenueMetric {
  key: 'gross_sales' | 'refunds' | 'coupons' | 'net_revenue' | 'taxes' | 'shipping' | 'total_sales';
  label: string;
  reverseTrend?: boolean;
}

/** The Revenue report's metrics, in display order; the first is charted by default. */
export const revenueMetrics: readonly RevenueMetric[] = [
  { key: 'gross_sales', label: __('Gross sales') },
  { key: 'refunds', label: __('Returns'), reverseTrend: true },
  { key: 'coupons', label: __('Coupons') },
  { key: 'net_revenue', label: __('Net sales') },
  { key: 'taxes', label: __('Taxes') },
  { key: 'shipping', label: __('Shipping') },
  { key: 'total_sales', label: __('Total sales') },
];

/** The metric named by the `chart` query parameter, or the first. */
export function selectedMetric(chart: unknown): RevenueMetric {
  return revenueMetrics.find((m) => m.key === chart) ?? revenueMetrics[0]!;
}
