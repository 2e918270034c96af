/* GET /reports/variations: sales per variation. */
import type { VariationsListRow } from '@storelens/api';
import type { ReportContext } from './context';
import { rowFilter, type SqlCondition } from './filters';
import {
  LAST_SALE_SCAN_LIMIT,
  LINE_SUMS,
  measureSums,
  type ProductListParams,
  pageByLastSale,
  rowProfit,
  withProfitSort,
} from './list-parts';
import { monthColumns, planUnion } from './month-source';
import { type ListResult, link, pagedQuery, rangeCondition } from './paging';
import { listPlan, rollupsAnswer } from './plan';
import { productInfo, variationAttributes } from './product-records';
import { LINE_COLUMNS } from './report-stats';

/** The grouped rows of the variations list (sorting by date reads the lookup rows). */
function variationsSource(ctx: ReportContext, p: ProductListParams, orderBy: string): SqlCondition {
  const col = `opl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  const filter = rowFilter(p.filters, excluded, LINE_COLUMNS, 'line');
  const plan = listPlan(p, orderBy !== 'last_date' && rollupsAnswer('variation', p.filters));
  if (!plan) {
    const range = rangeCondition(col, p.range);
    return {
      sql: `SELECT opl.variation_id AS variation_id, MAX(opl.product_id) AS product_id, ${LINE_SUMS},
      MAX(${col}) AS last_date, MAX(pr.sku) AS sku
    FROM order_product_lookup opl LEFT JOIN products pr ON pr.id = opl.variation_id
    WHERE opl.variation_id > 0 AND ${filter.sql}${range.sql} GROUP BY opl.variation_id`,
      params: [...filter.params, ...range.params],
    };
  }
  // (`+variation_id`: the edge rows are found by date, not by scanning the variation index.)
  const u = planUnion(ctx, plan, {
    column: col,
    rollup: (period, a, periods) => {
      const f = rowFilter(p.filters, excluded, monthColumns(a, true), 'line');
      return {
        sql: `SELECT ${a}.variation_id AS variation_id, MAX(${a}.product_id) AS product_id,
          SUM(${a}.items_sold) AS items_sold, SUM(${a}.net_revenue) AS net_revenue,
          SUM(${a}.orders_count) AS orders_count, ${measureSums(a)}
        FROM variation_${period} ${a} WHERE ${periods.sql} AND ${f.sql} GROUP BY ${a}.variation_id`,
        params: [...periods.params, ...f.params],
      };
    },
    lookup: (dates) => ({
      sql: `SELECT opl.variation_id AS variation_id, MAX(opl.product_id) AS product_id, ${LINE_SUMS}
      FROM order_product_lookup opl
      WHERE +opl.variation_id > 0 AND ${dates.sql} AND ${filter.sql} GROUP BY opl.variation_id`,
      params: [...dates.params, ...filter.params],
    }),
  });
  const sku = orderBy === 'sku';
  return {
    sql: `SELECT g.*${sku ? ', pr.sku AS sku' : ''} FROM (
      SELECT u.variation_id AS variation_id, MAX(u.product_id) AS product_id,
        SUM(u.items_sold) AS items_sold, SUM(u.net_revenue) AS net_revenue,
        SUM(u.orders_count) AS orders_count, ${measureSums('u')}
      FROM (${u.sql}) u GROUP BY u.variation_id) g${sku ? ' LEFT JOIN products pr ON pr.id = g.variation_id' : ''}`,
    params: u.params,
  };
}

/** GET /reports/variations. */
export async function variationsList(
  ctx: ReportContext,
  p: ProductListParams,
  { lastSaleScanLimit = LAST_SALE_SCAN_LIMIT } = {},
): Promise<ListResult<VariationsListRow>> {
  const orderBy = { date: 'last_date' }[p.orderby] ?? p.orderby;
  const sorted = withProfitSort(variationsSource(ctx, p, orderBy), orderBy);
  const source = sorted.source;
  const byLastSale = await pageByLastSale<Record<string, unknown>>(ctx, p, {
    key: 'variation_id',
    sums: () => variationsSource(ctx, p, 'items_sold'),
    scanLimit: lastSaleScanLimit,
  });
  const result =
    byLastSale ??
    (await pagedQuery<Record<string, unknown>>(
      ctx,
      source.sql,
      source.params,
      sorted.orderBy,
      'variation_id',
      p,
      { nullable: sorted.nullable },
    ));
  const ids = result.rows.map((r) => Number(r.variation_id));
  const info = p.extendedInfo ? await productInfo(ctx, ids, false) : undefined;
  const attrs = await variationAttributes(ctx, p.extendedInfo ? ids : []);
  return {
    ...result,
    rows: result.rows.map((r): VariationsListRow => {
      const id = Number(r.variation_id);
      return {
        product_id: Number(r.product_id),
        variation_id: id,
        items_sold: Number(r.items_sold),
        net_revenue: ctx.money(Number(r.net_revenue)),
        orders_count: Number(r.orders_count),
        ...rowProfit(r, ctx.money),
        extended_info: info ? { ...info(id), attributes: attrs.get(id) ?? [] } : {},
        _links: {
          product: link(`/wc-analytics/products/${Number(r.product_id)}`),
          variation: link(`/wc-analytics/products/${Number(r.product_id)}/variations/${id}`),
        },
      };
    }),
  };
}
