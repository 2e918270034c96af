import { type Static, Type } from 'typebox';
import { intervalKinds, statsResponse } from './intervals';

/** Order statuses without the `wc-` prefix. */
export const orderStatuses = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;
/** One order status. */
export type OrderStatus = (typeof orderStatuses)[number];

/** Which order date reports filter and bucket on. */
export const dateTypes = ['date_paid', 'date_created', 'date_completed'] as const;
/** One date type. */
export type DateType = (typeof dateTypes)[number];

/** `orderby` values accepted by revenue stats. */
export const revenueStatsOrderby = [
  'date',
  'total_sales',
  'coupons',
  'refunds',
  'shipping',
  'taxes',
  'net_revenue',
  'orders_count',
  'items_sold',
  'gross_sales',
  'cost_of_goods',
  'payment_fees',
  'gross_profit',
  'net_profit',
] as const;

/**
 * The profit fields (docs/metrics.md, "Profit"), Storelens's own: in revenue and orders stats,
 * profit stats and the orders list's rows; money at the store's precision, margins and
 * coverage as fractions; null where unknown (`nullableMetrics`).
 */
export const profitFields = [
  'cost_of_goods',
  'payment_fees',
  'gross_profit',
  'net_profit',
  'gross_margin',
  'net_margin',
  'cost_coverage',
  'cost_coverage_net_sales',
] as const;

/** The gross profit fields of a product, variation or category list row. */
export const grossProfitFields = [
  'cost_of_goods',
  'gross_profit',
  'gross_margin',
  'cost_coverage',
  'cost_coverage_net_sales',
] as const;

/** `orderby` values of profit stats. */
export const profitStatsOrderby = [
  'date',
  'net_revenue',
  'cost_of_goods',
  'payment_fees',
  'gross_profit',
  'net_profit',
] as const;

/** Fields of profit stats totals and subtotals. */
export const profitStatsFields = [
  'net_revenue',
  'refunds',
  'orders_count',
  'num_items_sold',
  ...profitFields,
] as const;

/** `GET /wc-analytics/reports/profit/stats` response body: totals add `products`, as revenue's. */
export const ProfitStatsResponse = statsResponse(profitStatsFields, ['products'] as const);
/** Profit stats. */
export type ProfitStatsResponse = Static<typeof ProfitStatsResponse>;

/** Fields of revenue stats totals and subtotals. */
export const revenueStatsFields = [
  'total_sales',
  'net_revenue',
  'gross_sales',
  'refunds',
  'shipping',
  'taxes',
  'coupons',
  'coupons_count',
  'orders_count',
  'num_items_sold',
  ...profitFields,
  'products',
] as const;

/** `GET /wc-analytics/reports/revenue/stats` response body. */
export const RevenueStatsResponse = statsResponse(
  revenueStatsFields.filter((f) => f !== 'products') as Exclude<
    (typeof revenueStatsFields)[number],
    'products'
  >[],
  ['products'] as const,
);
/** Revenue stats. */
export type RevenueStatsResponse = Static<typeof RevenueStatsResponse>;

const isoDateTime = Type.String({ format: 'storelens-date-time' });
const bool = Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')]);

/** Query schema of revenue stats (validated by the server, readable by the client). */
export const RevenueStatsQuery = Type.Object(
  {
    context: Type.Optional(Type.Union([Type.Literal('view'), Type.Literal('edit')])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    after: Type.Optional(isoDateTime),
    before: Type.Optional(isoDateTime),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    orderby: Type.Optional(Type.Union(revenueStatsOrderby.map((v) => Type.Literal(v)))),
    interval: Type.Optional(Type.Union(intervalKinds.map((v) => Type.Literal(v)))),
    date_type: Type.Optional(Type.Union(dateTypes.map((v) => Type.Literal(v)))),
    fields: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z0-9_]+$' }))),
    force_cache_refresh: Type.Optional(bool),
    _locale: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
