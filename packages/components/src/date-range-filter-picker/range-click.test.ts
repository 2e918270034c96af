import fc from 'fast-check';
import { addDays, applyDayClick } from './range-click';

describe('applyDayClick (minimum nights 0)', () => {
  it('start focused: sets the start, keeps a later end, focuses the end', () => {
    expect(applyDayClick({ after: null, before: '2024-01-20' }, '2024-01-05', 'start')).toEqual({
      range: { after: '2024-01-05', before: '2024-01-20' },
      focusedInput: 'end',
    });
  });

  it('start focused: clears an end before the new start', () => {
    expect(
      applyDayClick({ after: '2024-01-01', before: '2024-01-04' }, '2024-01-05', 'start'),
    ).toEqual({
      range: { after: '2024-01-05', before: null },
      focusedInput: 'end',
    });
  });

  it('start focused: keeps an end on the same day (one-day range)', () => {
    expect(
      applyDayClick({ after: null, before: '2024-01-05' }, '2024-01-05', 'start').range,
    ).toEqual({
      after: '2024-01-05',
      before: '2024-01-05',
    });
  });

  it('end focused: sets the end on or after the start', () => {
    expect(applyDayClick({ after: '2024-01-05', before: null }, '2024-01-05', 'end')).toEqual({
      range: { after: '2024-01-05', before: '2024-01-05' },
      focusedInput: 'end',
    });
    expect(
      applyDayClick({ after: '2024-01-05', before: '2024-01-06' }, '2024-01-09', 'end').range,
    ).toEqual({
      after: '2024-01-05',
      before: '2024-01-09',
    });
  });

  it('end focused: a day before the start becomes the start and clears the end', () => {
    expect(
      applyDayClick({ after: '2024-01-05', before: '2024-01-09' }, '2024-01-02', 'end'),
    ).toEqual({
      range: { after: '2024-01-02', before: null },
      focusedInput: 'end',
    });
  });

  it('end focused without a start: sets the end and focuses the start', () => {
    expect(applyDayClick({ after: null, before: null }, '2024-01-09', 'end')).toEqual({
      range: { after: null, before: '2024-01-09' },
      focusedInput: 'start',
    });
  });

  it('respects minimum nights', () => {
    expect(
      applyDayClick({ after: '2024-01-05', before: null }, '2024-01-06', 'end', 2).range,
    ).toEqual({
      after: '2024-01-06',
      before: null,
    });
    expect(
      applyDayClick({ after: '2024-01-05', before: null }, '2024-01-07', 'end', 2).range.before,
    ).toBe('2024-01-07');
  });

  it('never leaves an end before the start (property)', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2020-01-01', n));
    const maybe = fc.option(day, { nil: null });
    fc.assert(
      fc.property(
        maybe,
        maybe,
        day,
        fc.constantFrom('start' as const, 'end' as const),
        (a, b, d, f) => {
          const start = a && b && a > b ? b : a;
          const { range } = applyDayClick({ after: start, before: b }, d, f);
          if (range.after && range.before) expect(range.after <= range.before).toBe(true);
          expect([range.after, range.before]).toContain(d);
        },
      ),
    );
  });

  it('adds days across month ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
  });
});
