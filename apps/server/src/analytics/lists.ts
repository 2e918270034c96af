/*
 * List reports: products, variations, categories, coupons, taxes (API.md Part B §2.4–§2.11).
 * Sums use the same definitions as the stats reports: items sold = SUM(qty), net = SUM(line
 * net), orders = distinct non-refund orders. Whole months come from the month rollups and the
 * rest of the range from the lookup rows, in one statement (month-source.ts); filters the
 * rollups cannot answer read the lookup rows for the whole range.
 */
import { getOptions } from '../options';
import type { ReportContext } from './context';
import { idsSql, type ReportFilters, rowFilter, type SqlCondition, statusDefault } from './filters';
import {
  complementCondition,
  complementMonthCondition,
  dayCondition,
  edgeCondition,
  type ListRange,
  type MonthPlan,
  monthAnswerable,
  monthColumns,
  monthCondition,
  monthPlan,
  unionAll,
} from './month-source';
import {
  escapeHtml,
  type ListPaging,
  type ListResult,
  link,
  pagedQuery,
  pageInMemory,
  rangeCondition,
  stripTags,
} from './paging';
import { LINE_COLUMNS } from './report-stats';
import { taxCode } from './segments';

export type { ListRange } from './month-source';

const LINE_SUMS = `SUM(opl.product_qty) AS items_sold, SUM(opl.product_net_revenue) AS net_revenue,
  COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END) AS orders_count`;

/** LINE_SUMS negated (the lookup rows a complemented month takes away). */
const LINE_SUMS_TAKEN = `-SUM(opl.product_qty) AS items_sold, -SUM(opl.product_net_revenue) AS net_revenue,
  -COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END) AS orders_count`;

interface LineSums {
  items_sold: number;
  net_revenue: number;
  orders_count: number;
}

/** The store's low-stock threshold (minimum 1). */
export async function lowStockThreshold(ctx: ReportContext): Promise<number> {
  const o = await getOptions(ctx.db, ['woocommerce_notify_low_stock_amount']);
  return Math.max(1, Number(o.get('woocommerce_notify_low_stock_amount') ?? 2));
}

interface ProductRecord {
  id: number;
  parent_id: number;
  type: string;
  name: string;
  slug: string;
  sku: string;
  price: number;
  image_url: string;
  stock_status: string;
  stock_quantity: number | null;
  manage_stock: number;
  low_stock_amount: number | null;
}

/** Product records by id. */
export async function productsById(
  ctx: ReportContext,
  ids: readonly number[],
): Promise<Map<number, ProductRecord>> {
  if (!ids.length) return new Map();
  const rows = await ctx.sql.query<ProductRecord>(
    `SELECT id, parent_id, type, name, slug, sku, price, image_url, stock_status, stock_quantity,
       manage_stock, low_stock_amount FROM products WHERE id IN ${idsSql([...new Set(ids)])}`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** `extended_info` of products and variations (§2.4, §2.6). */
async function productInfo(ctx: ReportContext, ids: readonly number[], withVariations: boolean) {
  const records = await productsById(ctx, ids);
  const threshold = await lowStockThreshold(ctx);
  const cats = new Map<number, number[]>();
  const variations = new Map<number, number[]>();
  if (ids.length) {
    for (const r of await ctx.sql.query<{ product_id: number; category_id: number }>(
      `SELECT product_id, category_id FROM product_categories WHERE product_id IN ${idsSql([...new Set(ids)])} ORDER BY category_id`,
    )) {
      const list = cats.get(Number(r.product_id)) ?? [];
      list.push(Number(r.category_id));
      cats.set(Number(r.product_id), list);
    }
    if (withVariations) {
      for (const r of await ctx.sql.query<{ id: number; parent_id: number }>(
        `SELECT id, parent_id FROM products WHERE parent_id IN ${idsSql([...new Set(ids)])} ORDER BY id`,
      )) {
        const list = variations.get(Number(r.parent_id)) ?? [];
        list.push(Number(r.id));
        variations.set(Number(r.parent_id), list);
      }
    }
  }
  return (id: number) => {
    const p = records.get(id);
    if (!p) return { name: '(Deleted)' };
    return {
      name: stripTags(p.name),
      price: ctx.money(Number(p.price)),
      image: p.image_url ? `<img src="${escapeHtml(p.image_url)}" alt="" />` : '',
      permalink: `/?post_type=product&p=${id}`,
      category_ids: cats.get(id) ?? [],
      stock_status: p.stock_status,
      stock_quantity: p.stock_quantity === null ? null : Number(p.stock_quantity),
      manage_stock: Number(p.manage_stock) === 1,
      low_stock_amount: p.low_stock_amount === null ? threshold : Number(p.low_stock_amount),
      ...(withVariations && p.type === 'variable' ? { variations: variations.get(id) ?? [] } : {}),
      sku: p.sku,
    };
  };
}

/** Parameters of a product-like list report. */
export interface ProductListParams extends ListPaging {
  range: ListRange;
  filters: ReportFilters;
  orderby: string;
  extendedInfo: boolean;
  /** Read the lookup rows for the whole range even where month rollups could answer. */
  lookupOnly?: boolean;
  /** Read edge months from the lookup rows only, never whole less the rest (tests). */
  noComplements?: boolean;
}

/**
 * The month plan of a list request, or undefined when the lookup rows must answer it.
 * `complements`: edge months may be read whole less the rest of the month (month-source.ts);
 * the list then keeps only groups with rows in the range (`complemented`).
 */
function listPlan(
  p: ProductListParams,
  answerable: boolean,
  complements = false,
): MonthPlan | undefined {
  if (p.lookupOnly || !answerable) return undefined;
  const plan = monthPlan(p.range, { complements: complements && !p.noComplements });
  return plan &&
    (plan.months.length > 0 ||
      plan.ranges.length > 0 ||
      plan.complements.length > 0 ||
      plan.nullDates)
    ? plan
    : undefined;
}

/** The pieces of a list source that `complemented` puts together. */
interface ListParts {
  /** Rollup rows of the month table for the months of a condition (alias given inside). */
  month: (periods: SqlCondition, certain: string) => SqlCondition;
  /** Lookup rows of a date condition, summed (`sign` '') or taken away ('-'). */
  lookup: (dates: SqlCondition, sign: '' | '-', certain: string) => SqlCondition;
  /** Lookup rows of the group `u.<key>` in a date condition (for EXISTS). */
  rowsOf: (dates: SqlCondition) => SqlCondition;
  /** The month table's alias in `month`, and the lookup's date column. */
  alias: string;
  column: string;
  /** The summed output columns. */
  sums: readonly string[];
}

/**
 * The UNION ALL of a list's rollup and lookup parts and, when the plan complements edge
 * months, the HAVING of its outer GROUP BY. A complemented month's groups are its month rows
 * less its lookup rows outside the range; a group that only they give is in the list when it
 * has a row inside the range, as the lookup query would group it: known when its sums are
 * not all zero, else asked of the lookup (rare: rows whose sums cancel out).
 */
function complemented(
  ctx: ReportContext,
  plan: MonthPlan,
  parts: ListParts,
): { union: SqlCondition; having: SqlCondition } {
  const months = monthCondition(ctx, plan, parts.alias);
  const edges = edgeCondition(plan, parts.column);
  const whole = complementMonthCondition(ctx, plan, parts.alias);
  const outside = complementCondition(plan, parts.column, 'outside');
  const inside = complementCondition(plan, parts.column, 'inside');
  if (!whole || !inside) {
    return {
      union: union(months && parts.month(months, ''), edges && parts.lookup(edges, '', '')),
      having: { sql: '', params: [] },
    };
  }
  const certain = ', 1 AS certain';
  const uncertain = ', 0 AS certain';
  const rows = parts.rowsOf(inside);
  return {
    union: union(
      months && parts.month(months, certain),
      edges && parts.lookup(edges, '', certain),
      parts.month(whole, uncertain),
      outside && parts.lookup(outside, '-', uncertain),
    ),
    having: {
      sql: ` HAVING MAX(u.certain) = 1 OR ${parts.sums
        .map((c) => `SUM(u.${c}) <> 0`)
        .join(' OR ')} OR EXISTS (${rows.sql})`,
      params: rows.params,
    },
  };
}

/** ` AND column IN (ids)` when the request names ids, else nothing. */
const andIdIn = (column: string, ids: readonly number[]) =>
  ids.length ? ` AND ${column} IN ${idsSql(ids)}` : '';

/** Joins the parts that exist into one UNION ALL (callers guarantee at least one). */
const union = (...parts: (SqlCondition | false | undefined)[]) =>
  unionAll(parts.map((x) => x || undefined));

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
    true,
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
  const monthFilter = rowFilter(p.filters, excluded, monthColumns('pm', false), 'line');
  const { union: u, having } = complemented(ctx, plan, {
    alias: 'pm',
    column: col,
    sums: ['items_sold', 'net_revenue', 'orders_count'],
    month: (months, certain) => ({
      sql: `SELECT pm.product_id AS product_id, SUM(pm.items_sold) AS items_sold,
        SUM(pm.net_revenue) AS net_revenue, SUM(pm.orders_count) AS orders_count${certain}
      FROM product_month pm WHERE ${months.sql} AND ${monthFilter.sql} GROUP BY pm.product_id`,
      params: [...months.params, ...monthFilter.params],
    }),
    lookup: (dates, sign, certain) => ({
      sql: `SELECT opl.product_id AS product_id, ${sign ? LINE_SUMS_TAKEN : LINE_SUMS}${certain}
      FROM order_product_lookup opl WHERE ${dates.sql} AND ${filter.sql} GROUP BY opl.product_id`,
      params: [...dates.params, ...filter.params],
    }),
    rowsOf: (dates) => ({
      sql: `SELECT 1 FROM order_product_lookup opl
        WHERE opl.product_id = u.product_id AND ${dates.sql} AND ${filter.sql}`,
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
      FROM (${u.sql}) u GROUP BY u.product_id${having.sql}) g${join}`,
    params: [...u.params, ...having.params],
  };
}

/** GET /reports/products. */
export async function productsList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
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
    result = await pagedQuery(ctx, inner, params, orderBy, 'product_id', p);
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
    rows: result.rows.map((r) => ({
      product_id: Number(r.product_id),
      items_sold: Number(r.items_sold),
      net_revenue: ctx.money(Number(r.net_revenue)),
      orders_count: Number(r.orders_count),
      extended_info: info ? info(Number(r.product_id)) : {},
      _links: { product: link(`/wc-analytics/products/${Number(r.product_id)}`) },
    })),
  };
}

/** The grouped rows of the variations list (sorting by date reads the lookup rows). */
function variationsSource(ctx: ReportContext, p: ProductListParams, orderBy: string): SqlCondition {
  const col = `opl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  const filter = rowFilter(p.filters, excluded, LINE_COLUMNS, 'line');
  const plan = listPlan(
    p,
    orderBy !== 'last_date' && monthAnswerable(p.filters, { variation: true }),
    true,
  );
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
  const monthFilter = rowFilter(p.filters, excluded, monthColumns('vm', true), 'line');
  // (`+variation_id`: the edge rows are found by date, not by scanning the variation index.)
  const { union: u, having } = complemented(ctx, plan, {
    alias: 'vm',
    column: col,
    sums: ['items_sold', 'net_revenue', 'orders_count'],
    month: (months, certain) => ({
      sql: `SELECT vm.variation_id AS variation_id, MAX(vm.product_id) AS product_id,
        SUM(vm.items_sold) AS items_sold, SUM(vm.net_revenue) AS net_revenue,
        SUM(vm.orders_count) AS orders_count${certain}
      FROM variation_month vm WHERE ${months.sql} AND ${monthFilter.sql} GROUP BY vm.variation_id`,
      params: [...months.params, ...monthFilter.params],
    }),
    lookup: (dates, sign, certain) => ({
      sql: `SELECT opl.variation_id AS variation_id, MAX(opl.product_id) AS product_id,
        ${sign ? LINE_SUMS_TAKEN : LINE_SUMS}${certain}
      FROM order_product_lookup opl
      WHERE +opl.variation_id > 0 AND ${dates.sql} AND ${filter.sql} GROUP BY opl.variation_id`,
      params: [...dates.params, ...filter.params],
    }),
    rowsOf: (dates) => ({
      sql: `SELECT 1 FROM order_product_lookup opl
        WHERE opl.variation_id = u.variation_id AND ${dates.sql} AND ${filter.sql}`,
      params: [...dates.params, ...filter.params],
    }),
  });
  const sku = orderBy === 'sku';
  return {
    sql: `SELECT g.*${sku ? ', pr.sku AS sku' : ''} FROM (
      SELECT u.variation_id AS variation_id, MAX(u.product_id) AS product_id,
        SUM(u.items_sold) AS items_sold, SUM(u.net_revenue) AS net_revenue,
        SUM(u.orders_count) AS orders_count
      FROM (${u.sql}) u GROUP BY u.variation_id${having.sql}) g${sku ? ' LEFT JOIN products pr ON pr.id = g.variation_id' : ''}`,
    params: [...u.params, ...having.params],
  };
}

/** GET /reports/variations. */
export async function variationsList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const orderBy = { date: 'last_date' }[p.orderby] ?? p.orderby;
  const source = variationsSource(ctx, p, orderBy);
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    source.sql,
    source.params,
    orderBy,
    'variation_id',
    p,
  );
  const ids = result.rows.map((r) => Number(r.variation_id));
  const info = p.extendedInfo ? await productInfo(ctx, ids, false) : undefined;
  const attrs = new Map<number, { id: number; name: string; option: string }[]>();
  if (p.extendedInfo && ids.length) {
    for (const a of await ctx.sql.query<{
      product_id: number;
      id: number;
      name: string;
      option: string;
    }>(
      `SELECT pa.product_id, a.id, a.name, t.name AS option FROM product_attributes pa
       JOIN attributes a ON a.id = pa.attribute_id JOIN attribute_terms t ON t.id = pa.term_id
       WHERE pa.product_id IN ${idsSql(ids)} ORDER BY a.id`,
    )) {
      const list = attrs.get(Number(a.product_id)) ?? [];
      list.push({ id: Number(a.id), name: a.name, option: a.option });
      attrs.set(Number(a.product_id), list);
    }
  }
  return {
    ...result,
    rows: result.rows.map((r) => {
      const id = Number(r.variation_id);
      return {
        product_id: Number(r.product_id),
        variation_id: id,
        items_sold: Number(r.items_sold),
        net_revenue: ctx.money(Number(r.net_revenue)),
        orders_count: Number(r.orders_count),
        extended_info: info ? { ...info(id), attributes: attrs.get(id) ?? [] } : {},
        _links: {
          product: link(`/wc-analytics/products/${Number(r.product_id)}`),
          variation: link(`/wc-analytics/products/${Number(r.product_id)}/variations/${id}`),
        },
      };
    }),
  };
}

/**
 * The grouped rows of the categories list. Sums come from the category rollup; the distinct
 * products per category from the product rollup joined to the categories, as the lookup query
 * joins them.
 */
function categoriesSource(ctx: ReportContext, p: ProductListParams): SqlCondition {
  const col = `opl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  // The categories list filters by its own categories, not by the line's product.
  const ownFilters = { ...p.filters, categoryIncludes: [], categoryExcludes: [] };
  const own = rowFilter(ownFilters, excluded, LINE_COLUMNS, 'line');
  const asked = p.filters.categoryIncludes;
  const cats = (column: string) => andIdIn(column, asked);
  // Category rollup rows have no product: product clauses need the lookup rows.
  const plan = listPlan(
    p,
    monthAnswerable(ownFilters, { variation: false }) &&
      ownFilters.productIncludes.length + ownFilters.productExcludes.length === 0,
  );
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
        ${none} AS order_id, ${none} AS product_id
      FROM ${table} ${a} WHERE ${periods.sql} AND ${f.sql}${cats(`${a}.category_id`)}
      GROUP BY ${a}.category_id`,
      params: [...periods.params, ...f.params],
    };
  };
  const dayEdges = edgeCondition(plan, col, 'days');
  const partial = edgeCondition(plan, col, 'partial');
  // Rollup rows carry counts; edge lines carry their order and product, counted distinct
  // once with the rest (each edge line is read once). Whole edge days come from the category
  // day rollup; their lines are read only for the distinct products, and only for products
  // the whole months did not sell (the pm part already pairs those with every category).
  const u = union(
    rollup('category_month', 'cm', monthCondition(ctx, plan, 'cm')),
    pm && {
      sql: `SELECT pc.category_id AS category_id, 0 AS items_sold, 0 AS net_revenue,
        0 AS orders_count, ${none} AS order_id, pm.product_id AS product_id
      FROM product_month pm JOIN product_categories pc ON pc.product_id = pm.product_id
      WHERE ${pm.sql} AND ${pmFilter.sql}${cats('pc.category_id')}
      GROUP BY pc.category_id, pm.product_id`,
      params: [...pm.params, ...pmFilter.params],
    },
    rollup('category_day', 'cd', dayCondition(ctx, plan, 'cd')),
    dayEdges && {
      sql: `SELECT pc.category_id AS category_id, 0 AS items_sold, 0 AS net_revenue,
        0 AS orders_count, ${none} AS order_id, e.product_id AS product_id
      FROM (SELECT DISTINCT opl.product_id FROM order_product_lookup opl
        WHERE ${dayEdges.sql} AND ${own.sql}${
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
        opl.product_id AS product_id
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
        COUNT(DISTINCT u.product_id) AS products_count
      FROM (${u.sql}) u GROUP BY u.category_id) g LEFT JOIN categories c ON c.id = g.category_id`,
    params: u.params,
  };
}

/** GET /reports/categories. */
export async function categoriesList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const source = categoriesSource(ctx, p);
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    source.sql,
    source.params,
    p.orderby,
    'category_id',
    p,
  );
  return {
    ...result,
    rows: result.rows.map((r) => ({
      category_id: Number(r.category_id),
      items_sold: Number(r.items_sold),
      net_revenue: ctx.money(Number(r.net_revenue)),
      orders_count: Number(r.orders_count),
      products_count: Number(r.products_count),
      extended_info: p.extendedInfo ? { name: String(r.category ?? '') } : {},
      _links: { category: link(`/wc-analytics/products/categories/${Number(r.category_id)}`) },
    })),
  };
}

/**
 * The grouped rows of the coupons list. The list reads only the default status exclusion and
 * its coupon ids, both of which the coupon rollup has.
 */
function couponsSource(ctx: ReportContext, p: ProductListParams): SqlCondition {
  const col = `ocl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  const status = statusDefault(p.filters, excluded, 'ocl.status');
  const asked = p.filters.couponIncludes;
  const only = (column: string) => andIdIn(column, asked);
  const plan = listPlan(p, true, true);
  if (!plan) {
    const range = rangeCondition(col, p.range);
    return {
      sql: `SELECT ocl.coupon_id AS coupon_id, SUM(ocl.discount_amount) AS amount,
      COUNT(DISTINCT ocl.order_id) AS orders_count, MAX(c.code) AS code
    FROM order_coupon_lookup ocl LEFT JOIN coupons c ON c.id = ocl.coupon_id
    WHERE ${status.sql}${range.sql}${only('ocl.coupon_id')} GROUP BY ocl.coupon_id`,
      params: [...status.params, ...range.params],
    };
  }
  const monthStatus = statusDefault(p.filters, excluded, 'cm.status');
  const { union: u, having } = complemented(ctx, plan, {
    alias: 'cm',
    column: col,
    sums: ['amount', 'orders_count'],
    month: (months, certain) => ({
      sql: `SELECT cm.coupon_id AS coupon_id, SUM(cm.amount) AS amount,
        SUM(cm.orders_count) AS orders_count${certain}
      FROM coupon_month cm WHERE ${months.sql} AND ${monthStatus.sql}${only('cm.coupon_id')}
      GROUP BY cm.coupon_id`,
      params: [...months.params, ...monthStatus.params],
    }),
    lookup: (dates, sign, certain) => ({
      sql: `SELECT ocl.coupon_id AS coupon_id, ${sign}SUM(ocl.discount_amount) AS amount,
        ${sign}COUNT(DISTINCT ocl.order_id) AS orders_count${certain}
      FROM order_coupon_lookup ocl WHERE ${dates.sql} AND ${status.sql}${only('ocl.coupon_id')}
      GROUP BY ocl.coupon_id`,
      params: [...dates.params, ...status.params],
    }),
    rowsOf: (dates) => ({
      sql: `SELECT 1 FROM order_coupon_lookup ocl
        WHERE ocl.coupon_id = u.coupon_id AND ${dates.sql} AND ${status.sql}`,
      params: [...dates.params, ...status.params],
    }),
  });
  return {
    sql: `SELECT g.*, c.code AS code FROM (
      SELECT u.coupon_id AS coupon_id, SUM(u.amount) AS amount, SUM(u.orders_count) AS orders_count
      FROM (${u.sql}) u GROUP BY u.coupon_id${having.sql}) g LEFT JOIN coupons c ON c.id = g.coupon_id`,
    params: [...u.params, ...having.params],
  };
}

/** GET /reports/coupons. */
export async function couponsList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const asked = p.filters.couponIncludes;
  const { sql: inner, params } = couponsSource(ctx, p);
  let result: ListResult<Record<string, unknown>>;
  if (asked.length) {
    const found = await ctx.sql.query<Record<string, unknown>>(inner, params);
    const byId = new Map(found.map((r) => [Number(r.coupon_id), r]));
    const codes = await ctx.sql.query<{ id: number; code: string }>(
      `SELECT id, code FROM coupons WHERE id IN ${idsSql(asked)}`,
    );
    const codeOf = new Map(codes.map((c) => [Number(c.id), c.code]));
    const rows = asked.map(
      (id) =>
        byId.get(id) ?? { coupon_id: id, amount: 0, orders_count: 0, code: codeOf.get(id) ?? '' },
    );
    result = pageInMemory(
      rows,
      (r) => (p.orderby === 'code' ? String(r.code ?? '') : Number(r[p.orderby] ?? 0)),
      (r) => Number(r.coupon_id),
      p,
    );
  } else {
    result = await pagedQuery(ctx, inner, params, p.orderby, 'coupon_id', p);
  }
  const ids = result.rows.map((r) => Number(r.coupon_id));
  const details = new Map<number, Record<string, string>>();
  if (p.extendedInfo && ids.length) {
    for (const c of await ctx.sql.query<Record<string, string | null> & { id: number }>(
      `SELECT id, code, discount_type, date_created, date_created_gmt, date_expires, date_expires_gmt
       FROM coupons WHERE id IN ${idsSql(ids)}`,
    )) {
      const iso = (v: string | null) => (v ? v.replace(' ', 'T') : '');
      details.set(Number(c.id), {
        code: String(c.code),
        date_created: iso(c.date_created ?? null),
        date_created_gmt: iso(c.date_created_gmt ?? null),
        date_expires: iso(c.date_expires ?? null),
        date_expires_gmt: iso(c.date_expires_gmt ?? null),
        discount_type: String(c.discount_type),
      });
    }
  }
  return {
    ...result,
    rows: result.rows.map((r) => {
      const id = Number(r.coupon_id);
      return {
        coupon_id: id,
        amount: ctx.money(Number(r.amount)),
        orders_count: Number(r.orders_count),
        extended_info: p.extendedInfo
          ? (details.get(id) ?? {
              code: '(Deleted)',
              date_created: '',
              date_created_gmt: '',
              date_expires: '',
              date_expires_gmt: '',
              discount_type: 'N/A',
            })
          : {},
        _links: { coupon: link(`/wc-analytics/coupons/${id}`) },
      };
    }),
  };
}

/** The grouped rows of the taxes list (default status exclusion and rate ids only). */
function taxesSource(ctx: ReportContext, p: ProductListParams): SqlCondition {
  const col = `otl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  const status = statusDefault(p.filters, excluded, 'otl.status');
  const asked = p.filters.taxRateIncludes;
  const only = (column: string) => andIdIn(column, asked);
  const sums = (a: string, sign = '') =>
    `${sign}SUM(${a}.total_tax) AS total_tax, ${sign}SUM(${a}.order_tax) AS order_tax,
      ${sign}SUM(${a}.shipping_tax) AS shipping_tax`;
  // No complemented months: a refund giving no tax back has a lookup row but no month row
  // (ingestion keeps no all-zero rollup rows), so reading its month whole would drop the rate.
  const plan = listPlan(p, true);
  if (!plan) {
    const range = rangeCondition(col, p.range);
    return {
      sql: `SELECT otl.tax_rate_id AS tax_rate_id, ${sums('otl')},
      COUNT(DISTINCT CASE WHEN otl.parent_id = 0 THEN otl.order_id END) AS orders_count,
      MAX(r.name) AS name, MAX(r.rate) AS rate, MAX(r.country) AS country, MAX(r.state) AS state,
      MAX(r.priority) AS priority,
      MAX(r.country) || '-' || MAX(r.state) || '-' || MAX(r.name) AS tax_code
    FROM order_tax_lookup otl LEFT JOIN tax_rates r ON r.id = otl.tax_rate_id
    WHERE ${status.sql}${range.sql}${only('otl.tax_rate_id')} GROUP BY otl.tax_rate_id`,
      params: [...status.params, ...range.params],
    };
  }
  const monthStatus = statusDefault(p.filters, excluded, 'tm.status');
  const { union: u, having } = complemented(ctx, plan, {
    alias: 'tm',
    column: col,
    sums: ['total_tax', 'order_tax', 'shipping_tax', 'orders_count'],
    month: (months, certain) => ({
      sql: `SELECT tm.tax_rate_id AS tax_rate_id, ${sums('tm')},
        SUM(tm.orders_count) AS orders_count${certain}
      FROM tax_month tm WHERE ${months.sql} AND ${monthStatus.sql}${only('tm.tax_rate_id')}
      GROUP BY tm.tax_rate_id`,
      params: [...months.params, ...monthStatus.params],
    }),
    lookup: (dates, sign, certain) => ({
      sql: `SELECT otl.tax_rate_id AS tax_rate_id, ${sums('otl', sign)},
        ${sign}COUNT(DISTINCT CASE WHEN otl.parent_id = 0 THEN otl.order_id END) AS orders_count${certain}
      FROM order_tax_lookup otl WHERE ${dates.sql} AND ${status.sql}${only('otl.tax_rate_id')}
      GROUP BY otl.tax_rate_id`,
      params: [...dates.params, ...status.params],
    }),
    rowsOf: (dates) => ({
      sql: `SELECT 1 FROM order_tax_lookup otl
        WHERE otl.tax_rate_id = u.tax_rate_id AND ${dates.sql} AND ${status.sql}`,
      params: [...dates.params, ...status.params],
    }),
  });
  return {
    sql: `SELECT g.*, r.name AS name, r.rate AS rate, r.country AS country, r.state AS state,
      r.priority AS priority, r.country || '-' || r.state || '-' || r.name AS tax_code
    FROM (
      SELECT u.tax_rate_id AS tax_rate_id, ${sums('u')}, SUM(u.orders_count) AS orders_count
      FROM (${u.sql}) u GROUP BY u.tax_rate_id${having.sql}) g LEFT JOIN tax_rates r ON r.id = g.tax_rate_id`,
    params: [...u.params, ...having.params],
  };
}

/** GET /reports/taxes. */
export async function taxesList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const source = taxesSource(ctx, p);
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    source.sql,
    source.params,
    p.orderby,
    'tax_rate_id',
    p,
  );
  return {
    ...result,
    rows: result.rows.map((r) => {
      const id = Number(r.tax_rate_id);
      return {
        tax_rate_id: id,
        name: String(r.name ?? ''),
        tax_rate: Number(r.rate ?? 0),
        country: String(r.country ?? ''),
        state: String(r.state ?? ''),
        priority: Number(r.priority ?? 0),
        total_tax: ctx.money(Number(r.total_tax)),
        order_tax: ctx.money(Number(r.order_tax)),
        shipping_tax: ctx.money(Number(r.shipping_tax)),
        orders_count: Number(r.orders_count),
        tax_code: taxCode({
          country: String(r.country ?? ''),
          state: String(r.state ?? ''),
          name: String(r.name ?? ''),
          priority: Number(r.priority ?? 0),
        }),
        _links: { tax: link(`/wc-analytics/taxes/${id}`) },
      };
    }),
  };
}
