import { setLocaleData } from '@storelens/i18n';
import { resultsMessage } from './results-message';

afterEach(() => setLocaleData({}));

describe('resultsMessage', () => {
  it('says there are no results', () => {
    expect(resultsMessage(0)).toBe('No results.');
  });

  it('uses the singular for one result', () => {
    expect(resultsMessage(1)).toBe('1 result found, use up and down arrow keys to navigate.');
  });

  it('uses the plural for several results', () => {
    expect(resultsMessage(7)).toBe('7 results found, use up and down arrow keys to navigate.');
  });

  it('goes through the translation catalogue', () => {
    setLocaleData({
      '%d result found, use up and down arrow keys to navigate.': ['%d résultat', '%d résultats'],
      'No results.': 'Aucun résultat.',
    });
    expect(resultsMessage(2)).toBe('2 résultats');
    expect(resultsMessage(0)).toBe('Aucun résultat.');
  });
});
