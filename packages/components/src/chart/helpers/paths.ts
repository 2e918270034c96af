import { line } from 'd3-shape';
import { decimateIndexes } from './decimate';
import type { XScale, YScale } from './scales';

/**
 * The SVG path of one series as a line through every date's band centre. Long series are
 * decimated per pixel column (see decimateIndexes), which draws the same picture.
 */
export function getLinePath(values: Float64Array, xScale: XScale, yScale: YScale): string {
  const count = values.length;
  const half = xScale.bandwidth / 2;
  const xAt = (index: number) => xScale.start(index) + half;
  const ys = values.map((value) => yScale(value));
  const yAt = (index: number) => ys[index] ?? 0;
  const plotWidth = xScale.step * count;
  const indexes =
    count > 2 * plotWidth
      ? decimateIndexes(count, xAt, yAt)
      : Array.from({ length: count }, (_value, index) => index);
  const path = line<number>()
    .x((index) => xAt(index))
    .y((index) => yAt(index))
    .digits(2);
  return path(indexes) ?? '';
}

/**
 * The SVG path of one series' bars: one closed rectangle per date, placed in the series' slot
 * inside the date's band and growing from the zero line. One path per series keeps the DOM
 * small; bars thinner than a pixel are merged per pixel column, keeping the column's extremes.
 */
export function getBarPath(
  values: Float64Array,
  xScale: XScale,
  yScale: YScale,
  slotOffset: number,
  slotWidth: number,
): string {
  const zero = yScale(0);
  const parts: string[] = [];
  const merge = slotWidth < 1;
  const width = merge ? 1 : slotWidth;
  let column = Number.NaN;
  let top = zero;
  let bottom = zero;
  const push = (x: number) => {
    if (bottom - top > 0)
      parts.push(
        `M${round(x)},${round(top)}h${round(width)}v${round(bottom - top)}h${round(-width)}Z`,
      );
  };
  values.forEach((value, index) => {
    const y = yScale(value);
    const x = xScale.start(index) + slotOffset;
    if (merge) {
      const current = Math.floor(x);
      if (current !== column) {
        if (!Number.isNaN(column)) push(column);
        column = current;
        top = zero;
        bottom = zero;
      }
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      return;
    }
    top = Math.min(y, zero);
    bottom = Math.max(y, zero);
    push(x);
  });
  if (merge && !Number.isNaN(column)) push(column);
  return parts.join('');
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
