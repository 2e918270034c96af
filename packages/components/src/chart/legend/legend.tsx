import { __ } from '@storelens/i18n';
import { NUMBER_CLASS } from '../../primitives/number';
import { VISUALLY_HIDDEN } from '../../primitives/visually-hidden';
import { MAX_VISIBLE_SERIES } from '../constants';
import { colorVar } from '../helpers/colors';
import { getLegendDirection } from '../helpers/layout';
import type { NumberFormatter } from '../helpers/value-format';
import { getToggleBlock } from '../helpers/visibility';
import type { LegendPosition, SeriesEntry } from '../types';

/** Props of the chart legend. */
export interface LegendProps {
  /** The series in legend order, with their visibility and colours. */
  series: readonly SeriesEntry[];
  /** Where the legend sits; top lays out in a row, side and bottom in a column. */
  position: LegendPosition;
  /** Called when a series' checkbox is toggled (the caller applies the visibility rules). */
  onToggle: (key: string) => void;
  /** Called with a key on hover or focus, and with null when leaving. */
  onHighlight: (key: string | null) => void;
  /** Formats series totals. */
  formatTotal: NumberFormatter;
  /** Text shown under a column legend of more than five series, e.g. '12 products'. */
  totalLabel?: string;
  /** Accessible name of the legend group. */
  label?: string;
}

/** The chart legend: one checkbox per series, with its colour, label and total. */
export function Legend({
  series,
  position,
  onToggle,
  onHighlight,
  formatTotal,
  totalLabel,
  label,
}: LegendProps) {
  const direction = getLegendDirection(position);
  const visibleKeys = series.filter((entry) => entry.visible).map((entry) => entry.key);
  const isScrollable = series.length > MAX_VISIBLE_SERIES;
  const classes = [
    'sl-chart-legend',
    `sl-chart-legend--${position}`,
    `sl-chart-legend--${direction}`,
    isScrollable ? 'is-scrollable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className={classes}>
      <legend className={VISUALLY_HIDDEN}>{label ?? __('Legend')}</legend>
      <ul className="sl-chart-legend__list">
        {series.map((entry) => {
          const block = getToggleBlock(entry.key, visibleKeys);
          const limitTitle =
            block === 'limit-reached' ? __('You may select up to 5 items.') : undefined;
          return (
            <li
              key={entry.key}
              className={`sl-chart-legend__item${entry.focus ? '' : ' is-faded'}`}
              onMouseEnter={() => onHighlight(entry.key)}
              onMouseLeave={() => onHighlight(null)}
            >
              <label className="sl-chart-legend__label" title={limitTitle}>
                <input
                  type="checkbox"
                  className="sl-chart-legend__checkbox"
                  checked={entry.visible}
                  aria-disabled={block !== null ? true : undefined}
                  title={limitTitle}
                  onChange={() => onToggle(entry.key)}
                  onFocus={() => onHighlight(entry.key)}
                  onBlur={() => onHighlight(null)}
                  style={{ accentColor: colorVar(entry.colorIndex) }}
                />
                <span
                  className="sl-chart-legend__swatch"
                  aria-hidden="true"
                  style={{ background: entry.visible ? colorVar(entry.colorIndex) : undefined }}
                />
                <span className="sl-chart-legend__name">{entry.label}</span>{' '}
                <span className={`sl-chart-legend__total ${NUMBER_CLASS}`}>
                  {formatTotal(entry.total)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {direction === 'column' && series.length > MAX_VISIBLE_SERIES && totalLabel ? (
        <p className="sl-chart-legend__total-label">{totalLabel}</p>
      ) : null}
    </fieldset>
  );
}
