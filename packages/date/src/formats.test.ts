import { utcFormat } from 'd3-time-format';
import { getDateFormatsForInterval } from './formats';

const at = (iso: string) => new Date(iso);
const show = (format: string, iso: string) => utcFormat(format)(at(iso));

describe('getDateFormatsForInterval (d3-time-format strings)', () => {
  it('hour', () => {
    const f = getDateFormatsForInterval('hour');
    expect(show(f.tooltipLabelFormat, '2024-01-05T15:00:00Z')).toBe(' 3PM Jan 5, 2024');
    expect(show(f.xFormat, '2024-01-05T15:00:00Z')).toBe(' 3PM');
    expect(show(f.x2Format, '2024-01-05T15:00:00Z')).toBe('Jan 5, 2024');
  });

  it('day: days below 63 points, months from 63 on', () => {
    const few = getDateFormatsForInterval('day', 62);
    expect(show(few.tooltipLabelFormat, '2024-01-05T00:00:00Z')).toBe('January 5, 2024');
    expect(show(few.xFormat, '2024-01-05T00:00:00Z')).toBe('5');
    expect(show(few.x2Format, '2024-01-05T00:00:00Z')).toBe('Jan 2024');
    const many = getDateFormatsForInterval('day', 63);
    expect(show(many.xFormat, '2024-01-05T00:00:00Z')).toBe('Jan');
    expect(show(many.x2Format, '2024-01-05T00:00:00Z')).toBe('2024');
  });

  it('week: days below 9 points, months from 9 on', () => {
    const few = getDateFormatsForInterval('week', 8);
    expect(show(few.tooltipLabelFormat, '2024-01-07T00:00:00Z')).toBe('Week of January 7, 2024');
    expect(show(few.xFormat, '2024-01-07T00:00:00Z')).toBe('7');
    expect(show(getDateFormatsForInterval('week', 9).xFormat, '2024-01-07T00:00:00Z')).toBe('Jan');
  });

  it('month, quarter, year', () => {
    expect(
      show(getDateFormatsForInterval('month').tooltipLabelFormat, '2024-03-01T00:00:00Z'),
    ).toBe('March 2024');
    expect(show(getDateFormatsForInterval('month').xFormat, '2024-03-01T00:00:00Z')).toBe('Mar');
    expect(
      show(getDateFormatsForInterval('quarter').tooltipLabelFormat, '2024-04-01T00:00:00Z'),
    ).toBe('Q2 2024');
    expect(show(getDateFormatsForInterval('quarter').xFormat, '2024-04-01T00:00:00Z')).toBe('Q2');
    const year = getDateFormatsForInterval('year');
    expect([show(year.tooltipLabelFormat, '2024-04-01T00:00:00Z'), year.x2Format]).toEqual([
      '2024',
      '',
    ]);
  });
});
