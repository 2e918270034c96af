import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableKey } from './stable-key.ts';

describe('stableKey', () => {
  it('ignores key order (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(stableKey(reversed)).toBe(stableKey(object));
      }),
    );
  });

  it('drops undefined entries but keeps array order', () => {
    expect(stableKey({ b: 1, a: undefined })).toBe(stableKey({ b: 1 }));
    expect(stableKey({ a: [1, 2] })).not.toBe(stableKey({ a: [2, 1] }));
    expect(stableKey(undefined)).toBe('{}');
  });
});
