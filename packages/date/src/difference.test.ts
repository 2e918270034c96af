import { dayjs } from './dayjs';
import { getDateDifferenceInDays, getPreviousDate } from './difference';
import { freezeStoreClock, resetStoreClockAfterEach } from './test-clock';

resetStoreClockAfterEach();

describe('getDateDifferenceInDays', () => {
  it('counts whole calendar days, signed', () => {
    expect(getDateDifferenceInDays('2024-03-05', '2024-02-20')).toBe(14);
    expect(getDateDifferenceInDays('2024-02-20', '2024-03-05')).toBe(-14);
    expect(getDateDifferenceInDays('2024-03-01', '2024-02-28')).toBe(2);
    expect(getDateDifferenceInDays('2024-01-01T23:59:59', '2024-01-01T00:00:00')).toBe(0);
  });

  it('counts store-local days for instants', () => {
    freezeStoreClock('2024-01-01T00:00:00Z', 'America/New_York');
    // 2024-01-02T03:00Z is still Jan 1 in New York.
    expect(getDateDifferenceInDays(new Date('2024-01-02T03:00:00Z'), '2024-01-01')).toBe(0);
  });
});

describe('getPreviousDate', () => {
  it('is a year earlier for previous_year (Feb 29 → Feb 28)', () => {
    expect(
      getPreviousDate('2024-02-29', '2024-02-01', '2023-02-01', 'previous_year', 'day').format(
        'YYYY-MM-DD',
      ),
    ).toBe('2023-02-28');
  });

  it('moves back by the intervals between the primary and secondary starts', () => {
    // Primary starts Mar 1, secondary Feb 1: 29 days (2024) or 1 month.
    expect(
      getPreviousDate('2024-03-10', '2024-03-01', '2024-02-01', 'previous_period', 'day').format(
        'YYYY-MM-DD',
      ),
    ).toBe('2024-02-10');
    expect(
      getPreviousDate('2024-03-31', '2024-03-01', '2024-02-01', 'previous_period', 'month').format(
        'YYYY-MM-DD',
      ),
    ).toBe('2024-02-29');
    expect(
      getPreviousDate(
        '2024-05-01',
        '2024-04-01',
        '2024-01-01',
        'previous_period',
        'quarter',
      ).format('YYYY-MM-DD'),
    ).toBe('2024-02-01');
    expect(
      getPreviousDate(
        dayjs.utc('2024-03-10T13:00:00'),
        '2024-03-10',
        '2024-03-09',
        'previous_period',
        'hour',
      ).format('YYYY-MM-DD HH:mm'),
    ).toBe('2024-03-09 13:00');
  });
});
