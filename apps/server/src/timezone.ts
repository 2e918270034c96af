/** 'YYYY-MM-DD HH:MM:SS' */
export type SqlDateTime = string;

/** Throws a RangeError when the zone is not an IANA name this runtime knows. */
export function assertTimezone(tz: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new RangeError(`Unknown timezone "${tz}"`);
  }
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

/** Formats epoch milliseconds as 'YYYY-MM-DD HH:MM:SS' of the UTC wall clock. */
export function formatSqlUtc(ms: number): SqlDateTime {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
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
  assertTimezone(tz);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  // Most UTC days have one offset throughout: checking both ends of a day caches it for the
  // whole day, so only days with a transition look offsets up per 15-minute slot.
  const dayOffsets = new Map<number, number | null>();
  const offsetAt = (ms: number): number => {
    const day = Math.floor(ms / 86_400_000);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const start = slotOffsetAt(day * 86_400_000);
      offset = start === slotOffsetAt((day + 1) * 86_400_000 - 1) ? start : null;
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
          // Try the offsets in force just before and after; keep the earliest that maps back.
          const candidates = [
            wall - offsetAt(wall - 86_400_000),
            wall - offsetAt(wall + 86_400_000),
          ]
            .filter((g) => g + offsetAt(g) === wall)
            .sort((a, b) => a - b);
          const gmt = candidates[0] ?? wall - offsetAt(wall - 86_400_000);
          return formatSqlUtc(gmt);
        },
  };
  zones.set(tz, result);
  return result;
}
