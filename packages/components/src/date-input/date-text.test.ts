import { setStoreTimezone } from '@storelens/date';
import { setLocaleData } from '@storelens/i18n';
import fc from 'fast-check';
import { parseDateText, textToIso, toDateText, toScreenReaderDate } from './date-text';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-01-16T03:00:00Z')); // Jan 15 in New York
  setStoreTimezone('America/New_York');
});
afterEach(() => {
  vi.useRealTimers();
  setStoreTimezone('UTC');
  setLocaleData({});
});

describe('date text', () => {
  it('shows ISO days as MM/DD/YYYY and reads them as MMM D, YYYY', () => {
    expect(toDateText('2024-01-05')).toBe('01/05/2024');
    expect(toDateText(null)).toBe('');
    expect(toScreenReaderDate('2024-01-05')).toBe('Jan 5, 2024');
  });

  it('gives no error for empty text', () => {
    expect(parseDateText('')).toEqual({ date: null, error: null });
    expect(parseDateText('   ', { type: 'end', start: '2024-01-10' })).toEqual({
      date: null,
      error: null,
    });
  });

  it('parses ISO and the shown format', () => {
    expect(parseDateText('2024-01-05')).toEqual({ date: '2024-01-05', error: null });
    expect(parseDateText('01/05/2024')).toEqual({ date: '2024-01-05', error: null });
  });

  it('gives the three errors', () => {
    expect(parseDateText('01/5')).toEqual({ date: null, error: 'Invalid date' });
    expect(parseDateText('01/16/2024')).toEqual({ date: null, error: 'Select a date in the past' });
    expect(parseDateText('01/10/2024', { type: 'start', end: '2024-01-05' }).error).toBe(
      'Start date must be before end date',
    );
    expect(parseDateText('01/04/2024', { type: 'end', start: '2024-01-05' }).error).toBe(
      'Start date must be before end date',
    );
    expect(parseDateText('01/05/2024', { type: 'end', start: '2024-01-05' }).error).toBeNull();
  });

  it('follows a translated shown format', () => {
    setLocaleData({ 'MM/DD/YYYY': 'DD/MM/YYYY' });
    expect(toDateText('2024-01-05')).toBe('05/01/2024');
    expect(parseDateText('05/01/2024').date).toBe('2024-01-05');
  });

  it('shown text always parses back to its day (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2024-01-15T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(textToIso(toDateText(iso))).toBe(iso);
          expect(parseDateText(toDateText(iso))).toEqual({ date: iso, error: null });
        },
      ),
    );
  });
});
