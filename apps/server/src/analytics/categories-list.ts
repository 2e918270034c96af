/* GET /reports/categories: sales per product category. */
import type { CategoriesListRow } from '@storelens/api';
import { DATE_KIND, type ReportContext } from './context';
import { idsSql, rowFilter, type SqlCondition } from './filters';
import {
  andIdIn,
  LINE_SUMS,
  measureColumns,
  measureSums,
  noMeasures,
  type ProductListParams,
  rowProfit,
  union,
  withProfitSort,
} from './list-parts';
import { dayCondition, edgeCondition, monthColumns, monthCondition } from './month-source';
import { type ListResult, link, pagedQuery, rangeCondition } from './paging';
import { listPlan, rollupsAnswer } from './plan';
import { LINE_COLUMNS } from './report-stats';

/**
 * The grouped rows of the categories list. Sums come from the category rollup; the distinct
 * products per category from the product rollup joined to the categories, as the lookup query
 * joins them.
 */
async function categoriesSource(ctx: ReportContext, p: ProductListParams): Promise<SqlCondition> {
  const col = `opl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  // The categories list filters by its own categories, not by the line's product.
  const ownFilters = { ...p.filters, categoryIncludes: [], categoryExcludes: [] };
  const own = rowFilter(ownFilters, excluded, LINE_COLUMNS, 'line');
  const asked = p.filters.categoryIncludes;
  const cats = (column: string) => andIdIn(column, asked);
  // Category rollup rows have no product: product clauses need the lookup rows.
  const plan = listPlan(p, rollupsAnswer('category', p.filters));
  if (!plan) {
    const range = rangeCondition(col, p.range);
    return {
      sql: `SELECT pc.category_id AS category_id, ${LINE_SUMS},
      COUNT(DISTINCT opl.product_id) AS products_count, MAX(c.name) AS category
    FROM order_product_lookup opl JOIN product_categories pc ON pc.product_id = opl.product_id
    LEFT JOIN categories c ON c.id = pc.category_id
    WHERE ${own.sql}${range.sql}${cats('pc.category_id')} GROUP BY pc.category_id`,
      params: [...own.params, ...range.params],
    };
  }
  const none = 'CAST(NULL AS bigint)';
  const pm = monthCondition(ctx, plan, 'pm');
  const pmFilter = rowFilter(ownFilters, excluded, monthColumns('pm', false), 'line');
  /** The sums of a category rollup (months or days) over the periods it answers. */
  const rollup = (table: string, a: string, periods: SqlCondition | undefined) => {
    if (!periods) return undefined;
    const f = rowFilter(ownFilters, excluded, { orderId: 'NULL', status: `${a}.status` }, 'line');
    return {
      sql: `SELECT ${a}.category_id AS category_id, SUM(${a}.items_sold) AS items_sold,
        SUM(${a}.net_revenue) AS net_revenue, SUM(${a}.orders_count) AS orders_count,
        ${none} AS order_id, ${none} AS product_id, ${measureSums(a)}
      FROM ${table} ${a} WHERE ${periods.sql} AND ${f.sql}${cats(`${a}.category_id`)}
      GROUP BY ${a}.category_id`,
      params: [...periods.params, ...f.params],
    };
  };
  const partial = edgeCondition(plan, col, 'partial');
  // A product sold on an edge day has a product month row in that day's month: only those
  // the whole months did not sell can add a product, so the edge lines are read only for
  // them, and not at all when there are none (a store selling its products every month).
  let dayEdges = edgeCondition(plan, col, 'days');
  let candidates = '';
  if (dayEdges && pm) {
    const months = [...new Set(plan.days.flatMap((d) => monthsOfDays(d.from, d.to)))];
    const rows = await ctx.sql.query<{ id: number }>(
      `SELECT DISTINCT pm.product_id AS id FROM product_month pm
       WHERE pm.date_kind = ? AND pm.month IN (${months.map(() => '?').join(',')})
         AND ${pmFilter.sql}
         AND pm.product_id NOT IN (SELECT pm.product_id FROM product_month pm
           WHERE ${pm.sql} AND ${pmFilter.sql})`,
      [DATE_KIND[ctx.dateColumn], ...months, ...pmFilter.params, ...pm.params, ...pmFilter.params],
    );
    if (rows.length === 0) dayEdges = undefined;
    else candidates = ` AND opl.product_id IN ${idsSql(rows.map((r) => Number(r.id)))}`;
  }
  // Rollup rows carry counts; edge lines carry their order and product, counted distinct
  // once with the rest (each edge line is read once). Whole edge days come from the category
  // day rollup; their lines are read only for the distinct products, and only for products
  // the whole months did not sell (the pm part already pairs those with every category).
  const u = union(
    rollup('category_month', 'cm', monthCondition(ctx, plan, 'cm')),
    pm && {
      sql: `SELECT pc.category_id AS category_id, 0 AS items_sold, 0 AS net_revenue,
        0 AS orders_count, ${none} AS order_id, pm.product_id AS product_id, ${noMeasures()}
      FROM product_month pm JOIN product_categories pc ON pc.product_id = pm.product_id
      WHERE ${pm.sql} AND ${pmFilter.sql}${cats('pc.category_id')}
      GROUP BY pc.category_id, pm.product_id`,
      params: [...pm.params, ...pmFilter.params],
    },
    rollup('category_day', 'cd', dayCondition(ctx, plan, 'cd')),
    dayEdges && {
      sql: `SELECT pc.category_id AS category_id, 0 AS items_sold, 0 AS net_revenue,
        0 AS orders_count, ${none} AS order_id, e.product_id AS product_id, ${noMeasures()}
      FROM (SELECT DISTINCT opl.product_id FROM order_product_lookup opl
        WHERE ${dayEdges.sql} AND ${own.sql}${candidates}${
          pm
            ? ` AND opl.product_id NOT IN (SELECT pm.product_id FROM product_month pm WHERE ${pm.sql} AND ${pmFilter.sql})`
            : ''
        }) e
      JOIN product_categories pc ON pc.product_id = e.product_id
      WHERE 1=1${cats('pc.category_id')}`,
      params: [
        ...dayEdges.params,
        ...own.params,
        ...(pm ? [...pm.params, ...pmFilter.params] : []),
      ],
    },
    partial && {
      sql: `SELECT pc.category_id AS category_id, opl.product_qty AS items_sold,
        opl.product_net_revenue AS net_revenue, 0 AS orders_count,
        CASE WHEN opl.parent_id = 0 THEN opl.order_id END AS order_id,
        opl.product_id AS product_id, ${measureColumns('opl')}
      FROM order_product_lookup opl JOIN product_categories pc ON pc.product_id = opl.product_id
      WHERE ${partial.sql} AND ${own.sql}${cats('pc.category_id')}`,
      params: [...partial.params, ...own.params],
    },
  );
  return {
    sql: `SELECT g.*, c.name AS category FROM (
      SELECT u.category_id AS category_id, SUM(u.items_sold) AS items_sold,
        SUM(u.net_revenue) AS net_revenue,
        SUM(u.orders_count) + COUNT(DISTINCT u.order_id) AS orders_count,
        COUNT(DISTINCT u.product_id) AS products_count, ${measureSums('u')}
      FROM (${u.sql}) u GROUP BY u.category_id) g LEFT JOIN categories c ON c.id = g.category_id`,
    params: u.params,
  };
}

/** GET /reports/categories. */
export async function categoriesList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<CategoriesListRow>> {
  const sorted = withProfitSort(await categoriesSource(ctx, p), p.orderby);
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    sorted.source.sql,
    sorted.source.params,
    sorted.orderBy,
    'category_id',
    p,
    { nullable: sorted.nullable },
  );
  return {
    ...result,
    rows: result.rows.map(
      (r): CategoriesListRow => ({
        category_id: Number(r.category_id),
        items_sold: Number(r.items_sold),
        net_revenue: ctx.money(Number(r.net_revenue)),
        orders_count: Number(r.orders_count),
        products_count: Number(r.products_count),
        ...rowProfit(r, ctx.money),
        extended_info: p.extendedInfo ? { name: String(r.category ?? '') } : {},
        _links: { category: link(`/wc-analytics/products/categories/${Number(r.category_id)}`) },
      }),
    ),
  };
}

/** The local months ('YYYY-MM') of the days [from, to) ('YYYY-MM-DD'). */
function monthsOfDays(from: string, to: string): string[] {
  const last = new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 7);
  const out: string[] = [];
  for (let m = from.slice(0, 7); m <= last; ) {
    out.push(m);
    const [y, mo] = m.split('-').map(Number) as [number, number];
    m = new Date(Date.UTC(y, mo, 1)).toISOString().slice(0, 7);
  }
  return out;
}
