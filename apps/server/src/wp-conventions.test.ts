import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterFields, parseFields } from './wp-conventions';

const json = fc.jsonValue({ maxDepth: 3 });
const key = fc.constantFrom('a', 'b', 'c', 'id', 'totals');
const paths = fc.array(fc.array(key, { minLength: 1, maxLength: 3 }), { minLength: 1 });

describe('_fields', () => {
  it('parses comma lists, repeated values and dotted paths', () => {
    expect(parseFields('id, totals.orders_count')).toEqual([['id'], ['totals', 'orders_count']]);
    expect(parseFields(['a,b', 'c'])).toEqual([['a'], ['b'], ['c']]);
    expect(parseFields('')).toBeUndefined();
    expect(parseFields(undefined)).toBeUndefined();
  });

  it('keeps listed keys only, item by item, and nested paths inside their parent', () => {
    const rows = [{ id: 1, a: { b: 2, c: 3 }, d: 4 }, { id: 2 }];
    expect(filterFields(rows, [['id'], ['a', 'b']])).toEqual([{ id: 1, a: { b: 2 } }, { id: 2 }]);
    expect(filterFields({ a: { b: 1, c: 2 } }, [['a'], ['a', 'b']])).toEqual({ a: { b: 1, c: 2 } });
    expect(filterFields({ a: 1 }, [['zz']])).toEqual({});
  });

  it('never adds anything and keeps what it keeps unchanged (property)', () => {
    const within = (kept: unknown, original: unknown): boolean => {
      if (Array.isArray(kept))
        return Array.isArray(original) && kept.every((v, i) => within(v, original[i]));
      if (kept === null || typeof kept !== 'object') return Object.is(kept, original);
      if (original === null || typeof original !== 'object') return false;
      return Object.entries(kept).every(
        ([k, v]) =>
          Object.hasOwn(original, k) && within(v, (original as Record<string, unknown>)[k]),
      );
    };
    fc.assert(
      fc.property(json, paths, (value, fields) => within(filterFields(value, fields), value)),
    );
  });

  it('listing every top-level key keeps the whole object (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(key, json), (record) => {
        const all = Object.keys(record).map((k) => [k]);
        if (all.length === 0) return;
        expect(filterFields(record, all)).toEqual(record);
      }),
    );
  });
});
