/* The list report schemas; routes, defaults and answers are in docs/api.md, "Analytics: lists". */
import { type Static, type TProperties, Type } from 'typebox';
import { literalUnion, nullable } from './admin-common';
import { customerCohortParams } from './cohorts';
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
  segmentParam,
} from './reports-common';
import { type SourcesListRow, sourceFilterParams } from './reports-sources';
import { downloadFilterParams } from './reports-stats';

/**
 * Any report list's row, for code that reads every report alike (a table by column keys): each
 * report's own row is its closed schema below (`ReportListRows` by endpoint), which this open
 * record admits.
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
  ...sourceFilterParams,
  orderby: Type.Optional(oneOf(['date', 'num_items_sold', 'net_total'] as const)),
  extended_info: Type.Optional(BoolParam),
  order_includes: Type.Optional(IdList),
  order_excludes: Type.Optional(IdList),
  ...segmentParam,
});

/** The profit figures a product, variation or category list sorts by (null last ascending). */
const profitSorts = ['cost_of_goods', 'gross_profit', 'gross_margin'] as const;

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
      ...profitSorts,
    ] as const),
  ),
  categories: Type.Optional(IdList),
  products: Type.Optional(IdList),
  extended_info: Type.Optional(BoolParam),
  ...segmentParam,
});

/** Query of `GET /reports/variations`. */
export const VariationsListQuery = query({
  ...commonReportParams,
  match: orderFilterParams.match,
  orderby: Type.Optional(
    oneOf(['date', 'net_revenue', 'orders_count', 'items_sold', 'sku', ...profitSorts] as const),
  ),
  product_includes: Type.Optional(IdList),
  product_excludes: Type.Optional(IdList),
  variations: Type.Optional(IdList),
  category_includes: Type.Optional(IdList),
  category_excludes: Type.Optional(IdList),
  attribute_is: orderFilterParams.attribute_is,
  attribute_is_not: orderFilterParams.attribute_is_not,
  extended_info: Type.Optional(BoolParam),
  ...segmentParam,
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
      ...profitSorts,
    ] as const),
  ),
  interval: Type.Optional(oneOf(intervalKinds)),
  status_is: Type.Optional(StatusList),
  status_is_not: Type.Optional(StatusList),
  categories: Type.Optional(IdList),
  extended_info: Type.Optional(BoolParam),
  ...segmentParam,
});

/** Query of `GET /reports/coupons`. */
export const CouponsListQuery = query({
  ...commonReportParams,
  orderby: Type.Optional(
    oneOf(['coupon_id', 'code', 'amount', 'orders_count', 'gross_profit', 'net_profit'] as const),
  ),
  coupons: Type.Optional(IdList),
  extended_info: Type.Optional(BoolParam),
  ...segmentParam,
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
  ...segmentParam,
});

/** Query of `GET /reports/downloads`. */
export const DownloadsListQuery = query({
  ...commonReportParams,
  ...downloadFilterParams,
  orderby: Type.Optional(oneOf(['date', 'product'] as const)),
  extended_info: Type.Optional(BoolParam),
  _embed: Type.Optional(Type.Union([BoolParam, Type.Literal('')])),
  ...segmentParam,
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
  ...segmentParam,
});

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
  /** First touch: the source of each customer's first order. */
  ...sourceFilterParams,
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
  ...customerCohortParams,
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
      'gross_profit',
    ] as const),
  ),
  ...segmentParam,
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
  ...segmentParam,
});

/*
 * Answers of the list reports: one closed row schema per route (docs/api.md, "Analytics:
 * lists"). The server serialises with them (fast-json-stringify writes only the properties a
 * schema lists), and the client reads the rows by their types. `extended_info` is `{}` unless
 * `extended_info=true` is asked, so its properties are optional.
 */

const closed = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
/** A WordPress link list: `[{ href }]`, hrefs under `/wp-json/`. */
export const LinkList = Type.Array(closed({ href: Type.String() }));
/** A link list whose target `_embed` could inline. */
const embeddableLinks = Type.Array(closed({ href: Type.String(), embeddable: Type.Boolean() }));
const money = Type.Number();
const tally = Type.Integer();
const id = Type.Integer({ minimum: 0 });
const fraction = nullable(Type.Number());

/**
 * Storelens's own gross profit fields of a product, variation or category row (docs/metrics.md,
 * "Profit"): `cost_of_goods` and `gross_profit` (null when items were sold and none had a known
 * cost), `gross_margin` (of net revenue; null when that is 0), and the cost coverage of its
 * items and net revenue.
 */
const grossProfitProperties = {
  cost_of_goods: nullable(money),
  gross_profit: nullable(money),
  gross_margin: fraction,
  cost_coverage: fraction,
  cost_coverage_net_sales: fraction,
};

/** A variation's attribute and the option it takes. */
export const VariationAttributeBody = closed({ id, name: Type.String(), option: Type.String() });

/** `extended_info` of a products row: the product's record, `(Deleted)` (name only) when gone. */
const productInfoProperties = {
  name: Type.Optional(Type.String()),
  price: Type.Optional(money),
  /** An `<img>` tag, or '' without an image. */
  image: Type.Optional(Type.String()),
  permalink: Type.Optional(Type.String()),
  category_ids: Type.Optional(Type.Array(id)),
  stock_status: Type.Optional(Type.String()),
  /** Null when stock is not counted. */
  stock_quantity: Type.Optional(nullable(Type.Integer())),
  manage_stock: Type.Optional(Type.Boolean()),
  /** The product's own amount, else the store's low-stock threshold. */
  low_stock_amount: Type.Optional(Type.Integer()),
  sku: Type.Optional(Type.String()),
  /**
   * Storelens: the unit cost in force today (null when none is known) and where it comes from
   * (`shop`, `entered` in Storelens, `none`; a variation without one takes its product's).
   */
  cost: Type.Optional(nullable(money)),
  cost_source: Type.Optional(literalUnion(['shop', 'entered', 'none'] as const)),
};

/** A row of `GET /reports/products`. */
export const ProductsListRow = closed({
  product_id: id,
  items_sold: tally,
  net_revenue: money,
  orders_count: tally,
  ...grossProfitProperties,
  extended_info: closed({
    ...productInfoProperties,
    /** Variation ids, on variable products only. */
    variations: Type.Optional(Type.Array(id)),
  }),
  _links: closed({ product: LinkList }),
});
/** A row of `GET /reports/products`. */
export type ProductsListRow = Static<typeof ProductsListRow>;

/** A row of `GET /reports/variations`. */
export const VariationsListRow = closed({
  product_id: id,
  variation_id: id,
  items_sold: tally,
  net_revenue: money,
  orders_count: tally,
  ...grossProfitProperties,
  extended_info: closed({
    ...productInfoProperties,
    attributes: Type.Optional(Type.Array(VariationAttributeBody)),
  }),
  _links: closed({ product: LinkList, variation: LinkList }),
});
/** A row of `GET /reports/variations`. */
export type VariationsListRow = Static<typeof VariationsListRow>;

/** A row of `GET /reports/categories`. */
export const CategoriesListRow = closed({
  category_id: id,
  items_sold: tally,
  net_revenue: money,
  orders_count: tally,
  products_count: tally,
  ...grossProfitProperties,
  extended_info: closed({ name: Type.Optional(Type.String()) }),
  _links: closed({ category: LinkList }),
});
/** A row of `GET /reports/categories`. */
export type CategoriesListRow = Static<typeof CategoriesListRow>;

/** A row of `GET /reports/coupons`; dates `YYYY-MM-DDTHH:MM:SS`, '' when unset. */
export const CouponsListRow = closed({
  coupon_id: id,
  amount: money,
  orders_count: tally,
  /**
   * Storelens's own: the orders that used the coupon in the range, with their refunds in it
   * (each on its own date), as orders/stats filtered to the coupon (`coupon_includes`) sums
   * them (docs/metrics.md, "Coupons"): their net sales and profit figures; null where unknown.
   * The discounted orders' profit, not the coupon's.
   */
  net_revenue: money,
  cost_of_goods: nullable(money),
  payment_fees: money,
  gross_profit: nullable(money),
  net_profit: nullable(money),
  gross_margin: fraction,
  net_margin: fraction,
  cost_coverage: fraction,
  cost_coverage_net_sales: fraction,
  extended_info: closed({
    /** `(Deleted)` (and `discount_type` `N/A`) when the coupon is gone. */
    code: Type.Optional(Type.String()),
    date_created: Type.Optional(Type.String()),
    date_created_gmt: Type.Optional(Type.String()),
    date_expires: Type.Optional(Type.String()),
    date_expires_gmt: Type.Optional(Type.String()),
    discount_type: Type.Optional(Type.String()),
  }),
  _links: closed({ coupon: LinkList }),
});
/** A row of `GET /reports/coupons`. */
export type CouponsListRow = Static<typeof CouponsListRow>;

/** A row of `GET /reports/taxes`. */
export const TaxesListRow = closed({
  tax_rate_id: id,
  name: Type.String(),
  /** Percent. */
  tax_rate: Type.Number(),
  country: Type.String(),
  state: Type.String(),
  priority: Type.Integer(),
  total_tax: money,
  order_tax: money,
  shipping_tax: money,
  orders_count: tally,
  /** `COUNTRY-STATE-NAME-PRIORITY`, empty parts skipped. */
  tax_code: Type.String(),
  _links: closed({ tax: LinkList }),
});
/** A row of `GET /reports/taxes`. */
export type TaxesListRow = Static<typeof TaxesListRow>;

/** The customer record of an orders row's `extended_info` (dates `YYYY-MM-DD HH:MM:SS`). */
export const OrderCustomerBody = closed({
  id,
  /** 0 for guests. */
  user_id: id,
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  country: Type.String(),
  state: Type.String(),
  city: Type.String(),
  postcode: Type.String(),
  date_registered: nullable(Type.String()),
  date_registered_gmt: nullable(Type.String()),
  date_last_active: nullable(Type.String()),
  date_last_active_gmt: nullable(Type.String()),
});
/** The customer record of an orders row. */
export type OrderCustomerBody = Static<typeof OrderCustomerBody>;

/** A row of `GET /reports/orders`: an order, or a refund (negative money, its order's number). */
export const OrdersListRow = closed({
  order_id: id,
  /** The refunded order for a refund, else 0. */
  parent_id: id,
  order_number: Type.String(),
  date_created: Type.String(),
  date_created_gmt: Type.String(),
  /** The report date (the store's date type column). */
  date: Type.String(),
  status: Type.String(),
  customer_id: id,
  num_items_sold: Type.Integer(),
  net_total: money,
  total_sales: money,
  customer_type: literalUnion(['new', 'returning'] as const),
  /** The order's currency, which a multi-currency shop may take besides the store's. */
  currency: Type.String(),
  /** True when `currency` is not the store's (amounts are summed unconverted). */
  other_currency: Type.Boolean(),
  /**
   * Storelens's own: the row's fee lines before tax (in `net_total`; a refund's are the fees
   * it gives back, negative), 0 without any.
   */
  fee_total: money,
  /** Storelens's own: the row's fee lines, amounts before tax and their tax. */
  fees: Type.Array(closed({ id, name: Type.String(), total: money, total_tax: money })),
  /**
   * Storelens's own: the order's payment method (the gateway's id, `stripe`, `ppcp-gateway`,
   * `cod`…) and its title, and where it was made (`created_via`: checkout, admin, rest-api,
   * pos…); '' when the shop gave none. A refund's row has its order's.
   */
  payment_method: Type.String(),
  payment_method_title: Type.String(),
  created_via: Type.String(),
  /**
   * Storelens's own: the order's attribution, normalised: `source_type` (`utm`, `organic`,
   * `referral`, `typein`, `admin`…, `unknown` without one), the origin label WooCommerce shows
   * ("Source: Google", "Direct", "Unknown"), and the case-folded source, medium, campaign and
   * device type. A refund's row has its order's.
   */
  attribution: closed({
    source_type: Type.String(),
    origin: Type.String(),
    source: Type.String(),
    medium: Type.String(),
    campaign: Type.String(),
    device_type: Type.String(),
  }),
  /**
   * Storelens's own: the payment gateway's fee on the order (`payment_fee`), the part of it
   * given back on refunds (`payment_fee_refunded`), in `payment_fee_currency` ('' when none is
   * known); 0 on a refund's row.
   */
  payment_fee: money,
  payment_fee_refunded: money,
  payment_fee_currency: Type.String(),
  /**
   * Storelens's own: the cost of goods of the row's lines (a refund's negative: the cost of
   * what came back), null when no line's cost is known; `cost_of_goods_complete` is false when
   * some line's is not.
   */
  cost_of_goods: nullable(money),
  cost_of_goods_complete: Type.Boolean(),
  /**
   * Storelens's own: the row's profit figures (docs/metrics.md, "Profit"): `payment_fees` (the
   * fee less what was given back, on the order's row), gross and net profit and margin, cost
   * coverage; null where unknown.
   */
  payment_fees: money,
  gross_profit: nullable(money),
  net_profit: nullable(money),
  gross_margin: fraction,
  net_margin: fraction,
  cost_coverage: fraction,
  cost_coverage_net_sales: fraction,
  extended_info: closed({
    /** Lines (a variation under its own id and name; `(Deleted)` when gone). */
    products: Type.Optional(
      Type.Array(closed({ id, name: Type.String(), quantity: Type.Integer() })),
    ),
    coupons: Type.Optional(Type.Array(closed({ id, code: Type.String() }))),
    /** `{}` for guests and customers no longer known. */
    customer: Type.Optional(Type.Partial(OrderCustomerBody, { additionalProperties: false })),
  }),
  _links: closed({ order: LinkList }),
});
/** A row of `GET /reports/orders`. */
export type OrdersListRow = Static<typeof OrdersListRow>;

/** A row of `GET /reports/downloads`: one logged download (dates `YYYY-MM-DD HH:MM:SS`). */
export const DownloadsListRow = closed({
  id,
  product_id: id,
  date: Type.String(),
  date_gmt: Type.String(),
  /** The file id (`product_downloads.id`). */
  download_id: Type.String(),
  /** '' when the file no longer exists. */
  file_name: Type.String(),
  file_path: Type.String(),
  order_id: id,
  order_number: Type.String(),
  /** 0 for guests. */
  user_id: id,
  username: Type.String(),
  ip_address: Type.String(),
  _links: closed({ product: embeddableLinks }),
});
/** A row of `GET /reports/downloads`. */
export type DownloadsListRow = Static<typeof DownloadsListRow>;

/** A row of `GET /reports/downloads/files`. */
export const DownloadFileRow = closed({
  /** The file id (`product_downloads.id`). */
  download_id: Type.String(),
  file_name: Type.String(),
  /** The file URL. */
  file_path: Type.String(),
  product_id: id,
  product_name: Type.String(),
  /** Downloads of the file in range that pass the filters. */
  download_count: tally,
  _links: closed({ product: embeddableLinks }),
});
/** A row of `GET /reports/downloads/files`. */
export type DownloadFileRow = Static<typeof DownloadFileRow>;

/** A row of `GET /reports/stock`: a product or a variation (which links to its parent). */
export const StockListRow = closed({
  id,
  parent_id: id,
  name: Type.String(),
  sku: Type.String(),
  stock_status: Type.String(),
  /** Null when stock is not counted. */
  stock_quantity: nullable(Type.Integer()),
  manage_stock: Type.Boolean(),
  /** The product's own amount, else the store's low-stock threshold. */
  low_stock_amount: Type.Integer(),
  _links: closed({ product: LinkList, parent: Type.Optional(LinkList) }),
});
/** A row of `GET /reports/stock`. */
export type StockListRow = Static<typeof StockListRow>;

/**
 * A row of `GET /reports/customers` (and of the customers picker): dates
 * `YYYY-MM-DDTHH:MM:SS`, null when unknown; `_links` empty for guests.
 */
export const CustomersListRow = closed({
  id,
  /** 0 for guests. */
  user_id: id,
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  country: Type.String(),
  city: Type.String(),
  state: Type.String(),
  postcode: Type.String(),
  date_registered: nullable(Type.String()),
  date_registered_gmt: nullable(Type.String()),
  date_last_active: nullable(Type.String()),
  date_last_active_gmt: nullable(Type.String()),
  orders_count: tally,
  total_spend: money,
  avg_order_value: money,
  date_last_order: nullable(Type.String()),
  /**
   * Storelens's own: the cost of goods and gross profit (net sales less cost of goods) of the
   * orders and refunds `orders_count` and `total_spend` count, and the share of their items
   * whose cost is known (docs/metrics.md, "Customers"); null where unknown.
   */
  cost_of_goods: nullable(money),
  gross_profit: nullable(money),
  cost_coverage: fraction,
  _links: closed({ customer: Type.Optional(LinkList) }),
});
/** A row of `GET /reports/customers`. */
export type CustomersListRow = Static<typeof CustomersListRow>;

/** `GET /reports/orders` answer. */
export const OrdersListResponse = Type.Array(OrdersListRow);
/** `GET /reports/products` answer. */
export const ProductsListResponse = Type.Array(ProductsListRow);
/** `GET /reports/variations` answer. */
export const VariationsListResponse = Type.Array(VariationsListRow);
/** `GET /reports/categories` answer. */
export const CategoriesListResponse = Type.Array(CategoriesListRow);
/** `GET /reports/coupons` answer. */
export const CouponsListResponse = Type.Array(CouponsListRow);
/** `GET /reports/taxes` answer. */
export const TaxesListResponse = Type.Array(TaxesListRow);
/** `GET /reports/downloads` answer. */
export const DownloadsListResponse = Type.Array(DownloadsListRow);
/** `GET /reports/downloads/files` answer. */
export const DownloadFilesListResponse = Type.Array(DownloadFileRow);
/** `GET /reports/stock` answer. */
export const StockListResponse = Type.Array(StockListRow);
/** `GET /reports/customers` answer. */
export const CustomersListResponse = Type.Array(CustomersListRow);

/** The row type of each list report, by its endpoint (the path after `/reports/`). */
export interface ReportListRows {
  orders: OrdersListRow;
  products: ProductsListRow;
  variations: VariationsListRow;
  categories: CategoriesListRow;
  coupons: CouponsListRow;
  taxes: TaxesListRow;
  downloads: DownloadsListRow;
  'downloads/files': DownloadFileRow;
  stock: StockListRow;
  customers: CustomersListRow;
  sources: SourcesListRow;
}
/** A list report's endpoint. */
export type ReportListEndpoint = keyof ReportListRows;
