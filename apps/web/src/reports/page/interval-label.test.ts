import { describe, expect, it } from 'vitest';
import { intervalLabel } from './interval-label';

describe('intervalLabel', () => {
  it('labels each interval kind from the local start, whatever the browser zone', () => {
    expect(intervalLabel('hour', '2024-05-10 13:00:00')).toBe('May 10, 2024, 1 PM');
    expect(intervalLabel('day', '2024-05-10 00:00:00')).toBe('May 10, 2024');
    expect(intervalLabel('week', '2024-05-06 00:00:00')).toBe('Week of May 6, 2024');
    expect(intervalLabel('month', '2024-05-01 00:00:00')).toBe('May 2024');
    expect(intervalLabel('quarter', '2024-04-01 00:00:00')).toBe('Q2 2024');
    expect(intervalLabel('year', '2024-01-01 00:00:00')).toBe('2024');
  });
});
