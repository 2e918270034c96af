/**
 * What the MCP tools know about the reports: which REST routes answer them, their metrics
 * (read from the response schemas of `packages/api`), the `orderby` values of their lists (read
 * from the query schemas), and where the dashboard shows them. Nothing here computes a figure:
 * the tools read every number from the REST routes (see tools.ts).
 */
import {
  CategoriesListQuery,
  CouponsListQuery,
  CouponsStatsResponse,
  CustomersListQuery,
  DownloadsStatsResponse,
  OrdersListQuery,
  OrdersStatsResponse,
  ProductsListQuery,
  ProductsStatsResponse,
  ProfitStatsResponse,
  RevenueStatsResponse,
  TaxesListQuery,
  TaxesStatsResponse,
  VariationsListQuery,
  VariationsStatsResponse,
} from '@storelens/api';
import type { TSchema } from 'typebox';

const REPORTS = '/wp-json/wc-analytics/reports';

/**
 * How a metric's value reads: money (the store's currency), a count, an average, or a share
 * (a fraction: 0.25 is 25%; null where it cannot be known, e.g. a margin on no sales).
 */
export type MetricKind = 'money' | 'count' | 'average' | 'share';

/** Labels and kinds of every metric field a report answers (the dashboard's labels). */
const FIELDS: Record<string, { label: string; kind: MetricKind }> = {
  total_sales: { label: 'Total sales', kind: 'money' },
  net_revenue: { label: 'Net sales', kind: 'money' },
  gross_sales: { label: 'Gross sales', kind: 'money' },
  refunds: { label: 'Returns', kind: 'money' },
  coupons: { label: 'Coupons', kind: 'money' },
  taxes: { label: 'Taxes', kind: 'money' },
  shipping: { label: 'Shipping', kind: 'money' },
  avg_order_value: { label: 'Average order value', kind: 'money' },
  amount: { label: 'Amount discounted', kind: 'money' },
  total_tax: { label: 'Total tax', kind: 'money' },
  order_tax: { label: 'Order tax', kind: 'money' },
  shipping_tax: { label: 'Shipping tax', kind: 'money' },
  net_total: { label: 'Net sales', kind: 'money' },
  total_spend: { label: 'Total spend', kind: 'money' },
  orders_count: { label: 'Orders', kind: 'count' },
  num_items_sold: { label: 'Items sold', kind: 'count' },
  items_sold: { label: 'Items sold', kind: 'count' },
  coupons_count: { label: 'Coupons used', kind: 'count' },
  total_customers: { label: 'Customers', kind: 'count' },
  products: { label: 'Products', kind: 'count' },
  products_count: { label: 'Products', kind: 'count' },
  variations_count: { label: 'Variations', kind: 'count' },
  tax_codes: { label: 'Tax codes', kind: 'count' },
  download_count: { label: 'Downloads', kind: 'count' },
  avg_items_per_order: { label: 'Average items per order', kind: 'average' },
  cost_of_goods: { label: 'Cost of goods', kind: 'money' },
  payment_fees: { label: 'Payment fees', kind: 'money' },
  gross_profit: { label: 'Gross profit', kind: 'money' },
  net_profit: { label: 'Net profit', kind: 'money' },
  gross_margin: { label: 'Gross margin', kind: 'share' },
  net_margin: { label: 'Net margin', kind: 'share' },
  cost_coverage: { label: 'Cost coverage (items sold)', kind: 'share' },
  cost_coverage_net_sales: { label: 'Cost coverage (net sales)', kind: 'share' },
};

/** One metric of a report. */
export interface Metric {
  field: string;
  label: string;
  kind: MetricKind;
}

/** A metric's label and kind (a field the table does not name reads as a count). */
export function metricOf(field: string): Metric {
  const known = FIELDS[field];
  return { field, label: known?.label ?? field.replaceAll('_', ' '), kind: known?.kind ?? 'count' };
}

/** Whether a field's values are money. */
export const isMoney = (field: string) => FIELDS[field]?.kind === 'money';

/** The metric fields of a stats answer's totals, from its response schema. */
function totalsFields(response: TSchema): string[] {
  const totals = (response as { properties: { totals: { properties: Record<string, unknown> } } })
    .properties.totals.properties;
  return Object.keys(totals).filter((name) => name !== 'segments');
}

/** The values a query parameter's schema allows (a union of constants), in schema order. */
export function allowedValues(schema: unknown): string[] {
  const s = schema as { anyOf?: { const?: unknown }[]; enum?: unknown[] } | undefined;
  if (s?.anyOf?.every((o) => o.const !== undefined)) return s.anyOf.map((o) => String(o.const));
  if (s?.enum) return s.enum.map(String);
  return [];
}

const orderbyOf = (query: TSchema) =>
  allowedValues((query as { properties: Record<string, unknown> }).properties.orderby);

/** The reports with a stats route (totals and intervals over a date range). */
export const STATS_REPORTS = [
  'revenue',
  'profit',
  'orders',
  'products',
  'variations',
  'categories',
  'coupons',
  'taxes',
  'downloads',
] as const;
export type StatsReport = (typeof STATS_REPORTS)[number];

/** The reports whose records can be ranked by a metric (the list routes). */
export const ITEM_REPORTS = [
  'products',
  'variations',
  'categories',
  'coupons',
  'taxes',
  'orders',
  'customers',
] as const;
export type ItemReport = (typeof ITEM_REPORTS)[number];

/** A stats report: its route, metrics and dashboard page. */
export interface StatsDefinition {
  id: StatsReport;
  title: string;
  /** The dashboard's `path` parameter. */
  path: string;
  route: string;
  fields: string[];
}

const stats = (id: StatsReport, title: string, response: TSchema): StatsDefinition => ({
  id,
  title,
  path: `/analytics/${id}`,
  route: `${REPORTS}/${id}/stats`,
  fields: totalsFields(response),
});

export const STATS: Record<StatsReport, StatsDefinition> = {
  revenue: stats('revenue', 'Revenue', RevenueStatsResponse),
  profit: stats('profit', 'Profit', ProfitStatsResponse),
  orders: stats('orders', 'Orders', OrdersStatsResponse),
  products: stats('products', 'Products', ProductsStatsResponse),
  variations: stats('variations', 'Variations', VariationsStatsResponse),
  // The dashboard's Categories page reads products/stats for its chart and totals (there is no
  // categories chart of its own): so does this tool, to show the same figures.
  categories: {
    ...stats('categories', 'Categories', ProductsStatsResponse),
    route: `${REPORTS}/products/stats`,
  },
  coupons: stats('coupons', 'Coupons', CouponsStatsResponse),
  taxes: stats('taxes', 'Taxes', TaxesStatsResponse),
  downloads: stats('downloads', 'Downloads', DownloadsStatsResponse),
};

/** A list report: its route, how its rows are named and filtered by id, its metrics. */
export interface ItemsDefinition {
  id: ItemReport;
  title: string;
  path: string;
  route: string;
  /** Every `orderby` the route accepts (from its query schema). */
  orderby: string[];
  defaultOrderby: string;
  /** The row field that identifies a record. */
  idField: string;
  /** The query parameter that lists exactly some records (for the comparison), if any. */
  idsParam?: string;
  /** Where a row's name is: a dot path. */
  nameField: string;
  metrics: string[];
  /** False for customers: the Customers report has no date range (all-time figures). */
  dated: boolean;
  /** Whether the route takes `extended_info` (names, SKUs…). */
  extendedInfo: boolean;
}

export const ITEMS: Record<ItemReport, ItemsDefinition> = {
  products: {
    id: 'products',
    title: 'Products',
    path: '/analytics/products',
    route: `${REPORTS}/products`,
    orderby: orderbyOf(ProductsListQuery),
    defaultOrderby: 'net_revenue',
    idField: 'product_id',
    idsParam: 'products',
    nameField: 'extended_info.name',
    metrics: ['items_sold', 'net_revenue', 'orders_count'],
    dated: true,
    extendedInfo: true,
  },
  variations: {
    id: 'variations',
    title: 'Variations',
    path: '/analytics/variations',
    route: `${REPORTS}/variations`,
    orderby: orderbyOf(VariationsListQuery),
    defaultOrderby: 'net_revenue',
    idField: 'variation_id',
    idsParam: 'variations',
    nameField: 'extended_info.name',
    metrics: ['items_sold', 'net_revenue', 'orders_count'],
    dated: true,
    extendedInfo: true,
  },
  categories: {
    id: 'categories',
    title: 'Categories',
    path: '/analytics/categories',
    route: `${REPORTS}/categories`,
    orderby: orderbyOf(CategoriesListQuery),
    defaultOrderby: 'net_revenue',
    idField: 'category_id',
    idsParam: 'categories',
    nameField: 'extended_info.name',
    metrics: ['items_sold', 'net_revenue', 'orders_count', 'products_count'],
    dated: true,
    extendedInfo: true,
  },
  coupons: {
    id: 'coupons',
    title: 'Coupons',
    path: '/analytics/coupons',
    route: `${REPORTS}/coupons`,
    orderby: orderbyOf(CouponsListQuery),
    defaultOrderby: 'amount',
    idField: 'coupon_id',
    idsParam: 'coupons',
    nameField: 'extended_info.code',
    metrics: ['amount', 'orders_count'],
    dated: true,
    extendedInfo: true,
  },
  taxes: {
    id: 'taxes',
    title: 'Taxes',
    path: '/analytics/taxes',
    route: `${REPORTS}/taxes`,
    orderby: orderbyOf(TaxesListQuery),
    defaultOrderby: 'total_tax',
    idField: 'tax_rate_id',
    idsParam: 'taxes',
    nameField: 'tax_code',
    metrics: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count'],
    dated: true,
    extendedInfo: false,
  },
  orders: {
    id: 'orders',
    title: 'Orders',
    path: '/analytics/orders',
    route: `${REPORTS}/orders`,
    orderby: orderbyOf(OrdersListQuery),
    defaultOrderby: 'date',
    idField: 'order_id',
    nameField: 'order_number',
    metrics: ['net_total', 'total_sales', 'num_items_sold'],
    dated: true,
    extendedInfo: true,
  },
  customers: {
    id: 'customers',
    title: 'Customers',
    path: '/customers',
    route: `${REPORTS}/customers`,
    orderby: orderbyOf(CustomersListQuery),
    defaultOrderby: 'total_spend',
    idField: 'id',
    nameField: 'name',
    metrics: ['orders_count', 'total_spend', 'avg_order_value'],
    dated: false,
    extendedInfo: false,
  },
};

/** The records `search_records` finds: the dashboard's pickers. */
export const SEARCH_TYPES = [
  'products',
  'variations',
  'categories',
  'coupons',
  'customers',
  'orders',
  'taxes',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A picker: its route and how a found record opens in the dashboard. */
export interface SearchDefinition {
  route: string;
  /** The dashboard view of one record: its `path` and query, or undefined when it has none. */
  view(row: Record<string, unknown>): { path: string; query: Record<string, string> } | undefined;
}

const id = (row: Record<string, unknown>) => String(row.id);

export const SEARCHES: Record<SearchType, SearchDefinition> = {
  products: {
    route: '/wp-json/wc-analytics/products',
    view: (row) => ({
      path: '/analytics/products',
      query: { filter: 'single_product', products: id(row) },
    }),
  },
  variations: {
    route: '/wp-json/wc-analytics/variations',
    view: (row) => ({
      path: '/analytics/variations',
      query: { filter: 'single_variation', variations: id(row) },
    }),
  },
  categories: {
    route: '/wp-json/wc-analytics/products/categories',
    view: (row) => ({
      path: '/analytics/categories',
      query: { filter: 'single_category', categories: id(row) },
    }),
  },
  coupons: {
    route: '/wp-json/wc-analytics/coupons',
    view: (row) => ({
      path: '/analytics/coupons',
      query: { filter: 'single_coupon', coupons: id(row) },
    }),
  },
  customers: {
    route: '/wp-json/wc-analytics/customers',
    view: (row) => ({
      path: '/customers',
      query: { filter: 'single_customer', customers: id(row) },
    }),
  },
  orders: {
    route: '/wp-json/wc-analytics/orders',
    // Storelens has no order page: the Orders report on the order's day lists it (as the
    // dashboard's order links do without a connected shop).
    view: (row) => {
      const day = String(row.date_created ?? '').slice(0, 10);
      return /^\d{4}-\d{2}-\d{2}$/.test(day)
        ? { path: '/analytics/orders', query: { period: 'custom', after: day, before: day } }
        : undefined;
    },
  },
  taxes: {
    route: '/wp-json/wc-analytics/taxes',
    view: (row) => ({
      path: '/analytics/taxes',
      query: { filter: 'compare-taxes', taxes: id(row) },
    }),
  },
};
