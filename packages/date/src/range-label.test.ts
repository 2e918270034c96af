import { getRangeLabel } from './range-label';

describe('getRangeLabel', () => {
  it.each([
    ['2024-01-05', '2024-01-05T23:59:59', 'Jan 5, 2024'],
    ['2024-01-01', '2024-01-15', 'Jan 1 - 15, 2024'],
    ['2024-01-01', '2024-02-03', 'Jan 1 - Feb 3, 2024'],
    ['2023-12-01', '2024-01-03', 'Dec 1, 2023 - Jan 3, 2024'],
    ['2023-01-10', '2024-01-10', 'Jan 10, 2023 - Jan 10, 2024'],
  ])('%s … %s → %s', (after, before, label) => {
    expect(getRangeLabel(after, before)).toBe(label);
  });
});
