import { line } from 'd3-shape';
import type { ChartDataRow } from '../types';
import { getValue } from './point';
import { type XScale, xCenter, type YScale } from './scales';

/** The SVG path of one series as a line through every date's band centre. */
export function getLinePath(
  data: readonly ChartDataRow[],
  key: string,
  xScale: XScale,
  yScale: YScale,
): string {
  const half = xScale.bandwidth() / 2;
  const path = line<ChartDataRow>()
    .x((_row, index) => (xScale(index) ?? 0) + half)
    .y((row) => yScale(getValue(row, key)));
  return path(data as ChartDataRow[]) ?? '';
}

/**
 * The SVG path of one series' bars: one closed rectangle per date, placed in the series' slot
 * inside the date's band and growing from the zero line. One path per series keeps the DOM
 * small for long series.
 */
export function getBarPath(
  data: readonly ChartDataRow[],
  key: string,
  xScale: XScale,
  yScale: YScale,
  slotOffset: number,
  slotWidth: number,
): string {
  const zero = yScale(0);
  const parts: string[] = [];
  data.forEach((row, index) => {
    const y = yScale(getValue(row, key));
    const height = Math.abs(zero - y);
    if (height === 0 || slotWidth <= 0) return;
    const x = (xScale(index) ?? 0) + slotOffset;
    parts.push(
      `M${round(x)},${round(Math.min(y, zero))}h${round(slotWidth)}v${round(height)}h${round(-slotWidth)}Z`,
    );
  });
  return parts.join('');
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The centre x of a date, re-exported for components that place dots and tooltips. */
export { xCenter };
