import { timeFormat, timeParse } from 'd3-time-format';
import { DEFAULT_DATE_PARSER } from '../constants';
import type { ChartDataRow, ChartDateFormats, ChartInterval } from '../types';

/**
 * Parses every row date with a d3-time-format specifier (local time). A date that does not
 * match is tried as an ISO date; an unparseable one becomes an invalid Date.
 */
export function parseRowDates(
  data: readonly ChartDataRow[],
  specifier: string = DEFAULT_DATE_PARSER,
): Date[] {
  const parse = timeParse(specifier);
  return data.map((row) => parse(row.date) ?? new Date(row.date));
}

/** Default axis and tooltip formats per interval (d3-time-format specifiers). */
export const DEFAULT_DATE_FORMATS: Record<ChartInterval, ChartDateFormats> = {
  hour: { tooltipLabelFormat: '%_I %p %b %-d, %Y', xFormat: '%_I %p', x2Format: '%b %-d, %Y' },
  day: { tooltipLabelFormat: '%B %-d, %Y', xFormat: '%-d', x2Format: '%b %Y' },
  week: { tooltipLabelFormat: '%B %-d, %Y', xFormat: '%-d', x2Format: '%b %Y' },
  month: { tooltipLabelFormat: '%B %Y', xFormat: '%b', x2Format: '%Y' },
  quarter: { tooltipLabelFormat: '%B %Y', xFormat: '%b', x2Format: '%Y' },
  year: { tooltipLabelFormat: '%Y', xFormat: '%Y', x2Format: '' },
};

/** One x-axis label: the index it belongs to and its one or two lines. */
export interface XTickLabel {
  /** Index of the date in the data. */
  index: number;
  /** First line. */
  line1: string;
  /** Second line, present only where it changes from the previous label. */
  line2?: string;
}

/** Builds the x-axis labels for the given tick indexes; line 2 shows only when it changes. */
export function getXTickLabels(
  dates: readonly Date[],
  tickIndexes: readonly number[],
  formats: ChartDateFormats,
): XTickLabel[] {
  const line1 = timeFormat(formats.xFormat);
  const line2 = formats.x2Format ? timeFormat(formats.x2Format) : undefined;
  let previous: string | undefined;
  const labels: XTickLabel[] = [];
  for (const index of tickIndexes) {
    const date = dates[index];
    if (!date || Number.isNaN(date.getTime())) continue;
    const second = line2?.(date);
    const label: XTickLabel = { index, line1: line1(date).trim() };
    if (second && second !== previous) label.line2 = second;
    previous = second;
    labels.push(label);
  }
  return labels;
}

/** Formats a tooltip heading, or returns the raw text when the date is invalid. */
export function formatTooltipDate(date: Date | undefined, specifier: string, raw = ''): string {
  if (!date || Number.isNaN(date.getTime())) return raw;
  return timeFormat(specifier)(date).trim().replace(/\s+/g, ' ');
}
