import fc from 'fast-check';
import { matchSegments } from './match-segments';

describe('matchSegments', () => {
  it('marks the matched part', () => {
    expect(matchSegments('Pineapple', 'APP')).toEqual([
      { text: 'Pine', match: false },
      { text: 'app', match: true },
      { text: 'le', match: false },
    ]);
  });

  it('leaves the label whole when nothing matches or the query is empty', () => {
    expect(matchSegments('Apple', 'kiwi')).toEqual([{ text: 'Apple', match: false }]);
    expect(matchSegments('Apple', '')).toEqual([{ text: 'Apple', match: false }]);
  });

  it('always joins back to the label', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (label, query) => {
        expect(
          matchSegments(label, query)
            .map((s) => s.text)
            .join(''),
        ).toBe(label);
      }),
    );
  });
});
