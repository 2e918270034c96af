import { __ } from '@storelens/i18n';
import type { LinkType } from '@storelens/navigation';
import { type ReactNode, useId, useState } from 'react';
import { Link } from '../link/link';
import { NUMBER_CLASS } from '../primitives/number';
import { LoadingStatus, VisuallyHidden } from '../primitives/visually-hidden';
import { deltaSentiment, describeDelta, formatDelta } from './delta';
import { MOBILE_QUERY, useMediaQuery } from './use-media-query';
import './summary-numbers.css';

/** Summaries show at most this many items. */
export const MAX_SUMMARY_ITEMS = 10;

/** One summary figure. */
export interface SummaryItem {
  /** Stable key; defaults to the label. */
  key?: string;
  /** What the figure is, e.g. 'Net sales'. */
  label: string;
  /** The formatted figure; missing shows 'N/A'. */
  value?: ReactNode;
  /** Percentage change against the previous period; `null` shows 'N/A'. */
  delta?: number | null;
  /** Name of the compared period, e.g. 'Previous year:'. */
  prevLabel?: string;
  /** The compared figure; missing shows 'N/A'. */
  prevValue?: ReactNode;
  /** Where the item links. */
  href?: string;
  /** Kind of link; defaults to `wc-admin`. */
  hrefType?: LinkType;
  /** A fall means good news (e.g. refunds). */
  reverseTrend?: boolean;
  /** The item the chart currently shows. */
  selected?: boolean;
}

const missing = (value: ReactNode) => value === undefined || value === null || value === '';

/** Props of {@link SummaryNumber}. */
export interface SummaryNumberProps extends SummaryItem {
  /** Replaces in-app navigation of `wc-admin` links. */
  onNavigate?: (href: string) => void;
  /** Called after the item is activated (the mobile list closes with it). */
  onActivate?: () => void;
}

/** One figure with its change and the compared figure, optionally a link. */
export function SummaryNumber({
  label,
  value,
  delta,
  prevLabel = __('Previous period:'),
  prevValue,
  href,
  hrefType = 'wc-admin',
  reverseTrend = false,
  selected = false,
  onNavigate,
  onActivate,
}: SummaryNumberProps) {
  const hasComparison = delta !== undefined || prevValue !== undefined;
  const sentiment = typeof delta === 'number' ? deltaSentiment(delta, reverseTrend) : 'neutral';
  const body = (
    <>
      <span className="sl-summary__label">{label}</span>{' '}
      <span className="sl-summary__data">
        <span className={`sl-summary__value ${NUMBER_CLASS}`}>
          {missing(value) ? __('N/A') : value}
        </span>{' '}
        {delta !== undefined && (
          <span className={`sl-summary__delta is-${sentiment}`}>
            {typeof delta === 'number' ? (
              <>
                <span aria-hidden="true">{formatDelta(delta)}</span>
                <VisuallyHidden>
                  {describeDelta(delta, prevLabel.replace(/:\s*$/, ''))}
                </VisuallyHidden>
              </>
            ) : (
              __('N/A')
            )}
          </span>
        )}
      </span>{' '}
      {hasComparison && (
        <span className="sl-summary__prev">
          {prevLabel}{' '}
          <span className={NUMBER_CLASS}>{missing(prevValue) ? __('N/A') : prevValue}</span>
        </span>
      )}
    </>
  );
  const className = `sl-summary__item${selected ? ' is-selected' : ''}`;
  if (href === undefined) {
    return (
      <div className={className} aria-current={selected ? 'true' : undefined}>
        {body}
      </div>
    );
  }
  return (
    <Link
      href={href}
      type={hrefType}
      className={className}
      aria-current={selected ? 'true' : undefined}
      onNavigate={onNavigate}
      onClick={onActivate}
    >
      {body}
    </Link>
  );
}

/** Props of {@link SummaryNumbers}. */
export interface SummaryNumbersProps {
  /** Up to 10 figures; more are ignored. */
  items: readonly SummaryItem[];
  /** Shows placeholders instead of figures. */
  isLoading?: boolean;
  /** Number of placeholders while loading; defaults to the number of items (at least 1). */
  placeholderCount?: number;
  /** Accessible name of the list. */
  label?: string;
  /** Forces the mobile (collapsed) layout on or off; follows the screen width by default. */
  isMobile?: boolean;
  /** Replaces in-app navigation of `wc-admin` links. */
  onNavigate?: (href: string) => void;
}

/** A row of summary figures; collapsed behind a toggle showing the selected one on mobile. */
export function SummaryNumbers({
  items,
  isLoading = false,
  placeholderCount,
  label = __('Performance indicators'),
  isMobile: isMobileProp,
  onNavigate,
}: SummaryNumbersProps) {
  const narrow = useMediaQuery(MOBILE_QUERY);
  const isMobile = isMobileProp ?? narrow;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const shown = items.slice(0, MAX_SUMMARY_ITEMS);

  if (isLoading) {
    return (
      <SummaryNumbersPlaceholder
        count={Math.min(MAX_SUMMARY_ITEMS, placeholderCount ?? Math.max(1, shown.length))}
      />
    );
  }

  const list = (
    <ul id={listId} className="sl-summary__list" aria-label={label}>
      {shown.map(({ key, ...item }) => (
        // `key` is React's, never spread into the figure's props.
        <li key={key ?? item.label} className="sl-summary__cell">
          <SummaryNumber
            {...item}
            onNavigate={onNavigate}
            onActivate={isMobile ? () => setOpen(false) : undefined}
          />
        </li>
      ))}
    </ul>
  );

  if (!isMobile) {
    return <div className={`sl-summary has-${Math.min(shown.length, 10)}-items`}>{list}</div>;
  }

  const selected = shown.find((item) => item.selected) ?? shown[0];
  return (
    <div className="sl-summary is-mobile">
      <button
        type="button"
        className="sl-summary__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="sl-summary__label">{selected?.label}</span>{' '}
        <span className={`sl-summary__value ${NUMBER_CLASS}`}>
          {selected === undefined || missing(selected.value) ? __('N/A') : selected.value}
        </span>{' '}
        <VisuallyHidden>{open ? __('Hide all figures') : __('Show all figures')}</VisuallyHidden>
        <span className="sl-summary__chevron" aria-hidden="true">
          {open ? '▲' : '▼'}
        </span>
      </button>
      {open && list}
    </div>
  );
}

/** Placeholders shown while the summary loads, announced to screen readers. */
export function SummaryNumbersPlaceholder({ count = 5 }: { count?: number }) {
  return (
    <div className="sl-summary is-loading">
      <LoadingStatus />
      <ul className="sl-summary__list" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders are identical
          <li key={i} className="sl-summary__cell">
            <div className="sl-summary__item">
              <span className="sl-summary__placeholder is-label" />
              <span className="sl-summary__placeholder is-value" />
              <span className="sl-summary__placeholder is-prev" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
