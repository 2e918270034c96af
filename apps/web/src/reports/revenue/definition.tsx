import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { DATE_HEADER, linkCell } from '../page/cells';
import { intervalLabel } from '../page/interval-label';
import type { ChartMetric, ReportDefinition, RowContext, TableDefinition } from '../page/types';

/** Revenue's metrics, in display order; the first is charted by default. */
export const revenueCharts: readonly ChartMetric[] = [
  {
    key: 'gross_sales',
    label: __('Gross sales'),
    type: 'currency',
    orderby: 'gross_sales',
    order: 'desc',
  },
  {
    key: 'refunds',
    label: __('Returns'),
    type: 'currency',
    orderby: 'refunds',
    order: 'desc',
    reverseTrend: true,
  },
  { key: 'coupons', label: __('Coupons'), type: 'currency', orderby: 'coupons', order: 'desc' },
  { key: 'net_revenue', label: __('Net sales'), type: 'currency', orderby: 'net_revenue' },
  { key: 'taxes', label: __('Taxes'), type: 'currency', orderby: 'taxes', order: 'desc' },
  { key: 'shipping', label: __('Shipping'), type: 'currency', orderby: 'shipping' },
  {
    key: 'total_sales',
    label: __('Total sales'),
    type: 'currency',
    orderby: 'total_sales',
    order: 'desc',
  },
];

const subtotal = (row: ReportRow, key: string) =>
  Number((row.subtotals as Record<string, unknown> | undefined)?.[key] ?? 0);

/**
 * A day of the Revenue table: its date, orders and every money metric. The order count
 * links to the Orders report on that day (as WooCommerce links to its orders list of the day).
 */
export function revenueCells(row: ReportRow, context: RowContext) {
  const date = String(row.date_start ?? '');
  const day = date.slice(0, 10);
  const orders = subtotal(row, 'orders_count');
  return [
    { display: intervalLabel('day', date), value: day },
    orders > 0 && /^\d{4}-\d{2}-\d{2}$/.test(day)
      ? linkCell(
          context.formatNumber(orders),
          orders,
          '/analytics/orders',
          { period: 'custom', after: day, before: day },
          context.query,
        )
      : { display: context.formatNumber(orders), value: orders },
    ...revenueCharts.map((m) => {
      const value = subtotal(row, m.key);
      return { display: context.formatAmount(value), value };
    }),
  ];
}

const table: TableDefinition = {
  endpoint: 'revenue',
  source: 'intervals',
  title: __('Revenue'),
  columnsKey: 'revenue_report_columns',
  headers: [
    DATE_HEADER,
    { key: 'orders_count', label: __('Orders'), isSortable: true, isNumeric: true },
    ...revenueCharts.map((m) => ({
      key: m.key,
      label: m.label,
      isSortable: true,
      isNumeric: true,
    })),
  ],
  defaultOrderby: 'date',
  defaultOrder: 'desc',
  toCells: revenueCells,
  summary: {
    fields: ['orders_count', ...revenueCharts.map((m) => m.key)],
    items: (totals, context) => [
      {
        label: context.totalRows === 1 ? __('day') : __('days'),
        value: context.formatNumber(context.totalRows),
      },
      {
        label: Number(totals.orders_count) === 1 ? __('order') : __('orders'),
        value: context.formatNumber(Number(totals.orders_count ?? 0)),
      },
      ...revenueCharts.map((m) => ({
        label: m.label.toLowerCase(),
        value: context.formatAmount(Number(totals[m.key] ?? 0)),
      })),
    ],
  },
};

/** The Revenue report. */
export const revenueReport: ReportDefinition = {
  id: 'revenue',
  title: __('Revenue'),
  statsEndpoint: 'revenue',
  charts: revenueCharts,
  table: () => table,
};
