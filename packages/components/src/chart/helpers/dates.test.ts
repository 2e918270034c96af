import { getDateFormatsForInterval } from '@storelens/date';
import { timeFormat, timeParse } from 'd3-time-format';
import fc from 'fast-check';
import { DEFAULT_DATE_PARSER } from '../constants';
import type { ChartDataRow } from '../types';
import {
  createDateLookup,
  formatTooltipDate,
  getAxisDateFormats,
  getXTickLabels,
  parseRowDates,
} from './dates';

describe('parseRowDates', () => {
  it("parses '%Y-%m-%dT%H:%M:%S' as local time by default", () => {
    const [date] = parseRowDates([{ date: '2024-03-05T13:00:00' }]);
    expect(date?.getFullYear()).toBe(2024);
    expect(date?.getMonth()).toBe(2);
    expect(date?.getDate()).toBe(5);
    expect(date?.getHours()).toBe(13);
  });

  it('agrees with d3 timeParse for the default format (fast path)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1000, 0, 1), max: new Date(2200, 0, 1), noInvalidDate: true }),
        (date) => {
          const text = timeFormat(DEFAULT_DATE_PARSER)(date);
          expect(parseRowDates([{ date: text }])[0]?.getTime()).toBe(
            timeParse(DEFAULT_DATE_PARSER)(text)?.getTime(),
          );
        },
      ),
    );
  });

  it('falls back to d3 for default-format text the fast path rejects', () => {
    const [date] = parseRowDates([{ date: '2024-3-5T1:00:00' }]);
    expect(date?.getDate()).toBe(5);
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

describe('createDateLookup', () => {
  it('parses a row only when asked, once', () => {
    let reads = 0;
    const second = {
      get date() {
        reads += 1;
        return '2024-01-02T00:00:00';
      },
    };
    const dateAt = createDateLookup([{ date: '2024-01-01T00:00:00' }, second]);
    expect(dateAt(0)?.getDate()).toBe(1);
    expect(reads).toBe(0);
    const parsed = dateAt(1);
    expect(parsed?.getDate()).toBe(2);
    expect(dateAt(1)).toBe(parsed);
    expect(reads).toBe(1);
    expect(dateAt(5)).toBeUndefined();
  });

  it('uses a caller-given format', () => {
    expect(createDateLookup([{ date: '05/03/2024' }], '%d/%m/%Y')(0)?.getMonth()).toBe(2);
  });
});

describe('x-axis labels', () => {
  it('shows the second line only where it changes', () => {
    const dates = [new Date(2024, 0, 30), new Date(2024, 0, 31), new Date(2024, 1, 1)];
    const labels = getXTickLabels((i) => dates[i], [0, 1, 2], getDateFormatsForInterval('day'));
    expect(labels).toEqual([
      { index: 0, line1: '30', line2: 'Jan 2024' },
      { index: 1, line1: '31' },
      { index: 2, line1: '1', line2: 'Feb 2024' },
    ]);
  });

  it('skips a second line closer than the minimum gap to the last one shown', () => {
    const dates = [
      new Date(2024, 0, 31),
      new Date(2024, 1, 1),
      new Date(2024, 2, 1),
      new Date(2024, 3, 1),
    ];
    const labels = getXTickLabels(
      (i) => dates[i],
      [0, 1, 2, 3],
      getDateFormatsForInterval('day'),
      (i) => i * 50,
      80,
    );
    expect(labels.map((label) => label.line2)).toEqual([
      'Jan 2024',
      undefined,
      'Mar 2024',
      undefined,
    ]);
  });

  it('switches the axis to month labels for day series of 63+ and week series of 9+', () => {
    const month = getDateFormatsForInterval('month');
    expect(getAxisDateFormats('day', [0, 31, 60], 91).xFormat).toBe(month.xFormat);
    expect(getAxisDateFormats('week', [0, 4], 20).xFormat).toBe(month.xFormat);
    expect(getAxisDateFormats('day', [0, 1], 62).xFormat).toBe('%-d');
  });

  it('switches an hourly axis to day formats when ticks are a day or more apart', () => {
    expect(getAxisDateFormats('hour', [3, 27, 51], 8760)).toEqual(getDateFormatsForInterval('day'));
    expect(getAxisDateFormats('hour', [0, 2, 4], 48)).toEqual(getDateFormatsForInterval('hour'));
    expect(getAxisDateFormats('week', [0, 1], 4)).toEqual(getDateFormatsForInterval('week'));
  });

  it('formats tooltip headings with the date package formats', () => {
    const date = new Date(2024, 6, 4, 15);
    expect(formatTooltipDate(date, getDateFormatsForInterval('hour').tooltipLabelFormat)).toBe(
      '3PM Jul 4, 2024',
    );
    expect(formatTooltipDate(date, getDateFormatsForInterval('day').tooltipLabelFormat)).toBe(
      'July 4, 2024',
    );
    expect(formatTooltipDate(date, getDateFormatsForInterval('month').tooltipLabelFormat)).toBe(
      'July 2024',
    );
    expect(formatTooltipDate(date, getDateFormatsForInterval('year').tooltipLabelFormat)).toBe(
      '2024',
    );
  });

  it('falls back to the raw text for an invalid date', () => {
    expect(formatTooltipDate(new Date(Number.NaN), '%Y', 'raw')).toBe('raw');
  });
});
