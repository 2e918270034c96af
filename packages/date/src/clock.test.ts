import {
  endOfWeek,
  getStoreTimezone,
  getWeekStartsOn,
  isValidTimezone,
  setStoreTimezone,
  setWeekStartsOn,
  startOfWeek,
  storeNow,
} from './clock';
import { dayjs } from './dayjs';
import { freezeStoreClock, resetStoreClockAfterEach } from './test-clock';

resetStoreClockAfterEach();

describe('store time zone', () => {
  it('defaults to UTC and can be set', () => {
    expect(getStoreTimezone()).toBe('UTC');
    setStoreTimezone('Europe/Paris');
    expect(getStoreTimezone()).toBe('Europe/Paris');
  });

  it('rejects unknown zones and keeps the previous one', () => {
    setStoreTimezone('Asia/Tokyo');
    expect(() => setStoreTimezone('Mars/Olympus')).toThrow(RangeError);
    expect(() => setStoreTimezone('')).toThrow(RangeError);
    expect(getStoreTimezone()).toBe('Asia/Tokyo');
    expect(isValidTimezone('America/New_York')).toBe(true);
  });
});

describe('storeNow', () => {
  it('reads the frozen clock in the store zone, whatever the process zone', () => {
    freezeStoreClock('2024-03-10T04:30:00Z', 'America/New_York');
    // 04:30 UTC is 23:30 the day before in New York (EST, before the DST change that morning).
    expect(storeNow().format('YYYY-MM-DD HH:mm')).toBe('2024-03-09 23:30');
    setStoreTimezone('Asia/Kathmandu');
    expect(storeNow().format('YYYY-MM-DD HH:mm')).toBe('2024-03-10 10:15');
    setStoreTimezone('UTC');
    expect(storeNow().format('YYYY-MM-DD HH:mm')).toBe('2024-03-10 04:30');
  });

  it('follows DST: summer time in New York is UTC-4', () => {
    freezeStoreClock('2024-07-01T12:00:00Z', 'America/New_York');
    expect(storeNow().format('HH:mm')).toBe('08:00');
  });

  it('returns wall-clock time in UTC mode', () => {
    freezeStoreClock('2024-07-01T12:00:00Z', 'Asia/Kathmandu');
    expect(storeNow().isUTC()).toBe(true);
  });
});

describe('week start', () => {
  it('defaults to Monday and validates its input', () => {
    expect(getWeekStartsOn()).toBe(1);
    expect(() => setWeekStartsOn(7)).toThrow(RangeError);
    expect(() => setWeekStartsOn(-1)).toThrow(RangeError);
    expect(() => setWeekStartsOn(1.5)).toThrow(RangeError);
  });

  it.each([
    [0, '2024-05-12', '2024-05-18'],
    [1, '2024-05-13', '2024-05-19'],
    [3, '2024-05-15', '2024-05-21'],
    [6, '2024-05-11', '2024-05-17'],
  ])('weeks starting on day %i around Wed 2024-05-15', (start, first, last) => {
    setWeekStartsOn(start);
    const wednesday = dayjs.utc('2024-05-15T13:00:00');
    expect(startOfWeek(wednesday).format('YYYY-MM-DD HH:mm')).toBe(`${first} 00:00`);
    expect(endOfWeek(wednesday).format('YYYY-MM-DD HH:mm:ss')).toBe(`${last} 23:59:59`);
  });
});
