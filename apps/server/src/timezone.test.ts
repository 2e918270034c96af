import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSqlUtc, zone } from './timezone';

describe('zone conversions', () => {
  it('follows DST in New York', () => {
    const ny = zone('America/New_York');
    expect(ny.toLocal('2024-01-15 12:00:00')).toBe('2024-01-15 07:00:00');
    expect(ny.toLocal('2024-07-15 12:00:00')).toBe('2024-07-15 08:00:00');
    expect(ny.toGmt('2024-07-15 08:00:00')).toBe('2024-07-15 12:00:00');
  });

  it('handles a +05:45 offset', () => {
    const ktm = zone('Asia/Kathmandu');
    expect(ktm.toLocal('2024-05-01 18:15:00')).toBe('2024-05-02 00:00:00');
    expect(ktm.toGmt('2024-05-02 00:00:00')).toBe('2024-05-01 18:15:00');
  });

  it('moves a skipped local time forward and takes the earlier of an ambiguous one', () => {
    const ny = zone('America/New_York');
    expect(ny.toGmt('2024-03-10 02:30:00')).toBe('2024-03-10 07:30:00');
    expect(ny.toGmt('2024-11-03 01:30:00')).toBe('2024-11-03 05:30:00');
  });

  it('rejects unknown zones', () => {
    expect(() => zone('Mars/Olympus')).toThrow(RangeError);
  });

  it('round-trips every instant through local time', () => {
    for (const tz of [
      'America/New_York',
      'Asia/Kathmandu',
      'Europe/London',
      'Australia/Lord_Howe',
    ]) {
      const z = zone(tz);
      fc.assert(
        fc.property(fc.integer({ min: 1_500_000_000, max: 1_900_000_000 }), (seconds) => {
          const gmt = formatSqlUtc(seconds * 1000);
          const local = z.toLocal(gmt);
          const back = z.toGmt(local);
          // Ambiguous local times map back to the earlier instant; otherwise exactly.
          expect(z.toLocal(back)).toBe(local);
          expect(back <= gmt).toBe(true);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('matches Intl for every instant, across DST edges and quarter-hour zones', () => {
    for (const tz of [
      'America/New_York',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
    ]) {
      const z = zone(tz);
      const format = new Intl.DateTimeFormat('sv-SE', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      fc.assert(
        fc.property(fc.integer({ min: 1_500_000_000, max: 1_900_000_000 }), (seconds) => {
          expect(z.toLocal(formatSqlUtc(seconds * 1000))).toBe(format.format(seconds * 1000));
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('keeps a historical offset that is not whole quarter hours', () => {
    // New York ran on local mean time (-04:56:02) until 1883.
    expect(zone('America/New_York').toLocal('1880-06-01 12:00:00')).toBe('1880-06-01 07:03:58');
  });
});
