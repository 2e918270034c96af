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
  const offsetAt = (ms: number): number => {
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
  const result: Zone = {
    name: tz,
    toLocal: utc
      ? (gmt) => gmt
      : (gmt) => {
          const ms = parseSqlUtc(gmt);
          return formatSqlUtc(ms + offsetAt(ms));
        },
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
