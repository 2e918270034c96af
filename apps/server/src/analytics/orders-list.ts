/*
 * GET /reports/orders: one row per order and per refund (negative), on
 * the report date column, with the order-level filters of orders/stats.
 */
import type { OrderCustomerBody, OrdersListRow } from '@storelens/api';
import { ORDER_MEASURES } from '../db/measures';
import { CUSTOMER_COLUMNS_WITH_ACTIVITY, type CustomerTable } from '../db/schema';
import type { ReportContext } from './context';
import { idsSql, type ReportFilters, rowFilter } from './filters';
import { wallText } from './intervals';
import { profitMetrics } from './metrics';
import { type ListPaging, type ListResult, link, pagedQuery, rangeCondition } from './paging';
import { planRange, rollupsAnswer } from './plan';
import { ORDER_COLUMNS, ROLLUP_COLUMNS, sumRevenueRollups } from './revenue';

/** Parameters of the orders list. */
export interface OrdersListParams extends ListPaging {
  range: { after: string | undefined; before: string | undefined };
  filters: ReportFilters;
  orderIncludes: readonly number[];
  orderExcludes: readonly number[];
  orderby: 'date' | 'num_items_sold' | 'net_total';
  extendedInfo: boolean;
}

interface OrderRow {
  order_id: number;
  parent_id: number;
  date_created: string;
  date_created_gmt: string;
  d: string;
  status: string;
  customer_id: number;
  returning_customer: number;
  num_items_sold: number;
  net_total: number;
  total_sales: number;
  cost_of_goods: number;
  costed_items: number;
  costed_net: number;
  payment_fees: number;
}

/** The orders list report. */
export async function ordersList(
  ctx: ReportContext,
  p: OrdersListParams,
): Promise<ListResult<OrdersListRow>> {
  const col = `os.${ctx.dateColumn}`;
  const filter = rowFilter(p.filters, ctx.settings.excludedStatuses, ORDER_COLUMNS, 'order');
  const range = rangeCondition(col, p.range);
  let ids = '';
  if (p.orderIncludes.length) ids += ` AND os.order_id IN ${idsSql(p.orderIncludes)}`;
  if (p.orderExcludes.length) ids += ` AND os.order_id NOT IN ${idsSql(p.orderExcludes)}`;
  /** The list's rows read from `from` (order_stats or a part of it), alias os. */
  const select = (from: string) => `SELECT os.order_id, os.parent_id, os.date_created,
      os.date_created_gmt, ${col} AS d, os.status, os.customer_id, os.returning_customer,
      os.num_items_sold, os.net_total, os.total_sales, ${ORDER_MEASURES.map((m) => `os.${m}`).join(', ')}
    FROM ${from} os WHERE ${col} IS NOT NULL AND ${filter.sql}${range.sql}${ids}`;
  const params = [...filter.params, ...range.params];
  const counting = countByRollups(ctx, p);
  const count = counting && memoised(counting);
  const result =
    (p.orderby !== 'date' && count
      ? await pageByAmount(ctx, p, p.orderby, select, params, count)
      : undefined) ??
    (await pagedQuery<OrderRow>(
      ctx,
      select('order_stats'),
      params,
      p.orderby === 'date' ? 'd' : p.orderby,
      'order_id',
      p,
      { countApart: true, count },
    ));
  const extended = p.extendedInfo ? await extendedInfo(ctx, result.rows) : undefined;
  // A connected shop may take orders in other currencies (multi-currency plugins): their
  // amounts are summed as WooCommerce Analytics sums them, unconverted, so each row says its
  // currency and flags one that is not the store's.
  const keys = [...new Set(result.rows.map((r) => Number(r.parent_id) || Number(r.order_id)))];
  const currencies = new Map(
    keys.length
      ? (
          await ctx.sql.query<{ id: number; currency: string }>(
            `SELECT id, currency FROM orders WHERE id IN ${idsSql(keys)}`,
          )
        ).map((o) => [Number(o.id), o.currency])
      : [],
  );
  const fees = await feesOf(
    ctx,
    result.rows.map((r) => Number(r.order_id)),
  );
  const facts = await factsOf(
    ctx,
    keys,
    result.rows.map((r) => Number(r.order_id)),
  );
  return {
    ...result,
    rows: result.rows.map((r): OrdersListRow => {
      const id = Number(r.order_id);
      const parent = Number(r.parent_id);
      return {
        order_id: id,
        parent_id: parent,
        order_number: String(parent || id),
        date_created: r.date_created,
        date_created_gmt: r.date_created_gmt,
        date: r.d,
        status: r.status,
        customer_id: Number(r.customer_id),
        num_items_sold: Number(r.num_items_sold),
        net_total: ctx.money(Number(r.net_total)),
        total_sales: ctx.money(Number(r.total_sales)),
        ...rowProfitOf(r, ctx.money),
        customer_type: Number(r.returning_customer) === 1 ? 'returning' : 'new',
        currency: currencies.get(parent || id) ?? ctx.settings.currency,
        other_currency:
          (currencies.get(parent || id) ?? ctx.settings.currency) !== ctx.settings.currency,
        fee_total: ctx.money((fees.get(id) ?? []).reduce((a, f) => a + f.units, 0)),
        fees: (fees.get(id) ?? []).map((f) => f.fee),
        ...facts.of(id, parent),
        extended_info: extended ? extended(r) : {},
        _links: { order: link(`/wc-analytics/orders/${parent || id}`) },
      };
    }),
  };
}

/**
 * The facts of the listed rows beside their money: their orders' payment method, channel,
 * attribution and gateway fee (`orders`, `order_attribution`), and each row's cost of goods
 * (`order_items.cost`).
 */
async function factsOf(ctx: ReportContext, orderIds: readonly number[], rowIds: readonly number[]) {
  const orders = new Map<number, Record<string, unknown>>();
  const attribution = new Map<number, Record<string, unknown>>();
  const costs = new Map<number, { cost: number | null; complete: boolean }>();
  if (orderIds.length > 0) {
    for (const o of await ctx.sql.query<Record<string, unknown>>(
      `SELECT id, payment_method, payment_method_title, created_via, payment_fee,
         payment_fee_refunded, payment_fee_currency FROM orders WHERE id IN ${idsSql(orderIds)}`,
    ))
      orders.set(Number(o.id), o);
    for (const a of await ctx.sql.query<Record<string, unknown>>(
      `SELECT order_id, source_type, origin, source, utm_medium, utm_campaign, device_type
         FROM order_attribution WHERE order_id IN ${idsSql(orderIds)}`,
    ))
      attribution.set(Number(a.order_id), a);
  }
  if (rowIds.length > 0)
    for (const c of await ctx.sql.query<{ order_id: number; cost: number | null; unknown: number }>(
      `SELECT order_id, SUM(cost) AS cost, SUM(CASE WHEN cost IS NULL THEN 1 ELSE 0 END) AS unknown
         FROM order_items WHERE order_id IN ${idsSql(rowIds)} GROUP BY order_id`,
    ))
      costs.set(Number(c.order_id), {
        cost: c.cost === null ? null : Number(c.cost),
        complete: Number(c.unknown) === 0,
      });
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    of(id: number, parent: number) {
      const o = orders.get(parent || id);
      const a = attribution.get(parent || id);
      const own = parent === 0;
      const cost = costs.get(id) ?? { cost: null, complete: true };
      return {
        payment_method: text(o?.payment_method),
        payment_method_title: text(o?.payment_method_title),
        created_via: text(o?.created_via),
        attribution: {
          source_type: text(a?.source_type) || 'unknown',
          origin: text(a?.origin) || 'Unknown',
          source: text(a?.source),
          medium: text(a?.utm_medium),
          campaign: text(a?.utm_campaign),
          device_type: text(a?.device_type),
        },
        payment_fee: ctx.money(own ? Number(o?.payment_fee ?? 0) : 0),
        payment_fee_refunded: ctx.money(own ? Number(o?.payment_fee_refunded ?? 0) : 0),
        payment_fee_currency: own ? text(o?.payment_fee_currency) : '',
        cost_of_goods: cost.cost === null ? null : ctx.money(cost.cost),
        cost_of_goods_complete: cost.complete,
      };
    },
  };
}

/**
 * An order's or refund's profit figures from its measures (`profitMetrics`), but for the cost
 * of goods, which the row's facts give (`cost_of_goods` and `cost_of_goods_complete`).
 */
function rowProfitOf(r: OrderRow, money: (units: number) => number) {
  const { cost_of_goods: _, ...rest } = profitMetrics(
    {
      net: Number(r.net_total),
      items: Number(r.num_items_sold),
      cost: Number(r.cost_of_goods),
      costedItems: Number(r.costed_items),
      costedNet: Number(r.costed_net),
      fees: Number(r.payment_fees),
    },
    money,
  );
  return rest;
}

/** The fee lines of the listed orders and refunds, by row id, in line order. */
async function feesOf(ctx: ReportContext, ids: readonly number[]) {
  const out = new Map<number, { units: number; fee: OrdersListRow['fees'][number] }[]>();
  if (ids.length === 0) return out;
  for (const f of await ctx.sql.query<{
    id: number;
    order_id: number;
    name: string;
    total: number;
    tax: number;
  }>(
    `SELECT id, order_id, name, total, tax FROM order_fee_lines WHERE order_id IN ${idsSql(ids)} ORDER BY id`,
  )) {
    const list = out.get(Number(f.order_id)) ?? [];
    list.push({
      units: Number(f.total),
      fee: {
        id: Number(f.id),
        name: f.name,
        total: ctx.money(Number(f.total)),
        total_tax: ctx.money(Number(f.tax)),
      },
    });
    out.set(Number(f.order_id), list);
  }
  return out;
}

/**
 * The number of the list's rows (orders and refunds) from the revenue rollups, which count both
 * per date kind, day or hour, status and new/returning (migration 021): whole days and hours
 * of the range are summed there, and only the rows of the partial hours at its edges counted
 * from order_stats. Counting a year's rows from the date index took about 100 ms at 1M orders
 * on PostgreSQL, ten times that at 10M. Undefined (the rows are counted) when a filter the
 * rollups cannot answer, an order id list or an open-ended range is asked.
 */
function countByRollups(ctx: ReportContext, p: OrdersListParams) {
  const { after, before } = p.range;
  if (
    after === undefined ||
    before === undefined ||
    !rollupsAnswer('revenue', p.filters) ||
    p.orderIncludes.length + p.orderExcludes.length > 0
  )
    return undefined;
  return async () => {
    const excluded = ctx.settings.excludedStatuses;
    const rollup = rowFilter(p.filters, excluded, ROLLUP_COLUMNS, 'order');
    const plan = planRange(after, before);
    let { n } = await sumRevenueRollups(ctx, plan, rollup, { n: 'orders_count + refund_count' });
    const col = `os.${ctx.dateColumn}`;
    const rows = rowFilter(p.filters, excluded, ORDER_COLUMNS, 'order');
    for (const [from, to] of plan.raw) {
      const [r] = await ctx.sql.query<{ n: number | null }>(
        `SELECT COUNT(*) AS n FROM order_stats os WHERE ${col} >= ? AND ${col} < ? AND ${rows.sql}`,
        [wallText(from), wallText(to), ...rows.params],
      );
      n += Number(r?.n ?? 0);
    }
    return n;
  };
}

/** A function computing its answer once, however often it is called. */
function memoised<T>(compute: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => {
    answer ??= compute();
    return answer;
  };
}

/**
 * A page of the list sorted by net sales or items sold, read from that column's index
 * (migration 022) instead of sorting every row of the range: the first rows of the store in
 * that order hold the range's first rows in that order, about `wanted × store rows / range
 * rows` of them. Twice that many are read from the index and filtered; when they hold fewer
 * than the page needs (the range's rows are not spread evenly), or when reading them would cost
 * more than sorting the range's rows, undefined (the rows are sorted). A year at 1M orders on
 * PostgreSQL: 324 ms sorted.
 */
async function pageByAmount(
  ctx: ReportContext,
  p: OrdersListParams,
  column: 'net_total' | 'num_items_sold',
  select: (from: string) => string,
  params: readonly unknown[],
  count: () => Promise<number>,
): Promise<ListResult<OrderRow> | undefined> {
  // Every row of order_stats has a creation date, so the 'created' rollup rows count them all.
  const [[store], total] = await Promise.all([
    ctx.sql.query<{ n: number | null }>(
      "SELECT SUM(orders_count + refund_count) AS n FROM revenue_day WHERE date_kind = 'created'",
    ),
    count(),
  ]);
  const totalPages = Math.ceil(total / p.perPage);
  const offset = (p.page - 1) * p.perPage;
  const wanted = Math.min(p.page * p.perPage, total);
  if (wanted <= offset) return { rows: [], total, totalPages };
  const window = Math.ceil((2 * wanted * Number(store?.n ?? 0)) / total);
  if (window >= total) return undefined;
  const dir = p.order === 'asc' ? 'ASC' : 'DESC';
  const rows = await ctx.sql.query<OrderRow>(
    `${select(`(SELECT * FROM order_stats ORDER BY ${column} ${dir}, order_id ${dir} LIMIT ?)`)}
     ORDER BY os.${column} ${dir}, os.order_id ${dir} LIMIT ? OFFSET ?`,
    [window, ...params, p.perPage, offset],
  );
  return rows.length < wanted - offset ? undefined : { rows, total, totalPages };
}

/** The customer record of an orders row's `extended_info`: every column of `customers`. */
const CUSTOMER_RECORD = CUSTOMER_COLUMNS_WITH_ACTIVITY satisfies readonly (keyof CustomerTable &
  keyof OrderCustomerBody)[];

/** Products (with variation names), coupons and customer of each listed order. */
async function extendedInfo(ctx: ReportContext, rows: readonly OrderRow[]) {
  const ids = rows.map((r) => Number(r.order_id));
  const keys = rows.map((r) => Number(r.parent_id) || Number(r.order_id));
  const products = new Map<number, { id: number; name: string; quantity: number }[]>();
  const coupons = new Map<number, { id: number; code: string }[]>();
  const customers = new Map<number, OrderCustomerBody>();
  if (ids.length) {
    for (const l of await ctx.sql.query<{
      order_id: number;
      product_id: number;
      variation_id: number;
      quantity: number;
      name: string | null;
    }>(
      `SELECT opl.order_id, opl.product_id, opl.variation_id, opl.product_qty AS quantity,
         p.name FROM order_product_lookup opl
       LEFT JOIN products p ON p.id = (CASE WHEN opl.variation_id > 0 THEN opl.variation_id ELSE opl.product_id END)
       WHERE opl.order_id IN ${idsSql(ids)} ORDER BY opl.order_item_id`,
    )) {
      const list = products.get(Number(l.order_id)) ?? [];
      list.push({
        id: Number(l.variation_id) || Number(l.product_id),
        name: l.name ?? '(Deleted)',
        quantity: Number(l.quantity),
      });
      products.set(Number(l.order_id), list);
    }
    for (const c of await ctx.sql.query<{ order_id: number; coupon_id: number; code: string }>(
      `SELECT order_id, coupon_id, code FROM order_coupon_lines WHERE order_id IN ${idsSql(keys)} ORDER BY coupon_id`,
    )) {
      const list = coupons.get(Number(c.order_id)) ?? [];
      list.push({ id: Number(c.coupon_id), code: c.code });
      coupons.set(Number(c.order_id), list);
    }
    const customerIds = [...new Set(rows.map((r) => Number(r.customer_id)).filter((c) => c > 0))];
    if (customerIds.length) {
      for (const c of await ctx.sql.query<OrderCustomerBody>(
        `SELECT ${CUSTOMER_RECORD.join(', ')} FROM customers WHERE id IN ${idsSql(customerIds)}`,
      )) {
        customers.set(Number(c.id), { ...c, id: Number(c.id), user_id: Number(c.user_id) });
      }
    }
  }
  return (r: OrderRow) => ({
    products: products.get(Number(r.order_id)) ?? [],
    coupons: coupons.get(Number(r.parent_id) || Number(r.order_id)) ?? [],
    customer: customers.get(Number(r.customer_id)) ?? {},
  });
}
