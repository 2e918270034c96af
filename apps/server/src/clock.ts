import { parseSqlUtc, type Zone } from './timezone';

/** 'YYYY-MM-DD HH:MM:SS' → ISO 'YYYY-MM-DDTHH:MM:SS' (notes, reviews). */
export function isoOf(sqlDate: string): string;
export function isoOf(sqlDate: string | null): string | null;
export function isoOf(sqlDate: string | null): string | null {
  return sqlDate === null ? null : sqlDate.replace(' ', 'T');
}

/** Now as GMT 'YYYY-MM-DD HH:MM:SS'. */
export function nowGmt(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Reads an ISO date-time from a client as the local/GMT pair the tables keep: without an
 * offset it is store-local, with one (or Z) it is converted.
 */
export function localAndGmt(iso: string, zone: Zone): { local: string; gmt: string } {
  const m =
    /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
      iso,
    );
  if (!m) throw new RangeError(`Not an ISO date-time: ${iso}`);
  const [, day, h = '00', mi = '00', s = '00', offset] = m;
  const wall = `${day} ${h}:${mi}:${s}`;
  if (!offset) return { local: wall, gmt: zone.toGmt(wall) };
  let ms = parseSqlUtc(wall);
  if (offset !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  const gmt = nowGmt(ms);
  return { local: zone.toLocal(gmt), gmt };
}
