/*
 * The Sources report and the source filters: where orders come from (their attribution,
 * payment method and channel). Routes, defaults and answers are in docs/api.md, "Sources".
 */
import { type Static, Type } from 'typebox';
import { nullable } from './admin-common';
import { statsResponse } from './intervals';
import {
  commonReportParams,
  oneOf,
  orderFilterParams,
  query,
  segmentParam,
  statsParams,
} from './reports-common';
import { profitFields } from './revenue';

/**
 * What the Sources report groups by and the source filters filter on: the order's
 * attribution (source type, origin label, utm source, medium and campaign, device type), its
 * payment method and the channel it was made through (`created_via`).
 */
export const sourceDimensions = [
  'source_type',
  'origin',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'device_type',
  'payment_method',
  'created_via',
] as const;
/** One dimension of the Sources report. */
export type SourceDimension = (typeof sourceDimensions)[number];

/** The value of orders that have none for a dimension (no attribution, no payment method…). */
export const UNKNOWN_SOURCE = 'unknown';

/** Most values one source filter parameter may carry. */
export const MAX_SOURCE_VALUES = 100;

/** A list of dimension values (`utm_source_is[]=google`), each as stored (case-folded). */
export const SourceValueList = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
  maxItems: MAX_SOURCE_VALUES,
});

/**
 * The source filters of the orders, customers and sources reports: `<dimension>_is` and
 * `<dimension>_is_not`, joined with the other advanced filters by `match`. On the customers
 * reports they read each customer's first order (first touch).
 */
export const sourceFilterParams = {
  source_type_is: Type.Optional(SourceValueList),
  source_type_is_not: Type.Optional(SourceValueList),
  origin_is: Type.Optional(SourceValueList),
  origin_is_not: Type.Optional(SourceValueList),
  utm_source_is: Type.Optional(SourceValueList),
  utm_source_is_not: Type.Optional(SourceValueList),
  utm_medium_is: Type.Optional(SourceValueList),
  utm_medium_is_not: Type.Optional(SourceValueList),
  utm_campaign_is: Type.Optional(SourceValueList),
  utm_campaign_is_not: Type.Optional(SourceValueList),
  device_type_is: Type.Optional(SourceValueList),
  device_type_is_not: Type.Optional(SourceValueList),
  payment_method_is: Type.Optional(SourceValueList),
  payment_method_is_not: Type.Optional(SourceValueList),
  created_via_is: Type.Optional(SourceValueList),
  created_via_is_not: Type.Optional(SourceValueList),
};

/** The source filter parameters of a query. */
export type SourceFilterQuery = {
  readonly [K in keyof typeof sourceFilterParams]?: readonly string[];
};

/**
 * `orderby` of `GET /reports/sources`: the profit figures sort with the values whose cost is
 * unknown (null) last in a descending sort, first in an ascending one.
 */
export const sourcesListOrderby = [
  'value',
  'orders_count',
  'net_revenue',
  'new_customers',
  'avg_order_value',
  'payment_fees',
  'cost_of_goods',
  'gross_profit',
  'gross_margin',
  'first_customers',
  'repeat_customers',
  'repeat_rate',
] as const;

/** Query of `GET /reports/sources`. */
export const SourcesListQuery = query({
  ...commonReportParams,
  match: orderFilterParams.match,
  status_is: orderFilterParams.status_is,
  status_is_not: orderFilterParams.status_is_not,
  ...sourceFilterParams,
  groupby: Type.Optional(oneOf(sourceDimensions)),
  orderby: Type.Optional(oneOf(sourcesListOrderby)),
  /** Words the values must contain (case-insensitive). */
  search: Type.Optional(Type.String({ maxLength: 200 })),
  ...segmentParam,
});

/** A row of `GET /reports/sources`: one value of the dimension grouped by. */
export const SourcesListRow = Type.Object(
  {
    /** The value (case-folded as stored; `unknown` for orders without one). */
    value: Type.String(),
    /** What the dashboard shows for it ("Source: Google", "Organic", "Unknown"…). */
    label: Type.String(),
    /** The dimension grouped by. */
    groupby: Type.String(),
    orders_count: Type.Integer({ minimum: 0 }),
    net_revenue: Type.Number(),
    new_customers: Type.Integer({ minimum: 0 }),
    avg_order_value: Type.Number(),
    /** The value's share of the range's orders, 0 to 100. */
    orders_share: Type.Number(),
    /**
     * First-touch customers: the persons (a guest counted as the registered customer of the
     * same e-mail) whose first counted order is in the range, passes the filters and carries
     * this value.
     */
    first_customers: Type.Integer({ minimum: 0 }),
    /** Of the first customers, those with a later counted order (to date, not only in range). */
    repeat_customers: Type.Integer({ minimum: 0 }),
    /** `repeat_customers / first_customers`, a fraction (0.25 is 25%), 0 without any. */
    repeat_rate: Type.Number({ minimum: 0, maximum: 1 }),
    /**
     * Storelens's own: the value's profit figures (docs/metrics.md, "Profit"), as orders/stats
     * has them for the same orders: cost of goods, payment fees (less what was given back),
     * gross and net profit and margin (null when items were sold and no cost was known; a
     * margin also when net sales are 0), cost coverage of items and of net sales.
     */
    cost_of_goods: nullable(Type.Number()),
    payment_fees: Type.Number(),
    gross_profit: nullable(Type.Number()),
    net_profit: nullable(Type.Number()),
    gross_margin: nullable(Type.Number()),
    net_margin: nullable(Type.Number()),
    cost_coverage: nullable(Type.Number()),
    cost_coverage_net_sales: nullable(Type.Number()),
  },
  { additionalProperties: false },
);
/** A row of `GET /reports/sources`. */
export type SourcesListRow = Static<typeof SourcesListRow>;
/** `GET /reports/sources` answer. */
export const SourcesListResponse = Type.Array(SourcesListRow);

/** `orderby` of `GET /reports/sources/stats`. */
export const sourcesStatsOrderby = [
  'date',
  'orders_count',
  'net_revenue',
  'new_customers',
  'avg_order_value',
  'cost_of_goods',
  'payment_fees',
  'gross_profit',
  'net_profit',
] as const;

/** Query of `GET /reports/sources/stats`. */
export const SourcesStatsQuery = query({
  ...commonReportParams,
  ...statsParams,
  match: orderFilterParams.match,
  status_is: orderFilterParams.status_is,
  status_is_not: orderFilterParams.status_is_not,
  ...sourceFilterParams,
  orderby: Type.Optional(oneOf(sourcesStatsOrderby)),
  /** A segment per value of this dimension: the `values` asked, else its top ten. */
  segmentby: Type.Optional(oneOf(sourceDimensions)),
  values: Type.Optional(SourceValueList),
  ...segmentParam,
});

/** The stats fields of the Sources report, in totals and every interval. */
export const sourcesStatsFields = [
  'orders_count',
  'net_revenue',
  'new_customers',
  'avg_order_value',
  'unknown_orders_count',
  ...profitFields,
] as const;

/**
 * Why orders are unknown, in totals only: orders with no attribution record at all (kept
 * before the shop or Storelens recorded attribution), unknown orders not made at the checkout
 * (REST, POS, imports: WooCommerce records no visit for them), unknown checkout orders placed
 * before the shop's first attributed order (attribution not yet on), and the unknown checkout
 * orders after it (tracking blocked: consent refused, ad blockers, no cookies).
 */
export const sourcesStatsTotalsOnly = [
  'unknown_no_record',
  'unknown_not_checkout',
  'unknown_before_attribution',
  'unknown_blocked',
] as const;

/** `GET /reports/sources/stats` answer. */
export const SourcesStatsResponse = statsResponse(sourcesStatsFields, sourcesStatsTotalsOnly);

/** Query of `GET /reports/sources/values`: the distinct values of a dimension, searched. */
export const SourceValuesQuery = query({
  context: commonReportParams.context,
  page: commonReportParams.page,
  per_page: commonReportParams.per_page,
  _locale: commonReportParams._locale,
  dimension: oneOf(sourceDimensions),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  /** Values to return whatever the search (a picker's chosen values). */
  include: Type.Optional(SourceValueList),
});

/** A row of `GET /reports/sources/values`. */
export const SourceValueRow = Type.Object(
  {
    value: Type.String(),
    label: Type.String(),
    /** Orders (not refunds) of every date and status with this value. */
    orders_count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
/** A row of `GET /reports/sources/values`. */
export type SourceValueRow = Static<typeof SourceValueRow>;
/** `GET /reports/sources/values` answer. */
export const SourceValuesResponse = Type.Array(SourceValueRow);
