/* The stats report schemas; routes, defaults and fields are in docs/api.md, "Analytics: stats". */
import { type Static, Type } from 'typebox';
import { statsResponse } from './intervals';
import {
  commonReportParams,
  IdList,
  oneOf,
  orderFilterParams,
  orderSegments,
  productSegments,
  query,
  segmentParam,
  statsParams,
} from './reports-common';
import { sourceFilterParams } from './reports-sources';
import { grossProfitFields, profitFields, profitStatsOrderby, RevenueStatsQuery } from './revenue';

/** `orderby` of orders/stats. */
export const ordersStatsOrderby = [
  'date',
  'net_revenue',
  'orders_count',
  'avg_order_value',
] as const;
/** `orderby` of products/stats and variations/stats. */
export const productsStatsOrderby = [
  'date',
  'net_revenue',
  'coupons',
  'refunds',
  'shipping',
  'taxes',
  'orders_count',
  'items_sold',
] as const;

/** Query of `GET /reports/orders/stats`. */
export const OrdersStatsQuery = query({
  ...commonReportParams,
  ...statsParams,
  ...orderFilterParams,
  ...sourceFilterParams,
  orderby: Type.Optional(oneOf(ordersStatsOrderby)),
  segmentby: Type.Optional(oneOf(orderSegments)),
  ...segmentParam,
});

/** Query of `GET /reports/products/stats`. */
export const ProductsStatsQuery = query({
  ...commonReportParams,
  ...statsParams,
  match: Type.Optional(oneOf(['all', 'any'] as const)),
  orderby: Type.Optional(oneOf(productsStatsOrderby)),
  categories: Type.Optional(IdList),
  products: Type.Optional(IdList),
  variations: Type.Optional(IdList),
  segmentby: Type.Optional(oneOf(productSegments)),
  ...segmentParam,
});

/**
 * Query of `GET /reports/categories/stats`, which WooCommerce's client asks for: the product
 * lines of the `categories[]` (every category when absent), segmented by category on request.
 */
export const CategoriesStatsQuery = query({
  ...commonReportParams,
  ...statsParams,
  orderby: Type.Optional(oneOf(productsStatsOrderby)),
  categories: Type.Optional(IdList),
  status_is: orderFilterParams.status_is,
  status_is_not: orderFilterParams.status_is_not,
  segmentby: Type.Optional(oneOf(['category'] as const)),
  ...segmentParam,
});

/** Query of `GET /reports/variations/stats`. */
export const VariationsStatsQuery = query({
  ...commonReportParams,
  ...statsParams,
  match: orderFilterParams.match,
  orderby: Type.Optional(oneOf(productsStatsOrderby)),
  category_includes: Type.Optional(IdList),
  category_excludes: Type.Optional(IdList),
  product_includes: Type.Optional(IdList),
  product_excludes: Type.Optional(IdList),
  variations: Type.Optional(IdList),
  attribute_is: orderFilterParams.attribute_is,
  attribute_is_not: orderFilterParams.attribute_is_not,
  segmentby: Type.Optional(oneOf(productSegments)),
  ...segmentParam,
});

/** Query of `GET /reports/coupons/stats`. */
export const CouponsStatsQuery = query({
  ...commonReportParams,
  ...statsParams,
  orderby: Type.Optional(oneOf(['date', 'amount', 'coupons_count', 'orders_count'] as const)),
  coupons: Type.Optional(IdList),
  segmentby: Type.Optional(oneOf(['product', 'variation', 'category', 'coupon'] as const)),
  ...segmentParam,
});

/** Query of `GET /reports/taxes/stats` (the orderby enum is WooCommerce's quirky one). */
export const TaxesStatsQuery = query({
  ...commonReportParams,
  ...statsParams,
  orderby: Type.Optional(
    oneOf(['date', 'items_sold', 'total_sales', 'orders_count', 'products_count'] as const),
  ),
  taxes: Type.Optional(IdList),
  segmentby: Type.Optional(oneOf(['tax_rate_id'] as const)),
  ...segmentParam,
});

/** Include/exclude filters of the downloads reports (docs/api.md, "Download filters"). */
export const downloadFilterParams = {
  match: orderFilterParams.match,
  product_includes: Type.Optional(IdList),
  product_excludes: Type.Optional(IdList),
  order_includes: Type.Optional(IdList),
  order_excludes: Type.Optional(IdList),
  customer_includes: Type.Optional(IdList),
  customer_excludes: Type.Optional(IdList),
  ip_address_includes: Type.Optional(
    Type.Array(Type.String({ pattern: '^[0-9A-Fa-f:.]{1,45}$' }), { maxItems: 1000 }),
  ),
  ip_address_excludes: Type.Optional(
    Type.Array(Type.String({ pattern: '^[0-9A-Fa-f:.]{1,45}$' }), { maxItems: 1000 }),
  ),
};

/** Query of `GET /reports/downloads/stats`. */
export const DownloadsStatsQuery = query({
  ...commonReportParams,
  ...statsParams,
  ...downloadFilterParams,
  orderby: Type.Optional(oneOf(['date', 'download_count'] as const)),
  ...segmentParam,
});

/** Orders stats answer: `products` in totals only. */
export const OrdersStatsResponse = statsResponse(
  [
    'net_revenue',
    'orders_count',
    'avg_order_value',
    'avg_items_per_order',
    'num_items_sold',
    'coupons',
    'coupons_count',
    'total_customers',
    ...profitFields,
  ] as const,
  ['products'] as const,
);
/** Orders stats answer. */
export type OrdersStatsResponse = Static<typeof OrdersStatsResponse>;

/** Products (variations, categories) stats fields: the gross profit ones are Storelens's own. */
const productsFields = ['items_sold', 'net_revenue', 'orders_count', ...grossProfitFields] as const;
/** Products stats answer. */
export const ProductsStatsResponse = statsResponse(productsFields);
/** Products stats answer. */
export type ProductsStatsResponse = Static<typeof ProductsStatsResponse>;
/** Categories stats answer: the products report over the categories' products. */
export const CategoriesStatsResponse = ProductsStatsResponse;
/** Variations stats answer. */
export const VariationsStatsResponse = statsResponse([...productsFields, 'variations_count']);
/** Coupons stats answer. */
export const CouponsStatsResponse = statsResponse([
  'amount',
  'coupons_count',
  'orders_count',
] as const);
/** Taxes stats answer. */
export const TaxesStatsResponse = statsResponse([
  'total_tax',
  'order_tax',
  'shipping_tax',
  'orders_count',
  'tax_codes',
] as const);
/** Downloads stats answer. */
export const DownloadsStatsResponse = statsResponse(['download_count'] as const);

/**
 * Query of `GET /reports/revenue/stats`: the lead's schema plus `segmentby` and the
 * `debug_cache` flag every report route reads (report-route.ts).
 */
export const RevenueStatsSegmentedQuery = query({
  ...RevenueStatsQuery.properties,
  segmentby: Type.Optional(oneOf(orderSegments)),
  debug_cache: commonReportParams.debug_cache,
  ...segmentParam,
});

/**
 * Query of `GET /reports/profit/stats`: revenue stats' parameters (date type, intervals,
 * `segmentby`), sorted by the profit fields.
 */
export const ProfitStatsQuery = query({
  ...RevenueStatsSegmentedQuery.properties,
  orderby: Type.Optional(oneOf(profitStatsOrderby)),
});
