import { setLocaleData } from '@storelens/i18n';
import { getCurrentDates, getDateParamsFromQuery, getReportDateParams } from './query';
import { freezeStoreClock, resetStoreClockAfterEach } from './test-clock';

resetStoreClockAfterEach();
afterEach(() => setLocaleData({}));

const day = (value: { format(f: string): string } | null) => value?.format('YYYY-MM-DD') ?? null;

describe('getDateParamsFromQuery', () => {
  it('defaults to period=month&compare=previous_year', () => {
    expect(getDateParamsFromQuery({})).toEqual({
      period: 'month',
      compare: 'previous_year',
      after: null,
      before: null,
    });
  });

  it('reads period and compare, each falling back to the default on its own', () => {
    expect(
      getDateParamsFromQuery({ period: 'last_week', compare: 'previous_period' }),
    ).toMatchObject({
      period: 'last_week',
      compare: 'previous_period',
    });
    expect(getDateParamsFromQuery({ period: 'last_week' })).toMatchObject({
      period: 'last_week',
      compare: 'previous_year',
    });
    expect(getDateParamsFromQuery({ period: 'decade', compare: 'previous_period' })).toMatchObject({
      period: 'month',
      compare: 'previous_period',
    });
  });

  it('uses a caller default range', () => {
    expect(getDateParamsFromQuery({}, 'period=week&compare=previous_period')).toMatchObject({
      period: 'week',
      compare: 'previous_period',
    });
    const custom = getDateParamsFromQuery(
      {},
      'period=custom&compare=previous_year&after=2024-01-02&before=2024-01-09',
    );
    expect([custom.period, day(custom.after), day(custom.before)]).toEqual([
      'custom',
      '2024-01-02',
      '2024-01-09',
    ]);
  });

  it('reads custom days, ignoring a time part', () => {
    const params = getDateParamsFromQuery({
      period: 'custom',
      compare: 'previous_period',
      after: '2024-02-01',
      before: '2024-02-29T23:59:59',
    });
    expect([params.period, day(params.after), day(params.before)]).toEqual([
      'custom',
      '2024-02-01',
      '2024-02-29',
    ]);
  });

  it.each([
    [{ period: 'custom', after: '2024-02-01' }],
    [{ period: 'custom', after: '2024-02-30', before: '2024-03-01' }],
    [{ period: 'custom', after: '2024-03-02', before: '2024-03-01' }],
    [{ period: 'custom', after: 'yesterday', before: '2024-03-01' }],
  ])('falls back to the default range for a broken custom range %j', (query) => {
    expect(getDateParamsFromQuery(query)).toEqual({
      period: 'month',
      compare: 'previous_year',
      after: null,
      before: null,
    });
  });

  it('ignores after/before for presets', () => {
    expect(
      getDateParamsFromQuery({ period: 'year', after: '2024-01-01', before: '2024-02-01' }),
    ).toMatchObject({
      after: null,
      before: null,
    });
  });
});

describe('getCurrentDates', () => {
  beforeEach(() => freezeStoreClock('2024-01-15T12:00:00Z'));

  it('labels the default range and its comparison', () => {
    const { primary, secondary } = getCurrentDates({});
    expect([primary.label, primary.range]).toEqual(['Month to date', 'Jan 1 - 15, 2024']);
    expect([secondary.label, secondary.range]).toEqual(['Previous year', 'Jan 1 - 15, 2023']);
    expect(primary.after.format('YYYY-MM-DD')).toBe('2024-01-01');
  });

  it('labels a custom range', () => {
    const { primary, secondary } = getCurrentDates({
      period: 'custom',
      compare: 'previous_period',
      after: '2023-12-25',
      before: '2024-01-05',
    });
    expect([primary.label, primary.range]).toEqual(['Custom', 'Dec 25, 2023 - Jan 5, 2024']);
    expect([secondary.label, secondary.range]).toEqual(['Previous period', 'Dec 13 - 24, 2023']);
  });

  it('translates labels', () => {
    setLocaleData({ 'Last week': 'Semaine dernière' });
    expect(getCurrentDates({ period: 'last_week' }).primary.label).toBe('Semaine dernière');
  });
});

describe('getReportDateParams', () => {
  it('stamps the first day at its start and the last day at its end', () => {
    freezeStoreClock('2024-01-15T12:00:00Z', 'America/New_York');
    expect(getReportDateParams({ period: 'last_month', compare: 'previous_year' })).toEqual({
      primary: { after: '2023-12-01T00:00:00', before: '2023-12-31T23:59:59' },
      secondary: { after: '2022-12-01T00:00:00', before: '2022-12-31T23:59:59' },
    });
    expect(getReportDateParams({ period: 'today' }).primary).toEqual({
      after: '2024-01-15T00:00:00',
      before: '2024-01-15T23:59:59',
    });
  });
});
