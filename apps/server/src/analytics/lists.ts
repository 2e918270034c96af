/*
 * List reports grouped from the lookup tables: products, variations, categories, coupons,
 * taxes (API.md Part B §2.4–§2.11). Sums use the same definitions as the stats reports:
 * items sold = SUM(qty), net = SUM(line net), orders = distinct non-refund orders.
 */
import { getOptions } from '../options';
import type { ReportContext } from './context';
import { idsSql, type ReportFilters, rowFilter, statusDefault } from './filters';
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

/** Dates of a list request (both optional: no dates means no date filter). */
export interface ListRange {
  after: string | undefined;
  before: string | undefined;
}

const LINE_SUMS = `SUM(opl.product_qty) AS items_sold, SUM(opl.product_net_revenue) AS net_revenue,
  COUNT(DISTINCT CASE WHEN opl.parent_id = 0 THEN opl.order_id END) AS orders_count`;

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
}

/** GET /reports/products. */
export async function productsList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const col = `opl.${ctx.dateColumn}`;
  const filter = rowFilter(p.filters, ctx.settings.excludedStatuses, LINE_COLUMNS, 'line');
  const range = rangeCondition(col, p.range);
  const inner = `SELECT opl.product_id AS product_id, ${LINE_SUMS}, MAX(${col}) AS last_date,
      MAX(pr.name) AS product_name, MAX(pr.sku) AS sku,
      (SELECT COUNT(*) FROM products v WHERE v.parent_id = opl.product_id) AS variations
    FROM order_product_lookup opl LEFT JOIN products pr ON pr.id = opl.product_id
    WHERE ${filter.sql}${range.sql} GROUP BY opl.product_id`;
  const params = [...filter.params, ...range.params];
  const orderBy =
    { date: 'last_date', product_name: 'product_name', sku: 'sku', variations: 'variations' }[
      p.orderby
    ] ?? p.orderby;
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

/** GET /reports/variations. */
export async function variationsList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const col = `opl.${ctx.dateColumn}`;
  const filter = rowFilter(p.filters, ctx.settings.excludedStatuses, LINE_COLUMNS, 'line');
  const range = rangeCondition(col, p.range);
  const inner = `SELECT opl.variation_id AS variation_id, MAX(opl.product_id) AS product_id, ${LINE_SUMS},
      MAX(${col}) AS last_date, MAX(pr.sku) AS sku
    FROM order_product_lookup opl LEFT JOIN products pr ON pr.id = opl.variation_id
    WHERE opl.variation_id > 0 AND ${filter.sql}${range.sql} GROUP BY opl.variation_id`;
  const orderBy = { date: 'last_date' }[p.orderby] ?? p.orderby;
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    inner,
    [...filter.params, ...range.params],
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

/** GET /reports/categories. */
export async function categoriesList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const col = `opl.${ctx.dateColumn}`;
  const own = rowFilter(
    { ...p.filters, categoryIncludes: [], categoryExcludes: [] },
    ctx.settings.excludedStatuses,
    LINE_COLUMNS,
    'line',
  );
  const range = rangeCondition(col, p.range);
  const cats = p.filters.categoryIncludes.length
    ? ` AND pc.category_id IN ${idsSql(p.filters.categoryIncludes)}`
    : '';
  const inner = `SELECT pc.category_id AS category_id, ${LINE_SUMS},
      COUNT(DISTINCT opl.product_id) AS products_count, MAX(c.name) AS category
    FROM order_product_lookup opl JOIN product_categories pc ON pc.product_id = opl.product_id
    LEFT JOIN categories c ON c.id = pc.category_id
    WHERE ${own.sql}${range.sql}${cats} GROUP BY pc.category_id`;
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    inner,
    [...own.params, ...range.params],
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

/** GET /reports/coupons. */
export async function couponsList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const col = `ocl.${ctx.dateColumn}`;
  const status = statusDefault(p.filters, ctx.settings.excludedStatuses, 'ocl.status');
  const range = rangeCondition(col, p.range);
  const asked = p.filters.couponIncludes;
  const only = asked.length ? ` AND ocl.coupon_id IN ${idsSql(asked)}` : '';
  const inner = `SELECT ocl.coupon_id AS coupon_id, SUM(ocl.discount_amount) AS amount,
      COUNT(DISTINCT ocl.order_id) AS orders_count, MAX(c.code) AS code
    FROM order_coupon_lookup ocl LEFT JOIN coupons c ON c.id = ocl.coupon_id
    WHERE ${status.sql}${range.sql}${only} GROUP BY ocl.coupon_id`;
  const params = [...status.params, ...range.params];
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

/** GET /reports/taxes. */
export async function taxesList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<Record<string, unknown>>> {
  const col = `otl.${ctx.dateColumn}`;
  const status = statusDefault(p.filters, ctx.settings.excludedStatuses, 'otl.status');
  const range = rangeCondition(col, p.range);
  const only = p.filters.taxRateIncludes.length
    ? ` AND otl.tax_rate_id IN ${idsSql(p.filters.taxRateIncludes)}`
    : '';
  const inner = `SELECT otl.tax_rate_id AS tax_rate_id, SUM(otl.total_tax) AS total_tax,
      SUM(otl.order_tax) AS order_tax, SUM(otl.shipping_tax) AS shipping_tax,
      COUNT(DISTINCT CASE WHEN otl.parent_id = 0 THEN otl.order_id END) AS orders_count,
      MAX(r.name) AS name, MAX(r.rate) AS rate, MAX(r.country) AS country, MAX(r.state) AS state,
      MAX(r.priority) AS priority,
      MAX(r.country) || '-' || MAX(r.state) || '-' || MAX(r.name) AS tax_code
    FROM order_tax_lookup otl LEFT JOIN tax_rates r ON r.id = otl.tax_rate_id
    WHERE ${status.sql}${range.sql}${only} GROUP BY otl.tax_rate_id`;
  const result = await pagedQuery<Record<string, unknown>>(
    ctx,
    inner,
    [...status.params, ...range.params],
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
