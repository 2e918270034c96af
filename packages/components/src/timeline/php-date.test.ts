import fc from 'fast-check';
import { formatPhpDate } from './php-date';

describe('formatPhpDate', () => {
  it("formats the timeline's date and clock", () => {
    const date = new Date(2026, 0, 5, 15, 7, 9);
    expect(formatPhpDate(date, 'F j, Y')).toBe('January 5, 2026');
    expect(formatPhpDate(date, 'g:ia')).toBe('3:07pm');
  });

  it('covers midnight and noon on the 12-hour clock', () => {
    expect(formatPhpDate(new Date(2026, 0, 1, 0, 5), 'g:i A')).toBe('12:05 AM');
    expect(formatPhpDate(new Date(2026, 0, 1, 12, 0), 'h:i a')).toBe('12:00 pm');
  });

  it('supports the other common tokens and escapes', () => {
    const date = new Date(2026, 1, 3, 9, 4, 5);
    expect(formatPhpDate(date, 'D, d M y H:i:s')).toBe('Tue, 03 Feb 26 09:04:05');
    expect(formatPhpDate(date, 'l jS \\o\\f F')).toBe('Tuesday 3rd of February');
    expect(formatPhpDate(date, 'N w n m t G')).toBe('2 2 2 02 28 9');
  });

  it('uses the right ordinal suffixes', () => {
    const suffix = (day: number) => formatPhpDate(new Date(2026, 0, day), 'jS');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(suffix)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });

  it('round-trips the numeric tokens', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1970, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (date) => {
          const [y, m, d, h, i, s] = formatPhpDate(date, 'Y-m-d-H-i-s').split('-').map(Number);
          expect(new Date(y!, m! - 1, d, h, i, s).getTime()).toBe(
            new Date(
              date.getFullYear(),
              date.getMonth(),
              date.getDate(),
              date.getHours(),
              date.getMinutes(),
              date.getSeconds(),
            ).getTime(),
          );
        },
      ),
    );
  });
});
