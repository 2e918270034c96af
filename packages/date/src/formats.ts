import { __ } from '@storelens/i18n';
import { dayTicksThreshold, weekTicksThreshold } from './constants';
import type { Interval } from './types';

/** d3-time-format strings for one interval: tooltip title, x-axis label and its second line. */
export interface IntervalDateFormats {
  /** Title of a tooltip for one point, e.g. "January 5, 2024". */
  tooltipLabelFormat: string;
  /** Main x-axis tick label, e.g. "5". */
  xFormat: string;
  /** Second line under an x-axis tick (shown where it changes), e.g. "Jan 2024". */
  x2Format: string;
}

/**
 * Label formats (d3-time-format) for charting an `interval` with `ticks` points: many day
 * (≥ dayTicksThreshold) or week (≥ weekTicksThreshold) points label months instead of days.
 */
export function getDateFormatsForInterval(interval: Interval, ticks = 0): IntervalDateFormats {
  switch (interval) {
    case 'hour':
      return {
        tooltipLabelFormat: __('%_I%p %b %-d, %Y'),
        xFormat: __('%_I%p'),
        x2Format: __('%b %-d, %Y'),
      };
    case 'day':
      return ticks < dayTicksThreshold
        ? { tooltipLabelFormat: __('%B %-d, %Y'), xFormat: '%-d', x2Format: __('%b %Y') }
        : { tooltipLabelFormat: __('%B %-d, %Y'), xFormat: __('%b'), x2Format: '%Y' };
    case 'week':
      return ticks < weekTicksThreshold
        ? { tooltipLabelFormat: __('Week of %B %-d, %Y'), xFormat: '%-d', x2Format: __('%b %Y') }
        : { tooltipLabelFormat: __('Week of %B %-d, %Y'), xFormat: __('%b'), x2Format: '%Y' };
    case 'month':
      return { tooltipLabelFormat: __('%B %Y'), xFormat: __('%b'), x2Format: '%Y' };
    case 'quarter':
      return { tooltipLabelFormat: __('Q%q %Y'), xFormat: __('Q%q'), x2Format: '%Y' };
    case 'year':
      return { tooltipLabelFormat: '%Y', xFormat: '%Y', x2Format: '' };
    default:
      return { tooltipLabelFormat: __('%B %-d, %Y'), xFormat: '%Y-%m-%d', x2Format: __('%b %Y') };
  }
}
