import type { ChartDataRow } from '../types';
import { getSeriesKeys, keySetSignature } from './series-keys';

const rows: ChartDataRow[] = [
  {
    date: '2024-01-01T00:00:00',
    a: { value: 1, label: 'Alpha' },
    b: { value: 0 },
    c: { value: 5, label: 'Gamma' },
  },
  {
    date: '2024-01-02T00:00:00',
    a: { value: 2, label: 'Alpha' },
    b: { value: 0, label: 'Beta' },
    c: { value: 5 },
  },
];

describe('getSeriesKeys', () => {
  it('keeps first-seen order and totals in time-comparison, zero totals included', () => {
    expect(getSeriesKeys(rows, 'time-comparison')).toEqual([
      { key: 'a', label: 'Alpha', total: 3 },
      { key: 'b', label: 'Beta', total: 0 },
      { key: 'c', label: 'Gamma', total: 10 },
    ]);
  });

  it('orders item-comparison by total, largest first, and drops zero totals', () => {
    expect(getSeriesKeys(rows, 'item-comparison').map((entry) => entry.key)).toEqual(['c', 'a']);
  });

  it('keeps a zero-total item when its id is selected in the query', () => {
    expect(getSeriesKeys(rows, 'item-comparison', ['b']).map((entry) => entry.key)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('matches numeric selected ids against string keys', () => {
    const numeric: ChartDataRow[] = [
      { date: '2024-01-01T00:00:00', '12': { value: 0, label: 'Hat' } },
    ];
    expect(getSeriesKeys(numeric, 'item-comparison', [12])).toHaveLength(1);
  });

  it('falls back to the key as label and ignores the date column', () => {
    const plain: ChartDataRow[] = [{ date: '2024-01-01T00:00:00', x: { value: 1 } }];
    expect(getSeriesKeys(plain, 'time-comparison')).toEqual([{ key: 'x', label: 'x', total: 1 }]);
  });
});

describe('keySetSignature', () => {
  it('is equal for the same keys in any order and differs for another set', () => {
    const ab = keySetSignature([{ key: 'a' }, { key: 'b' }]);
    expect(keySetSignature([{ key: 'b' }, { key: 'a' }])).toBe(ab);
    expect(keySetSignature([{ key: 'a' }, { key: 'c' }])).not.toBe(ab);
  });
});
