import type { ChartDataRow } from '../types';
import { DEFAULT_DATE_FORMATS, formatTooltipDate, getXTickLabels, parseRowDates } from './dates';

describe('parseRowDates', () => {
  it("parses '%Y-%m-%dT%H:%M:%S' as local time by default", () => {
    const [date] = parseRowDates([{ date: '2024-03-05T13:00:00' }]);
    expect(date?.getFullYear()).toBe(2024);
    expect(date?.getMonth()).toBe(2);
    expect(date?.getDate()).toBe(5);
    expect(date?.getHours()).toBe(13);
  });

  it('uses a caller-given parser', () => {
    const [date] = parseRowDates([{ date: '05/03/2024' }], '%d/%m/%Y');
    expect(date?.getMonth()).toBe(2);
  });

  it('gives an invalid date for text it cannot read', () => {
    const rows: ChartDataRow[] = [{ date: 'not a date' }];
    expect(Number.isNaN(parseRowDates(rows)[0]?.getTime())).toBe(true);
  });
});

describe('x-axis labels', () => {
  it('shows the second line only where it changes', () => {
    const dates = [new Date(2024, 0, 30), new Date(2024, 0, 31), new Date(2024, 1, 1)];
    const labels = getXTickLabels(dates, [0, 1, 2], DEFAULT_DATE_FORMATS.day);
    expect(labels).toEqual([
      { index: 0, line1: '30', line2: 'Jan 2024' },
      { index: 1, line1: '31' },
      { index: 2, line1: '1', line2: 'Feb 2024' },
    ]);
  });

  it('has formats for every interval', () => {
    const date = new Date(2024, 6, 4, 15);
    expect(formatTooltipDate(date, DEFAULT_DATE_FORMATS.hour.tooltipLabelFormat)).toBe(
      '3 PM Jul 4, 2024',
    );
    expect(formatTooltipDate(date, DEFAULT_DATE_FORMATS.day.tooltipLabelFormat)).toBe(
      'July 4, 2024',
    );
    expect(formatTooltipDate(date, DEFAULT_DATE_FORMATS.month.tooltipLabelFormat)).toBe(
      'July 2024',
    );
    expect(formatTooltipDate(date, DEFAULT_DATE_FORMATS.year.tooltipLabelFormat)).toBe('2024');
  });

  it('falls back to the raw text for an invalid date', () => {
    expect(formatTooltipDate(new Date(Number.NaN), '%Y', 'raw')).toBe('raw');
  });
});
