import type { DigestFrequency } from '@storelens/api';
import { formatSqlUtc, parseSqlUtc, type Zone } from '../timezone';

/** A complete report period in the store's time zone. */
export interface Period {
  /** `daily:2024-03-04`, `weekly:2024-03-04` (its first day), `monthly:2024-03-01`. */
  key: string;
  frequency: DigestFrequency;
  /** First and last day, 'YYYY-MM-DD'. */
  first: string;
  last: string;
  /** Store-local bounds as the reports take them. */
  after: string;
  before: string;
  /** The period before it, for the comparison. */
  previous: { first: string; last: string; after: string; before: string };
  /** When it is sent: the chosen local hour of the day after it, as GMT epoch ms. */
  dueMs: number;
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic, no zone). */
export function addDays(day: string, days: number): string {
  return formatSqlUtc(parseSqlUtc(day) + days * DAY_MS).slice(0, 10);
}

/** 'YYYY-MM-01' of the month `months` after the month of `day`. */
function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  return formatSqlUtc(Date.UTC(y + Math.floor(m / 12), ((m % 12) + 12) % 12, 1)).slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
const weekday = (day: string) => new Date(parseSqlUtc(day)).getUTCDay();

/** The first and last day of the period that starts on `first`. */
function span(frequency: DigestFrequency, first: string): { first: string; last: string } {
  if (frequency === 'daily') return { first, last: first };
  if (frequency === 'weekly') return { first, last: addDays(first, 6) };
  return { first, last: addDays(addMonths(first, 1), -1) };
}

/** The first day of the period holding `day`. */
function periodStart(frequency: DigestFrequency, day: string, startOfWeek: number): string {
  if (frequency === 'daily') return day;
  if (frequency === 'weekly') return addDays(day, -((weekday(day) - startOfWeek + 7) % 7));
  return `${day.slice(0, 8)}01`;
}

/** The first day of the period before the one starting on `first`. */
function previousStart(frequency: DigestFrequency, first: string): string {
  if (frequency === 'daily') return addDays(first, -1);
  if (frequency === 'weekly') return addDays(first, -7);
  return addMonths(first, -1);
}

/** The period starting on `first`, sent at `hour` (local) on the day after its last. */
export function periodOf(
  frequency: DigestFrequency,
  first: string,
  hour: number,
  tz: Zone,
): Period {
  const own = span(frequency, first);
  const prev = span(frequency, previousStart(frequency, first));
  const bounds = (s: { first: string; last: string }) => ({
    ...s,
    after: `${s.first} 00:00:00`,
    before: `${s.last} 23:59:59`,
  });
  const dueLocal = `${addDays(own.last, 1)} ${String(hour).padStart(2, '0')}:00:00`;
  return {
    key: `${frequency}:${first}`,
    frequency,
    ...bounds(own),
    previous: bounds(prev),
    dueMs: parseSqlUtc(tz.toGmt(dueLocal)),
  };
}

/** The first local day of the latest complete period at `nowMs` (the one before today's). */
function lastCompleteStart(
  frequency: DigestFrequency,
  nowMs: number,
  tz: Zone,
  startOfWeek: number,
): string {
  const today = tz.toLocal(formatSqlUtc(nowMs)).slice(0, 10);
  return previousStart(frequency, periodStart(frequency, today, startOfWeek));
}

/**
 * The latest complete period whose sending time (the chosen local hour after it) has come at
 * `nowMs`: yesterday for a daily digest once today's hour has come, else the day before.
 */
export function latestDuePeriod(
  frequency: DigestFrequency,
  hour: number,
  nowMs: number,
  tz: Zone,
  startOfWeek: number,
): Period {
  const last = periodOf(frequency, lastCompleteStart(frequency, nowMs, tz, startOfWeek), hour, tz);
  if (last.dueMs <= nowMs) return last;
  return periodOf(frequency, previousStart(frequency, last.first), hour, tz);
}

/** The latest complete period at `nowMs` whatever the hour (a "send now"). */
export function latestCompletePeriod(
  frequency: DigestFrequency,
  nowMs: number,
  tz: Zone,
  startOfWeek: number,
): Period {
  return periodOf(frequency, lastCompleteStart(frequency, nowMs, tz, startOfWeek), 0, tz);
}
