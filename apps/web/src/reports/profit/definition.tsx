import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { countItem, DATE_HEADER } from '../page/cells';
import { intervalLabel } from '../page/interval-label';
import {
  CostCoverage,
  marginCell,
  marginOrUnknown,
  moneyCell,
  moneyOrUnknown,
} from '../page/profit';
import type { ChartMetric, ReportDefinition, RowContext, TableDefinition } from '../page/types';

/**
 * The Profit report's metrics (reports/profit/stats), in display order; gross profit is charted
 * first. Costs and fees rising is bad news; margins are fractions shown as percentages.
 */
export const profitCharts: readonly ChartMetric[] = [
  { key: 'gross_profit', label: __('Gross profit'), type: 'currency', orderby: 'gross_profit' },
  { key: 'net_profit', label: __('Net profit'), type: 'currency', orderby: 'net_profit' },
  { key: 'gross_margin', label: __('Gross margin'), type: 'percent', orderby: 'gross_margin' },
  { key: 'net_margin', label: __('Net margin'), type: 'percent', orderby: 'net_margin' },
  { key: 'net_revenue', label: __('Net sales'), type: 'currency', orderby: 'net_revenue' },
  {
    key: 'cost_of_goods',
    label: __('Cost of goods'),
    type: 'currency',
    orderby: 'cost_of_goods',
    reverseTrend: true,
  },
  {
    key: 'payment_fees',
    label: __('Payment fees'),
    type: 'currency',
    orderby: 'payment_fees',
    reverseTrend: true,
  },
];

const subtotals = (row: ReportRow) => (row.subtotals as Record<string, unknown> | undefined) ?? {};

/** A day of the Profit table: its date, orders, then each metric ("—" where unknown). */
export function profitCells(row: ReportRow, context: RowContext) {
  const date = String(row.date_start ?? '');
  const values = subtotals(row);
  const orders = Number(values.orders_count ?? 0);
  return [
    { display: intervalLabel('day', date), value: date.slice(0, 10) },
    { display: context.formatNumber(orders), value: orders },
    ...profitCharts.map((m) =>
      m.type === 'percent' ? marginCell(values[m.key]) : moneyCell(values[m.key], context),
    ),
  ];
}

/**
 * The days come from revenue/stats, which answers the same profit fields as profit/stats (the
 * server reconciles the two), so the server's Revenue export writes a long range's file with
 * every profit column.
 */
const table: TableDefinition = {
  endpoint: 'revenue',
  source: 'intervals',
  title: __('Profit'),
  columnsKey: 'profit_report_columns',
  headers: [
    DATE_HEADER,
    { key: 'orders_count', label: __('Orders'), isSortable: true, isNumeric: true },
    ...profitCharts.map((m) => ({
      key: m.key,
      label: m.label,
      isSortable: true,
      isNumeric: true,
      ...(m.key === 'net_margin' ? { hiddenByDefault: true } : {}),
    })),
  ],
  defaultOrderby: 'date',
  defaultOrder: 'desc',
  toCells: profitCells,
  summary: {
    endpoint: 'profit',
    fields: ['orders_count', ...profitCharts.map((m) => m.key), 'cost_coverage'],
    items: (totals, context) => [
      countItem(context, context.totalRows, __('day'), __('days')),
      countItem(context, Number(totals.orders_count ?? 0), __('order'), __('orders')),
      ...profitCharts.map((m) => ({
        label: m.label.toLowerCase(),
        value:
          m.type === 'percent'
            ? marginOrUnknown(totals[m.key])
            : moneyOrUnknown(totals[m.key], context),
      })),
    ],
  },
};

/** The Profit report: profit over time, with the cost coverage under its figures. */
export const profitReport: ReportDefinition = {
  id: 'profit',
  title: __('Profit'),
  statsEndpoint: 'profit',
  charts: profitCharts,
  totalsNote: (totals, query) => <CostCoverage coverage={totals.cost_coverage} query={query} />,
  table: () => table,
  // profit/stats and every breakdown under the chart take the page's saved segment.
  segments: {},
};
