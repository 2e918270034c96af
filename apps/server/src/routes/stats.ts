import {
  CategoriesStatsQuery,
  CouponsStatsQuery,
  DownloadsStatsQuery,
  OrdersStatsQuery,
  ProductsStatsQuery,
  TaxesStatsQuery,
  VariationsStatsQuery,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { filtersFromQuery } from '../analytics/filters';
import { couponStats, downloadStats, productStats, taxStats } from '../analytics/report-stats';
import { orderStats } from '../analytics/revenue';
import type { StatsResult } from '../analytics/stats';
import type { Db } from '../db/database';
import { downloadFilters } from './lists';
import { reportRoute, statsRequest } from './report-route';

const BASE = '/wp-json/wc-analytics/reports';
const answer = (r: StatsResult) => ({ body: r.body, total: r.total, totalPages: r.totalPages });

/** The `/stats` routes of orders, products, variations, coupons, taxes and downloads. */
export function statsRoutes(app: FastifyInstance, db: Db) {
  reportRoute<Static<typeof OrdersStatsQuery>>(
    app,
    db,
    `${BASE}/orders/stats`,
    OrdersStatsQuery,
    async (ctx, q) =>
      answer(
        await orderStats(ctx, 'orders', {
          ...statsRequest(q, ctx.settings),
          filters: filtersFromQuery(q),
          segmentby: q.segmentby,
        }),
      ),
  );
  reportRoute<Static<typeof ProductsStatsQuery>>(
    app,
    db,
    `${BASE}/products/stats`,
    ProductsStatsQuery,
    async (ctx, q) =>
      answer(
        await productStats(ctx, 'products', {
          ...statsRequest(q, ctx.settings),
          filters: filtersFromQuery(q),
          segmentby: q.segmentby,
        }),
      ),
  );
  reportRoute<Static<typeof VariationsStatsQuery>>(
    app,
    db,
    `${BASE}/variations/stats`,
    VariationsStatsQuery,
    async (ctx, q) =>
      answer(
        await productStats(ctx, 'variations', {
          ...statsRequest(q, ctx.settings),
          filters: filtersFromQuery(q),
          segmentby: q.segmentby,
        }),
      ),
  );
  // Categories have no stats report of their own: the products report over their products
  // answers it (items sold, net sales, orders, products), with a segment per category.
  reportRoute<Static<typeof CategoriesStatsQuery>>(
    app,
    db,
    `${BASE}/categories/stats`,
    CategoriesStatsQuery,
    async (ctx, q) =>
      answer(
        await productStats(ctx, 'products', {
          ...statsRequest(q, ctx.settings),
          filters: filtersFromQuery(q),
          segmentby: q.segmentby,
        }),
      ),
  );
  reportRoute<Static<typeof CouponsStatsQuery>>(
    app,
    db,
    `${BASE}/coupons/stats`,
    CouponsStatsQuery,
    async (ctx, q) =>
      answer(
        await couponStats(ctx, {
          ...statsRequest(q, ctx.settings),
          filters: filtersFromQuery(q),
          segmentby: q.segmentby,
        }),
      ),
  );
  reportRoute<Static<typeof TaxesStatsQuery>>(
    app,
    db,
    `${BASE}/taxes/stats`,
    TaxesStatsQuery,
    async (ctx, q) =>
      answer(
        await taxStats(ctx, {
          ...statsRequest(q, ctx.settings),
          filters: filtersFromQuery(q),
          segmentby: q.segmentby,
        }),
      ),
  );
  reportRoute<Static<typeof DownloadsStatsQuery>>(
    app,
    db,
    `${BASE}/downloads/stats`,
    DownloadsStatsQuery,
    async (ctx, q) =>
      answer(
        await downloadStats(ctx, {
          ...statsRequest(q, ctx.settings),
          downloads: downloadFilters(q),
        }),
      ),
  );
}
