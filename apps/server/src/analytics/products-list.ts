/* GET /reports/products: sales per product. */
import type { ProductsListRow } from '@storelens/api';
import type { ReportContext } from './context';
import { rowFilter, type SqlCondition } from './filters';
import { LINE_SUMS, type LineSums, listPlan, type ProductListParams } from './list-parts';
import { monthAnswerable, monthColumns, planUnion } from './month-source';
import { type ListResult, link, pagedQuery, pageInMemory, rangeCondition } from './paging';
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
  const plan = listPlan(
    p,
    orderBy !== 'last_date' && monthAnswerable(p.filters, { variation: false }),
  );
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
          SUM(${a}.net_revenue) AS net_revenue, SUM(${a}.orders_count) AS orders_count
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
        SUM(u.net_revenue) AS net_revenue, SUM(u.orders_count) AS orders_count
      FROM (${u.sql}) u GROUP BY u.product_id) g${join}`,
    params: u.params,
  };
}

type SourceRow = Record<string, unknown> & LineSums & { product_id: number };

/** Lookup rows a page by last sale reads before the aggregate answers it instead. */
const LAST_SALE_SCAN_LIMIT = 200_000;

/**
 * A page of the products list sorted by last sale, latest first (the API's default order),
 * without reading every line of the range: the lines are read from the date index in that
 * order, the first line of a product being its last sale, until the page's products are
 * found; their sums and the count of products come from the rollups, as for the other sort orders.
 * The aggregate (`productsSource` by last_date) read every line of the range: 850 ms for a
 * month at 10M orders on PostgreSQL. Undefined when the scan passes `scanLimit` lines (a deep
 * page, or products that sold long before the range's end): the aggregate answers then.
 */
async function pageByLastSale(
  ctx: ReportContext,
  p: ProductListParams,
  scanLimit: number,
): Promise<ListResult<SourceRow> | undefined> {
  const col = `opl.${ctx.dateColumn}`;
  const filter = rowFilter(p.filters, ctx.settings.excludedStatuses, LINE_COLUMNS, 'line');
  const range = rangeCondition(col, p.range);
  const wanted = p.page * p.perPage;
  const order: number[] = [];
  const seen = new Set<number>();
  let after: { date: string; id: number } | undefined;
  let read = 0;
  for (let chunk = 2_000; order.length < wanted; chunk *= 4) {
    if (read >= scanLimit) return undefined;
    // Keyset on (date, product): a product's later lines at the same second add nothing.
    const rows = await ctx.sql.query<{ id: number; d: string }>(
      `SELECT opl.product_id AS id, ${col} AS d FROM order_product_lookup opl
       WHERE ${filter.sql}${range.sql}${after ? ` AND (${col} < ? OR (${col} = ? AND opl.product_id < ?))` : ''}
       ORDER BY ${col} DESC, opl.product_id DESC LIMIT ?`,
      [
        ...filter.params,
        ...range.params,
        ...(after ? [after.date, after.date, after.id] : []),
        chunk,
      ],
    );
    read += rows.length;
    for (const r of rows) {
      const id = Number(r.id);
      if (!seen.has(id)) {
        seen.add(id);
        order.push(id);
      }
    }
    const last = rows.at(-1);
    if (!last || rows.length < chunk) break;
    after = { date: String(last.d), id: Number(last.id) };
  }
  const ids = order.slice((p.page - 1) * p.perPage, wanted);
  const sums = productsSource(ctx, p, 'items_sold');
  const [found, counted] = await Promise.all([
    ids.length
      ? ctx.sql.query<SourceRow>(
          `SELECT g.* FROM (${sums.sql}) g WHERE g.product_id IN (${ids.join(',')})`,
          sums.params,
        )
      : [],
    ctx.sql.query<{ n: number }>(`SELECT COUNT(*) AS n FROM (${sums.sql}) t`, sums.params),
  ]);
  const byId = new Map(found.map((r) => [Number(r.product_id), r]));
  const rows = ids.map(
    (id): SourceRow =>
      byId.get(id) ?? { product_id: id, items_sold: 0, net_revenue: 0, orders_count: 0 },
  );
  const total = Number(counted[0]?.n ?? 0);
  return { rows, total, totalPages: Math.ceil(total / p.perPage) };
}

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
  const { sql: inner, params } = productsSource(ctx, p, orderBy);
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
    const byLastSale =
      orderBy === 'last_date' &&
      p.order === 'desc' &&
      (p.range.after !== undefined || p.range.before !== undefined) &&
      // The page's sums and the count from the rollups (else the aggregate is as cheap).
      listPlan(p, monthAnswerable(p.filters, { variation: false })) !== undefined
        ? await pageByLastSale(ctx, p, lastSaleScanLimit)
        : undefined;
    result = byLastSale ?? (await pagedQuery(ctx, inner, params, orderBy, 'product_id', p));
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
        extended_info: info ? info(Number(r.product_id)) : {},
        _links: { product: link(`/wc-analytics/products/${Number(r.product_id)}`) },
      }),
    ),
  };
}
