import { containsLeapYear, isLeapYear } from './leap';

describe('isLeapYear', () => {
  it.each([
    [2024, true],
    [2023, false],
    [1900, false],
    [2000, true],
    [2100, false],
  ])('%i → %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });
});

describe('containsLeapYear', () => {
  it('is true only when a 29 February lies within the range', () => {
    expect(containsLeapYear('2024-02-01', '2024-03-01')).toBe(true);
    expect(containsLeapYear('2024-02-29', '2024-02-29')).toBe(true);
    expect(containsLeapYear('2024-03-01', '2024-12-31')).toBe(false);
    expect(containsLeapYear('2024-01-01', '2024-02-28')).toBe(false);
    expect(containsLeapYear('2022-06-01', '2023-06-01')).toBe(false);
    expect(containsLeapYear('2023-06-01', '2028-01-01')).toBe(true);
    expect(containsLeapYear('2024-01-31', '2024-02-29')).toBe(true);
  });
});
