import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery, splitCommaLists } from './querystring';

const schema = {
  properties: {
    ids: { type: 'array', items: { type: 'integer' } },
    attribute_is: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
    name: { type: 'string' },
  },
};

const parse = (text: string) => {
  const q = parseQuery(text);
  splitCommaLists(schema, q);
  return q;
};

describe('parseQuery and splitCommaLists', () => {
  it('turns key[], key[0] and repeated keys into lists', () => {
    expect(parseQuery('a[]=1&a[]=2&b=x&b=y&c[0]=z&d=1')).toEqual({
      a: ['1', '2'],
      b: ['x', 'y'],
      c: ['z'],
      d: '1',
    });
  });

  it('turns nested attribute_is[i][] into a list of pairs, in index order', () => {
    expect(
      parse('attribute_is[1][]=7&attribute_is[1][]=8&attribute_is[0][]=5&attribute_is[0][]=51'),
    ).toMatchObject({
      attribute_is: [
        ['5', '51'],
        ['7', '8'],
      ],
    });
  });

  it('accepts the comma form of pairs and of flat lists', () => {
    expect(parse('attribute_is[]=5,51&attribute_is[]=7,8&ids=1,2&ids[]=3&name=a,b')).toEqual({
      attribute_is: [
        ['5', '51'],
        ['7', '8'],
      ],
      ids: ['1', '2', '3'],
      name: 'a,b',
    });
  });

  it('makes infinite numbers invalid for numeric parameters only', () => {
    const numeric = {
      properties: {
        page: { type: 'integer' },
        ids: { type: 'array', items: { type: 'integer' } },
        name: { type: 'string' },
      },
    };
    const q: Record<string, unknown> = { page: '1e309', ids: '1,-Infinity', name: '1e309' };
    splitCommaLists(numeric, q);
    expect(q).toEqual({
      page: 'not-a-finite-number',
      ids: ['1', 'not-a-finite-number'],
      name: '1e309',
    });
  });

  it('comma and repeated forms of a flat list mean the same', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 20 }),
        (ids) => {
          const comma = parse(`ids=${ids.join(',')}`);
          const repeated = parse(ids.map((i) => `ids[]=${i}`).join('&'));
          expect(comma.ids).toEqual(ids.map(String));
          expect(repeated.ids).toEqual(ids.map(String));
        },
      ),
    );
  });
});
