import { NUMBER_CLASS } from '../../primitives/number';
import { colorVar } from '../helpers/colors';
import type { TooltipPlacement } from '../helpers/tooltip-position';

/** One line of the tooltip. */
export interface TooltipRow {
  /** The series key. */
  key: string;
  /** The series label. */
  label: string;
  /** An optional second label (the real date of a time-comparison value). */
  detail?: string;
  /** The formatted value. */
  value: string;
  /** Palette slot. */
  colorIndex: number;
  /** Whether the series is highlighted. */
  focus: boolean;
}

/** Props of the chart tooltip. */
export interface ChartTooltipProps {
  /** Element id, so the hovered point can refer to it. */
  id: string;
  /** Heading: the hovered date. */
  title: string;
  /** One row per visible series. */
  rows: readonly TooltipRow[];
  /** Where it goes inside the chart. */
  placement: TooltipPlacement;
}

/** The chart tooltip: every visible series' value at one date. */
export function ChartTooltip({ id, title, rows, placement }: ChartTooltipProps) {
  return (
    <div
      id={id}
      role="tooltip"
      className="sl-chart-tooltip"
      style={{ left: placement.left, right: placement.right, top: placement.top }}
    >
      <p className="sl-chart-tooltip__title">{title}</p>
      <ul className="sl-chart-tooltip__list">
        {rows.map((row) => (
          <li key={row.key} className={`sl-chart-tooltip__row${row.focus ? '' : ' is-faded'}`}>
            <span
              className="sl-chart-tooltip__swatch"
              aria-hidden="true"
              style={{ background: colorVar(row.colorIndex) }}
            />
            <span className="sl-chart-tooltip__label">
              {row.label}
              {row.detail ? <span className="sl-chart-tooltip__detail"> {row.detail}</span> : null}
            </span>
            <span className={`sl-chart-tooltip__value ${NUMBER_CLASS}`}>{row.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
