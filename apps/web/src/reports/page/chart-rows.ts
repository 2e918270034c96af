import type { ChartDataRow } from '@storelens/components';

/** The stats interval fields the chart and table read. */
export interface IntervalLike {
  interval: string;
  date_start: string;
  subtotals: Record<string, unknown>;
}

/**
 * How the two ranges of a time comparison line up, for day intervals: the first day of each
 * range (YYYY-MM-DD, store time), and whether the metric adds up across days (sums do;
 * averages such as `avg_order_value` do not).
 */
export interface ComparisonAlignment {
  interval: string;
  primaryStart: string;
  secondaryStart: string;
  additive: boolean;
}

/** True for a metric whose day values add up to the period's total (not an average or a share). */
export function isAdditiveMetric(key: string, type: string): boolean {
  return type !== 'average' && type !== 'percent' && !key.startsWith('avg_');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  const at = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
}

/** The same month and day a year earlier, or null for a 29 February (it has none). */
function yearEarlier(day: string): string | null {
  const year = Number(day.slice(0, 4)) - 1;
  if (day.slice(5) === '02-29' && !isLeapYear(year)) return null;
  return `${String(year).padStart(4, '0')}${day.slice(4)}`;
}

/**
 * Pairs each primary interval with the secondary interval it is compared with, as WooCommerce
 * Admin's report chart does (`buildChartData`): day intervals by date, so a range a leap day
 * longer or shorter than the other cannot push every later day out of line; other intervals
 * by position. When the secondary range is the primary one a year earlier, a primary
 * 29 February has no counterpart, and a secondary 29 February is added to the 28th (for a
 * metric that adds up), so no day of the comparison year drops out of the line. Otherwise the
 * secondary day is the primary day moved back by the days between the two starts.
 */
function pairIntervals(
  primary: readonly IntervalLike[],
  secondary: readonly IntervalLike[],
  alignment: ComparisonAlignment | undefined,
): { interval?: IntervalLike; leapDay?: IntervalLike }[] {
  if (alignment?.interval !== 'day') {
    return primary.map((_, i) => ({ interval: secondary[i] }));
  }
  const byDay = new Map(secondary.map((s) => [s.date_start.slice(0, 10), s]));
  const yearShifted = yearEarlier(alignment.primaryStart) === alignment.secondaryStart;
  const offset = daysBetween(alignment.secondaryStart, alignment.primaryStart);
  return primary.map((p) => {
    const day = p.date_start.slice(0, 10);
    if (!yearShifted) return { interval: byDay.get(addDays(day, -offset)) };
    const previous = yearEarlier(day);
    if (previous === null) return {};
    const interval = byDay.get(previous);
    const next = addDays(previous, 1);
    const leapDay =
      alignment.additive && interval && next.slice(5) === '02-29' ? byDay.get(next) : undefined;
    return leapDay ? { interval, leapDay } : { interval };
  });
}

/**
 * Time-comparison rows: each primary interval beside the secondary interval it is compared
 * with (see pairIntervals; by position without an alignment). The row is dated by the primary
 * interval; the secondary value keeps its own date as `labelDate` (and `labelDateEnd` when a
 * 29 February is folded into it).
 */
export function timeComparisonRows(
  primary: readonly IntervalLike[],
  secondary: readonly IntervalLike[],
  metric: string,
  labels: { primary: string; secondary: string },
  alignment?: ComparisonAlignment,
): ChartDataRow[] {
  const pairs = pairIntervals(primary, secondary, alignment);
  return primary.map((p, i) => {
    const { interval: s, leapDay } = pairs[i] ?? {};
    const row: ChartDataRow = {
      date: p.date_start.replace(' ', 'T'),
      primary: {
        value: Number(p.subtotals[metric] ?? 0),
        label: labels.primary,
        labelDate: p.date_start,
      },
    };
    if (s) {
      row.secondary = {
        value:
          Number(s.subtotals[metric] ?? 0) + (leapDay ? Number(leapDay.subtotals[metric] ?? 0) : 0),
        label: labels.secondary,
        labelDate: s.date_start,
        ...(leapDay ? { labelDateEnd: leapDay.date_start } : {}),
      };
    }
    return row;
  });
}

/**
 * The legend totals of a time comparison: each range's total of the metric as the stats
 * answer gives it (the figure its summary tile shows), so the legend never sums plotted
 * days, which leave out a comparison day without a counterpart and cannot sum an average.
 */
export function legendTotals(
  primaryTotals: Record<string, unknown> | undefined,
  secondaryTotals: Record<string, unknown> | undefined,
  metric: string,
): { primary?: number; secondary?: number } {
  const read = (totals: Record<string, unknown> | undefined) => {
    const value = totals?.[metric];
    return value === undefined || value === null ? undefined : Number(value);
  };
  return { primary: read(primaryTotals), secondary: read(secondaryTotals) };
}

/** A stats segment: one compared item's subtotals. */
interface SegmentLike {
  segment_id: number | string;
  segment_label: string;
  subtotals: Record<string, unknown>;
}

function segmentsOf(interval: IntervalLike): readonly SegmentLike[] {
  const segments = interval.subtotals.segments;
  return Array.isArray(segments) ? (segments as SegmentLike[]) : [];
}

/**
 * Item-comparison rows: one series per segment (compared product, variation, category…),
 * keyed by the segment id so two items of the same name stay apart, labelled by its name.
 */
export function itemComparisonRows(
  intervals: readonly IntervalLike[],
  metric: string,
): ChartDataRow[] {
  return intervals.map((interval) => {
    const row: ChartDataRow = { date: interval.date_start.replace(' ', 'T') };
    for (const segment of segmentsOf(interval)) {
      row[String(segment.segment_id)] = {
        value: Number(segment.subtotals[metric] ?? 0),
        label: segment.segment_label,
      };
    }
    return row;
  });
}
