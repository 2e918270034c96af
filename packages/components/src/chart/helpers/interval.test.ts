import { setLocaleData } from '@storelens/i18n';
import { ALL_INTERVALS, getIntervalLabel, resolveInterval } from './interval';

describe('intervals', () => {
  afterEach(() => setLocaleData({}));

  it('labels every interval By hour … By year', () => {
    expect(ALL_INTERVALS.map(getIntervalLabel)).toEqual([
      'By hour',
      'By day',
      'By week',
      'By month',
      'By quarter',
      'By year',
    ]);
  });

  it('translates the labels', () => {
    setLocaleData({ 'By week': 'Par semaine' });
    expect(getIntervalLabel('week')).toBe('Par semaine');
  });

  it('falls back to the first allowed interval', () => {
    expect(resolveInterval('hour', ['day', 'week'])).toBe('day');
    expect(resolveInterval('week', ['day', 'week'])).toBe('week');
    expect(resolveInterval('week', undefined)).toBe('week');
    expect(resolveInterval('week', [])).toBe('week');
  });
});
