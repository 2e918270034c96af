import type { ChartDataRow, ChartMode } from '../types';
import { getPoint, getValue } from './point';

/** A series found in the data: its key, label and total. */
export interface SeriesKey {
  /** The key used in the data rows. */
  key: string;
  /** The label from the first row that names it, else the key. */
  label: string;
  /** The sum of its values over all rows. */
  total: number;
}

/**
 * Lists the series in the data, in first-seen order. Item-comparison orders them by total,
 * largest first, and drops series whose total is 0 unless their key is in `selectedIds`.
 */
export function getSeriesKeys(
  data: readonly ChartDataRow[],
  mode: ChartMode,
  selectedIds: readonly (string | number)[] = [],
): SeriesKey[] {
  const byKey = new Map<string, SeriesKey>();
  for (const row of data) {
    for (const key in row) {
      if (key === 'date') continue;
      const point = getPoint(row, key);
      if (!point) continue;
      let entry = byKey.get(key);
      if (!entry) {
        entry = { key, label: point.label ?? key, total: 0 };
        byKey.set(key, entry);
      } else if (entry.label === key && point.label) {
        entry.label = point.label;
      }
      entry.total += getValue(row, key);
    }
  }
  const keys = [...byKey.values()];
  if (mode === 'time-comparison') return keys;
  const selected = new Set(selectedIds.map(String));
  return keys
    .filter((entry) => entry.total !== 0 || selected.has(entry.key))
    .sort((a, b) => b.total - a.total);
}

/** A signature of the SET of keys: equal for the same keys in any order. */
export function keySetSignature(keys: readonly { key: string }[]): string {
  return JSON.stringify(keys.map((entry) => entry.key).sort());
}
