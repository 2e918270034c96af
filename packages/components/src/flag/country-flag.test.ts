import { countryFlag } from './country-flag';

describe('countryFlag', () => {
  it('turns a country code into regional-indicator letters and a name', () => {
    expect(countryFlag('us', 'en')).toEqual({ emoji: '🇺🇸', name: 'United States' });
    expect(countryFlag('DE', 'en')?.emoji).toBe('\u{1F1E9}\u{1F1EA}');
  });

  it('rejects anything that is not a known two-letter country', () => {
    for (const code of ['', 'USA', 'U1', 'XX', 'ZZ', null, undefined]) {
      expect(countryFlag(code, 'en')).toBeNull();
    }
  });
});
