/* The list report schemas; routes, defaults and answers are in docs/api.md, "Analytics: lists". */
import { type Static, Type } from 'typebox';
import { intervalKinds } from './intervals';
import {
  BoolParam,
  commonReportParams,
  IdList,
  IsoDateTime,
  oneOf,
  orderFilterParams,
  query,
  StatusList,
} from './reports-common';
import { downloadFilterParams } from './reports-stats';

/**
 * One row of a report list: each report has its own columns (see docs/api.md), so the shared
 * contract is an object per row, in an array.
 */
export const ReportRow = Type.Record(Type.String(), Type.Unknown());
/** One row of a report list. */
export type ReportRow = Readonly<Static<typeof ReportRow>>;
/** A report list answer. */
export const ReportListBody = Type.Array(ReportRow);

/** Query of `GET /reports/orders`. */
export const OrdersListQuery = query({
  ...commonReportParams,
  ...orderFilterParams,
  orderby: Type.Optional(oneOf(['date', 'num_items_sold', 'net_total'] as const)),
  extended_info: Type.Optional(BoolParam),
  order_includes: Type.Optional(IdList),
  order_excludes: Type.Optional(IdList),
});

/** Query of `GET /reports/products`. */
export const ProductsListQuery = query({
  ...commonReportParams,
  match: orderFilterParams.match,
  orderby: Type.Optional(
    oneOf([
      'date',
      'net_revenue',
      'orders_count',
      'items_sold',
      'product_name',
      'variations',
      'sku',
    ] as const),
  ),
  categories: Type.Optional(IdList),
  products: Type.Optional(IdList),
  extended_info: Type.Optional(BoolParam),
});

/** Query of `GET /reports/variations`. */
export const VariationsListQuery = query({
  ...commonReportParams,
  match: orderFilterParams.match,
  orderby: Type.Optional(
    oneOf(['date', 'net_revenue', 'orders_count', 'items_sold', 'sku'] as const),
  ),
  product_includes: Type.Optional(IdList),
  product_excludes: Type.Optional(IdList),
  variations: Type.Optional(IdList),
  category_includes: Type.Optional(IdList),
  category_excludes: Type.Optional(IdList),
  attribute_is: orderFilterParams.attribute_is,
  attribute_is_not: orderFilterParams.attribute_is_not,
  extended_info: Type.Optional(BoolParam),
});

/** Query of `GET /reports/categories`. */
export const CategoriesListQuery = query({
  ...commonReportParams,
  orderby: Type.Optional(
    oneOf([
      'category_id',
      'items_sold',
      'net_revenue',
      'orders_count',
      'products_count',
      'category',
    ] as const),
  ),
  interval: Type.Optional(oneOf(intervalKinds)),
  status_is: Type.Optional(StatusList),
  status_is_not: Type.Optional(StatusList),
  categories: Type.Optional(IdList),
  extended_info: Type.Optional(BoolParam),
});

/** Query of `GET /reports/coupons`. */
export const CouponsListQuery = query({
  ...commonReportParams,
  orderby: Type.Optional(oneOf(['coupon_id', 'code', 'amount', 'orders_count'] as const)),
  coupons: Type.Optional(IdList),
  extended_info: Type.Optional(BoolParam),
});

/** Query of `GET /reports/taxes`. */
export const TaxesListQuery = query({
  ...commonReportParams,
  orderby: Type.Optional(
    oneOf([
      'tax_rate_id',
      'name',
      'tax_code',
      'rate',
      'order_tax',
      'total_tax',
      'shipping_tax',
      'orders_count',
    ] as const),
  ),
  taxes: Type.Optional(IdList),
});

/** Query of `GET /reports/downloads`. */
export const DownloadsListQuery = query({
  ...commonReportParams,
  ...downloadFilterParams,
  orderby: Type.Optional(oneOf(['date', 'product'] as const)),
  extended_info: Type.Optional(BoolParam),
  _embed: Type.Optional(Type.Union([BoolParam, Type.Literal('')])),
});

/**
 * Sort keys of `GET /reports/downloads/files`: `download_count` (default), `file_name` and
 * `product_name` (case-insensitive), `product_id`, `download_id` (the file id). Ties break on
 * the file id in the same direction.
 */
export const downloadFileOrderby = [
  'download_count',
  'file_name',
  'product_name',
  'product_id',
  'download_id',
] as const;
/** One sort key of the download files report. */
export type DownloadFileOrderby = (typeof downloadFileOrderby)[number];

/**
 * Query of `GET /reports/downloads/files` (slug `downloads/files` of the reports index):
 * downloadable files with their downloads in range. Takes the download-log filters, `products[]`
 * (files of these products) and `search` (file name contains, case-insensitive, literal).
 */
export const DownloadFilesListQuery = query({
  ...commonReportParams,
  ...downloadFilterParams,
  orderby: Type.Optional(oneOf(downloadFileOrderby)),
  products: Type.Optional(IdList),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});

/** A row of `GET /reports/downloads/files`. */
export interface DownloadFileRow {
  /** The file id (`product_downloads.id`). */
  download_id: string;
  file_name: string;
  /** The file URL. */
  file_path: string;
  product_id: number;
  product_name: string;
  /** Downloads of the file in range that pass the filters. */
  download_count: number;
  _links: { product: { href: string; embeddable: boolean }[] };
}

/** Query of `GET /reports/stock`. */
export const StockListQuery = query({
  context: commonReportParams.context,
  page: commonReportParams.page,
  per_page: commonReportParams.per_page,
  include: Type.Optional(IdList),
  exclude: Type.Optional(IdList),
  parent: Type.Optional(IdList),
  parent_exclude: Type.Optional(IdList),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  order: commonReportParams.order,
  orderby: Type.Optional(
    oneOf(['stock_status', 'stock_quantity', 'date', 'id', 'include', 'title', 'sku'] as const),
  ),
  type: Type.Optional(oneOf(['all', 'lowstock', 'instock', 'outofstock', 'onbackorder'] as const)),
  force_cache_refresh: commonReportParams.force_cache_refresh,
  _locale: commonReportParams._locale,
});

/** Query of `GET /reports/stock/stats`. */
export const StockStatsQuery = query({
  context: commonReportParams.context,
  force_cache_refresh: commonReportParams.force_cache_refresh,
  _locale: commonReportParams._locale,
});

/** Stock stats answer: published products by stock status. */
export const StockStatsResponse = Type.Object({
  totals: Type.Object(
    {
      products: Type.Integer(),
      lowstock: Type.Integer(),
      instock: Type.Integer(),
      outofstock: Type.Integer(),
      onbackorder: Type.Integer(),
    },
    { additionalProperties: false },
  ),
});
/** Stock stats answer. */
export type StockStatsResponse = Static<typeof StockStatsResponse>;

/** Customers stats answer: totals only, each optional because `fields[]` keeps some. */
export const CustomersStatsResponse = Type.Object({
  totals: Type.Object(
    {
      customers_count: Type.Optional(Type.Integer()),
      avg_orders_count: Type.Optional(Type.Number()),
      avg_total_spend: Type.Optional(Type.Number()),
      avg_avg_order_value: Type.Optional(Type.Number()),
    },
    { additionalProperties: false },
  ),
});
/** Customers stats answer. */
export type CustomersStatsResponse = Static<typeof CustomersStatsResponse>;

const num = Type.Number({ minimum: -1e12, maximum: 1e12 });
/** Order counts are whole numbers (a fractional bound was a PostgreSQL 500 on an integer column). */
const count = Type.Integer({ minimum: -1e12, maximum: 1e12 });
const pairOf = <T extends typeof num | typeof count | typeof IsoDateTime>(t: T) =>
  Type.Array(t, { minItems: 2, maxItems: 2 });

/** Customer filters shared by the customers list and stats (docs/api.md, "Customer filters"). */
export const customerFilterParams = {
  match: orderFilterParams.match,
  search: Type.Optional(Type.String({ maxLength: 200 })),
  searchby: Type.Optional(oneOf(['name', 'username', 'email', 'all'] as const)),
  name_includes: Type.Optional(IdList),
  name_excludes: Type.Optional(IdList),
  username_includes: Type.Optional(IdList),
  username_excludes: Type.Optional(IdList),
  email_includes: Type.Optional(IdList),
  email_excludes: Type.Optional(IdList),
  country_includes: Type.Optional(
    Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$' }), { maxItems: 300 }),
  ),
  country_excludes: Type.Optional(
    Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$' }), { maxItems: 300 }),
  ),
  registered_before: Type.Optional(IsoDateTime),
  registered_after: Type.Optional(IsoDateTime),
  registered_between: Type.Optional(pairOf(IsoDateTime)),
  last_active_before: Type.Optional(IsoDateTime),
  last_active_after: Type.Optional(IsoDateTime),
  last_active_between: Type.Optional(pairOf(IsoDateTime)),
  orders_count_min: Type.Optional(count),
  orders_count_max: Type.Optional(count),
  orders_count_between: Type.Optional(pairOf(count)),
  total_spend_min: Type.Optional(num),
  total_spend_max: Type.Optional(num),
  total_spend_between: Type.Optional(pairOf(num)),
  avg_order_value_min: Type.Optional(num),
  avg_order_value_max: Type.Optional(num),
  avg_order_value_between: Type.Optional(pairOf(num)),
  last_order_before: Type.Optional(IsoDateTime),
  last_order_after: Type.Optional(IsoDateTime),
  customers: Type.Optional(IdList),
  include: Type.Optional(IdList),
};

/** Query of `GET /reports/customers`. */
export const CustomersListQuery = query({
  ...commonReportParams,
  ...customerFilterParams,
  orderby: Type.Optional(
    oneOf([
      'date_registered',
      'username',
      'name',
      'country',
      'city',
      'state',
      'postcode',
      'date_last_active',
      'orders_count',
      'total_spend',
      'avg_order_value',
    ] as const),
  ),
});

/** Query of `GET /reports/customers/stats`. */
export const CustomersStatsQuery = query({
  context: commonReportParams.context,
  after: commonReportParams.after,
  before: commonReportParams.before,
  force_cache_refresh: commonReportParams.force_cache_refresh,
  _locale: commonReportParams._locale,
  fields: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-z0-9_]{1,64}$' }), { maxItems: 100 }),
  ),
  ...customerFilterParams,
});
