import fc from 'fast-check';
import { dayjs } from './dayjs';
import { freezeStoreClock, resetStoreClockAfterEach } from './test-clock';
import { toDayjs, toStoreDate } from './to-store-date';

resetStoreClockAfterEach();

describe('toStoreDate', () => {
  beforeEach(() => freezeStoreClock('2024-06-01T00:00:00Z', 'Asia/Kathmandu'));

  it('takes text without offset as wall-clock time, whatever the zones', () => {
    expect(toStoreDate('2024-05-01').format('YYYY-MM-DD HH:mm')).toBe('2024-05-01 00:00');
    expect(toStoreDate('2024-05-01T23:30:00').format('YYYY-MM-DD HH:mm')).toBe('2024-05-01 23:30');
  });

  it('converts instants (Date, epoch, text with offset) to the store zone', () => {
    const instant = '2024-05-01T20:00:00Z';
    expect(toStoreDate(instant).format('YYYY-MM-DD HH:mm')).toBe('2024-05-02 01:45');
    expect(toStoreDate(new Date(instant)).format('YYYY-MM-DD HH:mm')).toBe('2024-05-02 01:45');
    expect(toStoreDate(Date.parse(instant)).format('YYYY-MM-DD HH:mm')).toBe('2024-05-02 01:45');
    expect(toStoreDate('2024-05-01T20:00:00-04:00').format('HH:mm')).toBe('05:45');
  });

  it('keeps the wall clock of a dayjs value', () => {
    expect(toStoreDate(dayjs('2024-05-01T10:00:00')).format('YYYY-MM-DD HH:mm')).toBe(
      '2024-05-01 10:00',
    );
  });

  it('gives an invalid value for garbage', () => {
    expect(toStoreDate('not a date').isValid()).toBe(false);
    expect(toStoreDate(new Date(Number.NaN)).isValid()).toBe(false);
  });
});

describe('toDayjs (typed text)', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['02/29/2024', '2024-02-29'],
    ['2/9/2024', '2024-02-09'],
    [' 12/31/2023 ', '2023-12-31'],
  ])('parses %j as %s', (text, iso) => {
    expect(toDayjs('MM/DD/YYYY', text)?.format('YYYY-MM-DD')).toBe(iso);
  });

  it.each(['', '2023-02-29', '13/01/2024', '02/30/2024', '2024-1-5', '01/05/24', 'tomorrow'])(
    'rejects %j',
    (text) => {
      expect(toDayjs('MM/DD/YYYY', text)).toBeNull();
    },
  );

  it('uses the given locale format', () => {
    expect(toDayjs('DD/MM/YYYY', '05/01/2024')?.format('YYYY-MM-DD')).toBe('2024-01-05');
    expect(toDayjs('DD/MM/YYYY', '2024-01-05')?.format('YYYY-MM-DD')).toBe('2024-01-05');
  });

  it('round-trips every day through the shown and the ISO formats (property)', () => {
    const day = fc.date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2199-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(day, (date) => {
        const iso = date.toISOString().slice(0, 10);
        const shown = dayjs.utc(iso).format('MM/DD/YYYY');
        expect(toDayjs('MM/DD/YYYY', shown)?.format('YYYY-MM-DD')).toBe(iso);
        expect(toDayjs('MM/DD/YYYY', iso)?.format('MM/DD/YYYY')).toBe(shown);
      }),
    );
  });
});
