import { describe, expect, it } from 'vitest';
import { itemComparisonRows, timeComparisonRows } from './chart-rows';

describe('timeComparisonRows', () => {
  const interval = (date: string, net: number) => ({
    interval: date,
    date_start: `${date} 00:00:00`,
    subtotals: { net_revenue: net },
  });

  it('pairs the i-th intervals and keeps the secondary date as labelDate', () => {
    const rows = timeComparisonRows(
      [interval('2024-05-01', 10), interval('2024-05-02', 20)],
      [interval('2023-05-01', 5), interval('2023-05-02', 7)],
      'net_revenue',
      { primary: 'Month to date', secondary: 'Previous year' },
    );
    expect(rows).toEqual([
      {
        date: '2024-05-01T00:00:00',
        primary: { value: 10, label: 'Month to date', labelDate: '2024-05-01 00:00:00' },
        secondary: { value: 5, label: 'Previous year', labelDate: '2023-05-01 00:00:00' },
      },
      {
        date: '2024-05-02T00:00:00',
        primary: { value: 20, label: 'Month to date', labelDate: '2024-05-02 00:00:00' },
        secondary: { value: 7, label: 'Previous year', labelDate: '2023-05-02 00:00:00' },
      },
    ]);
  });

  it('leaves the secondary series out where the comparison range is shorter', () => {
    const rows = timeComparisonRows(
      [interval('2024-03-01', 1), interval('2024-03-02', 2)],
      [interval('2023-03-01', 3)],
      'net_revenue',
      {
        primary: 'a',
        secondary: 'b',
      },
    );
    expect(rows[1]).not.toHaveProperty('secondary');
  });
});

describe('itemComparisonRows', () => {
  it('makes one series per segment, keyed by id and labelled by name', () => {
    const rows = itemComparisonRows(
      [
        {
          interval: '2024-05-01',
          date_start: '2024-05-01 00:00:00',
          subtotals: {
            items_sold: 3,
            segments: [
              { segment_id: 7, segment_label: 'Beanie', subtotals: { items_sold: 2 } },
              { segment_id: 9, segment_label: 'Beanie', subtotals: { items_sold: 1 } },
            ],
          },
        },
        { interval: '2024-05-02', date_start: '2024-05-02 00:00:00', subtotals: {} },
      ],
      'items_sold',
    );
    expect(rows).toEqual([
      {
        date: '2024-05-01T00:00:00',
        '7': { value: 2, label: 'Beanie' },
        '9': { value: 1, label: 'Beanie' },
      },
      { date: '2024-05-02T00:00:00' },
    ]);
  });
});
