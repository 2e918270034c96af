import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { DATE_HEADER, linkCell } from '../page/cells';
import { intervalLabel } from '../page/interval-label';
import {
  CostCoverage,
  marginCell,
  marginOrUnknown,
  moneyCell,
  moneyOrUnknown,
} from '../page/profit';
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

/**
 * Revenue's profit metrics, their own group of summary numbers: cost of goods and fees (a rise
 * is bad news), the profits and the gross margin (a fraction shown as a percentage). The table
 * is Revenue's days, sorted in the browser, so each sorts by its own field.
 */
export const revenueProfitCharts: readonly ChartMetric[] = [
  {
    key: 'cost_of_goods',
    label: __('Cost of goods'),
    type: 'currency',
    orderby: 'cost_of_goods',
    order: 'desc',
    reverseTrend: true,
    group: __('Profit'),
  },
  {
    key: 'payment_fees',
    label: __('Payment fees'),
    type: 'currency',
    orderby: 'payment_fees',
    order: 'desc',
    reverseTrend: true,
    group: __('Profit'),
  },
  {
    key: 'gross_profit',
    label: __('Gross profit'),
    type: 'currency',
    orderby: 'gross_profit',
    order: 'desc',
    group: __('Profit'),
  },
  {
    key: 'gross_margin',
    label: __('Gross margin'),
    type: 'percent',
    orderby: 'gross_margin',
    order: 'desc',
    group: __('Profit'),
  },
  {
    key: 'net_profit',
    label: __('Net profit'),
    type: 'currency',
    orderby: 'net_profit',
    order: 'desc',
    group: __('Profit'),
  },
];

/** A profit metric's cell: money or a margin, "—" (unknown) when the server answers null. */
const profitCell = (m: ChartMetric, value: unknown, context: RowContext) =>
  m.type === 'percent' ? marginCell(value) : moneyCell(value, context);

/** A profit metric's figure in a summary line. */
const profitFigure = (m: ChartMetric, value: unknown, context: RowContext) =>
  m.type === 'percent' ? marginOrUnknown(value) : moneyOrUnknown(value, context);

const subtotals = (row: ReportRow) => (row.subtotals as Record<string, unknown> | undefined) ?? {};
const subtotal = (row: ReportRow, key: string) => Number(subtotals(row)[key] ?? 0);

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
    ...revenueProfitCharts.map((m) => profitCell(m, subtotals(row)[m.key], context)),
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
    ...revenueProfitCharts.map((m) => ({
      key: m.key,
      label: m.label,
      isSortable: true,
      isNumeric: true,
      // Gross profit shows; cost, fees, margin and net profit are in the column picker, so
      // the days fit a 1400 px screen (the e2e test checks every report's table there).
      ...(m.key === 'gross_profit' ? {} : { hiddenByDefault: true }),
    })),
  ],
  defaultOrderby: 'date',
  defaultOrder: 'desc',
  toCells: revenueCells,
  summary: {
    fields: [
      'orders_count',
      ...revenueCharts.map((m) => m.key),
      ...revenueProfitCharts.map((m) => m.key),
      'cost_coverage',
    ],
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
      ...revenueProfitCharts.map((m) => ({
        label: m.label.toLowerCase(),
        value: profitFigure(m, totals[m.key], context),
      })),
    ],
  },
};

/** The Revenue report. */
export const revenueReport: ReportDefinition = {
  id: 'revenue',
  title: __('Revenue'),
  statsEndpoint: 'revenue',
  charts: [...revenueCharts, ...revenueProfitCharts],
  totalsNote: (totals, query) => <CostCoverage coverage={totals.cost_coverage} query={query} />,
  segments: {},
  table: () => table,
};
