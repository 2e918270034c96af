/* GET /reports/products: sales per product. */
import type { ProductsListRow } from '@storelens/api';
import type { ReportContext } from './context';
import { rowFilter, type SqlCondition } from './filters';
import {
  LAST_SALE_SCAN_LIMIT,
  LINE_SUMS,
  type LineSums,
  measureSums,
  type ProductListParams,
  pageByLastSale,
  rowProfit,
  withProfitSort,
} from './list-parts';
import { monthColumns, planUnion } from './month-source';
import { type ListResult, link, pagedQuery, pageInMemory, rangeCondition } from './paging';
import { listPlan, rollupsAnswer } from './plan';
import { productInfo, productsById } from './product-records';
import { LINE_COLUMNS } from './report-stats';

/**
 * The grouped rows of the products list: product_id, the sums and the sort column. The last
 * sale date has no rollup, so sorting by date reads the lookup rows.
 */
function productsSource(ctx: ReportContext, p: ProductListParams, orderBy: string): SqlCondition {
  const col = `opl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  const filter = rowFilter(p.filters, excluded, LINE_COLUMNS, 'line');
  const plan = listPlan(p, orderBy !== 'last_date' && rollupsAnswer('product', p.filters));
  if (!plan) {
    const range = rangeCondition(col, p.range);
    return {
      sql: `SELECT opl.product_id AS product_id, ${LINE_SUMS}, MAX(${col}) AS last_date,
      MAX(pr.name) AS product_name, MAX(pr.sku) AS sku,
      (SELECT COUNT(*) FROM products v WHERE v.parent_id = opl.product_id) AS variations
    FROM order_product_lookup opl LEFT JOIN products pr ON pr.id = opl.product_id
    WHERE ${filter.sql}${range.sql} GROUP BY opl.product_id`,
      params: [...filter.params, ...range.params],
    };
  }
  const u = planUnion(ctx, plan, {
    column: col,
    rollup: (period, a, periods) => {
      const f = rowFilter(p.filters, excluded, monthColumns(a, false), 'line');
      return {
        sql: `SELECT ${a}.product_id AS product_id, SUM(${a}.items_sold) AS items_sold,
          SUM(${a}.net_revenue) AS net_revenue, SUM(${a}.orders_count) AS orders_count,
          ${measureSums(a)}
        FROM product_${period} ${a} WHERE ${periods.sql} AND ${f.sql} GROUP BY ${a}.product_id`,
        params: [...periods.params, ...f.params],
      };
    },
    lookup: (dates) => ({
      sql: `SELECT opl.product_id AS product_id, ${LINE_SUMS}
      FROM order_product_lookup opl WHERE ${dates.sql} AND ${filter.sql} GROUP BY opl.product_id`,
      params: [...dates.params, ...filter.params],
    }),
  });
  const sortColumn =
    {
      product_name: ', pr.name AS product_name',
      sku: ', pr.sku AS sku',
      variations:
        ', (SELECT COUNT(*) FROM products v WHERE v.parent_id = g.product_id) AS variations',
    }[orderBy] ?? '';
  const join =
    orderBy === 'product_name' || orderBy === 'sku'
      ? ' LEFT JOIN products pr ON pr.id = g.product_id'
      : '';
  return {
    sql: `SELECT g.*${sortColumn} FROM (
      SELECT u.product_id AS product_id, SUM(u.items_sold) AS items_sold,
        SUM(u.net_revenue) AS net_revenue, SUM(u.orders_count) AS orders_count,
        ${measureSums('u')}
      FROM (${u.sql}) u GROUP BY u.product_id) g${join}`,
    params: u.params,
  };
}

type SourceRow = Record<string, unknown> & LineSums & { product_id: number };

/** GET /reports/products. */
export async function productsList(
  ctx: ReportContext,
  p: ProductListParams,
  { lastSaleScanLimit = LAST_SALE_SCAN_LIMIT } = {},
): Promise<ListResult<ProductsListRow>> {
  const orderBy =
    { date: 'last_date', product_name: 'product_name', sku: 'sku', variations: 'variations' }[
      p.orderby
    ] ?? p.orderby;
  const sorted = withProfitSort(productsSource(ctx, p, orderBy), orderBy);
  const { sql: inner, params } = sorted.source;
  let result: ListResult<Record<string, unknown> & LineSums & { product_id: number }>;
  const asked = p.filters.productIncludes;
  if (asked.length) {
    // `products[]`: exactly these ids, missing ones filled with empty data.
    const found = await ctx.sql.query<Record<string, unknown> & LineSums & { product_id: number }>(
      inner,
      params,
    );
    const byId = new Map(found.map((r) => [Number(r.product_id), r]));
    const names = await productsById(ctx, asked);
    const rows = asked.map(
      (id) =>
        byId.get(id) ?? {
          product_id: id,
          items_sold: 0,
          net_revenue: 0,
          orders_count: 0,
          cost_of_goods: 0,
          costed_items: 0,
          costed_net: 0,
          last_date: '',
          product_name: names.get(id)?.name ?? '',
          sku: names.get(id)?.sku ?? '',
          variations: 0,
        },
    );
    result = pageInMemory(
      rows,
      (r) => (typeof r[orderBy] === 'string' ? String(r[orderBy]) : Number(r[orderBy] ?? 0)),
      (r) => Number(r.product_id),
      p,
    );
  } else {
    const byLastSale = await pageByLastSale<SourceRow>(ctx, p, {
      key: 'product_id',
      sums: () => productsSource(ctx, p, 'items_sold'),
      scanLimit: lastSaleScanLimit,
    });
    result =
      byLastSale ??
      (await pagedQuery(ctx, inner, params, sorted.orderBy, 'product_id', p, {
        nullable: sorted.nullable,
      }));
  }
  const info = p.extendedInfo
    ? await productInfo(
        ctx,
        result.rows.map((r) => Number(r.product_id)),
        true,
      )
    : undefined;
  return {
    ...result,
    rows: result.rows.map(
      (r): ProductsListRow => ({
        product_id: Number(r.product_id),
        items_sold: Number(r.items_sold),
        net_revenue: ctx.money(Number(r.net_revenue)),
        orders_count: Number(r.orders_count),
        ...rowProfit(r, ctx.money),
        extended_info: info ? info(Number(r.product_id)) : {},
        _links: { product: link(`/wc-analytics/products/${Number(r.product_id)}`) },
      }),
    ),
  };
}
