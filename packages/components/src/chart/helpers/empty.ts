import type { ChartDataRow } from '../types';
import { getPoint } from './point';

/** True when every series value in every row equals the base value (an empty chart). */
export function isChartEmpty(data: readonly ChartDataRow[], baseValue = 0): boolean {
  for (const row of data) {
    for (const key of Object.keys(row)) {
      if (key === 'date') continue;
      const point = getPoint(row, key);
      if (point && point.value !== baseValue) return false;
    }
  }
  return true;
}
