/*
 * Picker searches the autocompleters call (API.md Part B §4). Products, variations and
 * customers are searched in memory (search/: a contains-match folding case and
 * accents, the same on both engines) and only the page's rows are read from the database.
 * The small lists (categories, attributes, terms, coupons) use a case-insensitive LIKE with
 * wildcards escaped; every value goes through a placeholder.
 */
import { MAX_FULL_LIST } from '@storelens/api';
import { RawSql } from '../db/sql';
import type { ReportContext } from './context';
import { type CustomerFilters, customersList, hasCustomerRules, likeText } from './customers';
import { idsSql } from './filters';
import { type ListPaging, type ListResult, link, stripTags } from './paging';
import { searchSet } from './search/load';
import type { SearchSet } from './search/set';
import { taxCode } from './segments';

const LIKE = "LIKE ? ESCAPE '\\'";

/** Paging of a picker: `perPage` -1 means every row (checked against a limit by the route). */
export interface PickerPaging extends ListPaging {
  orderby: string;
}

/** Runs a count and a page of a picker query; `orderSql` is built from a fixed list. */
async function pickerPage<T>(
  ctx: ReportContext,
  from: string,
  params: readonly unknown[],
  select: string,
  orderSql: string,
  p: ListPaging,
): Promise<ListResult<T>> {
  const count = await ctx.sql.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${from}`, params);
  const total = Number(count[0]?.n ?? 0);
  const all = p.perPage < 0;
  const rows = await ctx.sql.query<T>(
    `SELECT ${select} FROM ${from} ORDER BY ${orderSql}${all ? '' : ' LIMIT ? OFFSET ?'}`,
    all ? params : [...params, p.perPage, (p.page - 1) * p.perPage],
  );
  const perPage = all ? Math.max(total, 1) : p.perPage;
  return { rows, total, totalPages: all ? 1 : Math.ceil(total / perPage) };
}

/** ORDER BY for an `include` order: the position in the list. */
function includeOrder(column: string, ids: readonly number[]): string {
  if (!ids.length) return column;
  return `CASE ${ids.map((id, i) => `WHEN ${column} = ${idsSql([id]).slice(1, -1)} THEN ${i}`).join(' ')} ELSE ${ids.length} END`;
}

/** `column IN (ids)` for a list of any length, as one parameter (`RawSql.idList`). */
function inIds(ctx: ReportContext, column: string, ids: readonly number[]) {
  if (!ids.length) return { sql: '1=0', params: [] };
  return { sql: ctx.sql.inIdList(column), params: [ctx.sql.idList(ids)] };
}

/**
 * SQL whose statements SQLite prepares once: page reads pass their ids as one parameter (see
 * `inIds`), so their text is the same for every page.
 */
const preparedSql = (ctx: ReportContext) => new RawSql(ctx.db.kysely, ctx.db.engine, ctx.db.sqlite);

/**
 * Every id of `set` whose `fields` contain `term`, among the rows `accept` takes (for the SQL
 * paths: other orders, `include`).
 */
function allMatching(
  set: SearchSet,
  fields: readonly string[],
  term: string,
  accept?: (row: number) => boolean,
) {
  return set.query({
    term,
    fields,
    ...(accept ? { accept } : {}),
    sort: 'id',
    desc: false,
    offset: 0,
    limit: -1,
  }).ids;
}

/** Rows of a page read by id, put back in the page's order (rows gone since are left out). */
function inPageOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Sort keys the in-memory sets hold, by `orderby`; other orders are sorted in SQL. */
const SET_ORDER: Record<string, string> = { date: 'date', popularity: 'popularity', id: 'id' };

interface ProductRow {
  id: number;
  parent_id: number;
  type: string;
  name: string;
  slug: string;
  sku: string;
  price: number;
  regular_price: number;
  image_url: string;
  stock_status: string;
  stock_quantity: number | null;
  manage_stock: number;
  low_stock_amount: number | null;
  total_sales: number;
  date_created: string;
  date_created_gmt: string;
  description: string;
}

const PRODUCT_SELECT = `p.id, p.parent_id, p.type, p.name, p.slug, p.sku, p.price, p.regular_price,
  p.image_url, p.stock_status, p.stock_quantity, p.manage_stock, p.low_stock_amount, p.total_sales,
  p.date_created, p.date_created_gmt, p.description`;

/** Parameters of the products search. */
export interface ProductSearch extends PickerPaging {
  search: string | undefined;
  include: readonly number[];
  exclude: readonly number[];
  type: string | undefined;
  sku: string | undefined;
  category: readonly number[];
  lowThreshold: number;
  /** Only products low in stock (`low_in_stock` in productItem), counted before paging. */
  lowInStock?: boolean;
}

/** SQL for productItem's `low_in_stock`, so that the filter applies before paging and totals. */
function lowInStockSql(alias: string, threshold: number): { sql: string; params: unknown[] } {
  const c = (name: string) => (alias ? `${alias}.${name}` : name);
  return {
    sql: `${c('manage_stock')} = 1 AND ${c('stock_status')} = 'instock' AND ${c('stock_quantity')} IS NOT NULL AND ${c('stock_quantity')} > 0 AND ${c('stock_quantity')} <= COALESCE(${c('low_stock_amount')}, ?)`,
    params: [threshold],
  };
}

const PRODUCT_ORDER: Record<string, string> = {
  date: 'p.date_created',
  id: 'p.id',
  title: 'p.name',
  slug: 'p.slug',
  price: 'p.price',
  popularity: 'p.total_sales',
  rating: 'p.average_rating',
};

/** The WC v3 product fields the client reads, plus `low_in_stock`. */
function productItem(ctx: ReportContext, r: ProductRow, lowThreshold: number) {
  const qty = r.stock_quantity === null ? null : Number(r.stock_quantity);
  const low = r.low_stock_amount === null ? lowThreshold : Number(r.low_stock_amount);
  return {
    id: Number(r.id),
    name: stripTags(r.name),
    slug: r.slug,
    permalink: `/?post_type=product&p=${Number(r.id)}`,
    date_created: r.date_created.replace(' ', 'T'),
    date_created_gmt: r.date_created_gmt.replace(' ', 'T'),
    type: r.type,
    parent_id: Number(r.parent_id),
    sku: r.sku,
    price: String(ctx.money(Number(r.price))),
    regular_price: String(ctx.money(Number(r.regular_price))),
    total_sales: Number(r.total_sales),
    manage_stock: Number(r.manage_stock) === 1,
    stock_quantity: qty,
    stock_status: r.stock_status,
    low_stock_amount: r.low_stock_amount === null ? null : Number(r.low_stock_amount),
    low_in_stock:
      Number(r.manage_stock) === 1 &&
      r.stock_status === 'instock' &&
      qty !== null &&
      qty > 0 &&
      qty <= low,
    images: r.image_url ? [{ id: 0, src: r.image_url, name: '', alt: '' }] : [],
    _links: { self: link(`/wc-analytics/products/${Number(r.id)}`) },
  };
}

/** GET /wc-analytics/products: name or SKU contains `search`. */
export async function searchProducts(ctx: ReportContext, s: ProductSearch) {
  const sort = SET_ORDER[s.orderby];
  if (sort && !s.include.length) {
    const result = await productsFromSet(ctx, await searchSet(ctx.db, 'products'), s, sort);
    return { ...result, rows: result.rows.map((r) => productItem(ctx, r, s.lowThreshold)) };
  }
  const where: string[] = ['p.parent_id = 0', "p.status <> 'trash'"];
  const params: unknown[] = [];
  if (s.search) {
    const set = await searchSet(ctx.db, 'products');
    const matching = inIds(ctx, 'p.id', allMatching(set, ['text'], s.search));
    where.push(matching.sql);
    params.push(...matching.params);
  }
  if (s.sku) {
    where.push('p.sku = ?');
    params.push(s.sku);
  }
  if (s.include.length) where.push(`p.id IN ${idsSql(s.include)}`);
  if (s.exclude.length) where.push(`p.id NOT IN ${idsSql(s.exclude)}`);
  if (s.type) {
    where.push('p.type = ?');
    params.push(s.type);
  }
  if (s.lowInStock) {
    const low = lowInStockSql('p', s.lowThreshold);
    where.push(low.sql);
    params.push(...low.params);
  }
  if (s.category.length)
    where.push(
      `p.id IN (SELECT product_id FROM product_categories WHERE category_id IN ${idsSql(s.category)})`,
    );
  const dir = s.order === 'asc' ? 'ASC' : 'DESC';
  const order =
    s.orderby === 'include'
      ? `${includeOrder('p.id', s.include)} ASC, p.id ASC`
      : `${PRODUCT_ORDER[s.orderby] ?? 'p.date_created'} ${dir}, p.id ${dir}`;
  const result = await pickerPage<ProductRow>(
    ctx,
    `products p WHERE ${where.join(' AND ')}`,
    params,
    PRODUCT_SELECT,
    order,
    s,
  );
  return { ...result, rows: result.rows.map((r) => productItem(ctx, r, s.lowThreshold)) };
}

/**
 * A products page from the in-memory set: the filters the set holds (type, exclude) apply
 * there; `sku` and `category` are read as id lists first.
 */
async function productsFromSet(
  ctx: ReportContext,
  set: SearchSet,
  s: ProductSearch,
  sort: string,
): Promise<ListResult<ProductRow>> {
  let allowed: Set<number> | undefined;
  if (s.sku || s.category.length || s.lowInStock) {
    const where = ['parent_id = 0', "status <> 'trash'"];
    const params: unknown[] = [];
    if (s.lowInStock) {
      const low = lowInStockSql('', s.lowThreshold);
      where.push(low.sql);
      params.push(...low.params);
    }
    if (s.sku) {
      where.push('sku = ?');
      params.push(s.sku);
    }
    if (s.category.length)
      where.push(
        `id IN (SELECT product_id FROM product_categories WHERE category_id IN ${idsSql(s.category)})`,
      );
    const rows = await ctx.sql.query<{ id: number }>(
      `SELECT id FROM products WHERE ${where.join(' AND ')}`,
      params,
    );
    allowed = new Set(rows.map((r) => Number(r.id)));
  }
  const exclude = new Set(s.exclude);
  const types = set.columns.type!;
  const accept =
    s.type || exclude.size || allowed
      ? (row: number) => {
          const id = set.ids[row]!;
          return (
            (!s.type || types[row] === s.type) && !exclude.has(id) && (!allowed || allowed.has(id))
          );
        }
      : undefined;
  return pageFromSet<ProductRow>(ctx, set, s, {
    term: s.search,
    fields: ['text'],
    accept,
    sort,
    select: PRODUCT_SELECT,
    from: "products p WHERE p.parent_id = 0 AND p.status <> 'trash'",
  });
}

/**
 * Queries `set` for a page and reads that page's rows (`select` over `from`, which filters the
 * set's rows so that rows changed since the set was built are left out).
 */
async function pageFromSet<T extends { id: number }>(
  ctx: ReportContext,
  set: SearchSet,
  p: ListPaging,
  q: {
    term: string | undefined;
    fields: readonly string[];
    accept: ((row: number) => boolean) | undefined;
    sort: string;
    select: string;
    from: string;
  },
): Promise<ListResult<T>> {
  const all = p.perPage < 0;
  const page = set.query({
    term: q.term,
    fields: q.fields,
    ...(q.accept ? { accept: q.accept } : {}),
    sort: q.sort,
    desc: p.order !== 'asc',
    offset: all ? 0 : (p.page - 1) * p.perPage,
    limit: all ? -1 : p.perPage,
  });
  const total = page.total;
  const totalPages = all ? 1 : Math.ceil(total / p.perPage);
  // per_page=-1 beyond MAX_FULL_LIST is a 400 (the route checks the total): no rows needed.
  if (!page.ids.length || (all && total > MAX_FULL_LIST)) return { rows: [], total, totalPages };
  const ids = inIds(ctx, 'p.id', page.ids);
  const rows = await preparedSql(ctx).query<T>(
    `SELECT ${q.select} FROM ${q.from} AND ${ids.sql}`,
    ids.params,
  );
  return { rows: inPageOrder(page.ids, rows), total, totalPages };
}

/** Parameters of a variations search (one parent, or every parent). */
export interface VariationSearch extends PickerPaging {
  parent: number | undefined;
  search: string | undefined;
  include: readonly number[];
  exclude: readonly number[];
}

/** GET /products/{id}/variations and /variations: name, SKU or attribute values. */
export async function searchVariations(ctx: ReportContext, s: VariationSearch) {
  type Row = ProductRow & { parent_name: string | null };
  const select = `${PRODUCT_SELECT}, pp.name AS parent_name`;
  const from =
    "products p LEFT JOIN products pp ON pp.id = p.parent_id WHERE p.type = 'variation' AND p.status <> 'trash'";
  const sort = SET_ORDER[s.orderby];
  let result: ListResult<Row>;
  // One parent's variations without a search are few: SQL reads them through its index.
  if (sort && !s.include.length && (s.search || s.parent === undefined)) {
    const set = await searchSet(ctx.db, 'variations');
    const exclude = new Set(s.exclude);
    const parents = set.columns.parent!;
    const accept =
      s.parent !== undefined || exclude.size
        ? (row: number) =>
            (s.parent === undefined || parents[row] === s.parent) && !exclude.has(set.ids[row]!)
        : undefined;
    result = await pageFromSet<Row>(ctx, set, s, {
      term: s.search,
      fields: ['text'],
      accept,
      sort,
      select,
      from,
    });
  } else {
    const where: string[] = [];
    const params: unknown[] = [];
    if (s.parent !== undefined) {
      where.push('p.parent_id = ?');
      params.push(s.parent);
    }
    if (s.search) {
      const set = await searchSet(ctx.db, 'variations');
      const matching = inIds(ctx, 'p.id', allMatching(set, ['text'], s.search));
      where.push(matching.sql);
      params.push(...matching.params);
    }
    if (s.include.length) where.push(`p.id IN ${idsSql(s.include)}`);
    if (s.exclude.length) where.push(`p.id NOT IN ${idsSql(s.exclude)}`);
    const dir = s.order === 'asc' ? 'ASC' : 'DESC';
    const order =
      s.orderby === 'include'
        ? `${includeOrder('p.id', s.include)} ASC, p.id ASC`
        : `${PRODUCT_ORDER[s.orderby] ?? 'p.date_created'} ${dir}, p.id ${dir}`;
    result = await pickerPage<Row>(ctx, [from, ...where].join(' AND '), params, select, order, s);
  }
  const ids = result.rows.map((r) => Number(r.id));
  const attrs = new Map<number, { id: number; name: string; option: string }[]>();
  if (ids.length) {
    const page = inIds(ctx, 'pa.product_id', ids);
    for (const a of await preparedSql(ctx).query<{
      product_id: number;
      id: number;
      name: string;
      option: string;
    }>(
      `SELECT pa.product_id, a.id, a.name, t.name AS option FROM product_attributes pa
       JOIN attributes a ON a.id = pa.attribute_id JOIN attribute_terms t ON t.id = pa.term_id
       WHERE ${page.sql} ORDER BY a.id`,
      page.params,
    )) {
      const list = attrs.get(Number(a.product_id)) ?? [];
      list.push({ id: Number(a.id), name: a.name, option: a.option });
      attrs.set(Number(a.product_id), list);
    }
  }
  return {
    ...result,
    rows: result.rows.map((r) => {
      const item = productItem(ctx, r, 1);
      return {
        ...item,
        name: stripTags(r.parent_name ?? r.name),
        type: 'variation',
        description: r.description,
        attributes: attrs.get(Number(r.id)) ?? [],
        image: item.images[0] ?? null,
        _links: {
          self: link(`/wc-analytics/products/${Number(r.parent_id)}/variations/${Number(r.id)}`),
          up: link(`/wc-analytics/products/${Number(r.parent_id)}`),
        },
      };
    }),
  };
}

/** GET /products/categories: with product counts. */
export async function searchCategories(
  ctx: ReportContext,
  s: PickerPaging & {
    search: string | undefined;
    include: readonly number[];
    exclude: readonly number[];
    parent: number | undefined;
    hideEmpty: boolean;
  },
) {
  const where: string[] = ['1=1'];
  const params: unknown[] = [];
  if (s.search) {
    where.push(`LOWER(c.name) ${LIKE}`);
    params.push(likeText(s.search.toLowerCase()));
  }
  if (s.include.length) where.push(`c.id IN ${idsSql(s.include)}`);
  if (s.exclude.length) where.push(`c.id NOT IN ${idsSql(s.exclude)}`);
  if (s.parent !== undefined) {
    where.push('c.parent_id = ?');
    params.push(s.parent);
  }
  const countSql = '(SELECT COUNT(*) FROM product_categories pc WHERE pc.category_id = c.id)';
  if (s.hideEmpty) where.push(`${countSql} > 0`);
  const dir = s.order === 'desc' ? 'DESC' : 'ASC';
  const column: Record<string, string> = {
    id: 'c.id',
    name: 'c.name',
    slug: 'c.slug',
    term_group: 'c.id',
    description: 'c.description',
    count: countSql,
  };
  const order =
    s.orderby === 'include'
      ? `${includeOrder('c.id', s.include)} ASC, c.id ASC`
      : `${column[s.orderby] ?? 'c.name'} ${dir}, c.id ${dir}`;
  const result = await pickerPage<{
    id: number;
    name: string;
    slug: string;
    parent_id: number;
    description: string;
    count: number;
  }>(
    ctx,
    `categories c WHERE ${where.join(' AND ')}`,
    params,
    `c.id, c.name, c.slug, c.parent_id, c.description, ${countSql} AS count`,
    order,
    s,
  );
  return {
    ...result,
    rows: result.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      slug: r.slug,
      parent: Number(r.parent_id),
      description: r.description,
      display: 'default',
      image: null,
      menu_order: 0,
      count: Number(r.count),
      _links: { self: link(`/wc-analytics/products/categories/${Number(r.id)}`) },
    })),
  };
}

/** An attribute in the WC v3 shape. */
const attributeItem = (a: { id: number; name: string; slug: string }) => ({
  id: Number(a.id),
  name: a.name,
  slug: a.slug,
  type: 'select',
  order_by: 'menu_order',
  has_archives: false,
});

/** GET /products/attributes: every attribute, or those whose label matches `search`. */
export async function searchAttributes(ctx: ReportContext, search: string | undefined) {
  const rows = await ctx.sql.query<{ id: number; name: string; slug: string }>(
    `SELECT id, name, slug FROM attributes${search ? ` WHERE LOWER(name) ${LIKE}` : ''} ORDER BY name, id`,
    search ? [likeText(search.toLowerCase())] : [],
  );
  return rows.map(attributeItem);
}

/** One attribute by numeric id or slug (`color` or `pa_color`), or undefined. */
export async function findAttribute(ctx: ReportContext, idOrSlug: string) {
  const numeric = /^\d+$/.test(idOrSlug);
  const rows = await ctx.sql.query<{ id: number; name: string; slug: string }>(
    numeric
      ? 'SELECT id, name, slug FROM attributes WHERE id = ?'
      : 'SELECT id, name, slug FROM attributes WHERE slug = ? OR slug = ?',
    numeric ? [Number(idOrSlug)] : [idOrSlug, `pa_${idOrSlug}`],
  );
  return rows[0] ? attributeItem(rows[0]) : undefined;
}

/** GET /products/attributes/{id}/terms with the number of products using each term. */
export async function attributeTerms(
  ctx: ReportContext,
  attributeId: number,
  s: PickerPaging & { search: string | undefined; include: readonly number[] },
) {
  const where = ['t.attribute_id = ?'];
  const params: unknown[] = [attributeId];
  if (s.search) {
    where.push(`LOWER(t.name) ${LIKE}`);
    params.push(likeText(s.search.toLowerCase()));
  }
  if (s.include.length) where.push(`t.id IN ${idsSql(s.include)}`);
  const countSql =
    '(SELECT COUNT(DISTINCT pa.product_id) FROM product_attributes pa WHERE pa.term_id = t.id)';
  const dir = s.order === 'desc' ? 'DESC' : 'ASC';
  const column: Record<string, string> = {
    id: 't.id',
    name: 't.name',
    slug: 't.slug',
    menu_order: 't.menu_order',
    count: countSql,
  };
  const order =
    s.orderby === 'include'
      ? `${includeOrder('t.id', s.include)} ASC, t.id ASC`
      : `${column[s.orderby] ?? 't.name'} ${dir}, t.id ${dir}`;
  const result = await pickerPage<{
    id: number;
    name: string;
    slug: string;
    menu_order: number;
    count: number;
  }>(
    ctx,
    `attribute_terms t WHERE ${where.join(' AND ')}`,
    params,
    `t.id, t.name, t.slug, t.menu_order, ${countSql} AS count`,
    order,
    s,
  );
  return {
    ...result,
    rows: result.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      slug: r.slug,
      description: '',
      menu_order: Number(r.menu_order),
      count: Number(r.count),
    })),
  };
}

/** GET /wc-analytics/coupons: code contains the search text. */
export async function searchCoupons(
  ctx: ReportContext,
  s: PickerPaging & {
    search: string | undefined;
    include: readonly number[];
    exclude: readonly number[];
  },
) {
  const where = ['1=1'];
  const params: unknown[] = [];
  if (s.search) {
    where.push(`LOWER(c.code) ${LIKE}`);
    params.push(likeText(s.search.toLowerCase()));
  }
  if (s.include.length) where.push(`c.id IN ${idsSql(s.include)}`);
  if (s.exclude.length) where.push(`c.id NOT IN ${idsSql(s.exclude)}`);
  const dir = s.order === 'asc' ? 'ASC' : 'DESC';
  const column: Record<string, string> = {
    date: 'c.date_created',
    id: 'c.id',
    title: 'c.code',
    slug: 'c.code',
    code: 'c.code',
  };
  const order =
    s.orderby === 'include'
      ? `${includeOrder('c.id', s.include)} ASC, c.id ASC`
      : `${column[s.orderby] ?? 'c.date_created'} ${dir}, c.id ${dir}`;
  const result = await pickerPage<{
    id: number;
    code: string;
    discount_type: string;
    amount: number;
    date_created: string;
    date_created_gmt: string;
    date_expires: string | null;
    date_expires_gmt: string | null;
  }>(
    ctx,
    `coupons c WHERE ${where.join(' AND ')}`,
    params,
    'c.id, c.code, c.discount_type, c.amount, c.date_created, c.date_created_gmt, c.date_expires, c.date_expires_gmt',
    order,
    s,
  );
  const iso = (v: string | null) => (v ? v.replace(' ', 'T') : null);
  return {
    ...result,
    rows: result.rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      amount: String(ctx.money(Number(r.amount))),
      discount_type: r.discount_type,
      date_created: iso(r.date_created),
      date_created_gmt: iso(r.date_created_gmt),
      date_expires: iso(r.date_expires),
      date_expires_gmt: iso(r.date_expires_gmt),
      _links: { self: link(`/wc-analytics/coupons/${Number(r.id)}`) },
    })),
  };
}

/**
 * GET /wc-analytics/customers: the customers list (§2.17) whose name ("first last"),
 * username or email (`searchby`; `all` is any of them) contains `search`. The match is made
 * in memory; a plain picker query (no other filter, the default order) is paged there too and
 * the list reads only that page's customers.
 */
export async function searchCustomers(
  ctx: ReportContext,
  f: CustomerFilters,
  p: ListPaging & { orderby: string },
): Promise<ListResult<Record<string, unknown>>> {
  if (!f.search) return customersList(ctx, f, p);
  const set = await searchSet(ctx.db, 'customers');
  const fields = f.searchby === 'all' ? ['name', 'username', 'email'] : [f.searchby];
  const include = f.customers.length ? new Set(f.customers) : undefined;
  const accept = include && ((row: number) => include.has(set.ids[row]!));
  const rest = { ...f, search: undefined };
  // Nothing but a search (and `include`): the picker's own query.
  if (!hasCustomerRules(f) && p.orderby === 'date_registered') {
    const page = set.query({
      term: f.search,
      fields,
      ...(accept ? { accept } : {}),
      sort: 'date_registered',
      desc: p.order !== 'asc',
      offset: (p.page - 1) * p.perPage,
      limit: p.perPage,
    });
    const totalPages = Math.ceil(page.total / p.perPage);
    if (!page.ids.length) return { rows: [], total: page.total, totalPages };
    const found = await customersList(
      ctx,
      { ...rest, customers: page.ids },
      { ...p, page: 1, perPage: page.ids.length },
    );
    return {
      rows: inPageOrder(page.ids, found.rows as (Record<string, unknown> & { id: number })[]),
      total: page.total,
      totalPages,
    };
  }
  const ids = allMatching(set, fields, f.search, accept);
  if (!ids.length) return { rows: [], total: 0, totalPages: 0 };
  return customersList(ctx, { ...rest, customers: ids }, p);
}

/** Distinct logged download IPs starting with `match`, at most 10. */
export async function downloadIps(ctx: ReportContext, match: string) {
  const prefix = `${match.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.sql.query<{ ip: string }>(
    `SELECT DISTINCT user_ip_address AS ip FROM download_log WHERE user_ip_address ${LIKE}
     ORDER BY user_ip_address LIMIT 10`,
    [prefix],
  );
  return rows.map((r) => ({ user_ip_address: r.ip }));
}

/**
 * Id ranges whose decimal form starts with `prefix` (12 → 12, 120–129, 1200–1299, …), so
 * the order-number prefix search reads the primary key instead of scanning.
 */
export function prefixRanges(prefix: string, maxDigits = 15): [number, number][] {
  if (!/^\d+$/.test(prefix) || prefix.length > maxDigits) return [];
  const base = Number(prefix);
  if (base === 0) return [[0, 0]];
  const out: [number, number][] = [];
  for (let extra = 0; prefix.length + extra <= maxDigits; extra++) {
    const scale = 10 ** extra;
    out.push([base * scale, base * scale + scale - 1]);
  }
  return out;
}

/** GET /wc-analytics/orders: `number` is a prefix of the order id. */
export async function searchOrders(
  ctx: ReportContext,
  s: PickerPaging & {
    number: string | undefined;
    include: readonly number[];
    statuses: readonly string[];
  },
) {
  const where = ["o.type = 'order'"];
  const params: unknown[] = [];
  if (s.number !== undefined && s.number !== '') {
    const ranges = prefixRanges(s.number.trim());
    if (!ranges.length) where.push('1=0');
    else {
      where.push(`(${ranges.map(() => 'o.id BETWEEN ? AND ?').join(' OR ')})`);
      params.push(...ranges.flat());
    }
  }
  if (s.include.length) where.push(`o.id IN ${idsSql(s.include)}`);
  const statuses = s.statuses.filter((x) => x !== 'any');
  if (statuses.length && !s.statuses.includes('any')) {
    where.push(`o.status IN (${statuses.map(() => '?').join(',')})`);
    params.push(...statuses);
  }
  const dir = s.order === 'asc' ? 'ASC' : 'DESC';
  const order =
    s.orderby === 'include'
      ? `${includeOrder('o.id', s.include)} ASC, o.id ASC`
      : s.orderby === 'id'
        ? `o.id ${dir}`
        : `o.date_created_gmt ${dir}, o.id ${dir}`;
  const result = await pickerPage<{
    id: number;
    status: string;
    currency: string;
    customer_id: number;
    date_created: string;
    date_created_gmt: string;
    total: number;
  }>(
    ctx,
    `orders o WHERE ${where.join(' AND ')}`,
    params,
    'o.id, o.status, o.currency, o.customer_id, o.date_created, o.date_created_gmt, o.total',
    order,
    s,
  );
  const symbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', INR: '₹' };
  return {
    ...result,
    rows: result.rows.map((r) => ({
      id: Number(r.id),
      number: String(r.id),
      status: r.status,
      currency: r.currency,
      currency_symbol: symbols[r.currency] ?? r.currency,
      customer_id: Number(r.customer_id),
      date_created: r.date_created.replace(' ', 'T'),
      date_created_gmt: r.date_created_gmt.replace(' ', 'T'),
      total: String(ctx.money(Number(r.total))),
      _links: { self: link(`/wc-analytics/orders/${Number(r.id)}`) },
    })),
  };
}

/** GET /wc-analytics/taxes: `search` (or `code`) is a substring of COUNTRY-STATE-NAME-PRIORITY. */
export async function searchTaxes(
  ctx: ReportContext,
  s: PickerPaging & { search: string | undefined; include: readonly number[] },
) {
  const rows = await ctx.sql.query<{
    id: number;
    country: string;
    state: string;
    name: string;
    priority: number;
    rate: string;
    shipping: number;
    compound: number;
    tax_class: string;
  }>(
    `SELECT id, country, state, name, priority, rate, shipping, compound, tax_class FROM tax_rates${
      s.include.length ? ` WHERE id IN ${idsSql(s.include)}` : ''
    }`,
  );
  const needle = s.search?.toLowerCase();
  const matching = rows
    .filter((r) => !needle || taxCode(r).toLowerCase().includes(needle))
    .sort((a, b) => {
      const d =
        s.orderby === 'priority'
          ? Number(a.priority) - Number(b.priority) || a.id - b.id
          : a.id - b.id;
      return s.order === 'desc' ? -d : d;
    });
  const start = (s.page - 1) * s.perPage;
  return {
    rows: matching.slice(start, start + s.perPage).map((r) => ({
      id: Number(r.id),
      country: r.country,
      state: r.state,
      postcode: '',
      city: '',
      postcodes: [],
      cities: [],
      rate: r.rate,
      name: r.name,
      priority: Number(r.priority),
      compound: Number(r.compound) === 1,
      shipping: Number(r.shipping) === 1,
      order: Number(r.id),
      class: r.tax_class || 'standard',
      _links: { self: link(`/wc-analytics/taxes/${Number(r.id)}`) },
    })),
    total: matching.length,
    totalPages: Math.ceil(matching.length / s.perPage),
  };
}
