import { getDateFormatsForInterval } from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';
import { useCallback, useId, useMemo, useState } from 'react';
import { useControllableState } from '../primitives/use-controllable-state';
import { VisuallyHidden } from '../primitives/visually-hidden';
import { Spinner } from '../spinner/spinner';
import { ChartHeader } from './chart-header';
import { ChartPlot } from './chart-plot';
import {
  CHART_MARGIN,
  DEFAULT_CHART_WIDTH,
  DEFAULT_DATE_PARSER,
  MIN_SECOND_LINE_GAP,
} from './constants';
import { assignColorIndexes } from './helpers/colors';
import { getSeriesColumns } from './helpers/columns';
import {
  createDateLookup,
  formatTooltipDate,
  getAxisDateFormats,
  getXTickLabels,
  parseRowDates,
} from './helpers/dates';
import { isChartEmpty } from './helpers/empty';
import { resolveInterval } from './helpers/interval';
import { getChartHeight, getLegendPosition } from './helpers/layout';
import { getPoint, getValue } from './helpers/point';
import { createXScale, createYScale, getValueExtent, xCenter } from './helpers/scales';
import { getSeriesKeys, type SeriesKey } from './helpers/series-keys';
import { getTooltipPlacement } from './helpers/tooltip-position';
import { getValueFormatter, getYFormatter, type NumberFormatter } from './helpers/value-format';
import { getXTickIndexes } from './helpers/x-ticks';
import { useChartTooltip } from './hooks/use-chart-tooltip';
import { useElementWidth } from './hooks/use-element-width';
import { useSeriesVisibility } from './hooks/use-series-visibility';
import { useViewportWidth } from './hooks/use-viewport-width';
import { Legend } from './legend/legend';
import { ChartTooltip, type TooltipRow } from './tooltip/chart-tooltip';
import type {
  ChartCurrency,
  ChartDataRow,
  ChartDateFormats,
  ChartInterval,
  ChartType,
  ChartValueType,
  LegendPosition,
  SeriesEntry,
} from './types';
import '../style/parts.css';
import './chart.css';

/** Formatters that replace the chart's defaults. */
export interface ChartFormatters {
  /** Formats y-axis ticks (default: by value type, see getYFormatter). */
  yAxis?: NumberFormatter;
  /** Formats values in the tooltip, legend totals and screen-reader text. */
  value?: NumberFormatter;
}

/** Props shared by both chart modes. */
export interface ChartCommonProps {
  /** Rows in date order: a date and one `{ value, label?, labelDate? }` per series key. */
  data: readonly ChartDataRow[];
  /** The title in the header; also the chart's accessible name. */
  title?: string;
  /** Controlled chart type. */
  type?: ChartType;
  /** Starting chart type when uncontrolled; 'line' by default. */
  defaultType?: ChartType;
  /** Called with the type picked in the header (the page writes `chartType`). */
  onChartTypeChange?: (type: ChartType) => void;
  /** The data's interval; 'day' by default. Outside `allowedIntervals` the first allowed is used. */
  interval?: ChartInterval;
  /** Intervals offered by the header's selector; no selector without them. */
  allowedIntervals?: readonly ChartInterval[];
  /** Called with the interval picked in the header (the page writes `interval`). */
  onIntervalChange?: (interval: ChartInterval) => void;
  /** How values are formatted; 'number' by default. */
  valueType?: ChartValueType;
  /** The store currency, for the currency value type; '$' on the left by default. */
  currency?: ChartCurrency;
  /** Formatters replacing the defaults. */
  formatters?: ChartFormatters;
  /** Axis and tooltip date formats replacing the interval's defaults. */
  dateFormats?: ChartDateFormats;
  /** d3-time-format specifier of row dates; '%Y-%m-%dT%H:%M:%S' by default. */
  dateParser?: string;
  /** Legend position; by default top (time-comparison) or side (item-comparison) on wide
   * screens, else bottom. */
  legendPosition?: LegendPosition;
  /** Text under a column legend of more than five series, e.g. '8 products'. */
  totalLabel?: string;
  /** Shows the loading state instead of the chart. */
  isRequesting?: boolean;
  /** Message overlaid when every value equals `baseValue`. */
  emptyMessage?: string;
  /** The value an empty chart holds everywhere; 0 by default. */
  baseValue?: number;
  /** Plot height in px; by default 180 on mobile, 300 on large screens, 220 otherwise. */
  height?: number;
  /** The total of each series by key (the report's own totals, as its summary tiles show
   * them), shown in the legend and screen-reader text instead of the sum of the plotted
   * values; a series without a finite entry shows that sum. */
  legendTotals?: Readonly<Record<string, number | null | undefined>>;
  /** Controlled visible series keys. */
  visibleKeys?: readonly string[];
  /** Called with the visible keys after a legend toggle. */
  onVisibleKeysChange?: (keys: readonly string[]) => void;
}

/** Time-comparison: a period against another period, each a series. */
export interface TimeComparisonProps {
  /** The chart mode; time-comparison by default. */
  mode?: 'time-comparison';
}

/** Item-comparison: items (products, categories…) against each other. */
export interface ItemComparisonProps {
  /** The chart mode. */
  mode: 'item-comparison';
  /** Ids selected in the query: their series stay even when their total is 0. */
  selectedIds?: readonly (string | number)[];
}

/** Props of {@link Chart}. */
export type ChartProps = ChartCommonProps & (TimeComparisonProps | ItemComparisonProps);

const EMPTY_IDS: readonly string[] = [];

/** The series with their `legendTotals` entry as total where it is a finite number. */
function withLegendTotals(
  keys: SeriesKey[],
  totals: Readonly<Record<string, number | null | undefined>> | undefined,
): SeriesKey[] {
  if (!totals) return keys;
  return keys.map((entry) => {
    const total = totals[entry.key];
    return typeof total === 'number' && Number.isFinite(total) ? { ...entry, total } : entry;
  });
}

/** A line or bar chart with header, legend, tooltip and keyboard-reachable data points. */
export function Chart(props: ChartProps) {
  const {
    data,
    title,
    valueType = 'number',
    currency,
    formatters,
    dateParser = DEFAULT_DATE_PARSER,
    isRequesting = false,
    emptyMessage,
    baseValue = 0,
  } = props;
  const mode = props.mode ?? 'time-comparison';
  const selectedIdsKey =
    props.mode === 'item-comparison' ? (props.selectedIds ?? EMPTY_IDS).join(',') : '';
  const titleId = useId();
  const descriptionId = useId();
  const tooltipId = useId();

  const viewportWidth = useViewportWidth();
  const [plotElement, setPlotElement] = useState<HTMLDivElement | null>(null);
  const measuredWidth = useElementWidth(plotElement, DEFAULT_CHART_WIDTH);
  const width = measuredWidth ?? DEFAULT_CHART_WIDTH;
  const height = props.height ?? getChartHeight(viewportWidth);
  const legendPosition = getLegendPosition(mode, viewportWidth, props.legendPosition);
  const interval = resolveInterval(props.interval ?? 'day', props.allowedIntervals);
  const dateFormats = props.dateFormats ?? getDateFormatsForInterval(interval, data.length);

  const [type, setType] = useControllableState<ChartType>({
    value: props.type,
    defaultValue: props.defaultType ?? 'line',
    onChange: props.onChartTypeChange,
  });

  const legendTotals = props.legendTotals;
  const seriesKeys = useMemo(
    () =>
      withLegendTotals(
        getSeriesKeys(data, mode, selectedIdsKey ? selectedIdsKey.split(',') : EMPTY_IDS),
        legendTotals,
      ),
    [data, mode, selectedIdsKey, legendTotals],
  );
  const { visible, toggle } = useSeriesVisibility(seriesKeys, {
    visibleKeys: props.visibleKeys,
    onVisibleKeysChange: props.onVisibleKeysChange,
  });
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const series = useMemo<SeriesEntry[]>(() => {
    const colors = assignColorIndexes(
      seriesKeys.map((entry) => entry.key),
      visible,
    );
    return seriesKeys.map((entry) => ({
      ...entry,
      visible: visible.includes(entry.key),
      focus: highlighted === null || highlighted === entry.key,
      colorIndex: colors.get(entry.key) ?? 0,
    }));
  }, [seriesKeys, visible, highlighted]);
  const visibleSeries = useMemo(() => series.filter((entry) => entry.visible), [series]);
  const visibleKeySignature = visibleSeries.map((entry) => entry.key).join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed only when the visible set changes
  const visibleKeys = useMemo(() => visibleSeries.map((entry) => entry.key), [visibleKeySignature]);

  const formatValue = useMemo(
    () => formatters?.value ?? getValueFormatter(valueType, currency),
    [formatters?.value, valueType, currency],
  );
  const formatYTick = useMemo(
    () => formatters?.yAxis ?? getYFormatter(valueType, currency),
    [formatters?.yAxis, valueType, currency],
  );

  const dateAt = useMemo(() => createDateLookup(data, dateParser), [data, dateParser]);
  const innerWidth = width - CHART_MARGIN.left - CHART_MARGIN.right;
  const innerHeight = height - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const xScale = useMemo(
    () => createXScale(data.length, innerWidth, type),
    [data.length, innerWidth, type],
  );
  const columns = useMemo(() => getSeriesColumns(data), [data]);
  const extent = useMemo(() => getValueExtent(columns, visibleKeys), [columns, visibleKeys]);
  const yScale = useMemo(() => createYScale(extent, innerHeight), [extent, innerHeight]);
  const customFormats = props.dateFormats;
  const xLabels = useMemo(() => {
    const ticks = getXTickIndexes(data.length, dateAt, width, mode, interval);
    const formats = customFormats ?? getAxisDateFormats(interval, ticks, data.length);
    const positionOf = (index: number) => xCenter(xScale, index);
    return getXTickLabels(dateAt, ticks, formats, positionOf, MIN_SECOND_LINE_GAP);
  }, [dateAt, data.length, width, mode, interval, customFormats, xScale]);

  const tooltip = useChartTooltip();
  const [activeIndexRaw, setActiveIndex] = useState(0);
  const activeIndex = Math.min(activeIndexRaw, Math.max(0, data.length - 1));
  const tooltipIndex =
    tooltip.state.open && tooltip.state.index < data.length ? tooltip.state.index : undefined;

  const dateLabel = useCallback(
    (index: number) =>
      formatTooltipDate(dateAt(index), dateFormats.tooltipLabelFormat, data[index]?.date),
    [dateAt, dateFormats, data],
  );
  const labelDateText = useCallback(
    (index: number, key: string) => {
      const row = data[index];
      const point = row ? getPoint(row, key) : undefined;
      const raw = point?.labelDate;
      if (mode !== 'time-comparison' || !raw) return undefined;
      const format = (text: string) => {
        const [parsed] = parseRowDates([{ date: text }], dateParser);
        return formatTooltipDate(parsed, dateFormats.tooltipLabelFormat, text);
      };
      const end = point.labelDateEnd;
      return end ? sprintf(__('%1$s – %2$s'), format(raw), format(end)) : format(raw);
    },
    [data, mode, dateParser, dateFormats],
  );
  const getPointLabel = useCallback(
    (index: number) => {
      const row = data[index];
      const values = visibleSeries.map((entry) => {
        const detail = labelDateText(index, entry.key);
        const name = detail ? sprintf(__('%1$s (%2$s)'), entry.label, detail) : entry.label;
        return sprintf(__('%1$s: %2$s'), name, formatValue(row ? getValue(row, entry.key) : 0));
      });
      return sprintf(__('%1$s. %2$s'), dateLabel(index), values.join('; '));
    },
    [data, visibleSeries, labelDateText, formatValue, dateLabel],
  );

  const onPointerDate = useCallback(
    (index: number) => tooltip.show(index, 'pointer'),
    [tooltip.show],
  );
  const onPointFocus = useCallback(
    (index: number) => {
      setActiveIndex(index);
      tooltip.show(index, 'keyboard');
    },
    [tooltip.show],
  );

  const empty = emptyMessage !== undefined && isChartEmpty(data, baseValue);
  const chartName = title ?? __('Chart');
  const typeName = type === 'line' ? __('Line chart') : __('Bar chart');
  const first = data.length > 0 ? dateLabel(0) : '';
  const last = data.length > 0 ? dateLabel(data.length - 1) : '';
  const legend = (
    <Legend
      series={series}
      position={legendPosition}
      onToggle={toggle}
      onHighlight={setHighlighted}
      formatTotal={formatValue}
      totalLabel={props.totalLabel}
      label={sprintf(__('%s legend'), chartName)}
    />
  );

  let tooltipNode = null;
  if (tooltipIndex !== undefined) {
    const row = data[tooltipIndex];
    const rows: TooltipRow[] = visibleSeries.map((entry) => ({
      key: entry.key,
      label: entry.label,
      detail: labelDateText(tooltipIndex, entry.key),
      value: formatValue(row ? getValue(row, entry.key) : 0),
      colorIndex: entry.colorIndex,
      focus: entry.focus,
    }));
    tooltipNode = (
      <ChartTooltip
        id={tooltipId}
        title={dateLabel(tooltipIndex)}
        rows={rows}
        placement={getTooltipPlacement(
          CHART_MARGIN.left + xCenter(xScale, tooltipIndex),
          width,
          CHART_MARGIN.top + 8,
        )}
      />
    );
  }

  return (
    <section
      className={`sl-surface sl-chart sl-chart--legend-${legendPosition}`}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : chartName}
      aria-busy={isRequesting || undefined}
    >
      <ChartHeader
        title={title}
        titleId={titleId}
        legend={legendPosition === 'top' && !isRequesting ? legend : undefined}
        interval={interval}
        allowedIntervals={props.allowedIntervals}
        onIntervalChange={props.onIntervalChange}
        type={type}
        onTypeChange={setType}
      />
      <div className="sl-chart__body">
        {isRequesting ? (
          <div className="sl-chart__loading" style={{ height }}>
            <Spinner label={__('Your requested data is loading')} size={32} />
          </div>
        ) : (
          <>
            <div className="sl-chart__plot" ref={setPlotElement} style={{ height }}>
              <VisuallyHidden id={descriptionId}>
                {[
                  first ? sprintf(__('%1$s, %2$s to %3$s.'), typeName, first, last) : typeName,
                  ...visibleSeries.map((entry) =>
                    sprintf(__('%1$s: total %2$s.'), entry.label, formatValue(entry.total)),
                  ),
                  __('Use the left and right arrow keys to move between dates.'),
                ].join(' ')}
              </VisuallyHidden>
              {measuredWidth !== undefined ? (
                <ChartPlot
                  data={data}
                  columns={columns}
                  series={visibleSeries}
                  visibleKeys={visibleKeys}
                  type={type}
                  width={width}
                  height={height}
                  xScale={xScale}
                  yScale={yScale}
                  formatYTick={formatYTick}
                  xLabels={xLabels}
                  activeIndex={activeIndex}
                  tooltipIndex={tooltipIndex}
                  hasHighlight={highlighted !== null}
                  getPointLabel={getPointLabel}
                  label={chartName}
                  descriptionId={descriptionId}
                  onPointerDate={onPointerDate}
                  onPointerLeave={tooltip.hide}
                  onPointFocus={onPointFocus}
                  onPointBlur={tooltip.hide}
                  onActiveIndexChange={setActiveIndex}
                />
              ) : null}
              {tooltipNode}
              {empty ? <div className="sl-chart__empty">{emptyMessage}</div> : null}
            </div>
            {legendPosition !== 'top' ? legend : null}
          </>
        )}
      </div>
    </section>
  );
}
