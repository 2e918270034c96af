/* GET /reports/coupons: discounts and orders per coupon, and the profit of those orders. */
import type { CouponsListRow } from '@storelens/api';
import { COUPON_ORDER_VALUES } from '../db/rollups';
import type { ReportContext } from './context';
import { andSegment, idsSql, type SqlCondition, statusDefault } from './filters';
import { andIdIn, type ProductListParams } from './list-parts';
import { profitMetrics } from './metrics';
import { edgeCondition, planUnion } from './month-source';
import { type ListResult, link, pagedQuery, pageInMemory, rangeCondition } from './paging';
import { listPlan, onlyClauses, rollupsAnswer } from './plan';
import { COUPON_COLUMNS } from './report-stats';
import { ORDER_COLUMNS } from './revenue';

/** Each order-row sum of the coupon rollups (`COUPON_ORDER_VALUES`) summed over `alias`. */
const orderSums = (alias: string) =>
  COUPON_ORDER_VALUES.map((c) => `SUM(${alias}.${c}) AS ${c}`).join(', ');

/** The same sums as zeros, for the union's coupon-row parts. */
const noOrderSums = () => COUPON_ORDER_VALUES.map((c) => `0 AS ${c}`).join(', ');

/**
 * The order rows (orders and refunds) matching `where` on `order_stats os`, summed under each
 * coupon their order used (a refund's through its order's coupon rows, on its own date): the
 * rows orders/stats filtered to the coupon (`coupon_includes`) sums.
 */
const orderRowsPart = (where: SqlCondition): SqlCondition => ({
  sql: `SELECT ocl.coupon_id AS coupon_id, 0 AS amount, 0 AS orders_count, ${orderSums('os')}
    FROM order_stats os JOIN order_coupon_lookup ocl
      ON ocl.order_id = (CASE WHEN os.parent_id = 0 THEN os.order_id ELSE os.parent_id END)
    WHERE ${where.sql} GROUP BY ocl.coupon_id`,
  params: where.params,
});

/**
 * The grouped rows of the coupons list: per coupon the discount and discounted orders (coupon
 * rows), and the sums of those orders' rows and their refunds' (`COUPON_ORDER_VALUES`). The
 * list reads only the default status exclusion and its coupon ids, both of which the coupon
 * rollups have; a saved segment (`segment=`) needs the lookup rows, for the whole range. A
 * coupon is listed when it has a coupon row in the range (`listed`), as before the order sums:
 * its orders' refunds alone do not list it.
 */
function couponsSource(ctx: ReportContext, p: ProductListParams, listed: boolean): SqlCondition {
  const col = ctx.dateColumn;
  const excluded = ctx.settings.excludedStatuses;
  const status = statusDefault(p.filters, excluded, 'ocl.status');
  const orderStatus = statusDefault(p.filters, excluded, 'os.status');
  const asked = p.filters.couponIncludes;
  const only = (column: string) => andIdIn(column, asked);
  const plan = listPlan(
    p,
    rollupsAnswer('coupon', onlyClauses(p.filters, ['status', 'coupon', 'segment'])),
  );
  let u: SqlCondition;
  if (!plan) {
    const range = rangeCondition(`ocl.${col}`, p.range);
    const orderRange = rangeCondition(`os.${col}`, p.range);
    const segment = andSegment(p.filters, COUPON_COLUMNS);
    const orderSegment = andSegment(p.filters, ORDER_COLUMNS);
    u = {
      sql: `SELECT ocl.coupon_id AS coupon_id, SUM(ocl.discount_amount) AS amount,
          COUNT(DISTINCT ocl.order_id) AS orders_count, ${noOrderSums()}
        FROM order_coupon_lookup ocl
        WHERE ${status.sql}${range.sql}${only('ocl.coupon_id')}${segment.sql}
        GROUP BY ocl.coupon_id
        UNION ALL
        ${
          orderRowsPart({
            sql: `${orderStatus.sql}${orderRange.sql}${only('ocl.coupon_id')}${orderSegment.sql}`,
            params: [...orderStatus.params, ...orderRange.params, ...orderSegment.params],
          }).sql
        }`,
      params: [
        ...status.params,
        ...range.params,
        ...segment.params,
        ...orderStatus.params,
        ...orderRange.params,
        ...orderSegment.params,
      ],
    };
  } else {
    // The partial days at the edges from the lookup rows: the coupon rows and the order rows
    // of the same dates.
    const orderDates = edgeCondition(plan, `os.${col}`, 'partial');
    u = planUnion(ctx, plan, {
      column: `ocl.${col}`,
      rollup: (period, a, periods) => {
        const s = statusDefault(p.filters, excluded, `${a}.status`);
        return {
          sql: `SELECT ${a}.coupon_id AS coupon_id, SUM(${a}.amount) AS amount,
            SUM(${a}.orders_count) AS orders_count, ${orderSums(a)}
          FROM coupon_${period} ${a} WHERE ${periods.sql} AND ${s.sql}${only(`${a}.coupon_id`)}
          GROUP BY ${a}.coupon_id`,
          params: [...periods.params, ...s.params],
        };
      },
      lookup: (dates) => {
        const rows = orderRowsPart({
          sql: `${orderDates!.sql} AND ${orderStatus.sql}${only('ocl.coupon_id')}`,
          params: [...orderDates!.params, ...orderStatus.params],
        });
        return {
          sql: `SELECT ocl.coupon_id AS coupon_id, SUM(ocl.discount_amount) AS amount,
            COUNT(DISTINCT ocl.order_id) AS orders_count, ${noOrderSums()}
          FROM order_coupon_lookup ocl WHERE ${dates.sql} AND ${status.sql}${only('ocl.coupon_id')}
          GROUP BY ocl.coupon_id
          UNION ALL
          ${rows.sql}`,
          params: [...dates.params, ...status.params, ...rows.params],
        };
      },
    });
  }
  return {
    sql: `SELECT g.*, c.code AS code FROM (
      SELECT u.coupon_id AS coupon_id, SUM(u.amount) AS amount, SUM(u.orders_count) AS orders_count,
        ${COUPON_ORDER_VALUES.map((v) => `SUM(u.${v}) AS ${v}`).join(', ')}
      FROM (${u.sql}) u GROUP BY u.coupon_id${listed ? ' HAVING SUM(u.orders_count) > 0' : ''}
      ) g LEFT JOIN coupons c ON c.id = g.coupon_id`,
    params: u.params,
  };
}

/** The profit figures the list sorts by (`orderby`), null where unknown (`profitMetrics`). */
export const COUPON_PROFIT_SORTS = ['gross_profit', 'net_profit'] as const;
type ProfitSort = (typeof COUPON_PROFIT_SORTS)[number];
const isProfitSort = (orderby: string): orderby is ProfitSort =>
  (COUPON_PROFIT_SORTS as readonly string[]).includes(orderby);

/** A grouped row's profit figures (`profitMetrics`, as orders/stats gives them). */
const rowProfit = (r: Record<string, unknown>, money: (units: number) => number) =>
  profitMetrics(
    {
      net: Number(r.net_total ?? 0),
      items: Number(r.num_items_sold ?? 0),
      cost: Number(r.cost_of_goods ?? 0),
      costedItems: Number(r.costed_items ?? 0),
      costedNet: Number(r.costed_net ?? 0),
      fees: Number(r.payment_fees ?? 0),
    },
    money,
  );

/** The SQL of a profit sort over a grouped row `s`: as `rowProfit` computes it, in units. */
function profitSortSql(orderby: ProfitSort): string {
  const unknown = '(s.num_items_sold <> 0 AND s.costed_items = 0)';
  const value =
    orderby === 'gross_profit'
      ? 's.net_total - s.cost_of_goods'
      : 's.net_total - s.cost_of_goods - s.payment_fees';
  return `CASE WHEN ${unknown} THEN NULL ELSE ${value} END`;
}

/** GET /reports/coupons. */
export async function couponsList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<CouponsListRow>> {
  const asked = p.filters.couponIncludes;
  const byProfit = isProfitSort(p.orderby) ? p.orderby : undefined;
  let result: ListResult<Record<string, unknown>>;
  if (asked.length) {
    const { sql: inner, params } = couponsSource(ctx, p, false);
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
    // An unknown profit sorts below every figure, as SQL sorts its NULL (`nullsLow`).
    const money = (units: number) => units;
    result = pageInMemory(
      rows,
      (r) =>
        p.orderby === 'code'
          ? String(r.code ?? '')
          : byProfit
            ? (rowProfit(r, money)[byProfit] ?? Number.NEGATIVE_INFINITY)
            : Number(r[p.orderby] ?? 0),
      (r) => Number(r.coupon_id),
      p,
    );
  } else {
    const source = couponsSource(ctx, p, true);
    result = byProfit
      ? await pagedQuery(
          ctx,
          `SELECT s.*, ${profitSortSql(byProfit)} AS profit_sort FROM (${source.sql}) s`,
          source.params,
          'profit_sort',
          'coupon_id',
          p,
          { nullable: true },
        )
      : await pagedQuery(ctx, source.sql, source.params, p.orderby, 'coupon_id', p);
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
    rows: result.rows.map((r): CouponsListRow => {
      const id = Number(r.coupon_id);
      return {
        coupon_id: id,
        amount: ctx.money(Number(r.amount)),
        orders_count: Number(r.orders_count),
        net_revenue: ctx.money(Number(r.net_total ?? 0)),
        ...rowProfit(r, ctx.money),
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
