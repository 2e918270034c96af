import fc from 'fast-check';
import { dayjs } from './dayjs';
import {
  getAllowedIntervalsForQuery,
  getAllowedIntervalsForSpan,
  getChartTypeForQuery,
  getIntervalForQuery,
  intervals,
} from './intervals';
import { freezeStoreClock, resetStoreClockAfterEach } from './test-clock';
import type { Interval, Period } from './types';

resetStoreClockAfterEach();
beforeEach(() => freezeStoreClock('2025-06-01T12:00:00Z', 'America/New_York'));

const custom = (span: number) => ({
  period: 'custom',
  compare: 'previous_year',
  after: '2024-01-01',
  before: dayjs.utc('2024-01-01').add(span, 'day').format('YYYY-MM-DD'),
});

describe('allowed intervals of a custom range, at every boundary of the span', () => {
  it.each<[number, Interval[]]>([
    [0, ['hour', 'day']],
    [1, ['hour', 'day']],
    [2, ['day']],
    [6, ['day']],
    [7, ['day', 'week']],
    [27, ['day', 'week']],
    [28, ['day', 'week', 'month']],
    [89, ['day', 'week', 'month']],
    [90, ['day', 'week', 'month', 'quarter']],
    [364, ['day', 'week', 'month', 'quarter']],
    [365, ['day', 'week', 'month', 'quarter', 'year']],
  ])('%i days → %j', (span, allowed) => {
    expect(getAllowedIntervalsForQuery(custom(span))).toEqual(allowed);
  });

  it('counts calendar days across a DST change (Mar 10 → Mar 17, 2024 is 7)', () => {
    const query = { period: 'custom', after: '2024-03-10', before: '2024-03-17' };
    expect(getAllowedIntervalsForQuery(query)).toEqual(['day', 'week']);
  });
});

describe('allowed intervals of the presets', () => {
  it.each<[Period, Interval[]]>([
    ['today', ['hour', 'day']],
    ['yesterday', ['hour', 'day']],
    ['week', ['day']],
    ['last_week', ['day']],
    ['month', ['day', 'week']],
    ['last_month', ['day', 'week']],
    ['quarter', ['day', 'week', 'month']],
    ['last_quarter', ['day', 'week', 'month']],
    ['year', ['day', 'week', 'month', 'quarter']],
    ['last_year', ['day', 'week', 'month', 'quarter']],
  ])('%s → %j', (period, allowed) => {
    expect(getAllowedIntervalsForQuery({ period, compare: 'previous_year' })).toEqual(allowed);
  });

  it('uses the default range without a period', () => {
    expect(getAllowedIntervalsForQuery({})).toEqual(['day', 'week']);
    expect(getAllowedIntervalsForQuery({}, 'period=today&compare=previous_year')).toEqual([
      'hour',
      'day',
    ]);
  });
});

describe('allowed intervals (property)', () => {
  it('are never empty, always include day, and are a contiguous ordered run', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 5000 }), (span) => {
        const allowed = getAllowedIntervalsForSpan(span);
        expect(allowed).toContain('day');
        const first = intervals.indexOf(allowed[0] as Interval);
        expect(allowed).toEqual(intervals.slice(first, first + allowed.length));
      }),
    );
  });

  it('never lose a coarse interval as the span grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5000 }),
        fc.integer({ min: 0, max: 500 }),
        (span, more) => {
          const small = getAllowedIntervalsForSpan(span);
          const large = getAllowedIntervalsForSpan(span + more);
          for (const interval of small) expect(large).toContain(interval);
        },
      ),
    );
  });
});

describe('getIntervalForQuery', () => {
  it('keeps an allowed interval', () => {
    expect(getIntervalForQuery({ period: 'year', interval: 'quarter' })).toBe('quarter');
  });

  it('falls back to the first allowed interval', () => {
    expect(getIntervalForQuery({ period: 'year', interval: 'hour' })).toBe('day');
    expect(getIntervalForQuery({ period: 'today', interval: 'year' })).toBe('hour');
    expect(getIntervalForQuery({ period: 'month' })).toBe('day');
    expect(getIntervalForQuery({ ...custom(400), interval: 'year' })).toBe('year');
    expect(getIntervalForQuery({ ...custom(3), interval: 'week' })).toBe('day');
  });
});

describe('getChartTypeForQuery', () => {
  it('is line unless bar is asked for', () => {
    expect(getChartTypeForQuery({})).toBe('line');
    expect(getChartTypeForQuery({ chartType: 'bar' })).toBe('bar');
    expect(getChartTypeForQuery({ chartType: 'line' })).toBe('line');
    expect(getChartTypeForQuery({ chartType: 'pie' })).toBe('line');
    // `type` is another report's parameter (the stock filter), not the chart's.
    expect(getChartTypeForQuery({ type: 'bar' })).toBe('line');
    expect(getChartTypeForQuery({ type: 'lowstock', chartType: 'bar' })).toBe('bar');
  });
});
