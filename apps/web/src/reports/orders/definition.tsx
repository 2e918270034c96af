import type { BootSettings } from '@storelens/api';
import { type AdvancedFiltersConfig, Link, OrderStatus } from '@storelens/components';
import { getFilterQuery, type OrdersListRow, type ReportRow } from '@storelens/data';
import { __, _x } from '@storelens/i18n';
import { Fragment } from 'react';
import { ORDER_STATUSES, statusLabels } from '../../order-statuses';
import './orders.css';
import { countItem, DATE_HEADER, dateCell, hrefCell } from '../page/cells';
import { advancedFilter, allOrAdvancedFilter, idsFilter, isRules } from '../page/filter-helpers';
import { customerLink, orderLink, reportHref } from '../page/links';
import { costCell, moneyCell, moneyOrUnknown } from '../page/profit';
import type { ChartMetric, ReportDefinition, RowContext, TableDefinition } from '../page/types';
import { sourceAdvancedFilters } from '../sources/source-filters';

/** Orders' advanced filters: the status filter offers the store's custom statuses too. */
export const ordersAdvancedFilters = (
  settings: Pick<BootSettings, 'customStatuses'>,
): AdvancedFiltersConfig => ({
  title: _x('Orders match {{select /}} filters', 'A sentence describing filters for Orders'),
  filters: {
    status: advancedFilter(
      __('Order status'),
      {
        component: 'SelectControl',
        options: [...ORDER_STATUSES, ...(settings.customStatuses ?? [])],
      },
      { rules: isRules() },
    ),
    product: idsFilter(__('Product'), { type: 'products' }, __('Search products')),
    variation: idsFilter(
      __('Product variation'),
      { type: 'variations' },
      __('Search product variations'),
    ),
    coupon: idsFilter(__('Coupon code'), { type: 'coupons' }, __('Search coupons')),
    customer_type: advancedFilter(
      __('Customer type'),
      {
        component: 'SelectControl',
        options: [
          { value: 'new', label: __('New') },
          { value: 'returning', label: __('Returning') },
        ],
        defaultOption: 'new',
      },
      { title: __('Customer is') },
    ),
    refunds: advancedFilter(__('Refund'), {
      component: 'SelectControl',
      options: [
        { value: 'all', label: __('All') },
        { value: 'partial', label: __('Partially refunded') },
        { value: 'full', label: __('Fully refunded') },
        { value: 'none', label: __('None') },
      ],
      defaultOption: 'all',
    }),
    tax_rate: idsFilter(__('Tax rate'), { type: 'taxes' }, __('Search tax rates')),
    attribute: advancedFilter(
      __('Product attribute'),
      { component: 'ProductAttribute' },
      { rules: isRules(), allowMultiple: true },
    ),
    ...sourceAdvancedFilters(),
  },
});

/** Orders' metrics. */
export const ordersCharts: readonly ChartMetric[] = [
  { key: 'orders_count', label: __('Orders'), type: 'number' },
  {
    key: 'net_revenue',
    label: __('Net sales'),
    type: 'currency',
    orderby: 'net_total',
    order: 'desc',
  },
  { key: 'avg_order_value', label: __('Average order value'), type: 'currency' },
  {
    key: 'avg_items_per_order',
    label: __('Average items per order'),
    type: 'average',
    orderby: 'num_items_sold',
    order: 'desc',
  },
];

type OrderInfo = OrdersListRow['extended_info'];
type OrderProduct = NonNullable<OrderInfo['products']>[number];
type OrderCoupon = NonNullable<OrderInfo['coupons']>[number];

/**
 * One order's cells, in header order. The number links to the order (see
 * `orderLink`), the customer's name to the Customers report narrowed to that customer.
 */
export function orderCells(row: ReportRow, context: RowContext) {
  const info = (row.extended_info ?? {}) as OrderInfo;
  const products = [...(info.products ?? [])].sort((a, b) => b.quantity - a.quantity);
  const coupons = info.coupons ?? [];
  const customer = [info.customer?.first_name, info.customer?.last_name].filter(Boolean).join(' ');
  const status = String(row.status ?? '');
  const type = String(row.customer_type ?? '');
  const date = String(row.date ?? row.date_created ?? '');
  const number = String(row.order_number ?? row.order_id);
  const order = orderLink(
    { id: Number(row.order_id), parentId: Number(row.parent_id ?? 0), date },
    context,
  );
  const toCustomer = customer ? customerLink(Number(row.customer_id ?? 0)) : null;
  const productsHref = (p: OrderProduct) =>
    reportHref('/analytics/products', { filter: 'single_product', products: p.id }, context.query);
  const couponHref = (c: OrderCoupon) =>
    reportHref('/analytics/coupons', { filter: 'single_coupon', coupons: c.id }, context.query);
  return [
    dateCell(date, context),
    hrefCell(number, number, order),
    {
      display: (
        <OrderStatus
          order={{ status }}
          statusMap={statusLabels(context.customStatuses)}
          labelPositionToLeft
        />
      ),
      value: status,
    },
    hrefCell(customer, customer, toCustomer),
    { display: type ? type.charAt(0).toUpperCase() + type.slice(1) : '', value: type },
    {
      display: (
        <ItemList
          items={products.map((p) => ({
            key: p.id,
            text: `${p.quantity}× ${p.name}`,
            href: productsHref(p),
          }))}
        />
      ),
      value: products.map((p) => `${p.quantity}× ${p.name}`).join(', '),
    },
    {
      display: context.formatNumber(Number(row.num_items_sold ?? 0)),
      value: Number(row.num_items_sold ?? 0),
    },
    {
      display: (
        <ItemList items={coupons.map((c) => ({ key: c.id, text: c.code, href: couponHref(c) }))} />
      ),
      value: coupons.map((c) => c.code).join(', '),
    },
    {
      display: context.formatAmount(Number(row.net_total ?? 0)),
      value: Number(row.net_total ?? 0),
    },
    moneyCell(row.fee_total, context),
    {
      display: String(row.payment_method_title || row.payment_method || ''),
      value: String(row.payment_method_title || row.payment_method || ''),
    },
    costCell(row.cost_of_goods, row.cost_coverage, context),
    moneyCell(row.payment_fees, context),
    moneyCell(row.gross_profit, context),
    moneyCell(row.net_profit, context),
    originCell(row, context),
  ];
}

/** The order's origin as WooCommerce labels it, linking to the orders of that origin. */
function originCell(row: ReportRow, context: RowContext) {
  const origin = (row.attribution as { origin?: string } | undefined)?.origin ?? '';
  if (!origin || origin === 'Unknown') return { display: __('Unknown'), value: 'Unknown' };
  return {
    display: (
      <Link
        href={reportHref(
          '/analytics/orders',
          { filter: 'advanced', origin_is: origin },
          context.query,
        )}
      >
        {origin}
      </Link>
    ),
    value: origin,
  };
}

/** The first item as a link and the rest behind "+N more", a disclosure a keyboard can open. */
export function ItemList({
  items,
}: {
  items: readonly { key: number | string; text: string; href: string }[];
}) {
  const [first, ...rest] = items;
  if (!first) return null;
  return (
    <span className="sl-report__item-list">
      <Link href={first.href}>{first.text}</Link>
      {rest.length > 0 && (
        <details className="sl-report__more">
          <summary>{`+${rest.length} ${__('more')}`}</summary>
          <ul>
            {rest.map((item) => (
              <Fragment key={item.key}>
                <li>
                  <Link href={item.href}>{item.text}</Link>
                </li>
              </Fragment>
            ))}
          </ul>
        </details>
      )}
    </span>
  );
}

const table: TableDefinition = {
  endpoint: 'orders',
  title: __('Orders'),
  columnsKey: 'orders_report_columns',
  headers: [
    DATE_HEADER,
    {
      key: 'order_number',
      label: __('Order #'),
      screenReaderLabel: __('Order Number'),
      required: true,
    },
    { key: 'status', label: __('Status') },
    { key: 'customer_id', label: __('Customer') },
    { key: 'customer_type', label: __('Customer type') },
    { key: 'products', label: __('Product(s)'), screenReaderLabel: __('Products') },
    { key: 'num_items_sold', label: __('Items sold'), isSortable: true, isNumeric: true },
    { key: 'coupons', label: __('Coupon(s)'), screenReaderLabel: __('Coupons') },
    { key: 'net_total', label: __('Net sales'), isSortable: true, isNumeric: true, required: true },
    // What the order charged in fee lines (a surcharge, gift wrapping; negative for a plugin's
    // discount), counted in its net sales as WooCommerce counts them; and how it was paid.
    { key: 'fee_total', label: __('Order fees'), isNumeric: true, hiddenByDefault: true },
    { key: 'payment_method', label: __('Payment method'), hiddenByDefault: true },
    // The profit of each order; cost, fees and net profit wait in the column picker so the
    // table fits a 1400 px screen.
    { key: 'cost_of_goods', label: __('Cost'), isNumeric: true, hiddenByDefault: true },
    { key: 'payment_fees', label: __('Payment fees'), isNumeric: true, hiddenByDefault: true },
    { key: 'gross_profit', label: __('Gross profit'), isNumeric: true },
    { key: 'net_profit', label: __('Net profit'), isNumeric: true, hiddenByDefault: true },
    { key: 'origin', label: __('Origin') },
  ],
  defaultOrderby: 'date',
  defaultOrder: 'desc',
  tableQuery: () => ({ extended_info: true }),
  toCells: orderCells,
  summary: {
    endpoint: 'orders',
    fields: [
      'orders_count',
      'total_customers',
      'products',
      'num_items_sold',
      'coupons_count',
      'net_revenue',
      'gross_profit',
      'net_profit',
    ],
    items: (t, c) => {
      const n = (key: string) => Number(t[key] ?? 0);
      return [
        countItem(c, n('orders_count'), __('Order'), __('Orders')),
        countItem(c, n('total_customers'), __('Customer'), __('Customers')),
        countItem(c, n('products'), __('Product'), __('Products')),
        countItem(c, n('num_items_sold'), __('Item sold'), __('Items sold')),
        countItem(c, n('coupons_count'), __('Coupon'), __('Coupons')),
        { label: __('net sales'), value: c.formatAmount(n('net_revenue')) },
        { label: __('gross profit'), value: moneyOrUnknown(t.gross_profit, c) },
        { label: __('net profit'), value: moneyOrUnknown(t.net_profit, c) },
      ];
    },
  },
};

/** The Orders report. */
export const ordersReport: ReportDefinition = {
  id: 'orders',
  title: __('Orders'),
  statsEndpoint: 'orders',
  charts: ordersCharts,
  filters: () => [allOrAdvancedFilter(__('All orders'))],
  advancedFilters: ordersAdvancedFilters,
  segments: {
    save: (settings) => ({
      source: 'orders',
      filterQuery: (query) =>
        getFilterQuery({
          endpoint: 'orders',
          query,
          filters: [allOrAdvancedFilter(__('All orders'))],
          advancedFilters: ordersAdvancedFilters(settings),
        }),
    }),
  },
  table: () => table,
};
