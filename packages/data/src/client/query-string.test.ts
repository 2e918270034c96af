import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addQueryArgs, toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('round-trips scalar args through URLSearchParams (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), fc.oneof(fc.string(), fc.integer())),
        (args) => {
          const parsed = new URLSearchParams(toQueryString(args));
          for (const [key, value] of Object.entries(args)) {
            expect(parsed.get(key)).toBe(String(value));
          }
        },
      ),
    );
  });

  it('sends lists as repeated key[] in order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0 })), (ids) => {
        expect(new URLSearchParams(toQueryString({ ids })).getAll('ids[]')).toEqual(
          ids.map(String),
        );
      }),
    );
  });

  it('sends nested lists as key[i][] and skips null/undefined', () => {
    expect(toQueryString({ attribute_is: [[1, 2]], a: undefined, b: null })).toBe(
      'attribute_is[0][]=1&attribute_is[0][]=2',
    );
  });

  it('appends to a path that already has a query', () => {
    expect(addQueryArgs('/x?a=1', { b: 2 })).toBe('/x?a=1&b=2');
    expect(addQueryArgs('/x', {})).toBe('/x');
  });
});
