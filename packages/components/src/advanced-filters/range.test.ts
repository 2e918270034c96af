import fc from 'fast-check';
import {
  getRangeTexts,
  getRangeValue,
  getSingleText,
  isCompleteRange,
  isValidIsoDate,
  isValidNumberText,
  parseNumberText,
} from './range';

describe('isValidNumberText', () => {
  it.each([
    ['12', true],
    ['-3.5', true],
    [' 7 ', true],
    ['', false],
    ['  ', false],
    ['abc', false],
    ['1e999', false],
  ])('%j → %s', (text, valid) => {
    expect(isValidNumberText(text)).toBe(valid);
  });

  it('accepts every finite number written out', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(isValidNumberText(String(n))).toBe(true);
      }),
    );
  });
});

describe('isValidIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-1-01', false],
    ['01/02/2024', false],
    ['', false],
  ])('%j → %s', (text, valid) => {
    expect(isValidIsoDate(text)).toBe(valid);
  });
});

describe('single and range texts', () => {
  it('collapses a pair to its first value for one-value rules', () => {
    expect(getSingleText(['5', '10'])).toBe('5');
    expect(getSingleText('7')).toBe('7');
  });

  it('reads the two ends of a range, a single value being the start', () => {
    expect(getRangeTexts(['5', '10'])).toEqual(['5', '10']);
    expect(getRangeTexts('5')).toEqual(['5', '']);
  });
});

describe('getRangeValue', () => {
  it('passes each end its position and the other end', () => {
    const seen: string[] = [];
    getRangeValue(['a', 'b'], (text, position, other) => {
      seen.push(`${text}:${position}:${other}`);
      return text;
    });
    expect(seen).toEqual(['a:start:b', 'b:end:a']);
  });

  it('trims numbers it commits', () => {
    expect(getRangeValue([' 5 ', '10'], parseNumberText)).toEqual(['5', '10']);
  });

  it('keeps both ends when both are valid', () => {
    expect(getRangeValue(['5', '10'], parseNumberText)).toEqual(['5', '10']);
  });

  it('empties an invalid end so the range is not applied', () => {
    expect(getRangeValue(['5', 'x'], parseNumberText)).toEqual(['5', '']);
    expect(getRangeValue(['', '10'], parseNumberText)).toEqual(['', '10']);
    expect(isCompleteRange(getRangeValue(['5', 'x'], parseNumberText), isValidNumberText)).toBe(
      false,
    );
  });

  it('is complete exactly when both ends are valid', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(isCompleteRange(getRangeValue([a, b], parseNumberText), isValidNumberText)).toBe(
          isValidNumberText(a) && isValidNumberText(b),
        );
      }),
    );
  });
});
