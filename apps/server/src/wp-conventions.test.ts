import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUrl, filterFields, parseFields } from './wp-conventions';

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

describe('canonicalUrl', () => {
  const segment = fc
    .stringMatching(/^[A-Za-z0-9._~-]{1,12}$/)
    .filter((s) => s !== '.' && s !== '..');
  const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/${s.join('/')}`);
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;

  it('reads escapes of plain characters and of slashes as the characters (property)', () => {
    fc.assert(
      fc.property(path, fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }), (p, which) => {
        const escaped = [...p].map((c, i) => (which[i] ? hex(c) : c)).join('');
        expect(canonicalUrl(escaped)).toBe(p);
        const upperHex = escaped.replace(/%[0-9a-f]{2}/g, (e) => e.toUpperCase());
        expect(canonicalUrl(`${upperHex}?a=%41`)).toBe(`${p}?a=%41`);
      }),
    );
  });

  it('folds repeated slashes and resolves dot segments (property)', () => {
    fc.assert(
      fc.property(path, segment, fc.integer({ min: 2, max: 4 }), (p, extra, n) => {
        expect(canonicalUrl(p.replaceAll('/', '/'.repeat(n)))).toBe(p);
        expect(canonicalUrl(`/${extra}/..${p}`)).toBe(p);
        expect(canonicalUrl(`/${extra}/%2e%2E${p}`)).toBe(p);
        expect(canonicalUrl(`/./..${p}`)).toBe(p);
      }),
    );
  });

  it('is idempotent, and leaves other escapes for the router (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const once = canonicalUrl(`/${text}`);
        expect(canonicalUrl(once)).toBe(once);
      }),
    );
    expect(canonicalUrl('/wp-json/x/%25%20%3F')).toBe('/wp-json/x/%25%20%3F');
    expect(canonicalUrl('/%2577p-json')).toBe('/%2577p-json');
  });

  it("reads WordPress's ?rest_route= on the site root as the /wp-json/ path", () => {
    expect(canonicalUrl('/?rest_route=/wc-analytics/reports&page=2')).toBe(
      '/wp-json/wc-analytics/reports?page=2',
    );
    expect(canonicalUrl('/index.php?rest_route=%2Fwp%2Fv2%2Fusers')).toBe('/wp-json/wp/v2/users');
    expect(canonicalUrl('/?rest_route=/')).toBe('/wp-json/');
    expect(canonicalUrl('/?rest_route=/x/../../wp/v2/users')).toBe('/wp-json/wp/v2/users');
    // The value's own characters stay what they were: one decoding by the router gives them.
    expect(canonicalUrl('/?rest_route=/a/%2577%20b')).toBe('/wp-json/a/%2577%20b');
    // Elsewhere it is an ordinary parameter.
    expect(canonicalUrl('/wp-json/x?rest_route=/y')).toBe('/wp-json/x?rest_route=/y');
  });

  it('reads the absolute form as its path, and keeps the query as sent', () => {
    expect(canonicalUrl('http://127.0.0.1:8080/%77p-json/x?y=%2F')).toBe('/wp-json/x?y=%2F');
    expect(canonicalUrl('/wp-json/x/?a=1')).toBe('/wp-json/x/?a=1');
  });
});
