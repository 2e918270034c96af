import type { Dayjs } from 'dayjs';
import * as date from './index';

describe('public API types', () => {
  it('exposes typed helpers', () => {
    expectTypeOf(date.getCurrentDates).returns.toEqualTypeOf<date.CurrentDates>();
    expectTypeOf(date.getCurrentDates({}).primary.after).toEqualTypeOf<Dayjs>();
    expectTypeOf(date.getDateParamsFromQuery({}).period).toEqualTypeOf<date.Period>();
    expectTypeOf(date.getIntervalForQuery).returns.toEqualTypeOf<date.Interval>();
    expectTypeOf(date.getChartTypeForQuery).returns.toEqualTypeOf<'line' | 'bar'>();
    expectTypeOf(date.appendTimestamp).parameter(1).toEqualTypeOf<'start' | 'now' | 'end'>();
    expectTypeOf(date.presetValues[0]).toEqualTypeOf<
      date.LabelledOption<date.Period> | undefined
    >();
    expectTypeOf(date.getDateFormatsForInterval('day')).toEqualTypeOf<date.IntervalDateFormats>();
    expectTypeOf(date.validateDateInputForRange).returns.toEqualTypeOf<date.DateInputValidation>();
  });

  it('exports every name of the issue', () => {
    const names = [
      'isoDateFormat',
      'defaultDateTimeFormat',
      'defaultTableDateFormat',
      'presetValues',
      'periods',
      'dayTicksThreshold',
      'weekTicksThreshold',
      'dateValidationMessages',
      'getCurrentDates',
      'getDateParamsFromQuery',
      'getAllowedIntervalsForQuery',
      'getIntervalForQuery',
      'getChartTypeForQuery',
      'getLastPeriod',
      'getCurrentPeriod',
      'getRangeLabel',
      'getPreviousDate',
      'appendTimestamp',
      'getDateDifferenceInDays',
      'validateDateInputForRange',
      'isLeapYear',
      'containsLeapYear',
      'getDateFormatsForInterval',
      'setStoreTimezone',
      'getStoreTimezone',
      'storeNow',
      'setWeekStartsOn',
      'getWeekStartsOn',
    ];
    for (const name of names) expect(date).toHaveProperty(name);
  });
});
