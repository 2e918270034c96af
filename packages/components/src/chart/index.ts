export type {
  ChartCommonProps,
  ChartFormatters,
  ChartProps,
  ItemComparisonProps,
  TimeComparisonProps,
} from './Chart';
export { Chart } from './Chart';
export type { ChartHeaderProps } from './ChartHeader';
export { ChartHeader } from './ChartHeader';
export { CHART_MARGIN, MAX_VISIBLE_SERIES, SIDE_LEGEND_WIDTH } from './constants';
export { getIntervalLabel, resolveInterval } from './helpers/interval';
export { getChartHeight, getLegendPosition } from './helpers/layout';
export type { SeriesKey } from './helpers/series-keys';
export { getSeriesKeys } from './helpers/series-keys';
export type { NumberFormatter as ChartNumberFormatter } from './helpers/value-format';
export { getValueFormatter, getYFormatter } from './helpers/value-format';
export { getMaxXTicks, getXTickIndexes } from './helpers/x-ticks';
export type { LegendProps as ChartLegendProps } from './legend/Legend';
export { Legend as ChartLegend } from './legend/Legend';
export type { ChartTooltipProps, TooltipRow } from './tooltip/ChartTooltip';
export { ChartTooltip } from './tooltip/ChartTooltip';
export type * from './types';
