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

describe('formatSqlUtc', () => {
  const viaDate = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

  it('matches Date for every millisecond Date can hold', () => {
    fc.assert(
      // Mostly years 1000-9999, the calendar arithmetic's; the rest anywhere else.
      fc.property(
        fc.oneof(
          {
            arbitrary: fc.integer({ min: -30_610_224_000_001, max: 253_402_300_800_000 }),
            weight: 4,
          },
          { arbitrary: fc.integer({ min: -8.64e15, max: 8.64e15 }), weight: 1 },
        ),
        (ms) => {
          expect(formatSqlUtc(ms)).toBe(viaDate(ms));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('matches Date around the days its calendar arithmetic turns on', () => {
    // Leap days (2000 is a leap year, 1900 and 2100 are not), year and era ends, the edges of
    // the four-digit years, each second either side.
    const days = [
      '1000-01-01',
      '1600-02-29',
      '1899-12-31',
      '1900-02-28',
      '1900-03-01',
      '1970-01-01',
      '1999-12-31',
      '2000-02-29',
      '2000-03-01',
      '2024-02-29',
      '2100-02-28',
      '2100-03-01',
      '9999-12-31',
    ];
    for (const day of days) {
      const start = Date.parse(`${day}T00:00:00Z`);
      for (const ms of [start - 1000, start, start + 1000, start + 86_399_999, start + 86_400_000])
        expect(formatSqlUtc(ms)).toBe(viaDate(ms));
    }
  });

  it('throws on a time that is not a number, as Date does', () => {
    expect(() => formatSqlUtc(Number.NaN)).toThrow(RangeError);
  });
});
