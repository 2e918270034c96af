import { describe, expect, it } from 'vitest';
import { itemComparisonRows, legendTotals, timeComparisonRows } from './chart-rows';

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

describe('timeComparisonRows by day across a leap year', () => {
  /** One interval per day from `first` to `last`, each worth `value(day)`. */
  const days = (first: string, last: string, value: (day: string) => number) => {
    const out = [];
    for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); ) {
      const day = new Date(t).toISOString().slice(0, 10);
      out.push({
        interval: day,
        date_start: `${day} 00:00:00`,
        subtotals: { net_revenue: value(day) },
      });
      t += 86_400_000;
    }
    return out;
  };
  const labels = { primary: 'Last year', secondary: 'Previous year' };
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const secondaryValues = (rows: ReturnType<typeof timeComparisonRows>) =>
    rows.map((row) => (typeof row.secondary === 'object' ? row.secondary.value : 0));
  const dayValue = (day: string) => Number(day.slice(5, 7)) * 100 + Number(day.slice(8));

  it('lays 2024 (366 days) over 2025 date by date, the 29 February added to the 28th', () => {
    const primary = days('2025-01-01', '2025-12-31', () => 1);
    const secondary = days('2024-01-01', '2024-12-31', dayValue);
    const rows = timeComparisonRows(primary, secondary, 'net_revenue', labels, {
      interval: 'day',
      primaryStart: '2025-01-01',
      secondaryStart: '2024-01-01',
      additive: true,
    });
    expect(rows).toHaveLength(365);
    // No day of 2024 drops out: the plotted values add up to the year.
    expect(sum(secondaryValues(rows))).toBe(sum(secondary.map((s) => s.subtotals.net_revenue)));
    const at = (day: string) => rows.find((row) => row.date === `${day}T00:00:00`);
    expect(at('2025-02-28')?.secondary).toEqual({
      value: 228 + 229,
      label: 'Previous year',
      labelDate: '2024-02-28 00:00:00',
      labelDateEnd: '2024-02-29 00:00:00',
    });
    expect(at('2025-03-01')?.secondary).toMatchObject({
      value: 301,
      labelDate: '2024-03-01 00:00:00',
    });
    expect(at('2025-12-31')?.secondary).toMatchObject({
      value: 1231,
      labelDate: '2024-12-31 00:00:00',
    });
  });

  it('does not add an average’s 29 February to the 28th', () => {
    const rows = timeComparisonRows(
      days('2025-02-27', '2025-03-01', () => 1),
      days('2024-02-27', '2024-03-01', dayValue),
      'net_revenue',
      labels,
      {
        interval: 'day',
        primaryStart: '2025-02-27',
        secondaryStart: '2024-02-27',
        additive: false,
      },
    );
    expect(secondaryValues(rows)).toEqual([227, 228, 301]);
  });

  it('gives a primary 29 February no previous-year value and keeps later days on their dates', () => {
    const rows = timeComparisonRows(
      days('2024-02-27', '2024-03-02', () => 1),
      days('2023-02-27', '2023-03-02', dayValue),
      'net_revenue',
      labels,
      { interval: 'day', primaryStart: '2024-02-27', secondaryStart: '2023-02-27', additive: true },
    );
    expect(
      rows.map((row) => (typeof row.secondary === 'object' ? row.secondary.labelDate : null)),
    ).toEqual([
      '2023-02-27 00:00:00',
      '2023-02-28 00:00:00',
      null,
      '2023-03-01 00:00:00',
      '2023-03-02 00:00:00',
    ]);
  });

  it('moves a previous period back by the days between the starts', () => {
    // March 2024 against February 2024 (29 days): 1 March with 1 February … 29 with 29.
    const rows = timeComparisonRows(
      days('2024-03-01', '2024-03-31', () => 1),
      days('2024-02-01', '2024-02-29', dayValue),
      'net_revenue',
      labels,
      { interval: 'day', primaryStart: '2024-03-01', secondaryStart: '2024-02-01', additive: true },
    );
    expect(secondaryValues(rows).slice(27, 31)).toEqual([228, 229, 0, 0]);
    expect(rows[30]).not.toHaveProperty('secondary');
  });
});

describe('legendTotals', () => {
  it('reads each range’s total of the metric from the stats totals', () => {
    expect(
      legendTotals({ net_revenue: 144_780.16 }, { net_revenue: '141432.6' }, 'net_revenue'),
    ).toEqual({ primary: 144_780.16, secondary: 141_432.6 });
    expect(legendTotals(undefined, {}, 'net_revenue')).toEqual({
      primary: undefined,
      secondary: undefined,
    });
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
