/*
 * Advanced report filters (docs/api.md, "Report parameters shared by the analytics routes";
 * docs/metrics.md, "Excluded statuses") as SQL over one lookup table. Every clause
 * is built from validated input: integer ids are inlined after a safe-integer check (so
 * 10,000-id lists never hit parameter limits), every string goes through a placeholder.
 */
import type { SourceFilterQuery } from '@storelens/api';
import { rollupsAnswer } from './plan';
import { type SourceFilter, sourceClauses, sourceFiltersFromQuery } from './sources';

/** Which rows a filter reads: order rows (order_stats) or line rows (order_product_lookup). */
export type FilterLevel = 'order' | 'line';

/** `[attribute, term]`: ids, or a custom attribute slug and a term slug/name. */
export type AttributePair = readonly [number | string, number | string];

/** The advanced filters of a report request, already normalised. */
export interface ReportFilters {
  match: 'all' | 'any';
  statusIs: readonly string[];
  statusIsNot: readonly string[];
  productIncludes: readonly number[];
  productExcludes: readonly number[];
  variationIncludes: readonly number[];
  variationExcludes: readonly number[];
  couponIncludes: readonly number[];
  couponExcludes: readonly number[];
  taxRateIncludes: readonly number[];
  taxRateExcludes: readonly number[];
  customerType: 'new' | 'returning' | undefined;
  refunds: 'all' | 'none' | 'full' | 'partial' | undefined;
  attributeIs: readonly AttributePair[];
  attributeIsNot: readonly AttributePair[];
  categoryIncludes: readonly number[];
  categoryExcludes: readonly number[];
  /** The order's source, payment method or channel (analytics/sources.ts); none when absent. */
  sources?: readonly SourceFilter[];
  /** A saved segment's narrowing (`segment=<id>`), ANDed with every other clause. */
  segment?: SegmentNarrowing;
}

/**
 * What a saved segment (segments/saved.ts) narrows a report to: the orders and refunds of its
 * customers, or the orders (and their refunds) its saved order filters match.
 */
export type SegmentNarrowing = { customers: readonly number[] } | { orders: ReportFilters };

/** No filters at all. */
export const noFilters: ReportFilters = {
  match: 'all',
  statusIs: [],
  statusIsNot: [],
  productIncludes: [],
  productExcludes: [],
  variationIncludes: [],
  variationExcludes: [],
  couponIncludes: [],
  couponExcludes: [],
  taxRateIncludes: [],
  taxRateExcludes: [],
  customerType: undefined,
  refunds: undefined,
  attributeIs: [],
  attributeIsNot: [],
  categoryIncludes: [],
  categoryExcludes: [],
};

/** Query parameters the filters are read from (all optional, already validated). */
export interface FilterQuery extends SourceFilterQuery {
  match?: 'all' | 'any';
  status_is?: readonly string[];
  status_is_not?: readonly string[];
  product_includes?: readonly number[];
  product_excludes?: readonly number[];
  products?: readonly number[];
  variation_includes?: readonly number[];
  variation_excludes?: readonly number[];
  variations?: readonly number[];
  coupon_includes?: readonly number[];
  coupon_excludes?: readonly number[];
  coupons?: readonly number[];
  tax_rate_includes?: readonly number[];
  tax_rate_excludes?: readonly number[];
  taxes?: readonly number[];
  customer_type?: '' | 'new' | 'returning';
  customer?: '' | 'new' | 'returning';
  refunds?: '' | 'all' | 'partial' | 'full' | 'none';
  attribute_is?: readonly (readonly (number | string)[])[];
  attribute_is_not?: readonly (readonly (number | string)[])[];
  categories?: readonly number[];
  category_includes?: readonly number[];
  category_excludes?: readonly number[];
}

const uniq = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])].sort((a, b) => a - b);
const pairs = (list: FilterQuery['attribute_is']): AttributePair[] =>
  (list ?? []).filter((p) => p.length === 2).map((p) => [p[0]!, p[1]!] as const);

/**
 * Reads the filters of a request; aliases (`products`, `customer`, …) map to their targets.
 * `segment`: the narrowing of the request's saved segment, if it names one.
 */
export function filtersFromQuery(q: FilterQuery, segment?: SegmentNarrowing): ReportFilters {
  return {
    ...(segment ? { segment } : {}),
    match: q.match ?? 'all',
    statusIs: [...new Set(q.status_is ?? [])].sort(),
    statusIsNot: [...new Set(q.status_is_not ?? [])].sort(),
    productIncludes: uniq([...(q.product_includes ?? []), ...(q.products ?? [])]),
    productExcludes: uniq(q.product_excludes),
    variationIncludes: uniq([...(q.variation_includes ?? []), ...(q.variations ?? [])]),
    variationExcludes: uniq(q.variation_excludes),
    couponIncludes: uniq([...(q.coupon_includes ?? []), ...(q.coupons ?? [])]),
    couponExcludes: uniq(q.coupon_excludes),
    taxRateIncludes: uniq([...(q.tax_rate_includes ?? []), ...(q.taxes ?? [])]),
    taxRateExcludes: uniq(q.tax_rate_excludes),
    customerType: q.customer_type || q.customer || undefined,
    refunds: q.refunds || undefined,
    attributeIs: pairs(q.attribute_is),
    attributeIsNot: pairs(q.attribute_is_not),
    categoryIncludes: uniq([...(q.categories ?? []), ...(q.category_includes ?? [])]),
    categoryExcludes: uniq(q.category_excludes),
    sources: sourceFiltersFromQuery(q),
  };
}

/** Column names of the table a filter runs on. */
export interface FilterColumns {
  /** The row's own id (an order or a refund). */
  orderId: string;
  /** 0 for orders, the order for refunds; absent when the table has no refund rows. */
  parentId?: string;
  status: string;
  /** Absent when the table has no new/returning flag. */
  returning?: string;
  /** Line tables: the product and variation of the row itself. */
  product?: string;
  variation?: string;
}

/** A SQL condition with its placeholder values. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** Inlines validated integer ids; an empty list matches nothing. */
export function idsSql(ids: readonly number[]): string {
  if (ids.length === 0) return '(-1)';
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new RangeError(`Not an id: ${id}`);
  }
  return `(${ids.join(',')})`;
}

const placeholders = (values: readonly unknown[]) => `(${values.map(() => '?').join(',')})`;

/**
 * The excluded-status clause (docs/metrics.md, "Excluded statuses"): only when no explicit
 * status filter is given.
 */
export function statusDefault(
  f: ReportFilters,
  excluded: readonly string[],
  status: string,
): SqlCondition {
  if (f.statusIs.length > 0 || f.statusIsNot.length > 0 || excluded.length === 0) {
    return { sql: '1=1', params: [] };
  }
  return { sql: `${status} NOT IN ${placeholders(excluded)}`, params: [...excluded] };
}

/**
 * The one product, variation, category or coupon a filter selects when item_day (migration
 * 015) can answer it: a single included id of one kind (never 0: variation 0 means "no
 * variation"), with at most status and customer-type clauses beside it, and under `any` no
 * clause beside it (its OR would widen the set). `rest` is the filter without the item.
 */
export function oneItem(
  f: ReportFilters,
):
  | { type: 'product' | 'variation' | 'category' | 'coupon'; id: number; rest: ReportFilters }
  | undefined {
  const lists = [
    ['product', f.productIncludes, 'productIncludes'],
    ['variation', f.variationIncludes, 'variationIncludes'],
    ['category', f.categoryIncludes, 'categoryIncludes'],
    ['coupon', f.couponIncludes, 'couponIncludes'],
  ] as const;
  const used = lists.filter(([, ids]) => ids.length > 0);
  if (used.length !== 1) return undefined;
  const [type, ids, field] = used[0]!;
  if (ids.length !== 1 || ids[0]! <= 0) return undefined;
  const rest: ReportFilters = { ...f, [field]: [] };
  if (!rollupsAnswer('revenue', rest)) return undefined;
  const beside = rest.statusIs.length + rest.statusIsNot.length + (rest.customerType ? 1 : 0);
  if (f.match === 'any' && beside > 0) return undefined;
  return { type, id: ids[0]!, rest };
}

/** The product ids an attribute pair selects (the item's own product: variation or simple). */
function attributeProducts(pair: AttributePair): SqlCondition {
  const [attribute, term] = pair;
  const attrSql =
    typeof attribute === 'number'
      ? { sql: 'pa.attribute_id = ?', params: [attribute] }
      : {
          sql: 'pa.attribute_id IN (SELECT id FROM attributes WHERE slug = ? OR slug = ?)',
          params: [attribute, `pa_${attribute}`],
        };
  const termSql =
    typeof term === 'number'
      ? { sql: 'pa.term_id = ?', params: [term] }
      : {
          sql: 'pa.term_id IN (SELECT id FROM attribute_terms WHERE slug = ? OR name = ?)',
          params: [term, term],
        };
  return {
    sql: `SELECT pa.product_id FROM product_attributes pa WHERE ${attrSql.sql} AND ${termSql.sql}`,
    params: [...attrSql.params, ...termSql.params],
  };
}

/**
 * The advanced-filter clauses joined by `match` (AND for all, OR for any), not including the
 * default status exclusion. Order level: "the order contains …"; line level: "the line is …".
 */
export function filterClauses(
  f: ReportFilters,
  cols: FilterColumns,
  level: FilterLevel,
): SqlCondition {
  const clauses: SqlCondition[] = [];
  const add = (sql: string, params: unknown[] = []) => clauses.push({ sql, params });
  // Refund rows have their own product and tax rows; coupons are only on the order.
  const inLines = (where: string) =>
    `${cols.orderId} IN (SELECT opl_f.order_id FROM order_product_lookup opl_f WHERE ${where})`;
  const lineItem = `(CASE WHEN ${cols.variation} > 0 THEN ${cols.variation} ELSE ${cols.product} END)`;
  const lineItemF =
    '(CASE WHEN opl_f.variation_id > 0 THEN opl_f.variation_id ELSE opl_f.product_id END)';
  const useLine = level === 'line' && cols.product !== undefined;

  if (f.statusIs.length) add(`${cols.status} IN ${placeholders(f.statusIs)}`, [...f.statusIs]);
  if (f.statusIsNot.length)
    add(`${cols.status} NOT IN ${placeholders(f.statusIsNot)}`, [...f.statusIsNot]);

  const idClause = (
    ids: readonly number[],
    negate: boolean,
    lineCol: string | undefined,
    orderSql: (list: string) => string,
  ) => {
    if (!ids.length) return;
    const list = idsSql(ids);
    const sql = useLine && lineCol ? `${lineCol} IN ${list}` : orderSql(list);
    add(negate ? `NOT (${sql})` : sql);
  };
  for (const [ids, negate] of [
    [f.productIncludes, false],
    [f.productExcludes, true],
  ] as const) {
    idClause(ids, negate, cols.product, (l) => inLines(`opl_f.product_id IN ${l}`));
  }
  for (const [ids, negate] of [
    [f.variationIncludes, false],
    [f.variationExcludes, true],
  ] as const) {
    idClause(ids, negate, cols.variation, (l) => inLines(`opl_f.variation_id IN ${l}`));
  }
  for (const [ids, negate] of [
    [f.categoryIncludes, false],
    [f.categoryExcludes, true],
  ] as const) {
    const inCats = (l: string) =>
      `SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN ${l}`;
    idClause(ids, negate, undefined, (l) =>
      useLine ? `${cols.product} IN (${inCats(l)})` : inLines(`opl_f.product_id IN (${inCats(l)})`),
    );
  }
  for (const [ids, negate] of [
    [f.couponIncludes, false],
    [f.couponExcludes, true],
  ] as const) {
    // A refund row matches through its order. Written as two INs rather than one IN on
    // "the row's order" (a CASE) so that the database can drive from
    // the coupon's orders (the primary key and the parent index) instead of scanning every
    // order of the range: order ids and refund ids never collide, and 0 is never a coupon
    // order, so the two forms match the same rows.
    idClause(ids, negate, undefined, (l) => {
      const couponOrders = `SELECT ocl_f.order_id FROM order_coupon_lookup ocl_f WHERE ocl_f.coupon_id IN ${l}`;
      return cols.parentId
        ? `${cols.orderId} IN (${couponOrders}) OR ${cols.parentId} IN (${couponOrders})`
        : `${cols.orderId} IN (${couponOrders})`;
    });
  }
  for (const [ids, negate] of [
    [f.taxRateIncludes, false],
    [f.taxRateExcludes, true],
  ] as const) {
    idClause(
      ids,
      negate,
      undefined,
      (l) =>
        `${cols.orderId} IN (SELECT otl_f.order_id FROM order_tax_lookup otl_f WHERE otl_f.tax_rate_id IN ${l})`,
    );
  }
  if (f.customerType && cols.returning) {
    add(`${cols.returning} = ${f.customerType === 'returning' ? 1 : 0}`);
  }
  if (f.refunds && cols.parentId) {
    const p = cols.parentId;
    if (f.refunds === 'all') add(`${p} <> 0`);
    else if (f.refunds === 'none') add(`${p} = 0`);
    // Refund rows carry their order's status, so "fully refunded" is the refunded status.
    else if (f.refunds === 'full') add(`(${p} <> 0 AND ${cols.status} = 'refunded')`);
    else add(`(${p} <> 0 AND ${cols.status} <> 'refunded')`);
  }
  for (const [list, negate] of [
    [f.attributeIs, false],
    [f.attributeIsNot, true],
  ] as const) {
    for (const pair of list) {
      const products = attributeProducts(pair);
      const sql = useLine
        ? `${lineItem} IN (${products.sql})`
        : inLines(`${lineItemF} IN (${products.sql})`);
      add(negate ? `NOT (${sql})` : sql, products.params);
    }
  }
  if (f.sources?.length) clauses.push(...sourceClauses(f.sources, cols));
  const joiner = f.match === 'any' ? ' OR ' : ' AND ';
  const own: SqlCondition =
    clauses.length === 0
      ? { sql: '1=1', params: [] }
      : {
          sql: `(${clauses.map((c) => `(${c.sql})`).join(joiner)})`,
          params: clauses.flatMap((c) => c.params),
        };
  if (!f.segment) return own;
  const segment = segmentClause(f.segment, cols);
  return { sql: `(${own.sql} AND ${segment.sql})`, params: [...own.params, ...segment.params] };
}

/** order_stats columns (alias `os_s`) an orders segment is read on where a table lacks some. */
const SEGMENT_ORDER_COLUMNS: FilterColumns = {
  orderId: 'os_s.order_id',
  parentId: 'os_s.parent_id',
  status: 'os_s.status',
  returning: 'os_s.returning_customer',
};

/**
 * A saved segment's clause: a customers segment keeps the rows of its customers' orders and
 * refunds (refund rows carry their order's customer); an orders segment keeps the rows its
 * saved filters match, read as order filters ("the order contains …") whatever the table. A
 * table without the refund or new/returning columns (coupon, tax lookups) is matched through
 * its order's order_stats row, which has them, so every saved clause applies.
 */
function segmentClause(segment: SegmentNarrowing, cols: FilterColumns): SqlCondition {
  if ('orders' in segment) {
    if (cols.parentId !== undefined && cols.returning !== undefined)
      return filterClauses(segment.orders, cols, 'order');
    const inner = filterClauses(segment.orders, SEGMENT_ORDER_COLUMNS, 'order');
    return {
      sql: `${cols.orderId} IN (SELECT os_s.order_id FROM order_stats os_s WHERE ${inner.sql})`,
      params: inner.params,
    };
  }
  return {
    sql: `${cols.orderId} IN (SELECT os_g.order_id FROM order_stats os_g WHERE os_g.customer_id IN ${idsSql(segment.customers)})`,
    params: [],
  };
}

/**
 * The clause of the saved segment of `f`, if any, for tables the advanced filters do not run
 * on (coupon and tax lookups, the download log): ` AND (…)`, or nothing.
 */
export function andSegment(f: { segment?: SegmentNarrowing }, cols: FilterColumns): SqlCondition {
  if (!f.segment) return { sql: '', params: [] };
  const c = segmentClause(f.segment, cols);
  return { sql: ` AND (${c.sql})`, params: c.params };
}

/** Default status exclusion AND the advanced clauses. */
export function rowFilter(
  f: ReportFilters,
  excluded: readonly string[],
  cols: FilterColumns,
  level: FilterLevel,
): SqlCondition {
  const status = statusDefault(f, excluded, cols.status);
  const clauses = filterClauses(f, cols, level);
  return { sql: `${status.sql} AND ${clauses.sql}`, params: [...status.params, ...clauses.params] };
}
