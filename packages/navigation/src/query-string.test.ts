import fc from 'fast-check';
import { parseQuery, type QueryValue, splitKey, stringifyQuery } from './query-string';

describe('splitKey', () => {
  it('splits bracket parts', () => {
    expect(splitKey('a[b][0][]')).toEqual(['a', 'b', '0', '']);
    expect(splitKey('plain')).toEqual(['plain']);
  });

  it('keeps malformed keys whole', () => {
    expect(splitKey('a[b')).toEqual(['a[b']);
    expect(splitKey('[a]')).toEqual(['[a]']);
    expect(splitKey('a[b]c')).toEqual(['a[b]c']);
  });
});

describe('parseQuery', () => {
  it('reads plain values, with or without "?"', () => {
    expect(parseQuery('?page=wc-admin&path=%2Fanalytics%2Frevenue')).toEqual({
      page: 'wc-admin',
      path: '/analytics/revenue',
    });
    expect(parseQuery('a=1&b=')).toEqual({ a: '1', b: '' });
  });

  it('reads lists and nested lists', () => {
    expect(parseQuery('a[]=1&a[]=2')).toEqual({ a: ['1', '2'] });
    expect(parseQuery('x[0][0]=1&x[0][1]=2&x[1][0]=3&x[1][1]=4')).toEqual({
      x: [
        ['1', '2'],
        ['3', '4'],
      ],
    });
  });

  it('collects a repeated plain key into a list', () => {
    expect(parseQuery('a=1&a=2&a=3')).toEqual({ a: ['1', '2', '3'] });
  });

  it('reads maps, and never huge sparse lists', () => {
    expect(parseQuery('o[k]=v&o[j]=w')).toEqual({ o: { k: 'v', j: 'w' } });
    expect(parseQuery('a[100000]=x')).toEqual({ a: { '100000': 'x' } });
  });

  it('ignores prototype keys', () => {
    const parsed = parseQuery('__proto__[x]=1&a[constructor]=2&ok=1');
    expect(parsed).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('stringifyQuery', () => {
  it('writes readable slashes, commas and brackets', () => {
    expect(stringifyQuery({ page: 'wc-admin', path: '/analytics/revenue', products: '1,2' })).toBe(
      'page=wc-admin&path=/analytics/revenue&products=1,2',
    );
    expect(stringifyQuery({ x: [['1', '2']] })).toBe('x[0][0]=1&x[0][1]=2');
  });

  it('encodes what must be encoded', () => {
    expect(stringifyQuery({ search: 'a&b=c d' })).toBe('search=a%26b%3Dc%20d');
  });

  it('leaves out null and undefined, prints numbers and booleans', () => {
    expect(stringifyQuery({ a: undefined, b: null, c: 3, d: false })).toBe('c=3&d=false');
  });
});

const value: fc.Arbitrary<QueryValue> = fc.letrec<{ v: QueryValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string(),
    fc.array(tie('v'), { minLength: 1, maxLength: 3 }),
  ),
})).v;

describe('round trip', () => {
  it('parse(stringify(q)) gives q back for text and non-empty nested lists', () => {
    const key = fc.stringMatching(/^[a-z_]{1,8}$/);
    fc.assert(
      fc.property(fc.dictionary(key, value), (query) => {
        // Lists whose items are lists or texts round-trip; a list of one text stays a list.
        expect(parseQuery(stringifyQuery(query))).toEqual(query);
      }),
    );
  });
});
