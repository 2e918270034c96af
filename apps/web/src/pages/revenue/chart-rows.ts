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
