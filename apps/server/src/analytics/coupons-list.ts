/* GET /reports/coupons: discounts and orders per coupon. */
import type { CouponsListRow } from '@storelens/api';
import type { ReportContext } from './context';
import { andSegment, idsSql, type SqlCondition, statusDefault } from './filters';
import { andIdIn, listPlan, type ProductListParams } from './list-parts';
import { planUnion } from './month-source';
import { type ListResult, link, pagedQuery, pageInMemory, rangeCondition } from './paging';
import { COUPON_COLUMNS } from './report-stats';

/**
 * The grouped rows of the coupons list. The list reads only the default status exclusion and
 * its coupon ids, both of which the coupon rollup has; a saved segment (`segment=`) needs the
 * lookup rows, for the whole range.
 */
function couponsSource(ctx: ReportContext, p: ProductListParams): SqlCondition {
  const col = `ocl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  const status = statusDefault(p.filters, excluded, 'ocl.status');
  const asked = p.filters.couponIncludes;
  const only = (column: string) => andIdIn(column, asked);
  const plan = listPlan(p, p.filters.segment === undefined);
  if (!plan) {
    const range = rangeCondition(col, p.range);
    const segment = andSegment(p.filters, COUPON_COLUMNS);
    return {
      sql: `SELECT ocl.coupon_id AS coupon_id, SUM(ocl.discount_amount) AS amount,
      COUNT(DISTINCT ocl.order_id) AS orders_count, MAX(c.code) AS code
    FROM order_coupon_lookup ocl LEFT JOIN coupons c ON c.id = ocl.coupon_id
    WHERE ${status.sql}${range.sql}${only('ocl.coupon_id')}${segment.sql} GROUP BY ocl.coupon_id`,
      params: [...status.params, ...range.params, ...segment.params],
    };
  }
  const u = planUnion(ctx, plan, {
    column: col,
    rollup: (period, a, periods) => {
      const s = statusDefault(p.filters, excluded, `${a}.status`);
      return {
        sql: `SELECT ${a}.coupon_id AS coupon_id, SUM(${a}.amount) AS amount,
          SUM(${a}.orders_count) AS orders_count
        FROM coupon_${period} ${a} WHERE ${periods.sql} AND ${s.sql}${only(`${a}.coupon_id`)}
        GROUP BY ${a}.coupon_id`,
        params: [...periods.params, ...s.params],
      };
    },
    lookup: (dates) => ({
      sql: `SELECT ocl.coupon_id AS coupon_id, SUM(ocl.discount_amount) AS amount,
        COUNT(DISTINCT ocl.order_id) AS orders_count
      FROM order_coupon_lookup ocl WHERE ${dates.sql} AND ${status.sql}${only('ocl.coupon_id')}
      GROUP BY ocl.coupon_id`,
      params: [...dates.params, ...status.params],
    }),
  });
  return {
    sql: `SELECT g.*, c.code AS code FROM (
      SELECT u.coupon_id AS coupon_id, SUM(u.amount) AS amount, SUM(u.orders_count) AS orders_count
      FROM (${u.sql}) u GROUP BY u.coupon_id) g LEFT JOIN coupons c ON c.id = g.coupon_id`,
    params: u.params,
  };
}

/** GET /reports/coupons. */
export async function couponsList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<CouponsListRow>> {
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
    rows: result.rows.map((r): CouponsListRow => {
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
