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
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { filtersFromQuery } from '../analytics/filters';
import { couponStats, downloadStats, productStats, taxStats } from '../analytics/report-stats';
import { orderStats } from '../analytics/revenue';
import type { Db } from '../db/database';
import { downloadFilters } from './lists';
import { statsRoute } from './report-route';

const BASE = '/wp-json/wc-analytics/reports';

/** The `/stats` routes of orders, products, variations, coupons, taxes and downloads. */
export function statsRoutes(app: FastifyInstance, db: Db) {
  statsRoute<Static<typeof OrdersStatsQuery>>(
    app,
    db,
    `${BASE}/orders/stats`,
    OrdersStatsQuery,
    (ctx, q, request) =>
      orderStats(ctx, 'orders', {
        ...request,
        filters: filtersFromQuery(q, ctx.segment),
        segmentby: q.segmentby,
      }),
    { response: OrdersStatsResponse },
  );
  statsRoute<Static<typeof ProductsStatsQuery>>(
    app,
    db,
    `${BASE}/products/stats`,
    ProductsStatsQuery,
    (ctx, q, request) =>
      productStats(ctx, 'products', {
        ...request,
        filters: filtersFromQuery(q, ctx.segment),
        segmentby: q.segmentby,
      }),
    { response: ProductsStatsResponse },
  );
  statsRoute<Static<typeof VariationsStatsQuery>>(
    app,
    db,
    `${BASE}/variations/stats`,
    VariationsStatsQuery,
    (ctx, q, request) =>
      productStats(ctx, 'variations', {
        ...request,
        filters: filtersFromQuery(q, ctx.segment),
        segmentby: q.segmentby,
      }),
    { response: VariationsStatsResponse },
  );
  // Categories have no stats report of their own: the products report over their products
  // answers it (items sold, net sales, orders, products), with a segment per category.
  statsRoute<Static<typeof CategoriesStatsQuery>>(
    app,
    db,
    `${BASE}/categories/stats`,
    CategoriesStatsQuery,
    (ctx, q, request) =>
      productStats(ctx, 'products', {
        ...request,
        filters: filtersFromQuery(q, ctx.segment),
        segmentby: q.segmentby,
      }),
    { response: CategoriesStatsResponse },
  );
  statsRoute<Static<typeof CouponsStatsQuery>>(
    app,
    db,
    `${BASE}/coupons/stats`,
    CouponsStatsQuery,
    (ctx, q, request) =>
      couponStats(ctx, {
        ...request,
        filters: filtersFromQuery(q, ctx.segment),
        segmentby: q.segmentby,
      }),
    { response: CouponsStatsResponse },
  );
  statsRoute<Static<typeof TaxesStatsQuery>>(
    app,
    db,
    `${BASE}/taxes/stats`,
    TaxesStatsQuery,
    (ctx, q, request) =>
      taxStats(ctx, {
        ...request,
        filters: filtersFromQuery(q, ctx.segment),
        segmentby: q.segmentby,
      }),
    { response: TaxesStatsResponse },
  );
  statsRoute<Static<typeof DownloadsStatsQuery>>(
    app,
    db,
    `${BASE}/downloads/stats`,
    DownloadsStatsQuery,
    (ctx, q, request) =>
      downloadStats(ctx, {
        ...request,
        downloads: { ...downloadFilters(q), segment: ctx.segment },
      }),
    { response: DownloadsStatsResponse },
  );
}
