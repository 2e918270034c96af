import { range } from 'd3-array';
import { type ScaleBand, type ScaleLinear, scaleBand, scaleLinear } from 'd3-scale';
import type { ChartDataRow, ChartType } from '../types';
import { getValue } from './point';

/** The x scale: one band per date index. */
export type XScale = ScaleBand<number>;
/** The y scale: values to pixels, 0 at the bottom. */
export type YScale = ScaleLinear<number, number>;

/** One band per date across the plot width; bars get padding between dates, lines none. */
export function createXScale(count: number, innerWidth: number, type: ChartType): XScale {
  const padding = type === 'bar' ? 0.1 : 0;
  return scaleBand<number>()
    .domain(range(count))
    .range([0, Math.max(0, innerWidth)])
    .paddingInner(padding)
    .paddingOuter(padding);
}

/** The centre of a date's band. */
export function xCenter(scale: XScale, index: number): number {
  return (scale(index) ?? 0) + scale.bandwidth() / 2;
}

/** The date index under a plot x coordinate, clamped to the data. */
export function indexAtX(scale: XScale, x: number): number {
  const count = scale.domain().length;
  if (count === 0) return -1;
  const step = scale.step();
  const start = (scale(0) ?? 0) - (step - scale.bandwidth()) / 2;
  const index = Math.floor((x - start) / step);
  return Math.min(count - 1, Math.max(0, index));
}

/** The smallest and largest value of the given series, always including 0. */
export function getValueExtent(
  data: readonly ChartDataRow[],
  keys: readonly string[],
): [number, number] {
  let min = 0;
  let max = 0;
  for (const row of data) {
    for (const key of keys) {
      const value = getValue(row, key);
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return [min, max];
}

/** Number of y ticks for a plot height: one per 50 px, at least 2. */
export function getYTickCount(innerHeight: number): number {
  return Math.max(2, Math.floor(innerHeight / 50));
}

/** The y scale over the value extent, niced; an all-zero extent still spans 0…1. */
export function createYScale(extent: [number, number], innerHeight: number): YScale {
  const [min, max] = extent;
  const top = max > min ? max : min + 1;
  return scaleLinear()
    .domain([min, top])
    .range([Math.max(0, innerHeight), 0])
    .nice(getYTickCount(innerHeight));
}

/** The band inside one date for each visible series (grouped bars). */
export function createBarScale(keys: readonly string[], bandwidth: number): ScaleBand<string> {
  return scaleBand<string>()
    .domain([...keys])
    .range([0, bandwidth])
    .paddingInner(0.1);
}
