import { setLocaleData } from '@storelens/i18n';
import { calendarLabels, labelDay } from './labels';

afterEach(() => setLocaleData({}));

describe('calendar labels', () => {
  it('reads days as MMM D, YYYY with today and selected marks', () => {
    const day = new Date(2024, 0, 15);
    expect(labelDay(day, {})).toBe('Jan 15, 2024');
    expect(labelDay(day, { today: true })).toBe('Today, Jan 15, 2024');
    expect(labelDay(day, { selected: true })).toBe('Jan 15, 2024, selected');
  });

  it('translates', () => {
    setLocaleData({ 'Go to the next month': 'Mois suivant', 'Today, %s': "Aujourd'hui, %s" });
    expect(calendarLabels().labelNext?.(undefined)).toBe('Mois suivant');
    expect(labelDay(new Date(2024, 0, 15), { today: true })).toBe("Aujourd'hui, Jan 15, 2024");
  });
});
