/** 'YYYY-MM-DD HH:MM:SS' */
export type SqlDateTime = string;

/**
 * Throws a RangeError when the zone is not an IANA name this runtime knows. A valid zone is
 * kept by `zone`, so the check of every request's settings builds no formatter after the first.
 */
export function assertTimezone(tz: string): void {
  zone(tz);
}

/** Parses 'YYYY-MM-DD HH:MM:SS' (or with 'T') as UTC epoch milliseconds. */
export function parseSqlUtc(value: string): number {
  return Date.UTC(
    Number(value.slice(0, 4)),
    Number(value.slice(5, 7)) - 1,
    Number(value.slice(8, 10)),
    Number(value.slice(11, 13) || 0),
    Number(value.slice(14, 16) || 0),
    Number(value.slice(17, 19) || 0),
  );
}

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
/** Years 1000-9999 as milliseconds: four digits, where the arithmetic below applies. */
const FOUR_DIGIT_YEARS = [Date.UTC(1000, 0, 1), Date.UTC(10_000, 0, 1)] as const;

/**
 * Formats epoch milliseconds as 'YYYY-MM-DD HH:MM:SS' of the UTC wall clock. Every stats
 * request formats two instants per interval (a year by day: 1,800 calls), so the calendar date
 * is computed from the day number (the proleptic Gregorian calendar's 400-year cycles, counted
 * from March so the leap day ends a cycle's year), five times as fast as `Date#toISOString`.
 * Other years, and anything not a finite number, go through `Date`, which throws on NaN.
 */
export function formatSqlUtc(ms: number): SqlDateTime {
  if (!(ms >= FOUR_DIGIT_YEARS[0] && ms < FOUR_DIGIT_YEARS[1]))
    return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const days = Math.floor(ms / DAY_MS);
  const seconds = Math.floor((ms - days * DAY_MS) / 1000);
  // Days since 0000-03-01, then the 400-year era, the year of the era and the day of that year.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor((seconds - hour * 3600) / 60);
  const second = seconds - hour * 3600 - minute * 60;
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]} ${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}`;
}

/** Fast conversions between GMT and a zone's local wall clock ('YYYY-MM-DD HH:MM:SS'). */
export interface Zone {
  name: string;
  toLocal(gmt: SqlDateTime): SqlDateTime;
  /** A time skipped by a DST jump moves forward; an ambiguous one takes the earlier instant. */
  toGmt(local: SqlDateTime): SqlDateTime;
}

const zones = new Map<string, Zone>();

/**
 * A zone with its UTC offset looked up once per 15-minute slot (every real zone changes offset
 * on such a boundary) and cached, so ingestion converts millions of dates cheaply.
 */
export function zone(tz: string): Zone {
  const cached = zones.get(tz);
  if (cached) return cached;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    throw new RangeError(`Unknown timezone "${tz}"`);
  }
  const offsets = new Map<number, number>();
  // Most UTC days have one offset throughout: checking both ends of a day caches it for the
  // whole day, so only days with a transition look offsets up per 15-minute slot.
  const dayOffsets = new Map<number, number | null>();
  const offsetAt = (ms: number): number => {
    const day = Math.floor(ms / DAY_MS);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const start = slotOffsetAt(day * DAY_MS);
      offset = start === slotOffsetAt((day + 1) * DAY_MS - 1) ? start : null;
      dayOffsets.set(day, offset);
    }
    return offset ?? slotOffsetAt(ms);
  };
  const slotOffsetAt = (ms: number): number => {
    const slot = Math.floor(ms / 900_000);
    let offset = offsets.get(slot);
    if (offset === undefined) {
      const parts = Object.fromEntries(
        format.formatToParts(new Date(slot * 900_000)).map((p) => [p.type, p.value]),
      );
      const wall = Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
        Number(parts.second),
      );
      offset = wall - slot * 900_000;
      offsets.set(slot, offset);
    }
    return offset;
  };
  const utc = tz === 'UTC' || tz === 'Etc/UTC';
  // toLocal's hot path: every offset in use today is a whole number of quarter hours, so the
  // minutes past a quarter and the seconds carry over unchanged, and one cached local prefix
  // per GMT quarter hour gives the rest. Odd historical offsets (LMT) take the slow path.
  const quarters = new Map<string, { prefix: string; minute: number } | null>();
  const slowLocal = (gmt: SqlDateTime) => {
    const ms = parseSqlUtc(gmt);
    return formatSqlUtc(ms + offsetAt(ms));
  };
  const fastLocal = (gmt: SqlDateTime): SqlDateTime => {
    if (gmt.length !== 19 || gmt[10] !== ' ') return slowLocal(gmt);
    const minute = (gmt.charCodeAt(14) - 48) * 10 + gmt.charCodeAt(15) - 48;
    const key = gmt.slice(0, 13) + ((minute / 15) | 0);
    let quarter = quarters.get(key);
    if (quarter === undefined) {
      const start = slowLocal(
        `${gmt.slice(0, 14)}${String(minute - (minute % 15)).padStart(2, '0')}:00`,
      );
      const startMinute = Number(start.slice(14, 16));
      quarter = startMinute % 15 === 0 ? { prefix: start.slice(0, 14), minute: startMinute } : null;
      quarters.set(key, quarter);
    }
    if (quarter === null) return slowLocal(gmt);
    const m = quarter.minute + (minute % 15);
    return `${quarter.prefix}${m < 10 ? '0' : ''}${m}${gmt.slice(16)}`;
  };
  const result: Zone = {
    name: tz,
    toLocal: utc ? (gmt) => gmt : fastLocal,
    toGmt: utc
      ? (local) => local
      : (local) => {
          const wall = parseSqlUtc(local);
          // Try the offsets in force a day before and after; keep the earlier that maps back
          // (both do for an ambiguous time, neither for a skipped one: the offset before).
          const before = wall - offsetAt(wall - DAY_MS);
          const after = wall - offsetAt(wall + DAY_MS);
          const afterFits = after + offsetAt(after) === wall;
          if (afterFits && (after < before || before + offsetAt(before) !== wall))
            return formatSqlUtc(after);
          return formatSqlUtc(before);
        },
  };
  zones.set(tz, result);
  return result;
}
