import { BREAKPOINTS, DEFAULT_CHART_HEIGHT } from '../constants';
import type { ChartMode, LegendPosition } from '../types';

/** Viewport classes the chart cares about. */
export type ViewportClass = 'mobile' | 'medium' | 'large' | 'wide';

/** Classifies a viewport width: mobile below 782, large from 960, wide from 1280. */
export function getViewportClass(viewportWidth: number): ViewportClass {
  if (viewportWidth < BREAKPOINTS.medium) return 'mobile';
  if (viewportWidth >= BREAKPOINTS.wide) return 'wide';
  if (viewportWidth >= BREAKPOINTS.large) return 'large';
  return 'medium';
}

/** Plot height: 180 on mobile, 300 on large (and wider), 220 otherwise, 200 when unknown. */
export function getChartHeight(viewportWidth: number | undefined): number {
  if (viewportWidth === undefined) return DEFAULT_CHART_HEIGHT;
  const viewport = getViewportClass(viewportWidth);
  if (viewport === 'mobile') return 180;
  if (viewport === 'large' || viewport === 'wide') return 300;
  return 220;
}

/**
 * Legend position: the caller's choice if given; otherwise top for time-comparison and side for
 * item-comparison on wide screens, else bottom.
 */
export function getLegendPosition(
  mode: ChartMode,
  viewportWidth: number | undefined,
  requested?: LegendPosition,
): LegendPosition {
  if (requested) return requested;
  const isWide = viewportWidth !== undefined && getViewportClass(viewportWidth) === 'wide';
  if (isWide) return mode === 'time-comparison' ? 'top' : 'side';
  return 'bottom';
}

/** Legends at the top lay out in a row; side and bottom legends are columns. */
export function getLegendDirection(position: LegendPosition): 'row' | 'column' {
  return position === 'top' ? 'row' : 'column';
}
