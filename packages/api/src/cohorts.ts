/*
 * Customers over time: the cohorts and RFM routes (docs/api.md, "Analytics: cohorts and RFM
 * groups"), and the customer filters that narrow the Customers report to a cohort cell or a
 * group.
 */
import { type Static, Type } from 'typebox';
import { nullable } from './admin-common';
import { commonReportParams, IsoDateTime, oneOf, query, segmentParam } from './reports-common';

/** The period a cohort spans. */
export const cohortIntervals = ['week', 'month', 'quarter', 'year'] as const;
export type CohortInterval = (typeof cohortIntervals)[number];

/** The RFM groups, best first. */
export const rfmGroups = [
  'champions',
  'loyal',
  'promising',
  'needs_attention',
  'at_risk',
  'cant_lose',
  'hibernating',
  'lost',
] as const;
export type RfmGroup = (typeof rfmGroups)[number];

/** A cohort's id: `2025`, `2025-03` (month), `2025-2` (quarter), `2025-09` (week). */
export const CohortId = Type.String({ pattern: '^\\d{4}(-\\d{1,2})?$' });

const id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const country = Type.String({ pattern: '^[A-Za-z]{2}$' });
const source = Type.String({ pattern: '^[a-z0-9_-]{1,40}$' });

/** Filters on the first counted order of a cohort's customers, and on their country. */
export const cohortFilterParams = {
  first_product: Type.Optional(id),
  first_category: Type.Optional(id),
  first_coupon: Type.Optional(id),
  first_source: Type.Optional(source),
  country: Type.Optional(country),
};

/** Query of `GET /reports/cohorts`. */
export const CohortsQuery = query({
  after: commonReportParams.after,
  before: commonReportParams.before,
  period: Type.Optional(oneOf(cohortIntervals)),
  force_cache_refresh: commonReportParams.force_cache_refresh,
  debug_cache: commonReportParams.debug_cache,
  context: commonReportParams.context,
  _locale: commonReportParams._locale,
  ...cohortFilterParams,
  ...segmentParam,
});
export type CohortsQuery = Static<typeof CohortsQuery>;

/** One later period of a cohort (entry k: the k-th period after the first). */
export const CohortPeriodBody = Type.Object(
  {
    customers: Type.Integer(),
    orders: Type.Integer(),
    net_revenue: Type.Number(),
    ltv: Type.Number(),
  },
  { additionalProperties: false },
);

export const CohortRowBody = Type.Object(
  {
    cohort: Type.String(),
    date_start: Type.String(),
    customers: Type.Integer(),
    periods: Type.Array(CohortPeriodBody),
  },
  { additionalProperties: false },
);
export type CohortRowBody = Static<typeof CohortRowBody>;

export const CohortsResponse = Type.Array(CohortRowBody);
export type CohortsResponse = Static<typeof CohortsResponse>;

/** Query of `GET /reports/rfm`. */
export const RfmQuery = query({
  before: Type.Optional(IsoDateTime),
  period: Type.Optional(oneOf(cohortIntervals)),
  force_cache_refresh: commonReportParams.force_cache_refresh,
  context: commonReportParams.context,
  _locale: commonReportParams._locale,
  ...segmentParam,
});
export type RfmQuery = Static<typeof RfmQuery>;

export const RfmGroupBody = Type.Object(
  {
    group: oneOf(rfmGroups),
    customers: Type.Integer(),
    net_revenue: Type.Number(),
    revenue_share: Type.Number(),
    previous_customers: Type.Integer(),
    stayed: Type.Integer(),
  },
  { additionalProperties: false },
);

export const RfmResponse = Type.Object(
  {
    as_of: Type.String(),
    previous_as_of: Type.String(),
    customers: Type.Integer(),
    groups: Type.Array(RfmGroupBody),
  },
  { additionalProperties: false },
);
export type RfmResponse = Static<typeof RfmResponse>;

/** Query of `GET /reports/rfm/customers`: each customer's lifetime figures and group. */
export const RfmCustomersQuery = query({
  page: commonReportParams.page,
  per_page: commonReportParams.per_page,
  order: commonReportParams.order,
  orderby: Type.Optional(
    oneOf(['net_revenue', 'orders_count', 'last_order', 'first_order', 'customer_id'] as const),
  ),
  before: Type.Optional(IsoDateTime),
  group: Type.Optional(oneOf(rfmGroups)),
  force_cache_refresh: commonReportParams.force_cache_refresh,
  context: commonReportParams.context,
  _locale: commonReportParams._locale,
  ...segmentParam,
});
export type RfmCustomersQuery = Static<typeof RfmCustomersQuery>;

export const RfmCustomerRow = Type.Object(
  {
    customer_id: Type.Integer(),
    orders_count: Type.Integer(),
    net_revenue: Type.Number(),
    avg_order_value: Type.Number(),
    first_order: Type.String(),
    last_order: Type.String(),
    days_between_orders: nullable(Type.Number()),
    next_order_predicted: nullable(Type.String()),
    recency: Type.Integer(),
    frequency: Type.Integer(),
    monetary: Type.Integer(),
    group: oneOf(rfmGroups),
  },
  { additionalProperties: false },
);
export type RfmCustomerRow = Static<typeof RfmCustomerRow>;
export const RfmCustomersResponse = Type.Array(RfmCustomerRow);

/**
 * Customers report parameters narrowing it to a cohort (its customers, or with
 * `cohort_period` those who ordered in that period) or to an RFM group (as of now).
 */
export const customerCohortParams = {
  cohort: Type.Optional(CohortId),
  cohort_interval: Type.Optional(oneOf(cohortIntervals)),
  cohort_period: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  cohort_first_product: cohortFilterParams.first_product,
  cohort_first_category: cohortFilterParams.first_category,
  cohort_first_coupon: cohortFilterParams.first_coupon,
  cohort_first_source: cohortFilterParams.first_source,
  cohort_country: cohortFilterParams.country,
  rfm_group: Type.Optional(oneOf(rfmGroups)),
};
