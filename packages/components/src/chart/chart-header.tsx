import { __ } from '@storelens/i18n';
import { type ReactNode, useId } from 'react';
import { VISUALLY_HIDDEN } from '../primitives/visually-hidden';
import { H } from '../section/section';
import { getIntervalLabel } from './helpers/interval';
import type { ChartInterval, ChartType } from './types';

/** Props of the chart header. */
export interface ChartHeaderProps {
  /** The chart title, shown as a heading. */
  title?: string;
  /** Id given to the heading so the chart can be named by it. */
  titleId: string;
  /** The legend, when it sits at the top. */
  legend?: ReactNode;
  /** The interval in use. */
  interval: ChartInterval;
  /** Intervals offered; the selector is shown only when there are any. */
  allowedIntervals?: readonly ChartInterval[];
  /** Called with the interval the user picks. */
  onIntervalChange?: (interval: ChartInterval) => void;
  /** The chart type shown. */
  type: ChartType;
  /** Called with the type the user picks. */
  onTypeChange: (type: ChartType) => void;
}

/** The chart header: title, top legend, interval selector and line/bar toggle. */
export function ChartHeader({
  title,
  titleId,
  legend,
  interval,
  allowedIntervals,
  onIntervalChange,
  type,
  onTypeChange,
}: ChartHeaderProps) {
  const selectId = useId();
  return (
    <div className="sl-chart__header">
      {title ? (
        <H id={titleId} className="sl-chart__title">
          {title}
        </H>
      ) : null}
      {legend}
      <div className="sl-chart__controls">
        {allowedIntervals && allowedIntervals.length > 0 ? (
          <div className="sl-chart__interval">
            <label htmlFor={selectId} className={VISUALLY_HIDDEN}>
              {__('Interval')}
            </label>
            <select
              id={selectId}
              className="sl-control sl-chart__interval-select"
              value={interval}
              onChange={(event) => {
                const next = allowedIntervals.find((candidate) => candidate === event.target.value);
                if (next) onIntervalChange?.(next);
              }}
            >
              {allowedIntervals.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {getIntervalLabel(candidate)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: a toolbar-like pair, not a form fieldset */}
        <div className="sl-chart__type-toggle" role="group" aria-label={__('Chart type')}>
          <TypeButton type="line" current={type} onTypeChange={onTypeChange} />
          <TypeButton type="bar" current={type} onTypeChange={onTypeChange} />
        </div>
      </div>
    </div>
  );
}

function TypeButton({
  type,
  current,
  onTypeChange,
}: {
  type: ChartType;
  current: ChartType;
  onTypeChange: (type: ChartType) => void;
}) {
  const label = type === 'line' ? __('Line chart') : __('Bar chart');
  return (
    <button
      type="button"
      className={`sl-chart__type-button${type === current ? ' is-active' : ''}`}
      aria-pressed={type === current}
      aria-label={label}
      title={label}
      onClick={() => {
        if (type !== current) onTypeChange(type);
      }}
    >
      <TypeIcon type={type} />
    </button>
  );
}

function TypeIcon({ type }: { type: ChartType }) {
  return (
    <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {type === 'line' ? (
        <path d="M2 15 L7 9 L11 12 L18 4" fill="none" stroke="currentColor" strokeWidth={2} />
      ) : (
        <path d="M3 17V10h3v7zM8.5 17V4h3v13zM14 17V8h3v9z" fill="currentColor" />
      )}
    </svg>
  );
}
