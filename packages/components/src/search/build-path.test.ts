import fc from 'fast-check';
import { buildPath } from './build-path';

describe('buildPath', () => {
  it('appends arguments in order and keeps commas readable', () => {
    expect(
      buildPath('/wc-analytics/products', { search: 'red shirt', include: [1, 2], per_page: 10 }),
    ).toBe('/wc-analytics/products?search=red%20shirt&include=1,2&per_page=10');
  });

  it('leaves undefined arguments out and the path alone when none remain', () => {
    expect(buildPath('/a', { type: undefined })).toBe('/a');
  });

  it('extends an existing query string', () => {
    expect(buildPath('/a?x=1', { y: 2 })).toBe('/a?x=1&y=2');
  });

  it('round-trips any text through URLSearchParams', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const path = buildPath('/p', { search: text });
        expect(new URLSearchParams(path.slice(3)).get('search')).toBe(text);
      }),
    );
  });
});
