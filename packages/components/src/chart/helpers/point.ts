import type { ChartDataRow, ChartPoint } from '../types';

/** Reads one series' point from a row, or undefined when the row lacks it. */
export function getPoint(row: ChartDataRow, key: string): ChartPoint | undefined {
  const entry = row[key];
  return typeof entry === 'object' && entry !== null ? entry : undefined;
}

/** Reads one series' value from a row; a missing or non-finite value counts as 0. */
export function getValue(row: ChartDataRow, key: string): number {
  const value = getPoint(row, key)?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
