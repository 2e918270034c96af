/* GET /reports/taxes: tax amounts and orders per tax rate. */
import type { TaxesListRow } from '@storelens/api';
import type { ReportContext } from './context';
import { andSegment, type SqlCondition, statusDefault } from './filters';
import { andIdIn, type ProductListParams } from './list-parts';
import { planUnion } from './month-source';
import { type ListResult, link, pagedQuery, rangeCondition } from './paging';
import { listPlan, onlyClauses, rollupsAnswer } from './plan';
import { TAX_COLUMNS } from './report-stats';
import { taxCode } from './segments';

/**
 * The grouped rows of the taxes list (default status exclusion and rate ids only, which the
 * tax rollups have; a saved segment reads the lookup rows for the whole range).
 */
function taxesSource(ctx: ReportContext, p: ProductListParams): SqlCondition {
  const col = `otl.${ctx.dateColumn}`;
  const excluded = ctx.settings.excludedStatuses;
  const status = statusDefault(p.filters, excluded, 'otl.status');
  const asked = p.filters.taxRateIncludes;
  const only = (column: string) => andIdIn(column, asked);
  const sums = (a: string) =>
    `SUM(${a}.total_tax) AS total_tax, SUM(${a}.order_tax) AS order_tax,
      SUM(${a}.shipping_tax) AS shipping_tax`;
  const plan = listPlan(
    p,
    rollupsAnswer('tax', onlyClauses(p.filters, ['status', 'taxRate', 'segment'])),
  );
  if (!plan) {
    const range = rangeCondition(col, p.range);
    const segment = andSegment(p.filters, TAX_COLUMNS);
    return {
      sql: `SELECT otl.tax_rate_id AS tax_rate_id, ${sums('otl')},
      COUNT(DISTINCT CASE WHEN otl.parent_id = 0 THEN otl.order_id END) AS orders_count,
      MAX(r.name) AS name, MAX(r.rate) AS rate, MAX(r.country) AS country, MAX(r.state) AS state,
      MAX(r.priority) AS priority,
      MAX(r.country) || '-' || MAX(r.state) || '-' || MAX(r.name) AS tax_code
    FROM order_tax_lookup otl LEFT JOIN tax_rates r ON r.id = otl.tax_rate_id
    WHERE ${status.sql}${range.sql}${only('otl.tax_rate_id')}${segment.sql} GROUP BY otl.tax_rate_id`,
      params: [...status.params, ...range.params, ...segment.params],
    };
  }
  const u = planUnion(ctx, plan, {
    column: col,
    rollup: (period, a, periods) => {
      const s = statusDefault(p.filters, excluded, `${a}.status`);
      return {
        sql: `SELECT ${a}.tax_rate_id AS tax_rate_id, ${sums(a)}, SUM(${a}.orders_count) AS orders_count
        FROM tax_${period} ${a} WHERE ${periods.sql} AND ${s.sql}${only(`${a}.tax_rate_id`)}
        GROUP BY ${a}.tax_rate_id`,
        params: [...periods.params, ...s.params],
      };
    },
    lookup: (dates) => ({
      sql: `SELECT otl.tax_rate_id AS tax_rate_id, ${sums('otl')},
        COUNT(DISTINCT CASE WHEN otl.parent_id = 0 THEN otl.order_id END) AS orders_count
      FROM order_tax_lookup otl WHERE ${dates.sql} AND ${status.sql}${only('otl.tax_rate_id')}
      GROUP BY otl.tax_rate_id`,
      params: [...dates.params, ...status.params],
    }),
  });
  return {
    sql: `SELECT g.*, r.name AS name, r.rate AS rate, r.country AS country, r.state AS state,
      r.priority AS priority, r.country || '-' || r.state || '-' || r.name AS tax_code
    FROM (
      SELECT u.tax_rate_id AS tax_rate_id, ${sums('u')}, SUM(u.orders_count) AS orders_count
      FROM (${u.sql}) u GROUP BY u.tax_rate_id) g LEFT JOIN tax_rates r ON r.id = g.tax_rate_id`,
    params: u.params,
  };
}

/** GET /reports/taxes. */
export async function taxesList(
  ctx: ReportContext,
  p: ProductListParams,
): Promise<ListResult<TaxesListRow>> {
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
    rows: result.rows.map((r): TaxesListRow => {
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
