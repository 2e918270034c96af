export type {
  ChartCommonProps,
  ChartFormatters,
  ChartProps,
  ItemComparisonProps,
  TimeComparisonProps,
} from './chart';
export { Chart } from './chart';
export type { ChartHeaderProps } from './chart-header';
export { ChartHeader } from './chart-header';
export { CHART_MARGIN, MAX_VISIBLE_SERIES, SIDE_LEGEND_WIDTH } from './constants';
export { getIntervalLabel, resolveInterval } from './helpers/interval';
export { getChartHeight, getLegendPosition } from './helpers/layout';
export type { SeriesKey } from './helpers/series-keys';
export { getSeriesKeys } from './helpers/series-keys';
export type { NumberFormatter as ChartNumberFormatter } from './helpers/value-format';
export { getValueFormatter, getYFormatter } from './helpers/value-format';
export { getMaxXTicks, getXTickIndexes } from './helpers/x-ticks';
export type { LegendProps as ChartLegendProps } from './legend/legend';
export { Legend as ChartLegend } from './legend/legend';
export type { ChartTooltipProps, TooltipRow } from './tooltip/chart-tooltip';
export { ChartTooltip } from './tooltip/chart-tooltip';
export type * from './types';
