/*
 * Which tables answer a report request: the one place that decides (docs/architecture.md,
 * "Which rows answer a report"). Two questions, each answered here and nowhere else:
 * - which filter clauses each family of rollup tables can apply (`ROLLUP_CLAUSES`,
 *   `rollupsAnswer`): a request whose filters a family cannot apply reads the order or lookup
 *   rows for its whole range;
 * - how a range splits into the pieces each table answers exactly: whole local months (month
 *   rollups), whole days (day rollups), whole hours (the hour rollup) and the partial rest (the
 *   rows), by `planRange`, `splitMonths` and `monthPlan`.
 * The report modules render a plan into SQL; they do not decide.
 */
import type { ReportFilters } from './filters';
import { wallMs, wallText } from './intervals';

/* Filter clauses and the rollups that apply them ------------------------------------------ */

/** A kind of filter clause a request can carry. */
export type FilterClause =
  | 'status'
  | 'customerType'
  | 'product'
  | 'variation'
  | 'category'
  | 'coupon'
  | 'taxRate'
  | 'attribute'
  | 'refunds'
  | 'source'
  | 'segment';

/**
 * The clause each field of ReportFilters sets (`match` only joins them). Every field is
 * listed, so a new filter field does not compile until it says which clause it is, and no
 * rollup answers it until its family lists that clause.
 */
const CLAUSE_OF_FIELD = {
  statusIs: 'status',
  statusIsNot: 'status',
  customerType: 'customerType',
  productIncludes: 'product',
  productExcludes: 'product',
  variationIncludes: 'variation',
  variationExcludes: 'variation',
  categoryIncludes: 'category',
  categoryExcludes: 'category',
  couponIncludes: 'coupon',
  couponExcludes: 'coupon',
  taxRateIncludes: 'taxRate',
  taxRateExcludes: 'taxRate',
  attributeIs: 'attribute',
  attributeIsNot: 'attribute',
  refunds: 'refunds',
  sources: 'source',
  segment: 'segment',
} as const satisfies Record<Exclude<keyof ReportFilters, 'match'>, FilterClause>;

/** The clauses a request's filters set (an empty list or an absent value sets none). */
export function clausesOf(f: ReportFilters): Set<FilterClause> {
  const out = new Set<FilterClause>();
  for (const [field, clause] of Object.entries(CLAUSE_OF_FIELD)) {
    const value: unknown = f[field as keyof typeof CLAUSE_OF_FIELD];
    if (Array.isArray(value) ? value.length > 0 : value !== undefined) out.add(clause);
  }
  return out;
}

/**
 * The families of rollup tables and the clauses each applies exactly beside its dates:
 * - `revenue`: revenue_hour, revenue_day and item_day (migrations 003, 015), keyed by status
 *   and new/returning;
 * - `product`, `variation`: product_month/_day and variation_month/_day, keyed by status and
 *   product (a category clause through the product's categories), the variation tables by
 *   variation too;
 * - `category`, `coupon`, `tax`: category, coupon and tax months and days, keyed by status
 *   beside their own record, whose ids the list narrows apart;
 * - `source`: source_day (migration 040), keyed by status and each dimension's value.
 * New/returning on the line rollups, refunds, coupon, tax rate and attribute clauses on the
 * line rollups, and segments have no key anywhere: they read the rows.
 */
export const ROLLUP_CLAUSES = {
  revenue: ['status', 'customerType'],
  product: ['status', 'product', 'category'],
  variation: ['status', 'product', 'category', 'variation'],
  category: ['status', 'category'],
  coupon: ['status', 'coupon'],
  tax: ['status', 'taxRate'],
  source: ['status', 'source'],
} as const satisfies Record<string, readonly FilterClause[]>;

/** A family of rollup tables (`ROLLUP_CLAUSES`). */
export type RollupFamily = keyof typeof ROLLUP_CLAUSES;

/** True when the family's rollups apply every clause of the filters exactly. */
export function rollupsAnswer(family: RollupFamily, f: ReportFilters): boolean {
  const kept: readonly FilterClause[] = ROLLUP_CLAUSES[family];
  for (const clause of clausesOf(f)) if (!kept.includes(clause)) return false;
  return true;
}

/**
 * The filters with only the clauses a report applies: a report whose query takes no other
 * filter (the coupons and taxes lists: their own ids and a segment, statuses only as the
 * default exclusion) ignores the rest, so they do not rule its rollups out.
 */
export function onlyClauses(f: ReportFilters, applied: readonly FilterClause[]): ReportFilters {
  const out: Record<string, unknown> = { ...f };
  for (const [field, clause] of Object.entries(CLAUSE_OF_FIELD))
    if (!applied.includes(clause)) out[field] = Array.isArray(out[field]) ? [] : undefined;
  return out as unknown as ReportFilters;
}

/* Ranges ------------------------------------------------------------------------------------ */

const HOUR = 3_600_000;
const DAY = 86_400_000;
const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step;
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * Splits [after, before] into the pieces each source answers exactly: whole local days from
 * the day rollup, whole hours from the hour rollup, and the partial hours at the edges from
 * the per-order lookup rows. Ranges are [from, to) in wall-clock ms.
 */
export function planRange(after: string, before: string) {
  const a = wallMs(after);
  const b = wallMs(before) + 1000;
  const raw: [number, number][] = [];
  const hours: [number, number][] = [];
  const days: [number, number][] = [];
  const hA = ceilTo(a, HOUR);
  const hB = floorTo(b, HOUR);
  if (hA >= hB) {
    if (a < b) raw.push([a, b]);
    return { raw, hours, days };
  }
  if (a < hA) raw.push([a, hA]);
  if (hB < b) raw.push([hB, b]);
  const dA = ceilTo(hA, DAY);
  const dB = floorTo(hB, DAY);
  if (dA >= dB) {
    hours.push([hA, hB]);
  } else {
    if (hA < dA) hours.push([hA, dA]);
    days.push([dA, dB]);
    if (dB < hB) hours.push([dB, hB]);
  }
  return { raw, hours, days };
}

/**
 * Splits whole-day pieces (wall ms, as planRange gives) into whole local months, answered by
 * the month rollups, and the leftover days at either end. Months are 'YYYY-MM' ranges
 * [first, last] inclusive.
 */
export function splitMonths(days: readonly [number, number][]): {
  months: [string, string][];
  days: [number, number][];
} {
  const months: [string, string][] = [];
  const rest: [number, number][] = [];
  for (const [from, to] of days) {
    const first = from === monthStart(from, 0) ? from : monthStart(from, 1);
    const end = monthStart(to, 0);
    if (first >= end) {
      rest.push([from, to]);
      continue;
    }
    if (from < first) rest.push([from, first]);
    months.push([wallText(first).slice(0, 7), wallText(monthStart(end, -1)).slice(0, 7)]);
    if (end < to) rest.push([end, to]);
  }
  return { months, days: rest };
}

/** Dates of a list request (both optional: no dates means no date filter). */
export interface ListRange {
  after: string | undefined;
  before: string | undefined;
}

/** Which month-rollup rows and which lookup rows answer a list range exactly. */
export interface MonthPlan {
  /** Whole local months ('YYYY-MM', inclusive; an absent bound is open) from the month tables. */
  months: { first?: string; last?: string }[];
  /**
   * The edges: local date ranges [from, to) (an absent bound is open) outside the whole
   * months, read as `days` and `partial` below.
   */
  ranges: { from?: string; to?: string }[];
  /**
   * The same edges (`ranges`) split for a day rollup: whole local days ('YYYY-MM-DD', [from,
   * to)), and the partial days left for the lookup rows. Open-ended plans leave every edge
   * partial.
   */
  days: { from: string; to: string }[];
  partial: { from?: string; to?: string }[];
  /** Lookup rows without a date of the report's kind (a request without dates has them). */
  nullDates: boolean;
}

const LOCAL_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** True when a bound is a 'YYYY-MM-DD HH:MM:SS' text that round-trips through wall ms. */
const plannable = (text: string) =>
  LOCAL_TEXT.test(text) && text >= '1000' && wallText(wallMs(text)) === text;

/** Wall ms of the first instant of the month holding `ms`, `add` months later. */
function monthStart(ms: number, add: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
}

/** Sorts [from, to) pieces and joins the ones that touch. */
function mergePieces(pieces: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of [...pieces].sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1);
    if (last && last[1] >= a) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * Splits a list range into month-rollup months and lookup ranges. Undefined for a range the
 * planner cannot represent (a bound outside years 1000–9999): such requests read lookups only.
 */
export function monthPlan(range: ListRange): MonthPlan | undefined {
  const plan = planPieces(range);
  // Bounds near year 10000 would give texts that no longer compare as dates.
  const valid =
    plan?.months.every((m) =>
      [m.first, m.last].every((t) => t === undefined || /^\d{4}-\d{2}$/.test(t)),
    ) &&
    plan.ranges.every((r) => [r.from, r.to].every((t) => t === undefined || LOCAL_TEXT.test(t)));
  return valid ? plan : undefined;
}

function planPieces(range: ListRange): MonthPlan | undefined {
  const { after, before } = range;
  if (!after && !before)
    return { months: [{}], ranges: [], days: [], partial: [], nullDates: true };
  if ((after && !plannable(after)) || (before && !plannable(before))) return undefined;
  if (after && before) {
    const plan = planRange(after, before);
    const split = splitMonths(plan.days);
    const texts = ([a, b]: [number, number]) => ({ from: wallText(a), to: wallText(b) });
    return {
      months: split.months.map(([first, last]) => ({ first, last })),
      ranges: mergePieces([...split.days, ...plan.hours, ...plan.raw]).map(texts),
      days: mergePieces(split.days)
        .map(texts)
        .map((r) => ({ from: r.from.slice(0, 10), to: r.to.slice(0, 10) })),
      partial: mergePieces([...plan.hours, ...plan.raw]).map(texts),
      nullDates: false,
    };
  }
  if (after) {
    const a = wallMs(after);
    const first = a === monthStart(a, 0) ? a : monthStart(a, 1);
    const ranges = a < first ? [{ from: after, to: wallText(first) }] : [];
    return {
      months: [{ first: wallText(first).slice(0, 7) }],
      ranges,
      days: [],
      partial: ranges,
      nullDates: false,
    };
  }
  const b = wallMs(before!) + 1000;
  const end = monthStart(b, 0);
  const ranges = end < b ? [{ from: wallText(end), to: wallText(b) }] : [];
  return {
    months: [{ last: wallText(monthStart(end, -1)).slice(0, 7) }],
    ranges,
    days: [],
    partial: ranges,
    nullDates: false,
  };
}

/**
 * The month plan of a list request, or undefined when the lookup rows must answer it: when the
 * request asks for them (`lookupOnly`), its rollups cannot apply its filters, or the range has
 * no whole day.
 */
export function listPlan(
  p: { range: ListRange; lookupOnly?: boolean },
  answerable: boolean,
): MonthPlan | undefined {
  if (p.lookupOnly || !answerable) return undefined;
  const plan = monthPlan(p.range);
  return plan && (plan.months.length > 0 || plan.days.length > 0 || plan.nullDates)
    ? plan
    : undefined;
}
