import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchParam, searchWords } from './search-ids';

describe('search words in the URL', () => {
  it('splits on commas and keeps escaped commas inside words', () => {
    expect(searchWords('cap,blue%2C large, ')).toEqual(['cap', 'blue, large']);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchParam(['blue, large', 'cap'])).toBe('blue%2C large,cap');
    expect(searchParam([])).toBeUndefined();
  });

  it('round-trips any trimmed words', () => {
    const word = fc
      .string({ minLength: 1 })
      .map((w) => w.trim())
      .filter((w) => w !== '' && !/%2C/i.test(w));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), (words) => {
        expect(searchWords(searchParam(words))).toEqual(words);
      }),
    );
  });
});
