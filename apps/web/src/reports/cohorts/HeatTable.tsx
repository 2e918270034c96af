import type { CohortRowBody } from '@storelens/api';
import { NUMBER_CLASS } from '@storelens/components';
import { __, sprintf } from '@storelens/i18n';
import { type KeyboardEvent, useRef, useState } from 'react';

/** What a heat cell shows. */
export type CohortMetric = 'retention' | 'customers' | 'orders' | 'net_revenue' | 'ltv';

/** One cell's figure, its share of the table's largest (0-1) and its text. */
export interface HeatCell {
  value: number;
  text: string;
  label: string;
  href: string;
}

/** The figure of period k of a cohort for a metric. */
export function cellValue(row: CohortRowBody, k: number, metric: CohortMetric): number {
  const p = row.periods[k];
  if (!p) return 0;
  if (metric === 'retention') return row.customers ? (100 * p.customers) / row.customers : 0;
  if (metric === 'customers') return p.customers;
  if (metric === 'orders') return p.orders;
  if (metric === 'net_revenue') return p.net_revenue;
  return p.ltv;
}

/**
 * The background of a cell: the primary colour mixed into the surface, at most half, so the
 * text colour of the theme stays readable on it (light and dark).
 */
export const heatBackground = (share: number) =>
  `color-mix(in srgb, var(--sl-color-primary) ${Math.round(Math.max(0, Math.min(1, share)) * 50)}%, var(--sl-color-surface))`;

/**
 * Cohorts × periods as a grid: one row per cohort, one cell per later period, each a link
 * (to the Customers report narrowed to those customers) with an accessible name that says the
 * cohort, the period and the figures. Arrow keys, Home and End move between the cells; one cell
 * is in the tab order.
 */
export function HeatTable({
  rows,
  periods,
  cell,
  caption,
  periodLabel,
}: {
  rows: readonly CohortRowBody[];
  periods: number;
  cell: (row: CohortRowBody, k: number) => HeatCell | null;
  caption: string;
  periodLabel: (k: number) => string;
}) {
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const table = useRef<HTMLTableElement>(null);
  const cells = rows.map((row) => Array.from({ length: periods }, (_, k) => cell(row, k)));
  const max = Math.max(0, ...cells.flat().map((c) => (c ? Math.abs(c.value) : 0)));
  const move = (r: number, c: number) => {
    const rr = Math.max(0, Math.min(rows.length - 1, r));
    let cc = Math.max(0, Math.min(periods - 1, c));
    while (cc > 0 && !cells[rr]?.[cc]) cc -= 1;
    setFocus([rr, cc]);
    table.current?.querySelector<HTMLElement>(`[data-cell="${rr}-${cc}"]`)?.focus();
  };
  const onKey = (e: KeyboardEvent, r: number, c: number) => {
    const [tr, tc] = target(e.key, e.ctrlKey, r, c, rows.length, periods);
    if (tr === r && tc === c && !['Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    move(tr, tc);
  };
  const keys = Array.from({ length: periods }, (_, k) => `p${k}`);
  return (
    <div className="sl-cohorts__scroll">
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a data grid moved through with the arrow keys (the ARIA grid pattern) */}
      <table className="sl-cohorts__heat" role="grid" ref={table} aria-label={caption}>
        <caption className="sl-cohorts__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{__('Cohort')}</th>
            <th scope="col">{__('Customers')}</th>
            {keys.map((key, k) => (
              <th scope="col" key={key}>
                {periodLabel(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.cohort}>
              <th scope="row">{row.cohort}</th>
              <td className={NUMBER_CLASS}>{row.customers}</td>
              {cells[r]!.map((c, k) => {
                const key = keys[k];
                if (!c) return <td key={key} aria-label={__('No period yet')} />;
                const active = focus[0] === r && focus[1] === k;
                return (
                  <td
                    key={key}
                    style={{ background: heatBackground(max ? Math.abs(c.value) / max : 0) }}
                  >
                    <a
                      href={c.href}
                      className={`sl-cohorts__cell ${NUMBER_CLASS}`}
                      data-cell={`${r}-${k}`}
                      tabIndex={active ? 0 : -1}
                      aria-label={c.label}
                      onKeyDown={(e) => onKey(e, r, k)}
                      onFocus={() => setFocus([r, k])}
                    >
                      {c.text}
                    </a>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="sl-cohorts__hint">
        {sprintf(
          __('%s: arrow keys move between cells; Enter opens the customers of a cell.'),
          __('Keyboard'),
        )}
      </p>
    </div>
  );
}

/** Where a key moves the focus from cell (r, c); the same cell for other keys. */
export function target(
  key: string,
  ctrl: boolean,
  r: number,
  c: number,
  rows: number,
  periods: number,
): [number, number] {
  switch (key) {
    case 'ArrowRight':
      return [r, Math.min(c + 1, periods - 1)];
    case 'ArrowLeft':
      return [r, Math.max(c - 1, 0)];
    case 'ArrowDown':
      return [Math.min(r + 1, rows - 1), c];
    case 'ArrowUp':
      return [Math.max(r - 1, 0), c];
    case 'Home':
      return [ctrl ? 0 : r, 0];
    case 'End':
      return [ctrl ? rows - 1 : r, periods - 1];
    default:
      return [r, c];
  }
}
