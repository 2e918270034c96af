import type { IntervalKind } from '@storelens/api';
import { formatSqlUtc, parseSqlUtc } from '../timezone';

/*
 * Interval bucketing shared by every stats report. Works on local wall-clock strings
 * ('YYYY-MM-DD HH:MM:SS'), treating them as plain calendar values (no zone math here).
 * Bucket ids follow WooCommerce: '2024-05-10 13', '2024-05-10', '2024-19', '2024-05', '2024-2',
 * '2024'. Weeks starting Monday are ISO weeks; any other start numbers weeks within the
 * calendar year, week 1 holding Jan 1, so a week never crosses the year.
 */

const DAY = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Milliseconds of a local wall-clock string, read as if UTC (same parsing as GMT text). */
export const wallMs = parseSqlUtc;

/** 'YYYY-MM-DD HH:MM:SS' of wall-clock milliseconds. */
export const wallText = formatSqlUtc;

interface Bucket {
  id: string;
  /** Inclusive start and exclusive end, wall-clock ms. */
  start: number;
  end: number;
}

/** The bucket holding a wall-clock instant. */
export function bucketAt(ms: number, interval: IntervalKind, startOfWeek: number): Bucket {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = Date.UTC(y, m, d.getUTCDate());
  switch (interval) {
    case 'hour': {
      const start = day + d.getUTCHours() * 3_600_000;
      return { id: `${wallText(start).slice(0, 13)}`, start, end: start + 3_600_000 };
    }
    case 'day':
      return { id: wallText(day).slice(0, 10), start: day, end: day + DAY };
    case 'week':
      return weekBucket(day, startOfWeek);
    case 'month':
      return { id: `${y}-${pad(m + 1)}`, start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1) };
    case 'quarter': {
      const q = Math.floor(m / 3);
      return { id: `${y}-${q + 1}`, start: Date.UTC(y, q * 3, 1), end: Date.UTC(y, q * 3 + 3, 1) };
    }
    case 'year':
      return { id: String(y), start: Date.UTC(y, 0, 1), end: Date.UTC(y + 1, 0, 1) };
  }
}

function weekBucket(day: number, startOfWeek: number): Bucket {
  const dow = new Date(day).getUTCDay();
  const weekStart = day - ((dow - startOfWeek + 7) % 7) * DAY;
  if (startOfWeek === 1) {
    // ISO week: the year of the week's Thursday, counted from the week holding Jan 4.
    const thursday = weekStart + 3 * DAY;
    const isoYear = new Date(thursday).getUTCFullYear();
    const jan4 = Date.UTC(isoYear, 0, 4);
    const week1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
    const n = Math.floor((weekStart - week1) / (7 * DAY)) + 1;
    return { id: `${isoYear}-${pad(n)}`, start: weekStart, end: weekStart + 7 * DAY };
  }
  const y = new Date(day).getUTCFullYear();
  const jan1 = Date.UTC(y, 0, 1);
  const nextJan1 = Date.UTC(y + 1, 0, 1);
  const firstWeekStart = jan1 - ((new Date(jan1).getUTCDay() - startOfWeek + 7) % 7) * DAY;
  const n = Math.floor((weekStart - firstWeekStart) / (7 * DAY)) + 1;
  return {
    id: `${y}-${pad(n)}`,
    start: Math.max(weekStart, jan1),
    end: Math.min(weekStart + 7 * DAY, nextJan1),
  };
}

/** One interval of a stats response, with local bounds clipped to the range. */
export interface RangeBucket {
  id: string;
  /** Local 'YYYY-MM-DD HH:MM:SS', first second. */
  start: string;
  /** Local 'YYYY-MM-DD HH:MM:SS', last second (or `before` when earlier). */
  end: string;
}

/** The bucket lists last asked for, by range, interval and week start (most recent last). */
const rangeBuckets = new Map<string, readonly RangeBucket[]>();
const KEPT_RANGES = 256;

/**
 * Every bucket between two local instants, inclusive, in ascending order. The list depends on
 * the calendar alone, and a dashboard asks the same few ranges again and again (a year by day
 * is 365 buckets a request), so the last ones are kept, shared and read-only.
 */
export function bucketsBetween(
  after: string,
  before: string,
  interval: IntervalKind,
  startOfWeek: number,
): readonly RangeBucket[] {
  const key = `${after}|${before}|${interval}|${startOfWeek}`;
  const kept = rangeBuckets.get(key);
  if (kept) {
    rangeBuckets.delete(key);
    rangeBuckets.set(key, kept);
    return kept;
  }
  const first = wallMs(after);
  const last = wallMs(before);
  const out: RangeBucket[] = [];
  for (let cursor = first; cursor <= last; ) {
    const b = bucketAt(cursor, interval, startOfWeek);
    out.push(
      Object.freeze({
        id: b.id,
        start: wallText(Math.max(b.start, first)),
        end: wallText(Math.min(b.end - 1000, last)),
      }),
    );
    cursor = b.end;
  }
  const list = Object.freeze(out);
  rangeBuckets.set(key, list);
  if (rangeBuckets.size > KEPT_RANGES) rangeBuckets.delete(rangeBuckets.keys().next().value!);
  return list;
}

/** The bucket id of a local instant. */
export function bucketId(local: string, interval: IntervalKind, startOfWeek: number): string {
  if (interval === 'hour') return local.slice(0, 13);
  if (interval === 'day') return local.slice(0, 10);
  if (interval === 'month') return local.slice(0, 7);
  if (interval === 'year') return local.slice(0, 4);
  return bucketAt(wallMs(local), interval, startOfWeek).id;
}
