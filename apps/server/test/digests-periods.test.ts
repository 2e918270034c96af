import { describe, expect, it } from 'vitest';
import { latestCompletePeriod, latestDuePeriod } from '../src/notify/periods';
import { formatSqlUtc, parseSqlUtc, zone } from '../src/timezone';

const at = (gmt: string) => parseSqlUtc(gmt);
const due = (p: { dueMs: number }) => formatSqlUtc(p.dueMs);

describe('digest periods in the store time zone', () => {
  it('daily: yesterday once the hour has come, else the day before', () => {
    const tz = zone('Europe/Berlin');
    // 07:59 and 08:00 CET on 5 March.
    expect(latestDuePeriod('daily', 8, at('2024-03-05 06:59:59'), tz, 1).key).toBe(
      'daily:2024-03-03',
    );
    const p = latestDuePeriod('daily', 8, at('2024-03-05 07:00:00'), tz, 1);
    expect(p).toMatchObject({
      key: 'daily:2024-03-04',
      after: '2024-03-04 00:00:00',
      before: '2024-03-04 23:59:59',
      previous: { first: '2024-03-03', last: '2024-03-03' },
    });
    expect(due(p)).toBe('2024-03-05 07:00:00');
  });

  it('follows DST: the same local hour is another GMT hour, a skipped hour moves forward', () => {
    const tz = zone('Europe/Berlin');
    // Summer time began on 31 March 2024 at 02:00 (02:00-02:59 does not exist that day).
    expect(due(latestDuePeriod('daily', 8, at('2024-03-31 12:00:00'), tz, 1))).toBe(
      '2024-03-31 06:00:00',
    );
    expect(due(latestDuePeriod('daily', 8, at('2024-03-30 12:00:00'), tz, 1))).toBe(
      '2024-03-30 07:00:00',
    );
    // A digest at 02:00 on the day of the jump goes at 03:00 CEST (01:00 GMT).
    const skipped = latestDuePeriod('daily', 2, at('2024-03-31 01:00:00'), tz, 1);
    expect(skipped.key).toBe('daily:2024-03-30');
    expect(due(skipped)).toBe('2024-03-31 01:00:00');
    // Autumn: 27 October has 25 hours; the period is still the whole local day.
    const autumn = latestDuePeriod('daily', 0, at('2024-10-28 00:00:00'), tz, 1);
    expect(autumn).toMatchObject({ key: 'daily:2024-10-27', before: '2024-10-27 23:59:59' });
    expect(due(autumn)).toBe('2024-10-27 23:00:00');
  });

  it('weekly: the last whole week by the store week start', () => {
    const tz = zone('America/New_York');
    // Wednesday 13 March 2024, 12:00 EDT.
    const now = at('2024-03-13 16:00:00');
    expect(latestDuePeriod('weekly', 6, now, tz, 1)).toMatchObject({
      key: 'weekly:2024-03-04',
      first: '2024-03-04',
      last: '2024-03-10',
      previous: { first: '2024-02-26', last: '2024-03-03' },
    });
    expect(latestDuePeriod('weekly', 6, now, tz, 0)).toMatchObject({
      first: '2024-03-03',
      last: '2024-03-09',
    });
    expect(latestDuePeriod('weekly', 6, now, tz, 6)).toMatchObject({
      first: '2024-03-02',
      last: '2024-03-08',
    });
    // On the Monday before the hour: the week before that.
    expect(latestDuePeriod('weekly', 6, at('2024-03-11 09:59:00'), tz, 1).first).toBe('2024-02-26');
    expect(latestDuePeriod('weekly', 6, at('2024-03-11 10:00:00'), tz, 1).first).toBe('2024-03-04');
  });

  it('monthly: the last whole month, February of a leap year included', () => {
    const tz = zone('Asia/Tokyo');
    // 1 March 2024 09:00 JST is 00:00 GMT.
    expect(latestDuePeriod('monthly', 9, at('2024-03-01 00:00:00'), tz, 1)).toMatchObject({
      key: 'monthly:2024-02-01',
      first: '2024-02-01',
      last: '2024-02-29',
      previous: { first: '2024-01-01', last: '2024-01-31' },
    });
    expect(latestDuePeriod('monthly', 9, at('2024-02-29 23:59:59'), tz, 1).key).toBe(
      'monthly:2024-01-01',
    );
    expect(latestDuePeriod('monthly', 0, at('2024-01-01 00:00:00'), tz, 1)).toMatchObject({
      key: 'monthly:2023-12-01',
      previous: { first: '2023-11-01', last: '2023-11-30' },
    });
    expect(latestCompletePeriod('monthly', at('2024-03-01 00:00:00'), tz, 1).key).toBe(
      'monthly:2024-02-01',
    );
  });
});
