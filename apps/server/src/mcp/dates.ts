/**
 * The date ranges of the MCP tools, worked out exactly as the dashboard works them out: the
 * presets, the comparison ranges and the allowed intervals of `packages/date`, on the store's
 * clock (time zone, week start) and with the store's default range.
 */
import {
  appendTimestamp,
  type Compare,
  getAllowedIntervalsForQuery,
  getCurrentDates,
  getDateParamsFromQuery,
  getIntervalForQuery,
  type Interval,
  isCompare,
  type Period,
  periods,
  presetValues,
  setStoreTimezone,
  setWeekStartsOn,
} from '@storelens/date';

/** The store clock the dates are worked out on (the dashboard's boot settings). */
export interface StoreClock {
  timezone: string;
  startOfWeek: number;
  /** `woocommerce_default_date_range`, e.g. `period=month&compare=previous_year`. */
  defaultDateRange: string;
}

/** Every period a tool accepts (the date picker's presets), `custom` last. */
export const PERIODS = presetValues.map((p) => p.value) as [Period, ...Period[]];
/** Every comparison a tool accepts: the dashboard's two, or none. */
export const COMPARES = [...periods.map((p) => p.value), 'none'] as unknown as [
  Compare | 'none',
  ...(Compare | 'none')[],
];

/** The date arguments of a tool. */
export interface DateArgs {
  period?: Period | undefined;
  after?: string | undefined;
  before?: string | undefined;
  compare?: Compare | 'none' | undefined;
  interval?: Interval | undefined;
}

/** One resolved range: how the dashboard names it, and the REST `after`/`before`. */
export interface Range {
  /** The preset (`last_month`) or comparison (`previous_period`) it comes from. */
  kind: string;
  label: string;
  /** Readable days, e.g. "Dec 1 - 31, 2023". */
  range: string;
  after: string;
  before: string;
}

/** The ranges of a request, the interval, and the query the dashboard URL carries. */
export interface ResolvedDates {
  primary: Range;
  secondary: Range | null;
  interval: Interval;
  allowedIntervals: Interval[];
  /** `period`, `compare`, `after`/`before` (custom), `interval`: the dashboard's parameters. */
  dashboardQuery: Record<string, string>;
}

/** A refused argument: its name and why (the shape of a REST 400's `data.params`). */
export class ArgumentError extends Error {
  constructor(
    readonly params: Record<string, string>,
    message = Object.values(params).join(' '),
  ) {
    super(message);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Sets the shared store clock of `packages/date` (read synchronously right after). */
function useClock(clock: StoreClock): void {
  setStoreTimezone(clock.timezone);
  setWeekStartsOn(clock.startOfWeek);
}

/**
 * Resolves the date arguments: the period (the store's default range when none is given; a
 * bare `after`/`before` pair means `custom`), the comparison (the default range's when not
 * given; `none` for no comparison) and the interval (the dashboard's choice when not given; one
 * the dashboard does not allow for the range is refused, naming `interval`).
 */
export function resolveDates(args: DateArgs, clock: StoreClock): ResolvedDates {
  const params: Record<string, string> = {};
  const period = args.period ?? (args.after || args.before ? 'custom' : undefined);
  if (period === 'custom') {
    for (const name of ['after', 'before'] as const) {
      const value = args[name];
      if (value === undefined)
        params[name] = `${name} is required with period custom (a day, YYYY-MM-DD).`;
      else if (!isDay(value)) params[name] = `${name} must be a calendar day written YYYY-MM-DD.`;
    }
    if (!params.after && !params.before && args.after! > args.before!)
      params.after = 'after must be the same day as before or earlier.';
  } else {
    for (const name of ['after', 'before'] as const)
      if (args[name] !== undefined)
        params[name] = `${name} is read only with period custom; leave it out for ${period}.`;
  }
  if (Object.keys(params).length) throw new ArgumentError(params);

  useClock(clock);
  const defaults = getDateParamsFromQuery({}, clock.defaultDateRange);
  const compare = args.compare ?? defaults.compare;
  const query: Record<string, string> = {
    period: period ?? defaults.period,
    compare: isCompare(compare) ? compare : defaults.compare,
    ...(period === 'custom' ? { after: args.after!, before: args.before! } : {}),
  };
  if (!period && defaults.period === 'custom' && defaults.after && defaults.before) {
    query.after = defaults.after.format('YYYY-MM-DD');
    query.before = defaults.before.format('YYYY-MM-DD');
  }
  const allowedIntervals = getAllowedIntervalsForQuery(query, clock.defaultDateRange);
  if (args.interval && !allowedIntervals.includes(args.interval))
    throw new ArgumentError({
      interval: `interval ${args.interval} is not offered for this range; choose one of ${allowedIntervals.join(', ')}.`,
    });
  const interval = getIntervalForQuery(
    { ...query, interval: args.interval },
    clock.defaultDateRange,
  );
  const { primary, secondary } = getCurrentDates(query, clock.defaultDateRange);
  const range = (kind: string, r: typeof primary): Range => ({
    kind,
    label: r.label,
    range: r.range,
    after: appendTimestamp(r.after, 'start'),
    before: appendTimestamp(r.before, 'end'),
  });
  return {
    primary: range(query.period!, primary),
    secondary: compare === 'none' ? null : range(query.compare!, secondary),
    interval,
    allowedIntervals,
    dashboardQuery: { ...query, interval },
  };
}

/** The ranges a preset gives today, for `list_reports` (labels and days, no interval). */
export function presetRanges(clock: StoreClock): Range[] {
  useClock(clock);
  return PERIODS.filter((p) => p !== 'custom').map((period) => {
    const { primary } = getCurrentDates({ period, compare: 'previous_period' });
    return {
      kind: period,
      label: primary.label,
      range: primary.range,
      after: appendTimestamp(primary.after, 'start'),
      before: appendTimestamp(primary.before, 'end'),
    };
  });
}
