import { describe, expect, it } from 'vitest';
import { formatNumber, formatStoreDate } from './format';

describe('formatStoreDate', () => {
  it('reads the store-local date as written, whatever the browser zone', () => {
    expect(formatStoreDate('2025-12-31 23:33:43')).toBe('Dec 31, 2025');
    expect(formatStoreDate('2026-01-05T00:10:00')).toBe('Jan 5, 2026');
    expect(formatStoreDate('2026-02-01')).toBe('Feb 1, 2026');
  });

  it('gives nothing for missing or unreadable dates', () => {
    expect(formatStoreDate(null)).toBe('');
    expect(formatStoreDate('')).toBe('');
    expect(formatStoreDate('soon')).toBe('');
  });
});

describe('formatNumber', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1.835)).toBe('1.84');
  });
});
