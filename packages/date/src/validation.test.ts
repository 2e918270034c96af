import { setLocaleData } from '@storelens/i18n';
import { freezeStoreClock, resetStoreClockAfterEach } from './test-clock';
import { validateDateInputForRange } from './validation';

resetStoreClockAfterEach();
afterEach(() => setLocaleData({}));
// 03:00 UTC on Jan 16 is still Jan 15 in New York: "today" is the store's Jan 15.
beforeEach(() => freezeStoreClock('2024-01-16T03:00:00Z', 'America/New_York'));

const F = 'MM/DD/YYYY';

describe('validateDateInputForRange', () => {
  it('accepts ISO and the locale format', () => {
    expect(
      validateDateInputForRange('after', '2024-01-02', null, null, F).date?.format('YYYY-MM-DD'),
    ).toBe('2024-01-02');
    expect(validateDateInputForRange('after', '01/02/2024', null, null, F).error).toBeUndefined();
  });

  it('rejects text that is not a date', () => {
    expect(validateDateInputForRange('after', '01/32/2024', null, null, F)).toEqual({
      date: null,
      error: 'Invalid date',
    });
  });

  it("rejects days after the store's today, accepts today", () => {
    expect(validateDateInputForRange('before', '01/16/2024', null, null, F).error).toBe(
      'Select a date in the past',
    );
    expect(validateDateInputForRange('before', '01/15/2024', null, null, F).error).toBeUndefined();
  });

  it('rejects a start after the end and an end before the start', () => {
    expect(validateDateInputForRange('after', '01/10/2024', '2024-01-05', null, F).error).toBe(
      'Start date must be before end date',
    );
    expect(validateDateInputForRange('before', '01/04/2024', null, '2024-01-05', F).error).toBe(
      'Start date must be before end date',
    );
  });

  it('accepts a one-day range', () => {
    expect(
      validateDateInputForRange('after', '01/05/2024', '2024-01-05', null, F).error,
    ).toBeUndefined();
    expect(
      validateDateInputForRange('before', '01/05/2024', null, '2024-01-05', F).error,
    ).toBeUndefined();
  });

  it('translates its messages', () => {
    setLocaleData({ 'Invalid date': 'Date invalide' });
    expect(validateDateInputForRange('after', 'x', null, null, F).error).toBe('Date invalide');
  });
});
