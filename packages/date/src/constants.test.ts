import { setLocaleData } from '@storelens/i18n';
import {
  dateValidationMessages,
  dayTicksThreshold,
  defaultDateTimeFormat,
  defaultTableDateFormat,
  isCompare,
  isoDateFormat,
  isPeriod,
  periods,
  presetValues,
  weekTicksThreshold,
} from './constants';

afterEach(() => setLocaleData({}));

describe('constants', () => {
  it('has the ISO, date-time and table date formats, and the day and week tick thresholds', () => {
    expect(isoDateFormat).toBe('YYYY-MM-DD');
    expect(defaultDateTimeFormat).toBe('YYYY-MM-DDTHH:mm:ss');
    expect(defaultTableDateFormat).toBe('MM/DD/YYYY');
    expect(dayTicksThreshold).toBe(63);
    expect(weekTicksThreshold).toBe(9);
  });

  it('lists the period presets in order with their labels', () => {
    expect(presetValues.map(({ value, label }) => [value, label])).toEqual([
      ['today', 'Today'],
      ['yesterday', 'Yesterday'],
      ['week', 'Week to date'],
      ['last_week', 'Last week'],
      ['month', 'Month to date'],
      ['last_month', 'Last month'],
      ['quarter', 'Quarter to date'],
      ['last_quarter', 'Last quarter'],
      ['year', 'Year to date'],
      ['last_year', 'Last year'],
      ['custom', 'Custom'],
    ]);
  });

  it('lists the compare options', () => {
    expect(periods.map(({ value, label }) => [value, label])).toEqual([
      ['previous_period', 'Previous period'],
      ['previous_year', 'Previous year'],
    ]);
  });

  it('has the three validation messages', () => {
    expect(dateValidationMessages.invalid).toBe('Invalid date');
    expect(dateValidationMessages.future).toBe('Select a date in the past');
    expect(dateValidationMessages.startAfterEnd).toBe('Start date must be before end date');
    expect(dateValidationMessages.endBeforeStart).toBe('Start date must be before end date');
  });

  it('translates labels and messages when read, so a locale loaded later applies', () => {
    setLocaleData({ 'Month to date': 'Mois en cours', 'Invalid date': 'Date invalide' });
    expect(presetValues[4]?.label).toBe('Mois en cours');
    expect(dateValidationMessages.invalid).toBe('Date invalide');
  });

  it('recognises periods and compare options', () => {
    expect(isPeriod('last_quarter')).toBe(true);
    expect(isPeriod('decade')).toBe(false);
    expect(isCompare('previous_year')).toBe(true);
    expect(isCompare('previous_decade')).toBe(false);
  });
});
