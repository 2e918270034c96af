import { __, sprintf } from '@storelens/i18n';

type Interval = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const format = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const hour = format({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric' });
const day = format({ month: 'short', day: 'numeric', year: 'numeric' });
const month = format({ month: 'long', year: 'numeric' });

/** A readable label for a stats interval that starts at a local 'YYYY-MM-DD HH:MM:SS'. */
export function intervalLabel(interval: Interval, dateStart: string): string {
  const date = new Date(`${dateStart.replace(' ', 'T')}Z`);
  switch (interval) {
    case 'hour':
      return hour.format(date);
    case 'day':
      return day.format(date);
    case 'week':
      return sprintf(__('Week of %s'), day.format(date));
    case 'month':
      return month.format(date);
    case 'quarter':
      return sprintf(
        __('Q%1$d %2$d'),
        Math.floor(date.getUTCMonth() / 3) + 1,
        date.getUTCFullYear(),
      );
    case 'year':
      return String(date.getUTCFullYear());
  }
}
