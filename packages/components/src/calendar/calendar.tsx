import { getWeekStartsOn } from '@storelens/date';
import { DayPicker } from 'react-day-picker';
import {
  calendarDateToIso,
  firstShownMonth,
  isoToCalendarDate,
  storeToday,
} from './calendar-dates';
import { calendarLabels } from './labels';
import 'react-day-picker/style.css';
import './calendar.css';

/** A range of ISO days; either end may be unset. */
export interface CalendarRange {
  after: string | null;
  before: string | null;
}

/** Props shared by both calendar modes. */
export interface CalendarBaseProps {
  /** Months shown side by side (default 1). */
  numberOfMonths?: number | undefined;
  /** Latest selectable ISO day; later days are disabled (default: the store's today). */
  latest?: string | undefined;
  /** Focus the selected day (or today) when mounted. */
  autoFocus?: boolean | undefined;
  /** Accessible name of the calendar. */
  'aria-label'?: string | undefined;
  /** Extra class on the root. */
  className?: string | undefined;
}

/** One selected day; `onSelect` receives the picked ISO day. */
export interface CalendarSingleProps extends CalendarBaseProps {
  mode: 'single';
  selected: string | null;
  onSelect: (day: string) => void;
}

/** A highlighted range; `onSelect` receives the picked ISO day, the caller decides the range. */
export interface CalendarRangeProps extends CalendarBaseProps {
  mode: 'range';
  selected: CalendarRange;
  onSelect: (day: string) => void;
}

/** Props of Calendar: single-day or range mode. */
export type CalendarProps = CalendarSingleProps | CalendarRangeProps;

const toDate = (iso: string | null) => (iso ? isoToCalendarDate(iso) : undefined);

/**
 * A month grid on react-day-picker with store-local days as ISO text, future days disabled,
 * the store's week start and translated labels (days read as "MMM D, YYYY").
 */
export function Calendar(props: CalendarProps) {
  const { numberOfMonths = 1, autoFocus, className } = props;
  const latest = props.latest ?? storeToday();
  const latestDate = isoToCalendarDate(latest);
  const today = isoToCalendarDate(storeToday());
  const anchor =
    props.mode === 'single' ? props.selected : (props.selected.after ?? props.selected.before);
  const shared = {
    className: ['sl-calendar', className].filter(Boolean).join(' '),
    numberOfMonths,
    defaultMonth: isoToCalendarDate(firstShownMonth(anchor, latest, numberOfMonths)),
    endMonth: latestDate,
    disabled: { after: latestDate },
    today,
    weekStartsOn: getWeekStartsOn(),
    labels: calendarLabels(),
    autoFocus,
    'aria-label': props['aria-label'],
  };
  if (props.mode === 'single') {
    return (
      <DayPicker
        {...shared}
        mode="single"
        selected={toDate(props.selected)}
        onSelect={(_selected, day) => props.onSelect(calendarDateToIso(day))}
      />
    );
  }
  const { after, before } = props.selected;
  return (
    <DayPicker
      {...shared}
      mode="range"
      selected={after || before ? { from: toDate(after), to: toDate(before) } : undefined}
      onSelect={(_selected, day) => props.onSelect(calendarDateToIso(day))}
    />
  );
}
