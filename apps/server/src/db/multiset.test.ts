import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMultisets, forEachPositiveId, formatMultiset, parseMultiset } from './multiset';

const positiveIds = (text: string) => {
  const ids = new Set<number>();
  forEachPositiveId(text, (id) => ids.add(id));
  return ids;
};

/** Multisets with ids of up to 8 digits and counts that may be zero or negative. */
const multiset = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: -5, max: 40 })))
  .map((entries) => new Map(entries));

describe('coupon multisets', () => {
  it('round-trips through formatMultiset and parseMultiset, zeros dropped (property)', () => {
    fc.assert(
      fc.property(multiset, (set) => {
        const expected = new Map([...set].filter(([, n]) => n !== 0));
        expect(parseMultiset(formatMultiset(set))).toEqual(expected);
      }),
    );
  });

  it('finds the ids positive in any of several concatenated multisets (property)', () => {
    fc.assert(
      fc.property(fc.array(multiset, { maxLength: 6 }), (sets) => {
        const expected = new Set<number>();
        for (const set of sets) for (const [id, n] of set) if (n > 0) expected.add(id);
        // An aggregate joins the rows' texts with ',' (an empty multiset adds an empty entry).
        expect(positiveIds(sets.map(formatMultiset).join(','))).toEqual(expected);
      }),
    );
  });

  it('ignores empty texts and non-positive counts', () => {
    expect(positiveIds('')).toEqual(new Set());
    expect(positiveIds(',,')).toEqual(new Set());
    expect(positiveIds('7:0,8:-2,9:1')).toEqual(new Set([9]));
  });
});

describe('addMultisets', () => {
  it('adds counts id by id and writes the sum as formatMultiset does (property)', () => {
    fc.assert(
      fc.property(multiset, multiset, (a, b) => {
        const sum = new Map(a);
        for (const [id, n] of b) sum.set(id, (sum.get(id) ?? 0) + n);
        expect(addMultisets(formatMultiset(a), formatMultiset(b))).toBe(formatMultiset(sum));
      }),
    );
  });

  it('drops ids whose counts cancel, down to the empty text', () => {
    expect(addMultisets('3:1,12:2', '3:-1,12:-2')).toBe('');
    expect(addMultisets('3:1,12:2', '12:-2,40:1')).toBe('3:1,40:1');
    expect(addMultisets('', '5:1')).toBe('5:1');
    expect(addMultisets('5:1', '')).toBe('5:1');
  });
});
