import type { ChartDataRow } from '@storelens/components';

/** The stats interval fields the chart and table read. */
export interface IntervalLike {
  interval: string;
  date_start: string;
  subtotals: Record<string, unknown>;
}

/**
 * Time-comparison rows: the i-th primary interval beside the i-th secondary one. The row is
 * dated by the primary interval; the secondary value keeps its own date as `labelDate`.
 */
export function timeComparisonRows(
  primary: readonly IntervalLike[],
  secondary: readonly IntervalLike[],
  metric: string,
  labels: { primary: string; secondary: string },
): ChartDataRow[] {
  return primary.map((p, i) => {
    const s = secondary[i];
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
        value: Number(s.subtotals[metric] ?? 0),
        label: labels.secondary,
        labelDate: s.date_start,
      };
    }
    return row;
  });
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
