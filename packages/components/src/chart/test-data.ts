import type { ChartDataRow } from './types';

/** Builds daily rows from a start date for tests and stories (local dates, no time zone). */
export function makeDailyRows(
  start: Date,
  days: number,
  series: Record<string, { label: string; value: (index: number) => number }>,
): ChartDataRow[] {
  const pad = (value: number) => String(value).padStart(2, '0');
  const rows: ChartDataRow[] = [];
  for (let index = 0; index < days; index++) {
    const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + index);
    const row: ChartDataRow = {
      date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T00:00:00`,
    };
    for (const [key, spec] of Object.entries(series)) {
      row[key] = { value: spec.value(index), label: spec.label };
    }
    rows.push(row);
  }
  return rows;
}
