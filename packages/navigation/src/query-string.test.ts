import fc from 'fast-check';
import {
  appendQuery,
  parseQuery,
  parseWordList,
  type QueryValue,
  splitKey,
  stringifyQuery,
  stringifyWordList,
} from './query-string';

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

describe('list formats', () => {
  const key = fc.stringMatching(/^[a-z_]{1,8}$/);
  const text = fc.string();
  const restValue: fc.Arbitrary<QueryValue> = fc.oneof(
    text,
    fc.array(text, { minLength: 1, maxLength: 4 }),
    fc.array(fc.array(text, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
  );

  it('brackets: lists as a[]=, lists of lists as a[i][]=, and they parse back (property)', () => {
    expect(stringifyQuery({ ids: [1, 2], pairs: [['1', '2']] }, { lists: 'brackets' })).toBe(
      'ids[]=1&ids[]=2&pairs[0][]=1&pairs[0][]=2',
    );
    fc.assert(
      fc.property(fc.dictionary(key, restValue), (query) => {
        expect(parseQuery(stringifyQuery(query, { lists: 'brackets' }))).toEqual(query);
      }),
    );
  });

  it('brackets: URLSearchParams reads every list item in order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.integer())), (ids) => {
        const params = new URLSearchParams(stringifyQuery({ ids }, { lists: 'brackets' }));
        expect(params.getAll('ids[]')).toEqual(ids.map(String));
      }),
    );
  });

  it('comma: a list is one comma-joined value, commas readable (property)', () => {
    expect(stringifyQuery({ include: [1, 2], search: 'red shirt' }, { lists: 'comma' })).toBe(
      'include=1,2&search=red%20shirt',
    );
    const item = fc.string().filter((s) => !s.includes(','));
    fc.assert(
      fc.property(fc.array(item, { minLength: 2 }), (items) => {
        const params = new URLSearchParams(stringifyQuery({ include: items }, { lists: 'comma' }));
        expect(params.get('include')?.split(',')).toEqual(items);
      }),
    );
  });

  it('appendQuery extends an existing query, leaves a path alone when nothing remains', () => {
    expect(appendQuery('/a?x=1', { y: 2 })).toBe('/a?x=1&y=2');
    expect(appendQuery('/a', { type: undefined })).toBe('/a');
    expect(appendQuery('/a', undefined)).toBe('/a');
    fc.assert(
      fc.property(fc.string(), (search) => {
        const path = appendQuery('/p', { search }, { lists: 'comma' });
        expect(new URLSearchParams(path.slice(3)).get('search')).toBe(search);
      }),
    );
  });
});

describe('word lists', () => {
  const word = fc
    .string({ minLength: 1 })
    .map((w) => w.trim())
    .filter((w) => w !== '' && !/%2C/i.test(w));

  it('parseWordList(stringifyWordList(words)) gives the words back, commas included (property)', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        expect(parseWordList(stringifyWordList(words))).toEqual(words);
      }),
    );
  });

  it('trims, drops empty words, reads nothing from non-text', () => {
    expect(parseWordList(' red , ,blue%2Cgreen')).toEqual(['red', 'blue,green']);
    expect(parseWordList(['a'])).toEqual([]);
    expect(stringifyWordList([])).toBeUndefined();
  });

  it('survives the URL: stringifyQuery then parseQuery keeps the escaped commas (property)', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        const search = parseQuery(stringifyQuery({ search: stringifyWordList(words) })).search;
        expect(parseWordList(search)).toEqual(words);
      }),
    );
  });
});
