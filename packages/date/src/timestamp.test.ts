import { dayjs } from './dayjs';
import { freezeStoreClock, resetStoreClockAfterEach } from './test-clock';
import { appendTimestamp, type TimeOfDay } from './timestamp';

resetStoreClockAfterEach();

describe('appendTimestamp', () => {
  beforeEach(() => freezeStoreClock('2024-05-10T18:20:30Z', 'America/New_York'));

  it('appends the start and the end of the day', () => {
    expect(appendTimestamp('2024-05-01', 'start')).toBe('2024-05-01T00:00:00');
    expect(appendTimestamp(dayjs.utc('2024-05-01T15:00:00'), 'end')).toBe('2024-05-01T23:59:59');
  });

  it("appends the store's current time for 'now'", () => {
    expect(appendTimestamp('2024-05-01', 'now')).toBe('2024-05-01T14:20:30');
  });

  it('throws for any other kind', () => {
    expect(() => appendTimestamp('2024-05-01', 'noon' as TimeOfDay)).toThrow(
      /'start', 'now' or 'end'/,
    );
  });

  it('throws for an invalid date', () => {
    expect(() => appendTimestamp('garbage', 'start')).toThrow(TypeError);
  });
});
