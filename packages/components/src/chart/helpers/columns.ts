import type { ChartDataRow } from '../types';

/** Each series' values as a typed array aligned with the rows; a missing value is 0. */
export type SeriesColumns = ReadonlyMap<string, Float64Array>;

/**
 * Reads the rows once into one Float64Array per series, so scales, extents and paths loop
 * over plain numbers instead of row objects (8,760 hours × series adds up).
 */
export function getSeriesColumns(data: readonly ChartDataRow[]): SeriesColumns {
  const columns = new Map<string, Float64Array>();
  data.forEach((row, index) => {
    for (const key in row) {
      if (key === 'date') continue;
      const entry = row[key];
      if (typeof entry !== 'object' || entry === null) continue;
      let column = columns.get(key);
      if (!column) {
        column = new Float64Array(data.length);
        columns.set(key, column);
      }
      const value = entry.value;
      column[index] = typeof value === 'number' && Number.isFinite(value) ? value : 0;
    }
  });
  return columns;
}
