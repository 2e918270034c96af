import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { countItem, linkCell } from '../page/cells';
import { itemFilters } from '../page/item-filters';
import type { ChartMetric, ChartModeChoice, ReportDefinition, RowContext } from '../page/types';
import { idList } from '../products/definition';

/** `COUNTRY-STATE-NAME-PRIORITY`, upper-cased, empty parts skipped. */
export function taxCode(row: ReportRow): string {
  return [row.country, row.state, row.name || 'TAX', row.priority]
    .map((part) => String(part ?? '').trim())
    .filter((part) => part !== '')
    .join('-')
    .toUpperCase();
}

/** One tax rate's cells. */
export function taxCells(row: ReportRow, context: RowContext) {
  const id = Number(row.tax_rate_id);
  const code = taxCode(row);
  const rate = Number(row.tax_rate ?? 0);
  const money = (key: string) => ({
    display: context.formatAmount(Number(row[key] ?? 0)),
    value: Number(row[key] ?? 0),
  });
  return [
    linkCell(
      code,
      code,
      '/analytics/orders',
      { filter: 'advanced', tax_rate_includes: id },
      context.query,
    ),
    { display: `${rate.toFixed(2)}%`, value: rate },
    money('total_tax'),
    money('order_tax'),
    money('shipping_tax'),
    {
      display: context.formatNumber(Number(row.orders_count ?? 0)),
      value: Number(row.orders_count ?? 0),
    },
  ];
}

export const taxCharts: readonly ChartMetric[] = [
  {
    key: 'total_tax',
    label: __('Total tax'),
    type: 'currency',
    orderby: 'total_tax',
    order: 'desc',
  },
  {
    key: 'order_tax',
    label: __('Order tax'),
    type: 'currency',
    orderby: 'order_tax',
    order: 'desc',
  },
  {
    key: 'shipping_tax',
    label: __('Shipping tax'),
    type: 'currency',
    orderby: 'shipping_tax',
    order: 'desc',
  },
  {
    key: 'orders_count',
    label: __('Orders'),
    type: 'number',
    orderby: 'orders_count',
    order: 'desc',
  },
];

/** One line per tax rate whenever comparing taxes. */
export function taxesChartMode(query: Query): ChartModeChoice {
  return query.filter === 'compare-taxes'
    ? {
        mode: 'item-comparison',
        segmentby: 'tax_rate_id',
        itemsLabel: __('%d taxes'),
        selectedIds: idList(query.taxes),
      }
    : { mode: 'time-comparison' };
}

/** The Taxes report. */
export const taxesReport: ReportDefinition = {
  id: 'taxes',
  title: __('Taxes'),
  segments: {},
  statsEndpoint: 'taxes',
  charts: taxCharts,
  chartMode: taxesChartMode,
  filters: () => [
    itemFilters({
      search: { type: 'taxes' },
      all: { label: __('All taxes') },
      compare: {
        title: __('Compare Tax Codes'),
        helpText: __('Check at least two tax codes below to compare'),
        placeholder: __('Search for tax codes to compare'),
        chartMode: 'item-comparison',
      },
    }),
  ],
  table: () => ({
    endpoint: 'taxes',
    title: __('Taxes'),
    columnsKey: 'taxes_report_columns',
    headers: [
      {
        key: 'tax_code',
        label: __('Tax code'),
        isSortable: true,
        required: true,
        isLeftAligned: true,
      },
      { key: 'rate', label: __('Rate'), isSortable: true, isNumeric: true },
      { key: 'total_tax', label: __('Total tax'), isSortable: true, isNumeric: true },
      { key: 'order_tax', label: __('Order tax'), isSortable: true, isNumeric: true },
      { key: 'shipping_tax', label: __('Shipping tax'), isSortable: true, isNumeric: true },
      {
        key: 'orders_count',
        label: __('Orders'),
        isSortable: true,
        isNumeric: true,
        required: true,
        defaultSort: true,
      },
    ],
    // The request sorts by the column the arrow shows, orders by default.
    defaultOrderby: 'orders_count',
    defaultOrder: 'desc',
    rowId: (row) => String(row.tax_rate_id),
    compare: {
      filterParam: 'filter',
      filterValue: 'compare-taxes',
      idParam: 'taxes',
      helpText: __('Check at least two tax codes below to compare'),
    },
    search: {
      autocompleter: { type: 'taxes' },
      listPath: 'taxes',
      idParam: 'taxes',
      placeholder: __('Search by tax code'),
    },
    toCells: taxCells,
    summary: {
      fields: ['tax_codes', 'total_tax', 'order_tax', 'shipping_tax', 'orders_count'],
      items: (t, c) => {
        const n = (key: string) => Number(t[key] ?? 0);
        return [
          countItem(c, n('tax_codes'), __('tax code'), __('tax codes')),
          { label: __('total tax'), value: c.formatAmount(n('total_tax')) },
          { label: __('order tax'), value: c.formatAmount(n('order_tax')) },
          { label: __('shipping tax'), value: c.formatAmount(n('shipping_tax')) },
          countItem(c, n('orders_count'), __('order'), __('orders')),
        ];
      },
    },
  }),
};
