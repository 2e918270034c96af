import { __, sprintf } from '@storelens/i18n';
import { toStoreDate } from './to-store-date';
import type { DateInput } from './types';

/**
 * A readable label for the days from `after` to `before`, shortest form first:
 * "Jan 5, 2024", "Jan 1 - 15, 2024", "Jan 1 - Feb 3, 2024", "Dec 1, 2023 - Jan 3, 2024".
 */
export function getRangeLabel(after: DateInput, before: DateInput): string {
  const start = toStoreDate(after);
  const end = toStoreDate(before);
  const full = __('MMM D, YYYY');
  if (start.isSame(end, 'day')) return start.format(full);
  if (start.isSame(end, 'month')) {
    return sprintf(__('%1$s - %2$s'), start.format(__('MMM D')), end.format(__('D, YYYY')));
  }
  if (start.isSame(end, 'year')) {
    return sprintf(__('%1$s - %2$s'), start.format(__('MMM D')), end.format(full));
  }
  return sprintf(__('%1$s - %2$s'), start.format(full), end.format(full));
}
