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
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { categoriesList } from '../analytics/categories-list';
import { cohortCustomers, lifetimes } from '../analytics/cohorts';
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
import type { ListResult } from '../analytics/paging';
import { productsList } from '../analytics/products-list';
import type { DownloadFilters } from '../analytics/report-stats';
import { sourceFiltersFromQuery } from '../analytics/sources';
import { downloadsList, stockList, stockStats } from '../analytics/stock';
import { taxesList } from '../analytics/taxes-list';
import { variationsList } from '../analytics/variations-list';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { zone } from '../timezone';
import { asOf, cohortFilters } from './cohorts';
import { toLocalDateTime } from './dates';
import { isTrue, optionalRange, reportRoute } from './report-route';

const BASE = '/wp-json/wc-analytics/reports';
const answer = (r: ListResult<unknown>) => ({
  body: r.rows,
  total: r.total,
  totalPages: r.totalPages,
});
const paging = (
  q: { page?: number; per_page?: number; order?: 'asc' | 'desc' },
  order: 'asc' | 'desc' = 'desc',
) => ({
  page: q.page ?? 1,
  perPage: q.per_page ?? 10,
  order: q.order ?? order,
});

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
      },
      now,
    );
  } else if (q.cohort_period !== undefined) {
    throw ApiError.invalidParams({ cohort_period: 'cohort_period needs a cohort.' });
  }
  if (q.rfm_group !== undefined) {
    const group = (await lifetimes(ctx, now))
      .filter((p) => p.group === q.rfm_group)
      .map((p) => p.person);
    only = only ? only.filter((id) => group.includes(id)) : group;
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

/** The list reports and the stats of stock and customers. */
export function listRoutes(app: FastifyInstance, db: Db) {
  reportRoute<Static<typeof OrdersListQuery>>(
    app,
    db,
    `${BASE}/orders`,
    OrdersListQuery,
    async (ctx, q) =>
      answer(
        await ordersList(ctx, {
          ...paging(q),
          range: optionalRange(q, ctx.settings),
          filters: filtersFromQuery(q, ctx.segment),
          orderIncludes: q.order_includes ?? [],
          orderExcludes: q.order_excludes ?? [],
          orderby: q.orderby ?? 'date',
          extendedInfo: isTrue(q.extended_info),
        }),
      ),
    { response: OrdersListResponse },
  );
  reportRoute<Static<typeof ProductsListQuery>>(
    app,
    db,
    `${BASE}/products`,
    ProductsListQuery,
    async (ctx, q) =>
      answer(
        await productsList(ctx, {
          ...paging(q),
          range: optionalRange(q, ctx.settings),
          filters: filtersFromQuery(q, ctx.segment),
          orderby: q.orderby ?? 'date',
          extendedInfo: isTrue(q.extended_info),
        }),
      ),
    { response: ProductsListResponse },
  );
  reportRoute<Static<typeof VariationsListQuery>>(
    app,
    db,
    `${BASE}/variations`,
    VariationsListQuery,
    async (ctx, q) =>
      answer(
        await variationsList(ctx, {
          ...paging(q),
          range: optionalRange(q, ctx.settings),
          filters: filtersFromQuery(q, ctx.segment),
          orderby: q.orderby ?? 'date',
          extendedInfo: isTrue(q.extended_info),
        }),
      ),
    { response: VariationsListResponse },
  );
  reportRoute<Static<typeof CategoriesListQuery>>(
    app,
    db,
    `${BASE}/categories`,
    CategoriesListQuery,
    async (ctx, q) =>
      answer(
        await categoriesList(ctx, {
          ...paging(q),
          range: optionalRange(q, ctx.settings),
          filters: filtersFromQuery(q, ctx.segment),
          orderby: q.orderby ?? 'category_id',
          extendedInfo: isTrue(q.extended_info),
        }),
      ),
    { response: CategoriesListResponse },
  );
  reportRoute<Static<typeof CouponsListQuery>>(
    app,
    db,
    `${BASE}/coupons`,
    CouponsListQuery,
    async (ctx, q) =>
      answer(
        await couponsList(ctx, {
          ...paging(q),
          range: optionalRange(q, ctx.settings),
          filters: filtersFromQuery(q, ctx.segment),
          orderby: q.orderby ?? 'coupon_id',
          extendedInfo: isTrue(q.extended_info),
        }),
      ),
    { response: CouponsListResponse },
  );
  reportRoute<Static<typeof TaxesListQuery>>(
    app,
    db,
    `${BASE}/taxes`,
    TaxesListQuery,
    async (ctx, q) =>
      answer(
        await taxesList(ctx, {
          ...paging(q),
          range: optionalRange(q, ctx.settings),
          filters: filtersFromQuery(q, ctx.segment),
          orderby: q.orderby ?? 'tax_rate_id',
          extendedInfo: false,
        }),
      ),
    { response: TaxesListResponse },
  );
  reportRoute<Static<typeof DownloadsListQuery>>(
    app,
    db,
    `${BASE}/downloads`,
    DownloadsListQuery,
    async (ctx, q) =>
      answer(
        await downloadsList(ctx, {
          ...paging(q),
          orderby: q.orderby ?? 'date',
          range: optionalRange(q, ctx.settings),
          filters: { ...downloadFilters(q), segment: ctx.segment },
        }),
      ),
    { response: DownloadsListResponse },
  );
  reportRoute<Static<typeof DownloadFilesListQuery>>(
    app,
    db,
    `${BASE}/downloads/files`,
    DownloadFilesListQuery,
    async (ctx, q) =>
      answer(
        await downloadFilesList(ctx, {
          ...paging(q),
          orderby: q.orderby ?? 'download_count',
          range: optionalRange(q, ctx.settings),
          filters: { ...downloadFilters(q), segment: ctx.segment },
          products: q.products ?? [],
          search: q.search || undefined,
        }),
      ),
    { response: DownloadFilesListResponse },
  );
  reportRoute<Static<typeof StockListQuery>>(
    app,
    db,
    `${BASE}/stock`,
    StockListQuery,
    async (ctx, q) =>
      answer(
        await stockList(ctx, {
          ...paging(q, 'asc'),
          type: q.type ?? 'all',
          orderby: q.orderby ?? 'stock_status',
          include: q.include ?? [],
          exclude: q.exclude ?? [],
          parent: q.parent ?? [],
          parentExclude: q.parent_exclude ?? [],
          offset: q.offset,
        }),
      ),
    // Stock changes through the stock routes, not ingestion: never cached.
    { cache: false, response: StockListResponse },
  );
  reportRoute<Static<typeof StockStatsQuery>>(
    app,
    db,
    `${BASE}/stock/stats`,
    StockStatsQuery,
    async (ctx) => ({
      body: await stockStats(ctx),
    }),
    { cache: false, response: StockStatsResponse },
  );
  reportRoute<Static<typeof CustomersListQuery>>(
    app,
    db,
    `${BASE}/customers`,
    CustomersListQuery,
    async (ctx, q) =>
      answer(
        await customersList(ctx, await narrowedCustomers(ctx, q, customerFilters(ctx, q)), {
          ...paging(q),
          orderby: q.orderby ?? 'date_registered',
        }),
      ),
    { response: CustomersListResponse },
  );
  reportRoute<CustomerQuery>(
    app,
    db,
    `${BASE}/customers/stats`,
    CustomersStatsQuery,
    async (ctx, q) => {
      const totals: Record<string, number> = await customersStats(
        ctx,
        await narrowedCustomers(ctx, q, customerFilters(ctx, q)),
      );
      const known = (q.fields ?? []).filter((f) => f in totals);
      return {
        body: {
          totals: known.length ? Object.fromEntries(known.map((f) => [f, totals[f]])) : totals,
        },
      };
    },
    { response: CustomersStatsResponse },
  );
}
