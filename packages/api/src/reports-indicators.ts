import { type Static, Type } from 'typebox';
import { IsoDateTime, oneOf, query, segmentParam } from './reports-common';

/** Performance indicators in display order. */
export const performanceIndicators = [
  { stat: 'revenue/total_sales', label: 'Total sales', format: 'currency' },
  { stat: 'revenue/net_revenue', label: 'Net sales', format: 'currency' },
  { stat: 'orders/orders_count', label: 'Orders', format: 'number' },
  { stat: 'orders/avg_order_value', label: 'Average order value', format: 'currency' },
  { stat: 'products/items_sold', label: 'Items sold', format: 'number' },
  { stat: 'revenue/refunds', label: 'Returns', format: 'currency' },
  { stat: 'coupons/orders_count', label: 'Discounted orders', format: 'number' },
  { stat: 'coupons/amount', label: 'Amount', format: 'currency' },
  { stat: 'taxes/total_tax', label: 'Total tax', format: 'currency' },
  { stat: 'taxes/order_tax', label: 'Order tax', format: 'currency' },
  { stat: 'taxes/shipping_tax', label: 'Shipping tax', format: 'currency' },
  { stat: 'revenue/shipping', label: 'Shipping', format: 'currency' },
  { stat: 'downloads/download_count', label: 'Downloads', format: 'number' },
  { stat: 'revenue/gross_sales', label: 'Gross sales', format: 'currency' },
  { stat: 'variations/items_sold', label: 'Variations sold', format: 'number' },
  // Storelens's own (docs/metrics.md, "Profit"): null when no item sold had a known cost.
  { stat: 'revenue/net_profit', label: 'Net profit', format: 'currency' },
  { stat: 'revenue/net_margin', label: 'Net margin', format: 'percent' },
] as const;

/** One `<report>/<field>` indicator id. */
export type PerformanceIndicatorStat = (typeof performanceIndicators)[number]['stat'];

const indicatorIds = new Set<string>(performanceIndicators.map((p) => p.stat));
/** Whether a `stats[]` value names an indicator we have (others are left out, not refused). */
export function isPerformanceIndicator(stat: string): stat is PerformanceIndicatorStat {
  return indicatorIds.has(stat);
}

/** One item of `GET /reports/performance-indicators`. */
export interface PerformanceIndicator {
  stat: PerformanceIndicatorStat;
  chart: string;
  label: string;
  /** `percent`: a fraction (0.3125) shown as a percentage. */
  format: 'currency' | 'number' | 'percent';
  value: number | null;
}

const link = Type.Array(Type.Object({ href: Type.String() }));

/** `GET /reports/performance-indicators` response body: the indicators with their links. */
export const PerformanceIndicatorsResponse = Type.Array(
  Type.Object({
    stat: Type.String(),
    chart: Type.String(),
    label: Type.String(),
    format: Type.String(),
    value: Type.Union([Type.Number(), Type.Null()]),
    _links: Type.Object({ api: link, report: link }),
  }),
);
/** The performance indicators' values. */
export type PerformanceIndicatorsResponse = Static<typeof PerformanceIndicatorsResponse>;

/** One item of `GET /reports/performance-indicators/allowed`: an indicator the store offers. */
export const AllowedIndicator = Type.Object({
  stat: Type.String(),
  chart: Type.String(),
  label: Type.String(),
});
export type AllowedIndicator = Static<typeof AllowedIndicator>;

/** `GET /reports/performance-indicators/allowed` response body, in display order. */
export const AllowedIndicatorsResponse = Type.Array(AllowedIndicator);
/** The indicators the store offers. */
export type AllowedIndicatorsResponse = Static<typeof AllowedIndicatorsResponse>;

const leaderboardHeaders = Type.Array(Type.Object({ label: Type.String() }));

/** One item of `GET /leaderboards/allowed`: a board's id, title and column headers, no rows. */
export const AllowedLeaderboard = Type.Object({
  id: Type.String(),
  label: Type.String(),
  headers: leaderboardHeaders,
});
export type AllowedLeaderboard = Static<typeof AllowedLeaderboard>;

/** `GET /leaderboards/allowed` response body. */
export const AllowedLeaderboardsResponse = Type.Array(AllowedLeaderboard);
/** The leaderboards the store offers. */
export type AllowedLeaderboardsResponse = Static<typeof AllowedLeaderboardsResponse>;

/** `GET /reports` response body: every report route with its links. */
export const ReportsIndexResponse = Type.Array(
  Type.Object({
    slug: Type.String(),
    description: Type.String(),
    path: Type.String(),
    _links: Type.Object({ self: link, report: link, collection: link }),
  }),
);

/** `GET /leaderboards` response body: each board's headers and rows of display/value cells. */
export const LeaderboardsResponse = Type.Array(
  Type.Object({
    id: Type.String(),
    label: Type.String(),
    headers: leaderboardHeaders,
    rows: Type.Array(
      Type.Array(
        Type.Object({
          display: Type.String(),
          value: Type.Union([Type.String(), Type.Number()]),
        }),
      ),
    ),
  }),
);
/** The leaderboards with their rows. */
export type LeaderboardsResponse = Static<typeof LeaderboardsResponse>;

const context = Type.Optional(oneOf(['view', 'edit'] as const));
const locale = Type.Optional(Type.String({ maxLength: 20 }));
const bool = Type.Optional(
  Type.Union([Type.Boolean(), oneOf(['true', 'false', '1', '0'] as const)]),
);

/** Query of `GET /reports/performance-indicators`. */
export const PerformanceIndicatorsQuery = query({
  context,
  _locale: locale,
  after: Type.Optional(IsoDateTime),
  before: Type.Optional(IsoDateTime),
  // Any name is accepted: an unknown indicator is left out of the answer, as WooCommerce does,
  // rather than failing the indicators it does know.
  stats: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  force_cache_refresh: bool,
  ...segmentParam,
});

/** Query of the `/allowed` routes and the reports index. */
export const ReportsContextQuery = query({ context, _locale: locale });

/** Query of `GET /leaderboards`: per_page 1..20, default 5. */
export const LeaderboardsQuery = query({
  context,
  _locale: locale,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  after: Type.Optional(IsoDateTime),
  before: Type.Optional(IsoDateTime),
  persisted_query: Type.Optional(Type.String({ maxLength: 2000 })),
  force_cache_refresh: bool,
  ...segmentParam,
});

/** One leaderboard. */
export interface Leaderboard {
  id: 'customers' | 'coupons' | 'categories' | 'products' | 'profitable_products' | 'sources';
  label: string;
  headers: { label: string }[];
  rows: { display: string; value: string | number }[][];
}
