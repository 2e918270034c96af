import {
  CategoriesStatsQuery,
  CategoriesStatsResponse,
  CouponsStatsQuery,
  CouponsStatsResponse,
  DownloadsStatsQuery,
  DownloadsStatsResponse,
  OrdersStatsQuery,
  OrdersStatsResponse,
  ProductsStatsQuery,
  ProductsStatsResponse,
  TaxesStatsQuery,
  TaxesStatsResponse,
  VariationsStatsQuery,
  VariationsStatsResponse,
} from '@storelens/api';
import type { Static } from 'typebox';
import type { ReportContext } from '../analytics/context';
import { filtersFromQuery } from '../analytics/filters';
import { couponStats, downloadStats, productStats, taxStats } from '../analytics/report-stats';
import { orderStats } from '../analytics/revenue';
import { downloadFilters } from './lists';
import { statsReport } from './report-definition';
import { statsRequest } from './report-route';

const BASE = '/wp-json/wc-analytics/reports';

/** The query fields of a stats report that filters orders (everything but downloads). */
type FilteredStatsQuery = Static<typeof OrdersStatsQuery> | Static<typeof ProductsStatsQuery>;

/** The orders stats' parameters from their query. */
export function ordersStatsParams(q: Static<typeof OrdersStatsQuery>, ctx: ReportContext) {
  return filteredStatsParams(q, ctx);
}

/** The products (and variations, categories) stats' parameters from their query. */
export function productsStatsParams(q: Static<typeof ProductsStatsQuery>, ctx: ReportContext) {
  return filteredStatsParams(q, ctx);
}

/** The coupons stats' parameters from their query. */
export function couponsStatsParams(q: Static<typeof CouponsStatsQuery>, ctx: ReportContext) {
  return filteredStatsParams(q, ctx);
}

/** The taxes stats' parameters from their query. */
export function taxesStatsParams(q: Static<typeof TaxesStatsQuery>, ctx: ReportContext) {
  return filteredStatsParams(q, ctx);
}

/** Range, interval and paging, the order filters and `segmentby`. */
function filteredStatsParams(q: FilteredStatsQuery & { segmentby?: string }, ctx: ReportContext) {
  return {
    ...statsRequest(q, ctx.settings),
    filters: filtersFromQuery(q, ctx.segment),
    segmentby: q.segmentby,
  };
}

/** The downloads stats' parameters from their query. */
export function downloadsStatsParams(q: Static<typeof DownloadsStatsQuery>, ctx: ReportContext) {
  return {
    ...statsRequest(q, ctx.settings),
    downloads: { ...downloadFilters(q), segment: ctx.segment },
  };
}

/** The `/stats` reports of orders, products, variations, coupons, taxes and downloads. */
export const statsReports = [
  statsReport({
    path: `${BASE}/orders/stats`,
    query: OrdersStatsQuery,
    response: OrdersStatsResponse,
    params: ordersStatsParams,
    report: (ctx, p) => orderStats(ctx, 'orders', p),
  }),
  statsReport({
    path: `${BASE}/products/stats`,
    query: ProductsStatsQuery,
    response: ProductsStatsResponse,
    params: productsStatsParams,
    report: (ctx, p) => productStats(ctx, 'products', p),
  }),
  statsReport({
    path: `${BASE}/variations/stats`,
    query: VariationsStatsQuery,
    response: VariationsStatsResponse,
    params: productsStatsParams,
    report: (ctx, p) => productStats(ctx, 'variations', p),
  }),
  // Categories have no stats report of their own: the products report over their products
  // answers it (items sold, net sales, orders, products), with a segment per category.
  statsReport({
    path: `${BASE}/categories/stats`,
    query: CategoriesStatsQuery,
    response: CategoriesStatsResponse,
    params: productsStatsParams,
    report: (ctx, p) => productStats(ctx, 'products', p),
  }),
  statsReport({
    path: `${BASE}/coupons/stats`,
    query: CouponsStatsQuery,
    response: CouponsStatsResponse,
    params: couponsStatsParams,
    report: couponStats,
  }),
  statsReport({
    path: `${BASE}/taxes/stats`,
    query: TaxesStatsQuery,
    response: TaxesStatsResponse,
    params: taxesStatsParams,
    report: taxStats,
  }),
  statsReport({
    path: `${BASE}/downloads/stats`,
    query: DownloadsStatsQuery,
    response: DownloadsStatsResponse,
    params: downloadsStatsParams,
    report: downloadStats,
  }),
];
