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
});
