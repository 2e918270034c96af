import type { SourceDimension } from '@storelens/api';
import type { ReportRow } from '@storelens/data';
import { __, _x, sprintf } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { countItem, linkCell } from '../page/cells';
import { allOrAdvancedFilter } from '../page/filter-helpers';
import { moneyCell } from '../page/profit';
import type { ChartMetric, ChartModeChoice, ReportDefinition, RowContext } from '../page/types';
import {
  dimensionLabel,
  SOURCE_DIMENSIONS,
  SOURCE_FILTER_PARAMS,
  sourceAdvancedFilters,
} from './source-filters';

/** The dimension the table groups by (`groupby`, source type by default). */
export function groupbyOf(query: Query): SourceDimension {
  const asked = typeof query.groupby === 'string' ? query.groupby : '';
  return SOURCE_DIMENSIONS.find((d) => d.key === asked)?.key ?? 'source_type';
}

/** The values of a comma list param (`sources`: the values compared). */
export const valueList = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').filter((v) => v !== '') : [];

/** Where a row leads: the next dimension, narrowed to the row's value. */
const DRILL: Partial<Record<SourceDimension, SourceDimension>> = {
  source_type: 'origin',
  utm_source: 'utm_medium',
  utm_medium: 'utm_campaign',
};

/** The source filters in the URL (a drill-down's, or the advanced filters'), kept on every request. */
export function sourceParams(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const param of SOURCE_FILTER_PARAMS) {
    const v = query[param];
    if (typeof v === 'string' && v !== '') out[param] = v;
  }
  if (Object.keys(out).length && query.match === 'any') out.match = 'any';
  return out;
}

/**
 * One value's cells: its label (a link one level down where there is one), then its figures,
 * its profit last ("—" where no cost is known).
 */
export function sourceCells(row: ReportRow, context: RowContext) {
  const groupby = String(row.groupby ?? 'source_type') as SourceDimension;
  const value = String(row.value ?? '');
  const label = String(row.label ?? value);
  const orders = Number(row.orders_count ?? 0);
  const share = Number(row.orders_share ?? 0);
  const net = Number(row.net_revenue ?? 0);
  const firstCustomers = Number(row.first_customers ?? 0);
  const repeatCustomers = Number(row.repeat_customers ?? 0);
  const repeatRate = Number(row.repeat_rate ?? 0);
  const next = DRILL[groupby];
  return [
    next
      ? linkCell(
          label,
          label,
          '/analytics/sources',
          {
            ...sourceParams(context.query),
            groupby: next,
            filter: 'advanced',
            [`${groupby}_is`]: value,
          },
          context.query,
        )
      : { display: label, value: label },
    linkCell(
      context.formatNumber(orders),
      orders,
      '/analytics/orders',
      // The drill-down's filters too: a medium's orders are those of the source above it.
      { ...sourceParams(context.query), filter: 'advanced', [`${groupby}_is`]: value },
      context.query,
    ),
    { display: `${context.formatNumber(share)}%`, value: share },
    { display: context.formatAmount(net), value: net },
    {
      display: context.formatNumber(Number(row.new_customers ?? 0)),
      value: Number(row.new_customers ?? 0),
    },
    {
      display: context.formatAmount(Number(row.avg_order_value ?? 0)),
      value: Number(row.avg_order_value ?? 0),
    },
    { display: context.formatNumber(firstCustomers), value: firstCustomers },
    {
      display: (
        <span
          title={sprintf(
            __('%1$s of %2$s first customers have ordered again'),
            context.formatNumber(repeatCustomers),
            context.formatNumber(firstCustomers),
          )}
        >
          {`${context.formatNumber(Math.round(repeatRate * 1000) / 10)}%`}
        </span>
      ),
      value: repeatRate,
    },
    moneyCell(row.payment_fees, context),
    moneyCell(row.gross_profit, context),
    moneyCell(row.net_profit, context),
  ];
}

export const sourcesCharts: readonly ChartMetric[] = [
  { key: 'orders_count', label: __('Orders'), type: 'number', orderby: 'orders_count' },
  { key: 'net_revenue', label: __('Net sales'), type: 'currency', orderby: 'net_revenue' },
  { key: 'new_customers', label: __('New customers'), type: 'number', orderby: 'new_customers' },
  {
    key: 'avg_order_value',
    label: __('Average order value'),
    type: 'currency',
    orderby: 'avg_order_value',
  },
];

/** Item comparison when two or more values are checked in the table. */
export function sourcesChartMode(query: Query): ChartModeChoice {
  const values = valueList(query.sources);
  return query.filter === 'compare-sources' && values.length >= 2
    ? {
        mode: 'item-comparison',
        segmentby: groupbyOf(query),
        itemsLabel: __('%d sources'),
        // Segments are numbered in the order the values are asked.
        selectedIds: values.map((_, i) => String(i + 1)),
      }
    : { mode: 'time-comparison' };
}

/** The Sources report: where orders come from. */
export const sourcesReport: ReportDefinition = {
  id: 'sources',
  title: __('Sources'),
  segments: {},
  statsEndpoint: 'sources',
  charts: sourcesCharts,
  chartMode: sourcesChartMode,
  statsQuery: (query) => {
    const values = valueList(query.sources);
    return {
      ...sourceParams(query),
      ...(query.filter === 'compare-sources' && values.length >= 2 ? { values } : {}),
    };
  },
  filters: () => [
    {
      label: __('Group by'),
      param: 'groupby',
      defaultValue: 'source_type',
      staticParams: ['filter', 'match', 'chartType', 'per_page', ...SOURCE_FILTER_PARAMS],
      filters: SOURCE_DIMENSIONS.map(({ key, label }) => ({ value: key, label })),
    },
    allOrAdvancedFilter(__('All orders')),
  ],
  advancedFilters: () => ({
    title: _x('Orders match {{select /}} filters', 'A sentence describing filters for Sources'),
    filters: sourceAdvancedFilters(),
  }),
  notice: () => (
    <div className="sl-notice sl-notice--info sl-report__notice">
      <p>
        {__(
          'Unknown: orders with no source recorded. Orders placed before the shop recorded attribution, orders made by the REST API or at a point of sale, and checkouts whose visitors blocked tracking (no consent, ad blockers) have none. The line under the table counts each.',
        )}
      </p>
      <p>
        {__(
          'First customers: customers whose first order falls in the period and came from the source. Repeat rate: the share of them who have ordered again since, up to today.',
        )}
      </p>
    </div>
  ),
  table: (query) => {
    const groupby = groupbyOf(query);
    return {
      endpoint: 'sources',
      title: sprintf(__('Sources by %s'), dimensionLabel(groupby).toLowerCase()),
      columnsKey: 'sources_report_columns',
      headers: [
        {
          key: 'value',
          label: dimensionLabel(groupby),
          required: true,
          isLeftAligned: true,
          isSortable: true,
        },
        {
          key: 'orders_count',
          label: __('Orders'),
          isSortable: true,
          isNumeric: true,
          required: true,
          defaultSort: true,
        },
        { key: 'orders_share', label: __('Share of orders'), isNumeric: true },
        { key: 'net_revenue', label: __('Net sales'), isSortable: true, isNumeric: true },
        { key: 'new_customers', label: __('New customers'), isSortable: true, isNumeric: true },
        {
          key: 'avg_order_value',
          label: __('AOV'),
          screenReaderLabel: __('Average order value'),
          isSortable: true,
          isNumeric: true,
        },
        {
          key: 'first_customers',
          label: __('First customers'),
          isSortable: true,
          isNumeric: true,
        },
        { key: 'repeat_rate', label: __('Repeat rate'), isSortable: true, isNumeric: true },
        {
          key: 'payment_fees',
          label: __('Payment fees'),
          isSortable: true,
          isNumeric: true,
          hiddenByDefault: true,
        },
        { key: 'gross_profit', label: __('Gross profit'), isSortable: true, isNumeric: true },
        { key: 'net_profit', label: __('Net profit'), isNumeric: true, hiddenByDefault: true },
      ],
      defaultOrderby: 'orders_count',
      defaultOrder: 'desc',
      tableQuery: (q) => ({ groupby: groupbyOf(q), ...sourceParams(q) }),
      rowId: (row) => String(row.value),
      compare: {
        filterParam: 'filter',
        filterValue: 'compare-sources',
        idParam: 'sources',
        helpText: __('Check at least two sources below to compare'),
      },
      toCells: sourceCells,
      summary: {
        endpoint: 'sources',
        fields: [
          'orders_count',
          'net_revenue',
          'new_customers',
          'unknown_orders_count',
          'unknown_no_record',
          'unknown_not_checkout',
          'unknown_before_attribution',
          'unknown_blocked',
        ],
        query: (q) => sourceParams(q),
        items: (t, c) => {
          const n = (key: string) => Number(t[key] ?? 0);
          const orders = n('orders_count');
          const unknown = n('unknown_orders_count');
          const share = orders === 0 ? 0 : Math.round((unknown / orders) * 1000) / 10;
          return [
            countItem(c, c.totalRows, __('Source'), __('Sources')),
            countItem(c, orders, __('Order'), __('Orders')),
            { label: __('net sales'), value: c.formatAmount(n('net_revenue')) },
            countItem(c, n('new_customers'), __('New customer'), __('New customers')),
            { label: __('unknown source'), value: `${c.formatNumber(share)}%` },
            { label: __('unknown: no record'), value: c.formatNumber(n('unknown_no_record')) },
            {
              label: __('unknown: not from checkout'),
              value: c.formatNumber(n('unknown_not_checkout')),
            },
            {
              label: __('unknown: before attribution'),
              value: c.formatNumber(n('unknown_before_attribution')),
            },
            {
              label: __('unknown: tracking blocked'),
              value: c.formatNumber(n('unknown_blocked')),
            },
          ];
        },
      },
    };
  },
};
