import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { __, _n, _x, setLocaleData, sprintf } from './index';

afterEach(() => setLocaleData({}));

describe('i18n', () => {
  it('returns source text without locale data', () => {
    expect(__('No results.')).toBe('No results.');
  });

  it('translates loaded strings and falls back for unknown ones', () => {
    setLocaleData({ 'No results.': 'Aucun résultat.' });
    expect(__('No results.')).toBe('Aucun résultat.');
    expect(__('Update')).toBe('Update');
  });

  it('picks English plural forms by count', () => {
    expect(_n('%d result found', '%d results found', 1)).toBe('%d result found');
    expect(_n('%d result found', '%d results found', 0)).toBe('%d results found');
    expect(_n('%d result found', '%d results found', 2)).toBe('%d results found');
  });

  it('uses a loaded plural rule and forms', () => {
    setLocaleData({ item: ['one', 'few', 'many'] }, (n) => (n === 1 ? 0 : n < 5 ? 1 : 2));
    expect(_n('item', 'items', 1)).toBe('one');
    expect(_n('item', 'items', 3)).toBe('few');
    expect(_n('item', 'items', 9)).toBe('many');
  });

  it('keeps context-specific translations apart', () => {
    setLocaleData({ 'verb\u0004Filter': 'Filtrer', Filter: 'Filtre' });
    expect(_x('Filter', 'verb')).toBe('Filtrer');
    expect(__('Filter')).toBe('Filtre');
  });

  it('formats sequential and positional arguments', () => {
    expect(sprintf('%d result found, use up and down arrow keys to navigate.', 3)).toBe(
      '3 result found, use up and down arrow keys to navigate.',
    );
    expect(sprintf('%2$s vs. %1$s', 'a', 'b')).toBe('b vs. a');
    expect(sprintf('100%%')).toBe('100%');
    expect(sprintf('%d', 2.9)).toBe('2');
    expect(sprintf('%s and %s', 'x')).toBe('x and ');
  });

  it('never throws and leaves text without placeholders untouched', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.oneof(fc.string(), fc.integer())), (format, args) => {
        const out = sprintf(format, ...args);
        if (!format.includes('%')) expect(out).toBe(format);
      }),
    );
  });
});
