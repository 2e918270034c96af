import fc from 'fast-check';
import { setWeekStartsOn } from './clock';
import { dayjs } from './dayjs';
import { getCustomPeriod, getDateValue } from './periods';
import { freezeStoreClock, resetStoreClockAfterEach } from './test-clock';
import type { Compare, DateValue, Period } from './types';

resetStoreClockAfterEach();

const F = 'YYYY-MM-DD HH:mm:ss';
const show = (v: DateValue) => [
  v.primaryStart.format(F),
  v.primaryEnd.format(F),
  v.secondaryStart.format(F),
  v.secondaryEnd.format(F),
];

describe('preset periods on Sunday 2024-03-31 15:00 (store UTC, weeks from Monday)', () => {
  beforeEach(() => freezeStoreClock('2024-03-31T15:00:00Z', 'UTC', 1));

  it.each<[Period, Compare, string[]]>([
    [
      'today',
      'previous_period',
      ['2024-03-31 00:00:00', '2024-03-31 15:00:00', '2024-03-30 00:00:00', '2024-03-30 15:00:00'],
    ],
    [
      'today',
      'previous_year',
      ['2024-03-31 00:00:00', '2024-03-31 15:00:00', '2023-03-31 00:00:00', '2023-03-31 15:00:00'],
    ],
    [
      'yesterday',
      'previous_period',
      ['2024-03-30 00:00:00', '2024-03-30 23:59:59', '2024-03-29 00:00:00', '2024-03-29 23:59:59'],
    ],
    [
      'yesterday',
      'previous_year',
      ['2024-03-30 00:00:00', '2024-03-30 23:59:59', '2023-03-30 00:00:00', '2023-03-30 23:59:59'],
    ],
    [
      'week',
      'previous_period',
      ['2024-03-25 00:00:00', '2024-03-31 15:00:00', '2024-03-18 00:00:00', '2024-03-24 15:00:00'],
    ],
    [
      'week',
      'previous_year',
      ['2024-03-25 00:00:00', '2024-03-31 15:00:00', '2023-03-20 00:00:00', '2023-03-26 15:00:00'],
    ],
    [
      'last_week',
      'previous_period',
      ['2024-03-18 00:00:00', '2024-03-24 23:59:59', '2024-03-11 00:00:00', '2024-03-17 23:59:59'],
    ],
    [
      'last_week',
      'previous_year',
      ['2024-03-18 00:00:00', '2024-03-24 23:59:59', '2023-03-13 00:00:00', '2023-03-19 23:59:59'],
    ],
    // Month to date on the 31st: the previous month has only 29 days (leap year) — clamp.
    [
      'month',
      'previous_period',
      ['2024-03-01 00:00:00', '2024-03-31 15:00:00', '2024-02-01 00:00:00', '2024-02-29 15:00:00'],
    ],
    [
      'month',
      'previous_year',
      ['2024-03-01 00:00:00', '2024-03-31 15:00:00', '2023-03-01 00:00:00', '2023-03-31 15:00:00'],
    ],
    // Last month is February 2024 (29 days): its previous period is all of January.
    [
      'last_month',
      'previous_period',
      ['2024-02-01 00:00:00', '2024-02-29 23:59:59', '2024-01-01 00:00:00', '2024-01-31 23:59:59'],
    ],
    [
      'last_month',
      'previous_year',
      ['2024-02-01 00:00:00', '2024-02-29 23:59:59', '2023-02-01 00:00:00', '2023-02-28 23:59:59'],
    ],
    [
      'quarter',
      'previous_period',
      ['2024-01-01 00:00:00', '2024-03-31 15:00:00', '2023-10-01 00:00:00', '2023-12-31 15:00:00'],
    ],
    [
      'quarter',
      'previous_year',
      ['2024-01-01 00:00:00', '2024-03-31 15:00:00', '2023-01-01 00:00:00', '2023-03-31 15:00:00'],
    ],
    [
      'last_quarter',
      'previous_period',
      ['2023-10-01 00:00:00', '2023-12-31 23:59:59', '2023-07-01 00:00:00', '2023-09-30 23:59:59'],
    ],
    [
      'last_quarter',
      'previous_year',
      ['2023-10-01 00:00:00', '2023-12-31 23:59:59', '2022-10-01 00:00:00', '2022-12-31 23:59:59'],
    ],
    [
      'year',
      'previous_period',
      ['2024-01-01 00:00:00', '2024-03-31 15:00:00', '2023-01-01 00:00:00', '2023-03-31 15:00:00'],
    ],
    [
      'year',
      'previous_year',
      ['2024-01-01 00:00:00', '2024-03-31 15:00:00', '2023-01-01 00:00:00', '2023-03-31 15:00:00'],
    ],
    [
      'last_year',
      'previous_period',
      ['2023-01-01 00:00:00', '2023-12-31 23:59:59', '2022-01-01 00:00:00', '2022-12-31 23:59:59'],
    ],
    [
      'last_year',
      'previous_year',
      ['2023-01-01 00:00:00', '2023-12-31 23:59:59', '2022-01-01 00:00:00', '2022-12-31 23:59:59'],
    ],
  ])('%s vs %s', (period, compare, expected) => {
    expect(show(getDateValue(period, compare))).toEqual(expected);
  });

  it('weeks follow the configured week start (Sunday)', () => {
    setWeekStartsOn(0);
    expect(show(getDateValue('week', 'previous_period')).slice(0, 3)).toEqual([
      '2024-03-31 00:00:00',
      '2024-03-31 15:00:00',
      '2024-03-24 00:00:00',
    ]);
    expect(show(getDateValue('last_week', 'previous_year'))).toEqual([
      '2024-03-24 00:00:00',
      '2024-03-30 23:59:59',
      '2023-03-19 00:00:00',
      '2023-03-25 23:59:59',
    ]);
  });
});

describe('29 February', () => {
  it('today on Feb 29 compares with Feb 28 of the previous year', () => {
    freezeStoreClock('2024-02-29T10:00:00Z');
    expect(show(getDateValue('today', 'previous_year')).slice(2)).toEqual([
      '2023-02-28 00:00:00',
      '2023-02-28 10:00:00',
    ]);
    expect(show(getDateValue('month', 'previous_year')).slice(2)).toEqual([
      '2023-02-01 00:00:00',
      '2023-02-28 10:00:00',
    ]);
  });

  it('yesterday on Mar 1 of a leap year is Feb 29', () => {
    freezeStoreClock('2024-03-01T10:00:00Z');
    expect(show(getDateValue('yesterday', 'previous_year'))).toEqual([
      '2024-02-29 00:00:00',
      '2024-02-29 23:59:59',
      '2023-02-28 00:00:00',
      '2023-02-28 23:59:59',
    ]);
  });

  it('last month in March 2025 compares February 2025 with February 2024 (29 days)', () => {
    freezeStoreClock('2025-03-15T10:00:00Z');
    expect(show(getDateValue('last_month', 'previous_year')).slice(2)).toEqual([
      '2024-02-01 00:00:00',
      '2024-02-29 23:59:59',
    ]);
  });
});

describe('store time zone decides the day', () => {
  it('at 02:00 UTC on Apr 1 it is still Mar 31 in New York', () => {
    freezeStoreClock('2024-04-01T02:00:00Z', 'America/New_York');
    expect(getDateValue('today', 'previous_period').primaryStart.format('YYYY-MM-DD')).toBe(
      '2024-03-31',
    );
    expect(getDateValue('last_month', 'previous_period').primaryStart.format('YYYY-MM-DD')).toBe(
      '2024-02-01',
    );
  });

  it('at 20:00 UTC on Mar 31 it is already Apr 1 in Kathmandu', () => {
    freezeStoreClock('2024-03-31T20:00:00Z', 'Asia/Kathmandu');
    expect(getDateValue('month', 'previous_period').primaryStart.format('YYYY-MM-DD')).toBe(
      '2024-04-01',
    );
  });
});

describe('custom periods', () => {
  const after = dayjs.utc('2024-02-20');
  const before = dayjs.utc('2024-03-05');

  it('previous period: the same number of days ending the day before the start', () => {
    expect(show(getCustomPeriod(after, before, 'previous_period'))).toEqual([
      '2024-02-20 00:00:00',
      '2024-03-05 23:59:59',
      '2024-02-05 00:00:00',
      '2024-02-19 23:59:59',
    ]);
  });

  it('previous year: the same days a year earlier', () => {
    expect(show(getCustomPeriod(after, before, 'previous_year')).slice(2)).toEqual([
      '2023-02-20 00:00:00',
      '2023-03-05 23:59:59',
    ]);
  });

  it('a single-day range compares with the day before', () => {
    const day = dayjs.utc('2024-03-01');
    expect(show(getCustomPeriod(day, day, 'previous_period')).slice(2)).toEqual([
      '2024-02-29 00:00:00',
      '2024-02-29 23:59:59',
    ]);
  });

  it('needs both dates', () => {
    expect(() => getDateValue('custom', 'previous_year', after, null)).toThrow();
  });

  it('previous-period ranges have the length of the primary and end the day before (property)', () => {
    const start = fc.date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2090-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(start, fc.integer({ min: 0, max: 1500 }), (date, span) => {
        const first = dayjs.utc(date.toISOString().slice(0, 10));
        const value = getCustomPeriod(first, first.add(span, 'day'), 'previous_period');
        const days = (a: dayjs.Dayjs, b: dayjs.Dayjs) =>
          b.startOf('day').diff(a.startOf('day'), 'day');
        expect(days(value.secondaryStart, value.secondaryEnd)).toBe(
          days(value.primaryStart, value.primaryEnd),
        );
        expect(days(value.secondaryEnd, value.primaryStart)).toBe(1);
      }),
    );
  });

  it('last periods cover whole units and the previous period is the unit just before (property)', () => {
    const instant = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2060-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    const last = fc.constantFrom<Period>(
      'yesterday',
      'last_week',
      'last_month',
      'last_quarter',
      'last_year',
    );
    fc.assert(
      fc.property(instant, last, fc.integer({ min: 0, max: 6 }), (now, period, weekStart) => {
        freezeStoreClock(now.toISOString(), 'America/New_York', weekStart);
        const value = getDateValue(period, 'previous_period');
        expect(value.primaryStart.format('HH:mm:ss')).toBe('00:00:00');
        expect(value.primaryEnd.format('HH:mm:ss')).toBe('23:59:59');
        expect(value.secondaryEnd.add(1, 'millisecond').valueOf()).toBe(
          value.primaryStart.valueOf(),
        );
        if (period === 'last_week') {
          expect(value.primaryStart.day()).toBe(weekStart);
          expect(value.primaryEnd.diff(value.primaryStart, 'day')).toBe(6);
        }
      }),
      { numRuns: 200 },
    );
  });
});
