import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { md5 } from './md5';

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('1234567890'.repeat(8))).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it("agrees with Node's MD5 on any text, including multi-byte and block edges", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(md5(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
      }),
    );
    for (const n of [55, 56, 63, 64, 65, 119, 120]) {
      const text = 'x'.repeat(n);
      expect(md5(text)).toBe(createHash('md5').update(text).digest('hex'));
    }
  });
});
