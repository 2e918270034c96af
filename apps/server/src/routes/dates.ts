import { ApiError } from '../errors';
import { formatSqlUtc, parseSqlUtc, type Zone } from '../timezone';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** True when the text is an ISO-8601 date or date-time with a real calendar date. */
export function isIsoDateTime(text: string): boolean {
  const m = ISO.exec(text);
  if (!m) return false;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const back = new Date(ms);
  return (
    back.getUTCFullYear() === Number(y) &&
    back.getUTCMonth() === Number(mo) - 1 &&
    back.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(s) < 60
  );
}

/**
 * Reads an `after`/`before` parameter as store-local 'YYYY-MM-DD HH:MM:SS': without an offset
 * it already is local; with one it is converted. A bare date means its first second.
 */
export function toLocalDateTime(text: string, zone: Zone): string {
  const m = ISO.exec(text);
  if (!m) throw new RangeError(`Not an ISO date: ${text}`);
  const [, y, mo, d, h = '00', mi = '00', s = '00', offset] = m;
  const wall = `${y}-${mo}-${d} ${h}:${mi}:${s.padStart(2, '0')}`;
  if (!offset) return wall;
  if (offset === 'Z') return zone.toLocal(wall);
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
  return zone.toLocal(formatSqlUtc(parseSqlUtc(wall) - sign * minutes * 60_000));
}

/** Resolves the report range: defaults (now − 7 days … now), and a 400 when reversed. */
export function reportRange(
  query: { after?: string; before?: string },
  zone: Zone,
  now = Date.now(),
): { after: string; before: string } {
  const before = query.before
    ? toLocalDateTime(query.before, zone)
    : zone.toLocal(formatSqlUtc(now));
  const after = query.after
    ? toLocalDateTime(query.after, zone)
    : formatSqlUtc(parseSqlUtc(before) - 7 * 86_400_000);
  if (after > before) {
    throw ApiError.invalidParams({ after: 'after must be earlier than or equal to before.' });
  }
  return { after, before };
}
