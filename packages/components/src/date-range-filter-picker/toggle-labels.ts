import {
  type DateQuery,
  defaultDateRange as DEFAULT_RANGE,
  getCurrentDates,
} from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';

/** The two lines of the picker's toggle: the primary range and the 'vs.' secondary range. */
export function getToggleLabels(
  query: DateQuery,
  defaultDateRange: string = DEFAULT_RANGE,
): { primary: string; secondary: string } {
  const { primary, secondary } = getCurrentDates(query, defaultDateRange);
  return {
    primary: sprintf(__('%1$s (%2$s)'), primary.label, primary.range),
    secondary: sprintf(__('vs. %1$s (%2$s)'), secondary.label, secondary.range),
  };
}
