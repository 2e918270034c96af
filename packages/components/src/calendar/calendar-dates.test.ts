import { setStoreTimezone } from '@storelens/date';
import fc from 'fast-check';
import {
  addMonths,
  calendarDateToIso,
  firstShownMonth,
  isoToCalendarDate,
  storeToday,
} from './calendar-dates';

afterEach(() => {
  vi.useRealTimers();
  setStoreTimezone('UTC');
});

describe('calendar dates', () => {
  it('maps ISO days to local-midnight Dates and back', () => {
    const date = isoToCalendarDate('2024-02-29');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2024, 1, 29, 0,
    ]);
    expect(calendarDateToIso(date)).toBe('2024-02-29');
    expect(() => isoToCalendarDate('02/29/2024')).toThrow(RangeError);
  });

  it('round-trips every day (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('2999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(calendarDateToIso(isoToCalendarDate(iso))).toBe(iso);
        },
      ),
    );
  });

  it("reads the store's today from the frozen clock", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-01-16T03:00:00Z'));
    setStoreTimezone('America/New_York');
    expect(storeToday()).toBe('2024-01-15');
  });

  it('moves by months', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-01');
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-01');
  });

  it('shows the selected month but never a month after the latest day', () => {
    expect(firstShownMonth('2023-06-10', '2024-01-15', 2)).toBe('2023-06-01');
    expect(firstShownMonth('2024-01-10', '2024-01-15', 2)).toBe('2023-12-01');
    expect(firstShownMonth('2024-01-10', '2024-01-15', 1)).toBe('2024-01-01');
    expect(firstShownMonth(null, '2024-01-15', 2)).toBe('2023-12-01');
    expect(firstShownMonth(null, '2024-01-15', 1)).toBe('2024-01-01');
  });
});
