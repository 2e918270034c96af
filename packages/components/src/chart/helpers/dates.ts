import { getDateFormatsForInterval } from '@storelens/date';
import { timeFormat, timeParse } from 'd3-time-format';
import { DEFAULT_DATE_PARSER } from '../constants';
import type { ChartDateFormats, ChartInterval } from '../types';

/**
 * Parses every row date with a d3-time-format specifier (local time). A date that does not
 * match is tried as an ISO date; an unparseable one becomes an invalid Date.
 */
export function parseRowDates(
  data: readonly { date: string }[],
  specifier: string = DEFAULT_DATE_PARSER,
): Date[] {
  const dateAt = createDateLookup(data, specifier);
  return data.map((_row, index) => dateAt(index) ?? new Date(Number.NaN));
}

const DEFAULT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** A fast path for the default '%Y-%m-%dT%H:%M:%S' (local time); null when it does not match. */
function parseDefault(text: string): Date | null {
  const match = DEFAULT_PATTERN.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const date = new Date(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
  // Years 0–99 would map to 1900–1999 in the Date constructor.
  if ((year ?? 0) < 100) date.setFullYear(year ?? 0);
  return date;
}

/** Looks up the parsed date of a row by index. */
export type DateAt = (index: number) => Date | undefined;

/**
 * A lazy, caching date lookup: a row's date is parsed the first time it is asked for, so a
 * chart of 8,760 hours parses only the dates it labels, not every row.
 */
export function createDateLookup(
  data: readonly { date: string }[],
  specifier: string = DEFAULT_DATE_PARSER,
): DateAt {
  const cache: (Date | undefined)[] = [];
  let parse: ((text: string) => Date | null) | undefined;
  const fast = specifier === DEFAULT_DATE_PARSER;
  return (index) => {
    const cached = cache[index];
    if (cached) return cached;
    const row = data[index];
    if (!row) return undefined;
    parse ??= timeParse(specifier);
    const date = (fast ? parseDefault(row.date) : null) ?? parse(row.date) ?? new Date(row.date);
    cache[index] = date;
    return date;
  };
}

/** One x-axis label: the index it belongs to and its one or two lines. */
export interface XTickLabel {
  /** Index of the date in the data. */
  index: number;
  /** First line. */
  line1: string;
  /** Second line, present only where it changes from the previous label. */
  line2?: string;
}

/**
 * Builds the x-axis labels for the given tick indexes. Line 2 shows only where it changes from
 * the previous label, and (given `positionOf`) only when at least `minGap` px from the last
 * shown line 2, so long second lines never overlap.
 */
export function getXTickLabels(
  dateAt: DateAt,
  tickIndexes: readonly number[],
  formats: ChartDateFormats,
  positionOf?: (index: number) => number,
  minGap = 0,
): XTickLabel[] {
  const line1 = timeFormat(formats.xFormat);
  const line2 = formats.x2Format ? timeFormat(formats.x2Format) : undefined;
  let previous: string | undefined;
  let lastShownAt = Number.NEGATIVE_INFINITY;
  const labels: XTickLabel[] = [];
  for (const index of tickIndexes) {
    const date = dateAt(index);
    if (!date || Number.isNaN(date.getTime())) continue;
    const second = line2?.(date);
    const label: XTickLabel = { index, line1: line1(date).trim() };
    const at = positionOf?.(index) ?? 0;
    if (second && second !== previous && (!positionOf || at - lastShownAt >= minGap)) {
      label.line2 = second;
      lastShownAt = at;
      previous = second;
    }
    labels.push(label);
  }
  return labels;
}

/**
 * The axis formats for the ticks shown, from @storelens/date: month labels for day (63+) and
 * week (9+) series (the ones collapsed to month starts), day labels for an hourly series whose
 * ticks are a day or more apart, else the interval's own.
 */
export function getAxisDateFormats(
  interval: ChartInterval,
  tickIndexes: readonly number[],
  count: number,
): ChartDateFormats {
  const [first, second] = tickIndexes;
  const step = first !== undefined && second !== undefined ? second - first : 1;
  if (interval === 'hour' && step >= 24) return getDateFormatsForInterval('day', 0);
  return getDateFormatsForInterval(interval, count);
}

/** Formats a tooltip heading, or returns the raw text when the date is invalid. */
export function formatTooltipDate(date: Date | undefined, specifier: string, raw = ''): string {
  if (!date || Number.isNaN(date.getTime())) return raw;
  return timeFormat(specifier)(date).trim().replace(/\s+/g, ' ');
}
