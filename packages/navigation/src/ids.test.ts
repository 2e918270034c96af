import fc from 'fast-check';
import { getIdsFromQuery, getSetOfIdsFromQuery } from './ids';

describe('getIdsFromQuery', () => {
  it('reads unique positive integers in first-seen order', () => {
    expect(getIdsFromQuery('3, 1,x,3,0,-2,1.5,,7')).toEqual([3, 1, 7]);
  });

  it('gives nothing for empty or missing text', () => {
    expect(getIdsFromQuery('')).toEqual([]);
    expect(getIdsFromQuery(undefined)).toEqual([]);
    expect(getIdsFromQuery(null)).toEqual([]);
    expect(getIdsFromQuery()).toEqual([]);
  });

  it('drops numbers too large to be exact', () => {
    expect(getIdsFromQuery('9007199254740993,5')).toEqual([5]);
  });

  it('returns only unique positive safe integers', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const ids = getIdsFromQuery(text);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) {
          expect(Number.isSafeInteger(id)).toBe(true);
          expect(id).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('reads back any list of positive ids it is given, deduplicated', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })), (list) => {
        expect(getIdsFromQuery(list.join(','))).toEqual([...new Set(list)]);
      }),
    );
  });

  it('ignores junk mixed into a list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 })),
        fc.array(fc.constantFrom('', 'a', '-1', '0', '1.5', 'NaN', ' ')),
        (good, junk) => {
          const text = [...good.map(String), ...junk].join(',');
          expect(getIdsFromQuery(text)).toEqual([...new Set(good)]);
        },
      ),
    );
  });
});

describe('getSetOfIdsFromQuery', () => {
  it('gives the same ids as a Set', () => {
    expect(getSetOfIdsFromQuery('2,2,5')).toEqual(new Set([2, 5]));
  });
});
