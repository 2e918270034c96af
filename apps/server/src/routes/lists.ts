import {
  CategoriesListQuery,
  CategoriesListResponse,
  CouponsListQuery,
  CouponsListResponse,
  CustomersListQuery,
  CustomersListResponse,
  CustomersStatsQuery,
  CustomersStatsResponse,
  DownloadFilesListQuery,
  DownloadFilesListResponse,
  DownloadsListQuery,
  DownloadsListResponse,
  type downloadFilterParams,
  OrdersListQuery,
  OrdersListResponse,
  ProductsListQuery,
  ProductsListResponse,
  StockListQuery,
  StockListResponse,
  StockStatsQuery,
  StockStatsResponse,
  TaxesListQuery,
  TaxesListResponse,
  VariationsListQuery,
  VariationsListResponse,
} from '@storelens/api';
import type { Static } from 'typebox';
import { categoriesList } from '../analytics/categories-list';
import { cohortCustomers, rfmGroupMembers } from '../analytics/cohorts';
import type { ReportContext } from '../analytics/context';
import { couponsList } from '../analytics/coupons-list';
import {
  type CustomerFilters,
  customersList,
  customersStats,
  segmentCustomerIds,
} from '../analytics/customers';
import { downloadFilesList } from '../analytics/download-files';
import { filtersFromQuery } from '../analytics/filters';
import { ordersList } from '../analytics/orders-list';
import { productsList } from '../analytics/products-list';
import type { DownloadFilters } from '../analytics/report-stats';
import { sourceFiltersFromQuery } from '../analytics/sources';
import { downloadsList, stockList, stockStats } from '../analytics/stock';
import { taxesList } from '../analytics/taxes-list';
import { variationsList } from '../analytics/variations-list';
import { ApiError } from '../errors';
import { zone } from '../timezone';
import { asOf, cohortFilters, rfmAsOf } from './cohorts';
import { toLocalDateTime } from './dates';
import { isTrue, listReport, type ReportDefinition } from './report-definition';
import { optionalRange } from './report-route';

const BASE = '/wp-json/wc-analytics/reports';
const paging = (
  q: { page?: number; per_page?: number; order?: 'asc' | 'desc' },
  order: 'asc' | 'desc' = 'desc',
) => ({
  page: q.page ?? 1,
  perPage: q.per_page ?? 10,
  order: q.order ?? order,
});

/** The second parameter of a report function (its parameters after the context). */
type ParamsOf<F extends (ctx: ReportContext, params: never) => unknown> = Parameters<F>[1];

type CustomerQuery = Static<typeof CustomersStatsQuery>;

/** Normalises the customers filters: `_between` pairs sorted into min/max, dates made local. */
export function customerFilters(ctx: ReportContext, q: CustomerQuery): CustomerFilters {
  const z = zone(ctx.settings.timezone);
  const local = (v: string | undefined) => (v ? toLocalDateTime(v, z) : undefined);
  const dates = (before?: string, after?: string, between?: string[]) => {
    if (between) {
      const [a, b] = between.map((d) => toLocalDateTime(d, z)).sort();
      return { after: a, before: b };
    }
    return { after: local(after), before: local(before) };
  };
  const numbers = (min?: number, max?: number, between?: number[]) => {
    if (between) {
      const [a, b] = [...between].sort((x, y) => x - y);
      return { min: a, max: b };
    }
    return { min, max };
  };
  return {
    match: q.match ?? 'all',
    search: q.search || undefined,
    searchby: q.searchby ?? 'name',
    nameIncludes: q.name_includes ?? [],
    nameExcludes: q.name_excludes ?? [],
    usernameIncludes: q.username_includes ?? [],
    usernameExcludes: q.username_excludes ?? [],
    emailIncludes: q.email_includes ?? [],
    emailExcludes: q.email_excludes ?? [],
    countryIncludes: q.country_includes ?? [],
    countryExcludes: q.country_excludes ?? [],
    registered: dates(q.registered_before, q.registered_after, q.registered_between),
    lastActive: dates(q.last_active_before, q.last_active_after, q.last_active_between),
    ordersCount: numbers(q.orders_count_min, q.orders_count_max, q.orders_count_between),
    totalSpend: numbers(q.total_spend_min, q.total_spend_max, q.total_spend_between),
    avgOrderValue: numbers(q.avg_order_value_min, q.avg_order_value_max, q.avg_order_value_between),
    lastOrder: { after: local(q.last_order_after), before: local(q.last_order_before) },
    customers: [...(q.customers ?? []), ...(q.include ?? [])],
    range: optionalRange(q, ctx.settings),
    sources: sourceFiltersFromQuery(q),
  };
}

/**
 * The Customers report narrowed to a cohort (its customers, or those who ordered in its
 * `cohort_period`) or to an RFM group as of now: the persons' ids (docs/metrics.md, "Cohorts
 * and RFM groups"); and to the request's saved segment's customers, when it names one.
 */
export async function narrowedCustomers(
  ctx: ReportContext,
  q: CustomerQuery,
  f: CustomerFilters,
): Promise<CustomerFilters> {
  let only: number[] | undefined;
  const now = asOf(ctx, undefined);
  if (q.cohort !== undefined) {
    only = await cohortCustomers(
      ctx,
      {
        interval: q.cohort_interval ?? 'month',
        cohort: q.cohort,
        period: q.cohort_period,
        filters: cohortFilters({
          first_product: q.cohort_first_product,
          first_category: q.cohort_first_category,
          first_coupon: q.cohort_first_coupon,
          first_source: q.cohort_first_source,
          country: q.cohort_country,
        }),
        segment: ctx.segment,
      },
      now,
    );
  } else if (q.cohort_period !== undefined) {
    throw ApiError.invalidParams({ cohort_period: 'cohort_period needs a cohort.' });
  }
  if (q.rfm_group !== undefined) {
    const group = new Set(await rfmGroupMembers(ctx, rfmAsOf(ctx, undefined), q.rfm_group));
    only = only ? only.filter((id) => group.has(id)) : [...group];
  }
  if (ctx.segment) {
    const members = new Set(await segmentCustomerIds(ctx, ctx.segment));
    only = only ? only.filter((id) => members.has(id)) : [...members];
  }
  return only ? { ...f, only } : f;
}

/**
 * The download-log filters of a downloads or download files query (docs/api.md, "Download
 * filters").
 */
export function downloadFilters(
  q: Pick<Static<typeof DownloadsListQuery>, keyof typeof downloadFilterParams>,
): DownloadFilters {
  return {
    match: q.match ?? 'all',
    productIncludes: q.product_includes ?? [],
    productExcludes: q.product_excludes ?? [],
    orderIncludes: q.order_includes ?? [],
    orderExcludes: q.order_excludes ?? [],
    customerIncludes: q.customer_includes ?? [],
    customerExcludes: q.customer_excludes ?? [],
    ipIncludes: q.ip_address_includes ?? [],
    ipExcludes: q.ip_address_excludes ?? [],
  };
}

/** What every list of order rows reads from its query: paging, the range, the filters. */
function rangeAndFilters(
  q: Parameters<typeof paging>[0] &
    Parameters<typeof optionalRange>[0] &
    Parameters<typeof filtersFromQuery>[0],
  ctx: ReportContext,
) {
  return {
    ...paging(q),
    range: optionalRange(q, ctx.settings),
    filters: filtersFromQuery(q, ctx.segment),
  };
}

/** The orders list's parameters from its query. */
export function ordersListParams(
  q: Static<typeof OrdersListQuery>,
  ctx: ReportContext,
): ParamsOf<typeof ordersList> {
  return {
    ...rangeAndFilters(q, ctx),
    orderIncludes: q.order_includes ?? [],
    orderExcludes: q.order_excludes ?? [],
    orderby: q.orderby ?? 'date',
    extendedInfo: isTrue(q.extended_info),
  };
}

/** The products list's parameters from its query. */
export function productsListParams(
  q: Static<typeof ProductsListQuery>,
  ctx: ReportContext,
): ParamsOf<typeof productsList> {
  return {
    ...rangeAndFilters(q, ctx),
    orderby: q.orderby ?? 'date',
    extendedInfo: isTrue(q.extended_info),
  };
}

/** The variations list's parameters from its query. */
export function variationsListParams(
  q: Static<typeof VariationsListQuery>,
  ctx: ReportContext,
): ParamsOf<typeof variationsList> {
  return {
    ...rangeAndFilters(q, ctx),
    orderby: q.orderby ?? 'date',
    extendedInfo: isTrue(q.extended_info),
  };
}

/** The categories list's parameters from its query. */
export function categoriesListParams(
  q: Static<typeof CategoriesListQuery>,
  ctx: ReportContext,
): ParamsOf<typeof categoriesList> {
  return {
    ...rangeAndFilters(q, ctx),
    orderby: q.orderby ?? 'category_id',
    extendedInfo: isTrue(q.extended_info),
  };
}

/** The coupons list's parameters from its query. */
export function couponsListParams(
  q: Static<typeof CouponsListQuery>,
  ctx: ReportContext,
): ParamsOf<typeof couponsList> {
  return {
    ...rangeAndFilters(q, ctx),
    orderby: q.orderby ?? 'coupon_id',
    extendedInfo: isTrue(q.extended_info),
  };
}

/** The taxes list's parameters from its query (no extended info). */
export function taxesListParams(
  q: Static<typeof TaxesListQuery>,
  ctx: ReportContext,
): ParamsOf<typeof taxesList> {
  return {
    ...rangeAndFilters(q, ctx),
    orderby: q.orderby ?? 'tax_rate_id',
    extendedInfo: false,
  };
}

/** The downloads list's parameters from its query. */
export function downloadsListParams(
  q: Static<typeof DownloadsListQuery>,
  ctx: ReportContext,
): ParamsOf<typeof downloadsList> {
  return {
    ...paging(q),
    orderby: q.orderby ?? 'date',
    range: optionalRange(q, ctx.settings),
    filters: { ...downloadFilters(q), segment: ctx.segment },
  };
}

/** The download files list's parameters from its query. */
export function downloadFilesListParams(
  q: Static<typeof DownloadFilesListQuery>,
  ctx: ReportContext,
): ParamsOf<typeof downloadFilesList> {
  return {
    ...paging(q),
    orderby: q.orderby ?? 'download_count',
    range: optionalRange(q, ctx.settings),
    filters: { ...downloadFilters(q), segment: ctx.segment },
    products: q.products ?? [],
    search: q.search || undefined,
  };
}

/** The stock list's parameters from its query. */
export function stockListParams(q: Static<typeof StockListQuery>): ParamsOf<typeof stockList> {
  return {
    ...paging(q, 'asc'),
    type: q.type ?? 'all',
    orderby: q.orderby ?? 'stock_status',
    include: q.include ?? [],
    exclude: q.exclude ?? [],
    parent: q.parent ?? [],
    parentExclude: q.parent_exclude ?? [],
    offset: q.offset,
  };
}

/** The customers list's filters (its cohort, RFM group and segment applied) and paging. */
export async function customersListParams(
  q: Static<typeof CustomersListQuery>,
  ctx: ReportContext,
): Promise<{ filters: CustomerFilters; paging: Parameters<typeof customersList>[2] }> {
  return {
    filters: await narrowedCustomers(ctx, q, customerFilters(ctx, q)),
    paging: { ...paging(q), orderby: q.orderby ?? 'date_registered' },
  };
}

/** The customers stats' filters, as the customers list's, and the fields asked for. */
export async function customersStatsParams(
  q: CustomerQuery,
  ctx: ReportContext,
): Promise<{ filters: CustomerFilters; fields: readonly string[] }> {
  return {
    filters: await narrowedCustomers(ctx, q, customerFilters(ctx, q)),
    fields: q.fields ?? [],
  };
}

/** The list reports and the stats of stock and customers. */
export const listReports = [
  listReport({
    path: `${BASE}/orders`,
    query: OrdersListQuery,
    response: OrdersListResponse,
    params: ordersListParams,
    report: ordersList,
  }),
  listReport({
    path: `${BASE}/products`,
    query: ProductsListQuery,
    response: ProductsListResponse,
    params: productsListParams,
    report: productsList,
  }),
  listReport({
    path: `${BASE}/variations`,
    query: VariationsListQuery,
    response: VariationsListResponse,
    params: variationsListParams,
    report: variationsList,
  }),
  listReport({
    path: `${BASE}/categories`,
    query: CategoriesListQuery,
    response: CategoriesListResponse,
    params: categoriesListParams,
    report: categoriesList,
  }),
  listReport({
    path: `${BASE}/coupons`,
    query: CouponsListQuery,
    response: CouponsListResponse,
    params: couponsListParams,
    report: couponsList,
  }),
  listReport({
    path: `${BASE}/taxes`,
    query: TaxesListQuery,
    response: TaxesListResponse,
    params: taxesListParams,
    report: taxesList,
  }),
  listReport({
    path: `${BASE}/downloads`,
    query: DownloadsListQuery,
    response: DownloadsListResponse,
    params: downloadsListParams,
    report: downloadsList,
  }),
  listReport({
    path: `${BASE}/downloads/files`,
    query: DownloadFilesListQuery,
    response: DownloadFilesListResponse,
    params: downloadFilesListParams,
    report: downloadFilesList,
  }),
  // Stock changes through the stock routes, not ingestion: never cached.
  listReport({
    path: `${BASE}/stock`,
    query: StockListQuery,
    response: StockListResponse,
    params: stockListParams,
    report: stockList,
    cache: false,
  }),
  {
    path: `${BASE}/stock/stats`,
    query: StockStatsQuery,
    response: StockStatsResponse,
    params: () => undefined,
    run: async (ctx) => ({ body: await stockStats(ctx) }),
    cache: false,
  } satisfies ReportDefinition<typeof StockStatsQuery, undefined>,
  listReport({
    path: `${BASE}/customers`,
    query: CustomersListQuery,
    response: CustomersListResponse,
    params: customersListParams,
    report: (ctx, p) => customersList(ctx, p.filters, p.paging),
  }),
  {
    path: `${BASE}/customers/stats`,
    query: CustomersStatsQuery,
    response: CustomersStatsResponse,
    params: customersStatsParams,
    run: async (ctx, p) => {
      const totals: Record<string, number> = await customersStats(ctx, p.filters);
      const known = p.fields.filter((f) => f in totals);
      return {
        body: {
          totals: known.length ? Object.fromEntries(known.map((f) => [f, totals[f]])) : totals,
        },
      };
    },
  } satisfies ReportDefinition<
    typeof CustomersStatsQuery,
    Awaited<ReturnType<typeof customersStatsParams>>
  >,
];
