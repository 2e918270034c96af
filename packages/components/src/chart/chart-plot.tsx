import { type KeyboardEvent, memo, type PointerEvent, useEffect, useMemo, useRef } from 'react';
import { CHART_MARGIN, MAX_FOCUSABLE_POINTS, MAX_LINE_DOTS } from './constants';
import { colorVar } from './helpers/colors';
import type { SeriesColumns } from './helpers/columns';
import type { XTickLabel } from './helpers/dates';
import { getNextPointIndex } from './helpers/keyboard';
import { getBarPath, getLinePath } from './helpers/paths';
import { getValue } from './helpers/point';
import {
  createBarScale,
  getYTickCount,
  indexAtX,
  type XScale,
  xCenter,
  type YScale,
} from './helpers/scales';
import type { NumberFormatter } from './helpers/value-format';
import type { ChartDataRow, ChartType, SeriesEntry } from './types';

/** Props of the SVG plot. */
export interface ChartPlotProps {
  /** Rows in date order. */
  data: readonly ChartDataRow[];
  /** Each series' values, aligned with the rows. */
  columns: SeriesColumns;
  /** Visible series, in legend order. */
  series: readonly SeriesEntry[];
  /** Keys of the visible series (stable while the visible set is unchanged). */
  visibleKeys: readonly string[];
  /** Line or bar. */
  type: ChartType;
  /** Full SVG width. */
  width: number;
  /** Full SVG height. */
  height: number;
  /** x scale over date indexes. */
  xScale: XScale;
  /** y scale over values. */
  yScale: YScale;
  /** Formats y-axis ticks. */
  formatYTick: NumberFormatter;
  /** x-axis labels. */
  xLabels: readonly XTickLabel[];
  /** The roving data point's index. */
  activeIndex: number;
  /** The date the tooltip shows, if open. */
  tooltipIndex: number | undefined;
  /** Whether a series is highlighted (others fade). */
  hasHighlight: boolean;
  /** Accessible name of the data point at an index. */
  getPointLabel: (index: number) => string;
  /** Accessible name of the whole plot. */
  label: string;
  /** Id of the element describing the plot. */
  descriptionId: string;
  /** The pointer moved over a date. */
  onPointerDate: (index: number) => void;
  /** The pointer left the plot. */
  onPointerLeave: () => void;
  /** A data point got focus. */
  onPointFocus: (index: number) => void;
  /** A data point lost focus. */
  onPointBlur: () => void;
  /** The keyboard moved the roving point. */
  onActiveIndexChange: (index: number) => void;
}

/** The chart's SVG: axes, series, the hovered date and the keyboard-reachable data points. */
export function ChartPlot(props: ChartPlotProps) {
  const { width, height, xScale, yScale, data, type, series, label, descriptionId } = props;
  const innerWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const innerHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const handlePointer = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    props.onPointerDate(indexAtX(xScale, event.clientX - box.left));
  };
  const translate = `translate(${CHART_MARGIN.left},${CHART_MARGIN.top})`;
  return (
    <>
      <svg
        className="sl-chart__svg sl-chart__svg--static"
        width={width}
        height={height}
        aria-hidden="true"
        focusable="false"
      >
        <g transform={translate}>
          <YAxis
            yScale={yScale}
            innerWidth={innerWidth}
            innerHeight={innerHeight}
            format={props.formatYTick}
          />
          <XAxis xScale={xScale} labels={props.xLabels} innerHeight={innerHeight} />
          <SeriesLayer
            columns={props.columns}
            series={series}
            visibleKeys={props.visibleKeys}
            type={type}
            xScale={xScale}
            yScale={yScale}
            hasHighlight={props.hasHighlight}
          />
        </g>
      </svg>
      {/* The interactive layer: pointer tracking and the keyboard-reachable data points. */}
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset */}
      <svg
        className="sl-chart__svg sl-chart__svg--interactive"
        width={width}
        height={height}
        role="group"
        aria-label={label}
        aria-describedby={descriptionId}
      >
        <g transform={translate}>
          <g className="sl-chart__hover">
            {props.tooltipIndex !== undefined ? (
              <line
                className="sl-chart__hover-line"
                x1={xCenter(xScale, props.tooltipIndex)}
                x2={xCenter(xScale, props.tooltipIndex)}
                y1={0}
                y2={innerHeight}
              />
            ) : null}
            {type === 'line' && props.tooltipIndex !== undefined ? (
              <ActiveDots
                row={data[props.tooltipIndex]}
                index={props.tooltipIndex}
                series={series}
                xScale={xScale}
                yScale={yScale}
              />
            ) : null}
          </g>
          <rect
            className="sl-chart__overlay"
            x={0}
            y={0}
            width={innerWidth}
            height={innerHeight}
            onPointerMove={handlePointer}
            onPointerDown={handlePointer}
            onPointerLeave={props.onPointerLeave}
          />
          <DataPoints {...props} innerHeight={innerHeight} />
        </g>
      </svg>
    </>
  );
}

interface YAxisProps {
  yScale: YScale;
  innerWidth: number;
  innerHeight: number;
  format: NumberFormatter;
}

const YAxis = memo(function YAxis({ yScale, innerWidth, innerHeight, format }: YAxisProps) {
  const ticks = yScale.ticks(getYTickCount(innerHeight));
  return (
    <g className="sl-chart__y-axis">
      {ticks.map((tick) => (
        <g key={tick} transform={`translate(0,${yScale(tick)})`}>
          <line
            className={tick === 0 ? 'sl-chart__zero-line' : 'sl-chart__grid-line'}
            x2={innerWidth}
          />
          <text className="sl-chart__tick-label" x={-12} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
});

interface XAxisProps {
  xScale: XScale;
  labels: readonly XTickLabel[];
  innerHeight: number;
}

const XAxis = memo(function XAxis({ xScale, labels, innerHeight }: XAxisProps) {
  return (
    <g className="sl-chart__x-axis" transform={`translate(0,${innerHeight})`}>
      {labels.map((label) => (
        <g key={label.index} transform={`translate(${xCenter(xScale, label.index)},0)`}>
          <line className="sl-chart__tick" y2={6} />
          <text className="sl-chart__tick-label" y={20} textAnchor="middle">
            <tspan x={0}>{label.line1}</tspan>
            {label.line2 ? (
              <tspan x={0} dy="1.3em" className="sl-chart__tick-label--secondary">
                {label.line2}
              </tspan>
            ) : null}
          </text>
        </g>
      ))}
    </g>
  );
});

interface SeriesLayerProps {
  columns: SeriesColumns;
  series: readonly SeriesEntry[];
  visibleKeys: readonly string[];
  type: ChartType;
  xScale: XScale;
  yScale: YScale;
  hasHighlight: boolean;
}

/**
 * Series drawn as one path each (a line, or all of a series' bars). Paths are memoised on the
 * data, scales and visible keys, so hovering and highlighting only change classes.
 */
const SeriesLayer = memo(function SeriesLayer({
  columns,
  series,
  visibleKeys,
  type,
  xScale,
  yScale,
  hasHighlight,
}: SeriesLayerProps) {
  const paths = useMemo(() => {
    const result = new Map<string, string>();
    const slots = createBarScale(visibleKeys, xScale.bandwidth);
    for (const key of visibleKeys) {
      const values = columns.get(key) ?? new Float64Array(xScale.count);
      result.set(
        key,
        type === 'bar'
          ? getBarPath(values, xScale, yScale, slots(key) ?? 0, slots.bandwidth())
          : getLinePath(values, xScale, yScale),
      );
    }
    return result;
  }, [columns, visibleKeys, type, xScale, yScale]);
  const fadedClass = (entry: SeriesEntry) => (hasHighlight && !entry.focus ? ' is-faded' : '');
  if (type === 'bar') {
    return (
      <g className="sl-chart__bars">
        {series.map((entry) => (
          <path
            key={entry.key}
            className={`sl-chart__bar${fadedClass(entry)}`}
            data-series={entry.key}
            style={{ fill: colorVar(entry.colorIndex) }}
            d={paths.get(entry.key) ?? ''}
          />
        ))}
      </g>
    );
  }
  const showDots = xScale.count <= MAX_LINE_DOTS;
  return (
    <g className="sl-chart__lines">
      {series.map((entry) => (
        <g
          key={entry.key}
          className={`sl-chart__series${fadedClass(entry)}`}
          data-series={entry.key}
        >
          <path
            className="sl-chart__line"
            style={{ stroke: colorVar(entry.colorIndex) }}
            d={paths.get(entry.key) ?? ''}
          />
          {showDots
            ? Array.from(columns.get(entry.key) ?? [], (value, index) => (
                <circle
                  // biome-ignore lint/suspicious/noArrayIndexKey: dates are positional here
                  key={index}
                  className="sl-chart__dot"
                  cx={xCenter(xScale, index)}
                  cy={yScale(value)}
                  r={3}
                  style={{ stroke: colorVar(entry.colorIndex) }}
                />
              ))
            : null}
        </g>
      ))}
    </g>
  );
});

interface ActiveDotsProps {
  row: ChartDataRow | undefined;
  index: number;
  series: readonly SeriesEntry[];
  xScale: XScale;
  yScale: YScale;
}

function ActiveDots({ row, index, series, xScale, yScale }: ActiveDotsProps) {
  if (!row) return null;
  return (
    <g className="sl-chart__active-dots">
      {series.map((entry) => (
        <circle
          key={entry.key}
          className="sl-chart__dot sl-chart__dot--active"
          cx={xCenter(xScale, index)}
          cy={yScale(getValue(row, entry.key))}
          r={5}
          style={{ fill: colorVar(entry.colorIndex) }}
        />
      ))}
    </g>
  );
}

/**
 * Keyboard-reachable data points with a roving tabindex: one tab stop, ←/→ (Home, End,
 * PageUp, PageDown) move. Up to MAX_FOCUSABLE_POINTS dates get one element each; longer
 * series render only the active one, keyed by date so each move is a fresh element.
 */
function DataPoints(props: ChartPlotProps & { innerHeight: number }) {
  const { data, xScale, activeIndex, innerHeight, getPointLabel } = props;
  const groupRef = useRef<SVGGElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const target = groupRef.current?.querySelector<SVGElement>(`[data-index="${activeIndex}"]`);
    target?.focus();
  }, [activeIndex]);
  const count = data.length;
  if (count === 0) return null;
  const indexes =
    count <= MAX_FOCUSABLE_POINTS
      ? data.map((_row, index) => index)
      : [Math.min(activeIndex, count - 1)];
  const step = xScale.step;
  const width = Math.max(step, 8);
  const onKeyDown = (event: KeyboardEvent<SVGRectElement>) => {
    const next = getNextPointIndex(event.key, activeIndex, count);
    if (next === null) return;
    event.preventDefault();
    focusPending.current = true;
    props.onActiveIndexChange(next);
  };
  return (
    <g ref={groupRef} className="sl-chart__points">
      {indexes.map((index) => (
        // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG rect is not interactive; role img names the point
        <rect
          key={index}
          data-index={index}
          className="sl-chart__point"
          role="img"
          aria-label={getPointLabel(index)}
          tabIndex={index === activeIndex ? 0 : -1}
          x={xCenter(xScale, index) - width / 2}
          y={0}
          width={width}
          height={innerHeight}
          onFocus={() => props.onPointFocus(index)}
          onBlur={props.onPointBlur}
          onKeyDown={onKeyDown}
        />
      ))}
    </g>
  );
}
