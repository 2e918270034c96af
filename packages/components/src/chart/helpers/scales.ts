import { type ScaleBand, type ScaleLinear, scaleBand, scaleLinear } from 'd3-scale';
import type { ChartType } from '../types';
import type { SeriesColumns } from './columns';

/**
 * The x scale: one band per date index. Built on a d3 linear scale so every lookup is O(1)
 * arithmetic; a d3 band scale interns each domain value, which is slow for 8,760 hours.
 */
export interface XScale {
  /** Number of dates. */
  count: number;
  /** Distance between the starts of two neighbouring bands. */
  step: number;
  /** Width of one band. */
  bandwidth: number;
  /** Left edge of a date's band. */
  start: (index: number) => number;
  /** The date index under an x coordinate, clamped to the data (-1 without data). */
  indexAt: (x: number) => number;
}
/** The y scale: values to pixels, 0 at the bottom. */
export type YScale = ScaleLinear<number, number>;

/** One band per date across the plot width; bars get padding between dates, lines none. */
export function createXScale(count: number, innerWidth: number, type: ChartType): XScale {
  const padding = type === 'bar' ? 0.1 : 0;
  const span = Math.max(count - padding + 2 * padding, 1);
  const linear = scaleLinear()
    .domain([0, span])
    .range([0, Math.max(0, innerWidth)]);
  const step = linear(1) - linear(0);
  const offset = linear(padding);
  return {
    count,
    step,
    bandwidth: step * (1 - padding),
    start: (index) => offset + index * step,
    indexAt: (x) => {
      if (count === 0) return -1;
      const index = Math.floor(linear.invert(x) - padding + padding / 2);
      return Math.min(count - 1, Math.max(0, index));
    },
  };
}

/** The centre of a date's band. */
export function xCenter(scale: XScale, index: number): number {
  return scale.start(index) + scale.bandwidth / 2;
}

/** The date index under a plot x coordinate, clamped to the data. */
export function indexAtX(scale: XScale, x: number): number {
  return scale.indexAt(x);
}

/** The smallest and largest value of the given series, always including 0. */
export function getValueExtent(columns: SeriesColumns, keys: readonly string[]): [number, number] {
  let min = 0;
  let max = 0;
  for (const key of keys) {
    const column = columns.get(key);
    if (!column) continue;
    for (let index = 0; index < column.length; index++) {
      const value = column[index] as number;
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
