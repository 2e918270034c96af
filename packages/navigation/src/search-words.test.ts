import { getSearchWords } from './search-words';

describe('getSearchWords', () => {
  it('splits the search param on commas', () => {
    expect(getSearchWords({ search: 'hoodie, cap,,belt ' })).toEqual(['hoodie', 'cap', 'belt']);
  });

  it('keeps encoded commas inside a word', () => {
    expect(getSearchWords({ search: 'Smith%2C John,Doe' })).toEqual(['Smith, John', 'Doe']);
  });

  it('gives nothing without a search param', () => {
    expect(getSearchWords({ period: 'month' })).toEqual([]);
  });

  it('throws when search is not text', () => {
    expect(() => getSearchWords({ search: ['a'] })).toThrow(/getSearchWords/);
  });
});
