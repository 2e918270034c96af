import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { countItem, linkCell } from '../page/cells';
import { itemFilters } from '../page/item-filters';
import { moneyCell } from '../page/profit';
import type { ChartMetric, ChartModeChoice, ReportDefinition, RowContext } from '../page/types';
import { idList } from '../products/definition';

const DISCOUNT_TYPES: Readonly<Record<string, string>> = {
  percent: __('Percentage'),
  fixed_cart: __('Fixed cart'),
  fixed_product: __('Fixed product'),
};

/** One coupon's cells; a deleted coupon (id 0) has no links. */
export function couponCells(row: ReportRow, context: RowContext) {
  const id = Number(row.coupon_id ?? 0);
  const info = (row.extended_info ?? {}) as {
    code?: string;
    date_created?: string;
    date_expires?: string;
    discount_type?: string;
  };
  const code = info.code ?? '';
  const orders = Number(row.orders_count ?? 0);
  const created = context.formatDate(info.date_created) || __('N/A');
  const expires = context.formatDate(info.date_expires) || __('N/A');
  const type = DISCOUNT_TYPES[info.discount_type ?? ''] ?? __('N/A');
  return [
    id > 0
      ? linkCell(
          code,
          code,
          '/analytics/coupons',
          { filter: 'single_coupon', coupons: id },
          context.query,
        )
      : { display: code, value: code },
    id > 0
      ? linkCell(
          context.formatNumber(orders),
          orders,
          '/analytics/orders',
          { filter: 'advanced', coupon_includes: id },
          context.query,
        )
      : { display: context.formatNumber(orders), value: orders },
    { display: context.formatAmount(Number(row.amount ?? 0)), value: Number(row.amount ?? 0) },
    moneyCell(row.gross_profit, context),
    moneyCell(row.net_profit, context),
    { display: created, value: created },
    { display: expires, value: expires },
    { display: type, value: type },
  ];
}

export const couponCharts: readonly ChartMetric[] = [
  {
    key: 'orders_count',
    label: __('Discounted orders'),
    type: 'number',
    orderby: 'orders_count',
    order: 'desc',
  },
  { key: 'amount', label: __('Amount'), type: 'currency', orderby: 'amount', order: 'desc' },
];

/** Item comparison only when comparing two or more coupons. */
export function couponsChartMode(query: Query): ChartModeChoice {
  const ids = idList(query.coupons);
  return query.filter === 'compare-coupons' && ids.length >= 2
    ? {
        mode: 'item-comparison',
        segmentby: 'coupon',
        itemsLabel: __('%d coupons'),
        selectedIds: ids,
      }
    : { mode: 'time-comparison' };
}

/** The Coupons report. */
export const couponsReport: ReportDefinition = {
  id: 'coupons',
  title: __('Coupons'),
  segments: {},
  statsEndpoint: 'coupons',
  charts: couponCharts,
  chartMode: couponsChartMode,
  filters: () => [
    itemFilters({
      search: { type: 'coupons' },
      all: { label: __('All coupons') },
      single: {
        name: 'coupon',
        label: __('Single coupon'),
        placeholder: __('Type to search for a coupon'),
      },
      // The chart compares coupons by its chartMode, not by this filter's.
      compare: {
        title: __('Compare Coupon Codes'),
        helpText: __('Check at least two coupon codes below to compare'),
        placeholder: __('Search for coupons to compare'),
      },
    }),
  ],
  table: () => ({
    endpoint: 'coupons',
    title: __('Coupons'),
    columnsKey: 'coupons_report_columns',
    headers: [
      {
        key: 'code',
        label: __('Coupon code'),
        isSortable: true,
        required: true,
        isLeftAligned: true,
      },
      {
        key: 'orders_count',
        label: __('Orders'),
        isSortable: true,
        isNumeric: true,
        required: true,
        defaultSort: true,
      },
      { key: 'amount', label: __('Amount discounted'), isSortable: true, isNumeric: true },
      {
        // Of the orders that used the coupon (and their refunds), not the coupon's own
        // (docs/metrics.md, "Coupons").
        key: 'gross_profit',
        label: __('Gross profit'),
        isSortable: true,
        isNumeric: true,
      },
      {
        key: 'net_profit',
        label: __('Net profit'),
        isSortable: true,
        isNumeric: true,
        hiddenByDefault: true,
      },
      { key: 'created', label: __('Created') },
      { key: 'expires', label: __('Expires') },
      { key: 'type', label: __('Type') },
    ],
    defaultOrderby: 'orders_count',
    defaultOrder: 'desc',
    tableQuery: () => ({ extended_info: true }),
    rowId: (row) => String(row.coupon_id),
    compare: {
      filterParam: 'filter',
      filterValue: 'compare-coupons',
      idParam: 'coupons',
      helpText: __('Check at least two coupon codes below to compare'),
    },
    search: {
      autocompleter: { type: 'coupons' },
      listPath: 'coupons',
      idParam: 'coupons',
      placeholder: __('Search by coupon code'),
    },
    toCells: couponCells,
    summary: {
      fields: ['coupons_count', 'orders_count', 'amount'],
      items: (t, c) => {
        const n = (key: string) => Number(t[key] ?? 0);
        return [
          countItem(c, n('coupons_count'), __('Coupon'), __('Coupons')),
          countItem(c, n('orders_count'), __('Order'), __('Orders')),
          { label: __('Amount discounted'), value: c.formatAmount(n('amount')) },
        ];
      },
    },
  }),
};
