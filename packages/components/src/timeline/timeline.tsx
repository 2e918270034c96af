import { getWeekStartsOn } from '@storelens/date';
import { __ } from '@storelens/i18n';
import type { ReactNode } from 'react';
import { H, Section } from '../section/section';
import { groupTimelineItems, type TimelineGroupBy, type TimelineOrder } from './groups';
import { formatPhpDate } from './php-date';
import '../style/parts.css';
import './timeline.css';

/** One event on a timeline. */
export interface TimelineItem {
  /** Stable key; defaults to the date and position. */
  key?: string;
  /** When it happened. */
  date: Date;
  /** A small picture or glyph (decorative). */
  icon?: ReactNode;
  /** What happened. */
  headline: ReactNode;
  /** Details, one entry per line. */
  body?: readonly ReactNode[];
  /** Hides the clock time. */
  hideTimestamp?: boolean;
}

/** Props of {@link Timeline}. */
export interface TimelineProps {
  /** The events. */
  items: readonly TimelineItem[];
  /** Group by day (default), week or month. */
  groupBy?: TimelineGroupBy;
  /** Newest first (`desc`, default) or oldest first. */
  orderBy?: TimelineOrder;
  /** Group title format (PHP date tokens); defaults to 'F j, Y'. */
  dateFormat?: string;
  /** Clock format (PHP date tokens); defaults to 'g:ia'. */
  clockFormat?: string;
  /** First day of the week for weekly groups; defaults to the store setting. */
  weekStartsOn?: number;
  /** Shown when there are no items; defaults to 'No data to display'. */
  emptyMessage?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoLocal = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** Events grouped by day, week or month, each group titled by its date, newest first. */
export function Timeline({
  items,
  groupBy = 'day',
  orderBy = 'desc',
  dateFormat = 'F j, Y',
  clockFormat = 'g:ia',
  weekStartsOn = getWeekStartsOn(),
  emptyMessage = __('No data to display'),
}: TimelineProps) {
  const groups = groupTimelineItems(items, groupBy, orderBy, weekStartsOn);
  if (groups.length === 0) {
    return <p className="sl-timeline is-empty">{emptyMessage}</p>;
  }
  return (
    <ul className="sl-timeline">
      {groups.map((group) => (
        <li key={group.start.getTime()} className="sl-timeline__group">
          <Section component={false}>
            <H className="sl-timeline__group-title">
              <time dateTime={isoLocal(group.start).slice(0, 10)}>
                {formatPhpDate(group.start, dateFormat)}
              </time>
            </H>
          </Section>
          <ul className="sl-timeline__items">
            {group.items.map((item, index) => (
              <li key={item.key ?? `${item.date.getTime()}-${index}`} className="sl-timeline__item">
                <span className="sl-round-marker sl-timeline__icon" aria-hidden="true">
                  {item.icon ?? <span className="sl-timeline__dot" />}
                </span>
                <div className="sl-timeline__content">
                  <div className="sl-timeline__headline">{item.headline}</div>
                  {item.body && item.body.length > 0 && (
                    <ul className="sl-timeline__body">
                      {item.body.map((line, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: body lines are positional
                        <li key={i}>{line}</li>
                      ))}
                    </ul>
                  )}
                </div>
                {!item.hideTimestamp && (
                  <time className="sl-timeline__time" dateTime={isoLocal(item.date)}>
                    {formatPhpDate(item.date, clockFormat)}
                  </time>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
