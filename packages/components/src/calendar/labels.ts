import { __, sprintf } from '@storelens/i18n';
import dayjs from 'dayjs';
import type { Labels, Modifiers } from 'react-day-picker';

/** Screen-reader format of a day (spec: MMM D, YYYY), translatable. */
export function screenReaderDateFormat(): string {
  return __('MMM D, YYYY');
}

/** Accessible name of a day button: "Jan 15, 2024", with "Today, " and ", selected" marks. */
export function labelDay(date: Date, modifiers: Partial<Modifiers>): string {
  // The calendar's Date is local midnight of the day; format its local fields.
  let label = dayjs(date).format(screenReaderDateFormat());
  if (modifiers.today) label = sprintf(__('Today, %s'), label);
  if (modifiers.selected) label = sprintf(__('%s, selected'), label);
  return label;
}

/** Translated ARIA labels for react-day-picker. */
export function calendarLabels(): Partial<Labels> {
  return {
    labelDayButton: (date, modifiers) => labelDay(date, modifiers),
    labelNext: () => __('Go to the next month'),
    labelPrevious: () => __('Go to the previous month'),
    labelNav: () => __('Change month'),
  };
}
