/*
 * Month-rollup sources of the list reports (products, variations, categories, coupons, taxes),
 * leaderboards and performance indicators. A list range splits (`monthPlan`, analytics/plan.ts)
 * into whole local months, read from the *_month tables, whole local days at the edges, read
 * from the *_day tables (where a source has one), and the rest (partial days), read from the
 * lookup rows with the same per-row SQL as before. The sources go into ONE statement (UNION ALL, then GROUP BY record),
 * so sorting and paging stay in SQL.
 *
 * Exactness: an order (or refund) has one date per kind, so its rows are either in a whole
 * month, a whole edge day or a partial edge, never two; summing their rows is exact, and so is
 * adding month and day `orders_count` (each order once per record and period) to the distinct
 * order count of the edge rows.
 */
import { DATE_KIND, type ReportContext } from './context';
import type { FilterColumns, SqlCondition } from './filters';
import { rangeCondition } from './paging';
import { type ListRange, type MonthPlan, monthPlan } from './plan';

/** `date_kind = ? AND <months>` on a month table (alias given), or undefined for no months. */
export function monthCondition(
  ctx: ReportContext,
  plan: MonthPlan,
  alias: string,
): SqlCondition | undefined {
  if (!plan.months.length) return undefined;
  const params: unknown[] = [DATE_KIND[ctx.dateColumn]];
  const pieces = plan.months.map((m) => {
    const parts: string[] = [];
    if (m.first) {
      parts.push(`${alias}.month >= ?`);
      params.push(m.first);
    }
    if (m.last) {
      parts.push(`${alias}.month <= ?`);
      params.push(m.last);
    }
    return parts.length ? parts.join(' AND ') : '1=1';
  });
  return { sql: `${alias}.date_kind = ? AND ${anyOf(pieces)}`, params };
}

/**
 * `date_kind = ? AND day IN (…)` on a day rollup (alias given), or undefined for no whole
 * days. The days are listed one by one (a plan's edges are under two months of days): both
 * engines seek each in the primary key, where an OR of the two edges' ranges read every day
 * of the date kind on SQLite.
 */
export function dayCondition(
  ctx: ReportContext,
  plan: MonthPlan,
  alias: string,
): SqlCondition | undefined {
  const days = plan.days.flatMap((d) => daysOf(d.from, d.to));
  if (!days.length) return undefined;
  return {
    sql: `${alias}.date_kind = ? AND ${alias}.day IN (${days.map(() => '?').join(',')})`,
    params: [DATE_KIND[ctx.dateColumn], ...days],
  };
}

/** The local days ('YYYY-MM-DD') of [from, to). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms < end; ms += 86_400_000)
    out.push(new Date(ms).toISOString().slice(0, 10));
  return out;
}

/**
 * The lookup rows of the plan's edges on `column`, or undefined for none: the whole days a day
 * rollup answers (`days`), or what it leaves to the lookup (`partial`, with the rows without a
 * date when the plan has them).
 */
export function edgeCondition(
  plan: MonthPlan,
  column: string,
  which: 'days' | 'partial',
): SqlCondition | undefined {
  const params: unknown[] = [];
  const ranges = which === 'days' ? plan.days : plan.partial;
  const pieces = ranges.map((r) => {
    const parts: string[] = [];
    if (r.from) {
      parts.push(`${column} >= ?`);
      params.push(r.from);
    }
    if (r.to) {
      parts.push(`${column} < ?`);
      params.push(r.to);
    }
    return parts.join(' AND ');
  });
  if (plan.nullDates && which === 'partial') pieces.push(`${column} IS NULL`);
  if (!pieces.length) return undefined;
  return { sql: anyOf(pieces), params };
}

/** The OR of conditions (at least one), each parenthesised when there are several. */
const anyOf = (pieces: readonly string[]) =>
  pieces.length === 1 ? pieces[0]! : `(${pieces.map((p) => `(${p})`).join(' OR ')})`;

/** Filter columns of a product-keyed month table (alias `a`), for the filters `rollupsAnswer('product' or 'variation', …)` passes (analytics/plan.ts). */
export const monthColumns = (a: string, variation: boolean): FilterColumns => ({
  orderId: 'NULL',
  status: `${a}.status`,
  product: `${a}.product_id`,
  ...(variation ? { variation: `${a}.variation_id` } : {}),
});

/** UNION ALL of the parts that exist (at least one must). */
export function unionAll(parts: readonly (SqlCondition | undefined)[]): SqlCondition {
  const present = parts.filter((p): p is SqlCondition => p !== undefined);
  return {
    sql: present.map((p) => p.sql).join('\nUNION ALL\n'),
    params: present.flatMap((p) => p.params),
  };
}

/** The pieces of a source that `planUnion` puts together. */
export interface PlanParts {
  /** Rows of a rollup table (month or day; `alias` its alias) for a period condition. */
  rollup: (table: 'month' | 'day', alias: string, periods: SqlCondition) => SqlCondition;
  /** Lookup rows of a date condition, grouped as the rollup rows are. */
  lookup: (dates: SqlCondition) => SqlCondition;
  /** The lookup's date column. */
  column: string;
}

/**
 * The UNION ALL of a plan's parts (lists and indicator sums): month rows for the whole months,
 * day rows for the whole days at the edges, lookup rows for the partial days (and the rows
 * without a date).
 */
export function planUnion(ctx: ReportContext, plan: MonthPlan, parts: PlanParts): SqlCondition {
  const months = monthCondition(ctx, plan, 'm');
  const days = dayCondition(ctx, plan, 'd');
  const edges = edgeCondition(plan, parts.column, 'partial');
  return unionAll([
    months && parts.rollup('month', 'm', months),
    days && parts.rollup('day', 'd', days),
    edges && parts.lookup(edges),
  ]);
}

/** What `rangeSums` adds up: a month table, its day table, its lookup table and the summed columns. */
export interface RangeSumSpec {
  month: string;
  /** The day rollup of the month table (the same columns per day). */
  day: string;
  lookup: string;
  /** Output name → [month and day column, lookup column]. */
  sums: Record<string, [string, string]>;
  /** The row filter on a table alias: `l` the lookup rows, another the month or day rows. */
  filter: (alias: string) => SqlCondition;
}

/**
 * Whole-range sums (indicator totals) from the same pieces as the lists: month rows for whole
 * months, day rows for the whole days at the edges, lookup rows for the partial days; the
 * lookup rows alone when the range cannot be planned.
 */
export async function rangeSums(
  ctx: ReportContext,
  range: ListRange,
  spec: RangeSumSpec,
): Promise<Record<string, number>> {
  const names = Object.keys(spec.sums);
  const plan = monthPlan(range);
  const column = `l.${ctx.dateColumn}`;
  const lookupPart = (where: SqlCondition): SqlCondition => {
    const f = spec.filter('l');
    return {
      sql: `SELECT ${names.map((n) => `SUM(l.${spec.sums[n]![1]}) AS ${n}`).join(', ')}
        FROM ${spec.lookup} l WHERE ${where.sql} AND ${f.sql}`,
      params: [...where.params, ...f.params],
    };
  };
  const rollupPart = (period: 'month' | 'day', a: string, where: SqlCondition): SqlCondition => {
    const f = spec.filter(a);
    return {
      sql: `SELECT ${names.map((n) => `SUM(${a}.${spec.sums[n]![0]}) AS ${n}`).join(', ')}
          FROM ${spec[period]} ${a} WHERE ${where.sql} AND ${f.sql}`,
      params: [...where.params, ...f.params],
    };
  };
  let parts: SqlCondition;
  if (!plan) {
    const where = rangeCondition(column, range);
    parts = lookupPart({ sql: `1=1${where.sql}`, params: where.params });
  } else {
    parts = planUnion(ctx, plan, { column, rollup: rollupPart, lookup: lookupPart });
  }
  const [row] = await ctx.sql.query<Record<string, number | string | null>>(
    `SELECT ${names.map((n) => `SUM(u.${n}) AS ${n}`).join(', ')} FROM (${parts.sql}) u`,
    parts.params,
  );
  return Object.fromEntries(names.map((n) => [n, Number(row?.[n] ?? 0)]));
}
